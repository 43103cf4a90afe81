"""Build a map's picture data (docs/maps.md) from the project's own province points.

    .venv/bin/pip install -e '.[mapbuild]'
    .venv/bin/python scripts/build_map_picture.py standard          # from geography
    .venv/bin/python scripts/build_map_picture.py mymap --image board.png --points pts.yaml

From geography: gmbot/maps/NAME.geo.yaml gives a projection, a frame and each province's
points (longitude, latitude); land and water come from NOAA's GLOBE land mask (public
domain, bundled by the `global-land-mask` package). A land province is every land pixel
nearer, walking over land, to one of its points than to any other province's; a sea the
same over water. Land and water that no point reaches (islands, lakes, other countries
named under `outside:`) belong to no province.

From a GM's own image: the image's dark pixels are province borders; each province's
points are pixel positions (x, y) inside it; a province is the region its points are in.

Writes gmbot/maps/NAME.picture.png (pixel value = province index) and NAME.picture.yaml
(the index, and where each province's unit, centre, label and coasts are drawn)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np
import yaml
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gmbot.engine.map import SEA, GameMap, load_map  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "gmbot" / "maps"
WATER, LAND = 0, 1  # raster values of water and land outside every province
FIRST = 2  # raster value of the first province
UNSET = -1
ROOM = 6  # pixels from a border a unit drawn at a town's point needs


# -- projection (Lambert conformal conic on a sphere) -------------------------------------

class Conic:
    def __init__(self, lon0: float, lat1: float, lat2: float) -> None:
        p1, p2 = math.radians(lat1), math.radians(lat2)
        self.lon0 = math.radians(lon0)
        self.n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
        self.f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** self.n / self.n

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rho = self.f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** self.n
        theta = self.n * (np.radians(lon) - self.lon0)
        return rho * np.sin(theta), rho * np.cos(theta)  # y grows southwards, like pixels

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rho = np.sign(self.n) * np.hypot(x, y)
        theta = np.arctan2(x * np.sign(self.n), y * np.sign(self.n))
        lat = 2 * np.arctan((self.f / rho) ** (1 / self.n)) - np.pi / 2
        return np.degrees(theta / self.n + self.lon0), np.degrees(lat)


class Frame:
    """Pixels of the picture <-> longitude and latitude."""

    def __init__(self, spec: dict) -> None:
        self.conic = Conic(**spec["projection"])
        b = spec["bounds"]
        t = np.linspace(0, 1, 200)
        lons = np.concatenate([b["west"] + t * (b["east"] - b["west"])] * 2
                              + [np.full_like(t, b["west"]), np.full_like(t, b["east"])])
        lats = np.concatenate([np.full_like(t, b["south"]), np.full_like(t, b["north"])]
                              + [b["south"] + t * (b["north"] - b["south"])] * 2)
        x, y = self.conic.forward(lons, lats)
        self.x0, self.y0 = x.min(), y.min()
        self.scale = spec["width"] / (x.max() - x.min())
        self.size = (int(spec["width"]), int(round((y.max() - y.min()) * self.scale)))

    def pixel(self, lon: float, lat: float) -> tuple[int, int]:
        x, y = self.conic.forward(np.array([lon]), np.array([lat]))
        return (int((x[0] - self.x0) * self.scale), int((y[0] - self.y0) * self.scale))

    def land(self) -> np.ndarray:
        """The GLOBE land mask sampled at each pixel's centre."""
        from global_land_mask import globe

        w, h = self.size
        xs, ys = np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)
        lon, lat = self.conic.inverse(xs / self.scale + self.x0, ys / self.scale + self.y0)
        return globe.is_land(np.clip(lat, -90, 90), (lon + 180) % 360 - 180)


# -- regions -----------------------------------------------------------------------------

_STEPS4 = ((0, 1), (0, -1), (1, 0), (-1, 0))
_STEPS8 = _STEPS4 + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _shifted(a: np.ndarray, dy: int, dx: int, fill: int) -> np.ndarray:
    """a moved by (dy, dx): out[y, x] = a[y - dy, x - dx]."""
    out = np.full_like(a, fill)
    h, w = a.shape
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
        a[max(-dy, 0):h + min(-dy, 0), max(-dx, 0):w + min(-dx, 0)]
    return out


