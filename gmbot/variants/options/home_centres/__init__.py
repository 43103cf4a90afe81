"""The option changing_home_centres: a power may make a centre it has held a home centre, or
give one up, in the winter."""

from gmbot.variants.declaration import Variant

DECLARATION = Variant(
    name="changing_home_centres",
    title="Changing home centres",
    package=__name__,
    rules="gmbot.variants.options.home_centres.rules:ChangingHomeCentres",
    grammar=("gmbot.variants.options.home_centres.grammar",),
    map=None,
    option=True,
)
