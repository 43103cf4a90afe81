"""The option build_anywhere: builds in any owned centre, not only home centres."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="build_anywhere",
    title="Build anywhere",
    package=__name__,
    rules="gmbot.variants.options.build_anywhere.rules:BuildAnywhere",
    grammar=(),
    map=None,
    option=True,
    has_howto=False,  # HELP says where builds go
    has_example=False,
)