def grow(labels: np.ndarray, allowed: np.ndarray, diagonal: bool = True) -> np.ndarray:
    """Every allowed pixel takes the label of the nearest labelled pixel, walking through
    allowed pixels only (alternating 4- and 8-neighbour steps: near-round regions; without
    `diagonal`, 4-neighbour steps only, which cannot slip through a thin drawn line)."""
    labels = labels.copy()
    turn = 0
    while True:
        todo = (labels == UNSET) & allowed
        if not todo.any():
            break
        changed = False
        inside = np.where(allowed, labels, UNSET)  # never across into the other medium
        for dy, dx in _STEPS8 if turn % 2 and diagonal else _STEPS4:
            src = _shifted(inside, dy, dx, UNSET)
            take = todo & (src != UNSET)
            if take.any():
                labels[take] = src[take]
                todo &= ~take
                changed = True
        turn += 1
        if not changed:
            break
    return labels


def _seed(labels: np.ndarray, allowed: np.ndarray, xy: tuple[int, int], value: int,
          code: str) -> tuple[int, int]:
    """Mark a province's point, moved to the nearest allowed pixel (coastlines differ a
    little between the data and the towns' coordinates)."""
    x, y = xy
    h, w = labels.shape
    for r in range(0, 40):
        ys, xs = np.nonzero(allowed[max(y - r, 0):y + r + 1, max(x - r, 0):x + r + 1])
        if len(xs):
            at = (int(xs[0] + max(x - r, 0)), int(ys[0] + max(y - r, 0)))
            labels[at[1], at[0]] = value
            return at
    raise SystemExit(f"{code}: no pixel of the right kind near point {xy}")


# -- where things are drawn --------------------------------------------------------------

def depth(raster: np.ndarray) -> np.ndarray:
    """Each pixel's distance (in steps) from the nearest pixel of another value."""
    inside = np.ones_like(raster, dtype=bool)
    for dy, dx in _STEPS4:
        inside &= _shifted(raster, dy, dx, -1) == raster
    d = inside.astype(np.int32)
    level = inside
    while level.any():
        nxt = level.copy()
        for dy, dx in _STEPS8:
            nxt &= _shifted(level.astype(np.int8), dy, dx, 0).astype(bool)
        d += nxt
        level = nxt
    return d


def _best(mask: np.ndarray, d: np.ndarray, taken: list[tuple[int, int]],
          spread: float) -> tuple[int, int]:
    """The pixel of `mask` deepest inside its province and at least `spread` from the
    points already placed, as far as the province allows."""
    ys, xs = np.nonzero(mask)
    score = d[ys, xs].astype(float)
    for tx, ty in taken:
        score = np.minimum(score, np.hypot(xs - tx, ys - ty) / spread * score.max())
    i = int(np.argmax(score))
    return int(xs[i]), int(ys[i])


def places(raster: np.ndarray, gmap: GameMap, codes: list[str],
           first: dict[str, tuple[int, int]]) -> list[dict]:
    """Where each province's unit, centre and name go: the unit at the province's first
    point (its town) if there is room around it, else deepest inside the province."""
    d = depth(raster)
    out = []
    for i, code in enumerate(codes):
        mask = raster == FIRST + i
        prov = gmap.provinces[code]
        x, y = first[code]
        unit = (x, y) if raster[y, x] == FIRST + i and d[y, x] >= ROOM else _best(mask, d, [], 1)
        entry: dict = {"code": code, "unit": list(unit)}
        taken = [unit]
        if prov.sc:
            entry["centre"] = list(_best(mask, d, taken, 16))
            taken.append(tuple(entry["centre"]))
        entry["label"] = list(_best(mask, d, taken, 18))
        if prov.coasts:
            entry["coasts"] = {c: list(_coast_point(raster, d, gmap, codes, code, c))
                               for c in prov.coasts}
        out.append(entry)
    return out


def _coast_point(raster: np.ndarray, d: np.ndarray, gmap: GameMap, codes: list[str],
                 code: str, coast: str) -> tuple[int, int]:
    """A point of the province near the seas its coast touches and away from the seas of
    its other coasts."""
    def near(seas: set[str]) -> np.ndarray:
        sea = np.isin(raster, [FIRST + codes.index(s) for s in seas])
        grown = sea.copy()
        for _ in range(6):
            for dy, dx in _STEPS8:
                grown |= _shifted(sea, dy, dx, False)
            sea = grown.copy()
        return grown

    def seas_of(loc: str) -> set[str]:
        return {t for t in gmap.fleet_adj.get(loc, ()) if gmap.provinces[t].type == SEA}

    mine = seas_of(f"{code}/{coast}")
    others = set().union(*(seas_of(f"{code}/{c}") for c in gmap.provinces[code].coasts
                           if c != coast)) - mine
    mask = (raster == FIRST + codes.index(code)) & near(mine)
    if others:
        mask &= ~near(others)
    if not mask.any():
        raise SystemExit(f"{code}/{coast}: the province does not touch {sorted(mine)}")
    return _best(mask, d + 1, [], 1)


