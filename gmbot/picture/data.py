"""A map's picture data: the province raster (pixel value = province index) and where each
province's unit, centre, label and coasts are drawn; loaded once per map and process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from PIL import Image, ImageChops

Point = tuple[int, int]


class NoPicture(LookupError):
    """The map has no picture data."""


@dataclass(frozen=True)
class MapPicture:
    name: str
    raster: Image.Image  # mode P; its palette is replaced per picture
    first: int  # raster value of provinces[0]
    water: int  # raster value of water that is no province
    land: int  # raster value of land that is no province
    codes: tuple[str, ...]
    units: dict[str, Point]  # location (PROV or PROV/COAST) -> unit point
    centres: dict[str, Point]
    labels: dict[str, Point]
    colours: dict[str, str]  # power -> colour (any Pillow colour name or #rrggbb)

    @property
    def size(self) -> tuple[int, int]:
        return self.raster.size

    def index(self, code: str) -> int:
        return self.first + self.codes.index(code)

    def unit_point(self, loc: str) -> Point:
        return self.units.get(loc) or self.units[loc.partition("/")[0]]

    def borders(self) -> Image.Image:
        return _borders(self.name)


def _read(name: str, suffix: str) -> bytes:
    try:
        return resources.files("gmbot.maps").joinpath(f"{name}.{suffix}").read_bytes()
    except FileNotFoundError:
        raise NoPicture(
            f"map {name!r} has no picture (docs/maps.md tells how to make one)") from None


@cache
def map_picture(name: str) -> MapPicture:
    # libyaml's loader when installed, as for the map itself: the first picture of a run
    # waited on the pure-Python one.
    data: dict[str, Any] = yaml.load(_read(name, "picture.yaml"),
                                     Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    from io import BytesIO

    raster = Image.open(BytesIO(_read(name, "picture.png")))
    raster.load()
    units: dict[str, Point] = {}
    centres: dict[str, Point] = {}
    labels: dict[str, Point] = {}
    for p in data["provinces"]:
        code = p["code"]
        units[code] = tuple(p["unit"])
        labels[code] = tuple(p["label"])
        if "centre" in p:
            centres[code] = tuple(p["centre"])
        for coast, xy in (p.get("coasts") or {}).items():
            units[f"{code}/{coast}"] = tuple(xy)
    return MapPicture(
        name=name, raster=raster, first=int(data["first"]),
        water=int(data["outside"]["water"]), land=int(data["outside"]["land"]),
        codes=tuple(p["code"] for p in data["provinces"]), units=units, centres=centres,
        labels=labels, colours=dict(data.get("colours") or {}),
    )


@cache
def _borders(name: str) -> Image.Image:
    """A mask ("1" on the pixels where the province changes), for drawing the borders."""
    raster = map_picture(name).raster
    r = Image.frombytes("L", raster.size, raster.tobytes())  # the indices, not the colours
    w, h = r.size
    right = ImageChops.difference(r, r.transform(r.size, Image.Transform.AFFINE,
                                                 (1, 0, 1, 0, 1, 0)))
    down = ImageChops.difference(r, r.transform(r.size, Image.Transform.AFFINE,
                                                (1, 0, 0, 0, 1, 1)))
    edges = ImageChops.lighter(right, down).point(lambda v: 255 if v else 0)
    # The last column and row compare with nothing (the transform fills them with 0).
    edges.paste(0, (w - 1, 0, w, h))
    edges.paste(0, (0, h - 1, w, h))
    return edges
