"""A mail's text decoded (gmbot.mail.message): bytes in any declared, undeclared or wrong
charset, and HTML as the plain lines a reader sees (quotes, scripts and styles left out)."""

from __future__ import annotations

import pytest

from gmbot.mail.message import decode_bytes, html_to_text


@pytest.mark.parametrize(
    ("data", "charset", "text"),
    [
        ("Grüße".encode(), "utf-8", "Grüße"),
        ("Grüße".encode(), "UTF8", "Grüße"),
        ("\ufeffGrüße".encode(), "utf-8", "Grüße"),
        ("Très".encode("latin-1"), "iso-8859-1", "Très"),
        (b"\x93quoted\x94 \x96 it\x92s", "iso-8859-1", "\u201cquoted\u201d \u2013 it\u2019s"),
        (b"\x93quoted\x94", "windows-1252", "\u201cquoted\u201d"),
        ("Привет".encode("koi8-r"), "koi8-r", "Привет"),
        ("Привет".encode("cp1251"), "windows-1251", "Привет"),
        ("命令です".encode("shift_jis"), "shift_jis", "命令です"),
        ("命令です".encode("euc-jp"), "euc-jp", "命令です"),
        ("命令です".encode("iso-2022-jp"), "iso-2022-jp", "命令です"),
        ("中文".encode("gbk"), "gb2312", "中文"),
        # Undeclared, unknown or wrong charsets never raise.
        ("Grüße".encode(), None, "Grüße"),
        ("Grüße".encode(), "x-no-such-charset", "Grüße"),
        ("Grüße".encode(), "base64", "Grüße"),
        ("Très".encode("latin-1"), None, "Très"),
        ("Très".encode("latin-1"), "utf-8", "Très"),
        ("Très".encode("latin-1"), "us-ascii", "Très"),
        ("é".encode() + "è".encode("latin-1"), "utf-8", "éè"),
        (b"\x81\x8d", None, "\x81\x8d"),
        (b"", "utf-8", ""),
    ],
)
def test_decode_bytes(data: bytes, charset: str | None, text: str) -> None:
    assert decode_bytes(data, charset) == text


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<p>GAME demo</p><p>A PAR - BUR</p>", "GAME demo\nA PAR - BUR"),
        ("<div>A<br>B<br/>C</div>", "A\nB\nC"),
        ("<ul><li>A PAR - BUR<li>F BRE - MAO</ul>", "A PAR - BUR\nF BRE - MAO"),
        ("<table><tr><td>A</td><td>PAR</td></tr><tr><td>F BRE</td></tr></table>", "A PAR\nF BRE"),
        (
            "<style>p{x:y}</style><script>alert(1)</script>A&amp;B &lt;x&gt; &eacute;&#233;",
            "A&B <x> éé",
        ),
        ("A\n   PAR\t-\nBUR", "A PAR - BUR"),
        ("<pre>A  PAR\nF BRE</pre>", "A  PAR\nF BRE"),
        (
            "<p>mine</p><blockquote><p>quoted</p><blockquote>deeper</blockquote>x</blockquote>end",
            "mine\nend",
        ),
        ("<p>A&nbsp;PAR</p>", "A\xa0PAR"),
        ("<div>unclosed <b>tags <p>here", "unclosed tags\nhere"),
        ("<html><head><title>T</title></head><body>x</body></html>", "x"),
        ("", ""),
    ],
)
def test_html_to_text(html: str, text: str) -> None:
    assert html_to_text(html) == text