# -- the two sources -----------------------------------------------------------------------

Seeded = tuple[np.ndarray, dict[str, tuple[int, int]]]


def from_geography(spec: dict, gmap: GameMap, codes: list[str]) -> Seeded:
    frame = Frame(spec)
    land = frame.land()
    labels = np.full(land.shape, UNSET, dtype=np.int32)
    first = {}
    for i, code in enumerate(codes):
        on_land = gmap.provinces[code].type != SEA
        for lon, lat in reversed(spec["provinces"][code]):
            first[code] = _seed(labels, land if on_land else ~land, frame.pixel(lon, lat),
                                FIRST + i, code)
    outside = spec.get("outside") or {}
    for lon, lat in outside.get("land", ()):
        _seed(labels, land, frame.pixel(lon, lat), LAND, "outside land")
    for lon, lat in outside.get("water", ()):
        _seed(labels, ~land, frame.pixel(lon, lat), WATER, "outside water")
    labels = grow(labels, land)
    labels = grow(labels, ~land)
    labels[(labels == UNSET) & land] = LAND
    labels[labels == UNSET] = WATER
    return labels, first


def from_image(image: Path, points: dict, codes: list[str]) -> Seeded:
    grey = np.asarray(Image.open(image).convert("L"))
    open_ = grey >= 96  # darker pixels are the drawn borders
    labels = np.full(grey.shape, UNSET, dtype=np.int32)
    first = {}
    for i, code in enumerate(codes):
        for x, y in reversed(points["provinces"][code]):
            first[code] = _seed(labels, open_, (int(x), int(y)), FIRST + i, code)
    outside = points.get("outside") or {}
    for value, kind in ((LAND, "land"), (WATER, "water")):
        for x, y in outside.get(kind, ()):
            _seed(labels, open_, (int(x), int(y)), value, f"outside {kind}")
    labels = grow(labels, open_, diagonal=False)
    labels = grow(labels, np.ones_like(open_))  # the border lines go to their neighbours
    labels[labels == UNSET] = WATER
    return labels, first


def write(name: str, seeded: Seeded, gmap: GameMap, codes: list[str],
          colours: dict[str, str], out: Path = MAPS) -> None:
    raster, first = seeded
    img = Image.fromarray(raster.astype(np.uint8), mode="L").convert("P")
    # A palette only for looking at the file: the renderer brings its own.
    pal = [150, 190, 225, 235, 225, 200]
    for code in codes:
        pal += [170, 205, 235] if gmap.provinces[code].type == SEA else [225, 210, 170]
    img.putpalette(pal + [0] * (768 - len(pal)))
    img.save(out / f"{name}.picture.png", optimize=True)
    data = {"map": name, "size": [int(raster.shape[1]), int(raster.shape[0])],
            "outside": {"water": WATER, "land": LAND}, "first": FIRST, "colours": colours,
            "provinces": places(raster, gmap, codes, first)}
    text = yaml.safe_dump(data, default_flow_style=None, sort_keys=False, width=100)
    header = (f"# Picture data of the {name} map, written by scripts/build_map_picture.py:"
              " do not edit\n# by hand (docs/maps.md). Pixel value FIRST + i of"
              f" {name}.picture.png is provinces[i].\n")
    (out / f"{name}.picture.yaml").write_text(header + text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", help="the map's name (gmbot/maps/NAME.yaml)")
    ap.add_argument("--image", type=Path, help="a GM's own board image (dark borders)")
    ap.add_argument("--points", type=Path, help="with --image: province pixel points (YAML)")
    ap.add_argument("--out", type=Path, default=MAPS, help="where to write (default: %(default)s)")
    args = ap.parse_args()
    gmap = load_map(args.name)
    codes = list(gmap.provinces)
    if len(codes) + FIRST > 256:
        raise SystemExit("at most 254 provinces fit in the 8-bit raster")
    if args.image:
        points = yaml.safe_load((args.points or MAPS / f"{args.name}.points.yaml").read_text())
        seeded = from_image(args.image, points, codes)
        colours = points.get("colours") or {}
    else:
        spec = yaml.safe_load((MAPS / f"{args.name}.geo.yaml").read_text())
        missing = sorted(set(codes) - set(spec["provinces"]))
        if missing:
            raise SystemExit(f"no points for {', '.join(missing)}")
        seeded = from_geography(spec, gmap, codes)
        colours = spec.get("colours") or {}
    write(args.name, seeded, gmap, codes, colours, args.out)
    h, w = seeded[0].shape
    print(f"{args.name}: {w}x{h} pixels, {len(codes)} provinces")


if __name__ == "__main__":
    main()
