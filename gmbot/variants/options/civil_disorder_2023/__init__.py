"""The option civil_disorder_2023: civil disorder removals by the 2023 rulebook."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="civil_disorder_2023",
    title="Civil disorder by the 2023 rulebook",
    package=__name__,
    rules="gmbot.variants.options.civil_disorder_2023.rules:CivilDisorder2023",
    grammar=(),
    map=None,
    option=True,
    has_howto=False,
    has_help=False,  # it changes no order
    has_example=False,
)
