"""`gmbot adjudicate`: one case (or one per line) from JSON to JSON, no game needed."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

import click


def _case_runner() -> Callable[[Any], dict[str, Any]]:
    """A function from one case to its result, or to {"error": why} for a case that cannot
    be read. Imported here, once: not at start-up (other commands need none of it), and
    not once per case (an import statement costs a --jsonl run ~1% per case)."""
    from gmbot.engine.map import MapError
    from gmbot.engine.position import PositionError
    from gmbot.variants import VariantError
    from gmbot.variants.cases import CaseError, run_case

    invalid = (CaseError, PositionError, VariantError, MapError)

    def one(data: Any) -> dict[str, Any]:
        try:
            return run_case(data)
        except invalid as e:
            return {"error": " ".join(str(e).split())}
        except Exception as e:  # noqa: BLE001  (a bug: still one line, and the batch goes on)
            why = " ".join(str(e).split())
            return {"error": f"this case could not be adjudicated ({type(e).__name__}: {why})"}

    return one


def _write_picture(data: Any, path: str, viewer: str | None) -> None:
    from gmbot.picture.data import NoPicture
    from gmbot.service.views.pictures import case_picture

    try:
        png = case_picture(data, viewer.upper() if viewer else None)
    except NoPicture as e:
        raise click.ClickException(str(e)) from None
    if png is None:
        raise click.ClickException("this map has no picture (docs/maps.md tells how to add one)")
    with open(path, "wb") as f:
        f.write(png)


@click.command()
# Read as bytes: orjson reads a line of bytes in about half the time of the same line
# decoded to str, and the json module takes bytes too.
@click.argument("source", type=click.File("rb"), default="-")
@click.option("--jsonl", is_flag=True, help="One case per input line, one result per output line.")
@click.option("--indent", type=int, default=2, show_default=True, help="Indent of single results.")
@click.option("--picture", "picture", type=click.Path(dir_okay=False),
              help="Also write the case's map (orders and the new position) as PNG to this file.")
@click.option("--as", "viewer", help="With --picture: the map as this power sees it.")
def adjudicate(source: IO[bytes], jsonl: bool, indent: int, picture: str | None,
               viewer: str | None) -> None:
    """Adjudicate a phase given as JSON in SOURCE (a file, or - for stdin).

    Input: {"variant": "standard", "phase": "F1905M", "units": {...}, "centers": {...},
    "orders": {...}}; see docs/adjudicate.md. Exits non-zero on invalid input.
    """
    failed = False
    out = sys.stdout
    if jsonl and picture:
        raise click.UsageError("--picture draws one case: leave out --jsonl")
    if jsonl:
        # orjson: with thousands of cases, the standard json module's reading and writing
        # took a sixth as long as adjudicating them.
        import orjson

        out.flush()
        write = sys.stdout.buffer.write
        one = _case_runner()
        for n, line in enumerate(source, 1):
            if not line.strip():
                continue
            try:
                result = one(orjson.loads(line))
            except orjson.JSONDecodeError as e:
                result = {"error": f"line {n}: invalid JSON: {e}"}
            failed = failed or "error" in result
            write(orjson.dumps(result, option=orjson.OPT_APPEND_NEWLINE))
    else:
        text = source.read()
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise click.ClickException(f"invalid JSON: {e}") from None
        result = _case_runner()(data)
        if "error" in result:
            raise click.ClickException(result["error"])
        out.write(json.dumps(result, indent=indent) + "\n")
        if picture:
            _write_picture(data, picture, viewer)
    if failed:
        sys.exit(1)
