"""The layers prepared once per map (gmbot/picture/layers.py) draw what pasting them whole
did: the province codes laid patch by patch, the borders painted through the raster's
palette, pixel for pixel the same picture as the borders pasted on it."""

from __future__ import annotations

import pytest
from PIL import Image

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.picture import layers
from gmbot.picture.data import map_picture
from gmbot.picture.draw import render
from gmbot.picture.ground import name_layer
from gmbot.picture.inks import BORDER
from gmbot.picture.layers import border_index, bordered_raster, lay, patches
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import position_view
from gmbot.variants import make_rules


def board(variant: str) -> Image.Image:
    """The starting position's picture of the variant, as a results mail draws it."""
    rules = make_rules(variant)
    gmap = load_map(rules.map_name)
    view = position_view(state_from_dict({}, gmap), rules, None)
    scene = scene_of(view.public, (c for c, p in gmap.provinces.items() if p.sc))
    return render(scene, gmap, "Spring 1901")


@pytest.mark.parametrize("name", ["standard", "iberia"])
def test_the_codes_laid_in_patches_are_the_codes_pasted_whole(name: str) -> None:
    layer = name_layer(name)
    ground = map_picture(name).raster.convert("RGB")
    whole, patched = ground.copy(), ground.copy()
    whole.paste(layer, mask=layer)
    lay(patched, None, patches(layer))
    assert patched.tobytes() == whole.tobytes()
    assert len(patches(layer)) > 10  # in pieces, not one box over the map


@pytest.mark.parametrize("name", ["standard", "iberia"])
def test_the_borders_are_in_the_raster_exactly_where_the_border_mask_is(name: str) -> None:
    index = border_index(name)
    assert index is not None
    mask = map_picture(name).borders()
    drawn = bordered_raster(name).point([255 if v == index else 0 for v in range(256)], "L")
    assert drawn.tobytes() == mask.tobytes()
    assert index not in {v for _, v in map_picture(name).raster.getcolors(256) or []}


@pytest.mark.parametrize("variant", ["standard", "al-andalus"])
def test_the_picture_with_borders_from_the_palette_is_the_one_with_borders_pasted(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from_palette = board(variant)
    name = load_map(make_rules(variant).map_name).name
    # A map whose raster has no value left: the borders are pasted on the picture.
    monkeypatch.setattr(layers, "_bordered", lambda n: (map_picture(n).raster, None, None))
    pasted = board(variant)
    assert pasted.tobytes() == from_palette.tobytes()
    x, y = next((x, y) for y in range(40, 400) for x in range(40, 400)
                if map_picture(name).borders().getpixel((x, y)))
    assert from_palette.getpixel((x, y)) == BORDER
