"""Each variant's expectations of its cases, by the name its declaration gives: a variant
or option whose cases expect only the standard keys needs no row."""

from __future__ import annotations

from tests.variants.expect import al_andalus, arpiesse, capitalist, home_centres, standard, warlock
from tests.variants.expect.vocabulary import Vocabulary

VOCABULARIES: dict[str, Vocabulary] = {
    "standard": standard.VOCABULARY,
    "al-andalus": al_andalus.VOCABULARY,
    "arpiesse": arpiesse.VOCABULARY,
    "capitalist": capitalist.VOCABULARY,
    "warlock": warlock.VOCABULARY,
    "changing_home_centres": home_centres.VOCABULARY,
}


def vocabulary(name: str) -> Vocabulary:
    return VOCABULARIES.get(name, standard.VOCABULARY)
