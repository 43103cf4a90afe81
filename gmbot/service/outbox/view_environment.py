"""The Jinja environment class of the mail templates: one that reads a dict's keys without
first trying them as attributes (the views are records, read as attributes; what else a
template is given may be a dict). Jinja's own lookup tries getattr first, and the
AttributeError it raises and catches for every such key was a third of a results mail's
rendering when the views were dicts (the loop benchmark asked: issue 33). What a template
reads is unchanged: a name a dict has as an attribute (`items`, `get`) is still looked up
Jinja's way, so it is still the method."""

from __future__ import annotations

from typing import Any

import jinja2

_DICT_ATTRIBUTES = frozenset(dir(dict))


class ViewEnvironment(jinja2.Environment):
    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)
