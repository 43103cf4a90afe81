"""A game file's text with its passwords taken out: the judge keeps the file as last
loaded (Game.source), but no password in clear."""

from __future__ import annotations

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gmbot.gamefile.schema import REDACTED, SECRET_KEYS
from gmbot.gamefile.tree import UntypedLoader


def redact_secrets(text: str) -> str:
    """The file's text with every password's value replaced by REDACTED: the judge keeps a
    game file as last loaded, but no password in clear. Text that is no YAML is returned
    as it is (no game was loaded from it)."""
    try:
        root = yaml.compose(text, Loader=UntypedLoader)
    except yaml.YAMLError:
        return text
    return redacted(text, root)


def redacted(text: str, root: Node | None) -> str:
    """`text`, composed as `root`, with every password's value replaced by REDACTED."""
    spans: list[tuple[int, int]] = []

    def walk(node: Node | None, depth: int) -> None:
        if depth > 4 or node is None:  # passwords sit at the top or in players[i]
            return
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if (isinstance(key, ScalarNode) and key.value in SECRET_KEYS
                        and isinstance(value, ScalarNode) and value.value):
                    spans.append((value.start_mark.index, value.end_mark.index))
                else:
                    walk(value, depth + 1)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                walk(item, depth + 1)

    walk(root, 0)
    for start, end in sorted(spans, reverse=True):
        tail = "\n" if text[start:end].endswith("\n") else ""  # a block scalar's own end
        text = text[:start] + f'"{REDACTED}"' + tail + text[end:]
    return text
