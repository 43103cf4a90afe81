"""The picture data of the built-in maps: every province has a shape and every pixel one
province; each province's unit, centre and name are drawn inside it; provinces that
border each other on the board touch in the picture."""

from __future__ import annotations

import pytest
from PIL import Image

from gmbot.engine.map import load_map, province_of
from gmbot.picture.data import map_picture

MAPS = ["standard", "iberia"]


@pytest.mark.parametrize("name", MAPS)
def test_every_province_has_a_shape_and_every_pixel_one_owner(name: str) -> None:
    pic = map_picture(name)
    gmap = load_map(name)
    assert set(pic.codes) == set(gmap.provinces)
    counts = pic.raster.histogram()
    for code in pic.codes:
        assert counts[pic.index(code)] >= 150, f"{code} has almost no pixels"
    # One value per pixel: shapes cannot overlap; and no value names no province.
    assert not any(counts[pic.first + len(pic.codes):])


@pytest.mark.parametrize("name", MAPS)
def test_units_centres_and_names_are_drawn_inside_their_province(name: str) -> None:
    pic = map_picture(name)
    gmap = load_map(name)
    at = pic.raster.getpixel
    for loc, point in pic.units.items():
        assert at(point) == pic.index(province_of(loc)), loc
    for code, point in pic.centres.items():
        assert at(point) == pic.index(code), code
    assert set(pic.centres) == {c for c, p in gmap.provinces.items() if p.sc}
    for code, point in pic.labels.items():
        assert at(point) == pic.index(code), code
    for code, prov in gmap.provinces.items():
        for coast in prov.coasts:
            assert f"{code}/{coast}" in pic.units


def _touching(raster: Image.Image) -> set[frozenset[int]]:
    """Pairs of values of pixels at most two pixels apart."""
    w, h = raster.size
    px = raster.load()
    pairs: set[frozenset[int]] = set()
    for y in range(h):
        for x in range(w):
            v = px[x, y]
            for dx, dy in ((1, 0), (0, 1), (2, 0), (0, 2), (1, 1), (1, -1)):
                if 0 <= x + dx < w and 0 <= y + dy < h and px[x + dx, y + dy] != v:
                    pairs.add(frozenset((v, px[x + dx, y + dy])))
    return pairs


@pytest.mark.parametrize("name", MAPS)
def test_provinces_that_border_on_the_board_touch_in_the_picture(name: str) -> None:
    pic = map_picture(name)
    gmap = load_map(name)
    touching = _touching(pic.raster)
    apart = []
    for adj in (gmap.army_adj, gmap.fleet_adj):
        for a, targets in adj.items():
            for b in targets:
                pa, pb = province_of(a), province_of(b)
                if frozenset((pic.index(pa), pic.index(pb))) not in touching:
                    apart.append(f"{pa}-{pb}")
    assert not apart
