"""Province labels are never hidden under units (issue 26, item 3): with a unit in every
province a unit may stand in, every pixel of every province code is still on the map."""

from __future__ import annotations

import pytest
from PIL import Image

from gmbot.engine.map import IMPASSABLE, SEA, load_map
from gmbot.engine.position import state_from_dict
from gmbot.picture.data import map_picture
from gmbot.picture.ground import name_layer
from gmbot.picture.labels import centre_box
from gmbot.service.views.pictures import position_picture
from gmbot.variants import make_rules
from tests.picture.mapkit import decode


def crowded(variant: str) -> Image.Image:
    """The map of a position with a unit in every province (fleets at sea, armies on
    land), all of the first power."""
    rules = make_rules(variant)
    gmap = load_map(rules.map_name)
    units = [f"{'F' if p.type == SEA else 'A'} {code}" for code, p in gmap.provinces.items()
             if p.type != IMPASSABLE]
    state = state_from_dict({"units": {next(iter(gmap.powers)): units}}, gmap)
    return decode(position_picture(state, rules, None))


@pytest.mark.parametrize("variant", ["standard", "al-andalus"])
def test_every_label_shows_with_a_unit_in_every_province(variant: str) -> None:
    img = crowded(variant)
    name = load_map(make_rules(variant).map_name).name
    layer = name_layer(name)
    pic = map_picture(name)
    covered_by_centres = [centre_box(p) for p in pic.centres.values()]
    w, h = layer.size
    hidden = []
    letters = 0
    for y in range(h):
        for x in range(w):
            r0, g0, b0, a = layer.getpixel((x, y))
            if a < 230 or r0 > 128:  # the codes' letters, not their light halo
                continue
            if any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in covered_by_centres):
                continue  # a centre's dot, drawn under the units, is not what this tests
            letters += 1
            r, g, b = img.getpixel((x, y))
            if max(abs(r - r0), abs(g - g0), abs(b - b0)) > 40:
                hidden.append((x, y))
    assert letters > 1000  # every code's letters were looked at
    assert not hidden, hidden[:20]
