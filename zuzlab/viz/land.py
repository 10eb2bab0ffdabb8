"""The land of the earth as an outline to draw a board on (the board builder, issue 29).

The data are Natural Earth's 1:50m land polygons (public domain). They come from the npm
package ``world-atlas`` (``PACKAGE``, version pinned), which ships them as TopoJSON
(``land-50m.json``, 545 KB): land only, without the borders of countries, as Natural Earth
draws it, in one small file of a pinned release that npm checks by its integrity hash, and in
a format the standard library reads (``json``). Natural Earth's own files, and the PyPI
packages that bundle them, are shapefiles: reading those would take one more dependency, for
a file made once. The 1:50m scale suits a board from a region (Bavaria) to a continent (the
USA); 1:110m leaves out too many islands and coasts, 1:10m is nearly six times the size.

The kit ships ``land.json``, made from that file by ``python -m zuzlab.viz.land``: the
release packed by npm (or ``--tarball`` a packed one), the TopoJSON decoded into polygons
(``topology_polygons``), each ring simplified by Douglas–Peucker to ``TOLERANCE`` degrees,
islands smaller than ``SMALLEST`` square degrees left out, and every position rounded to
``DIGITS`` decimals (``simplified``). Each polygon is a list of closed rings of
``[lat, lon]`` points, its outline first, then its holes (the Caspian Sea).

A board is drawn in the projection of the map figures (``ttr_map.project``: x east, y north,
around the board's middle latitude); ``Projection.of(board)`` is that projection for any
point, read from ``project`` itself, and turns a tap's x/y back into a latitude and
longitude. ``land_columns`` crops the outline to an area with margins (``crop``) and projects
it for Bokeh's ``multi_polygons``; ``add_land`` draws it behind a map figure's board.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import math
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..ttr.maps import City, Map
from .ttr_map import project

#: the npm package and release the outline is made from, and its file of land
PACKAGE, VERSION, TOPOLOGY = "world-atlas", "2.0.2", "land-50m.json"
#: the shipped outline
OUTLINE = Path(__file__).with_name("land.json")
#: how far (degrees) a simplified ring may stray from Natural Earth's, islands left out
#: below this area (square degrees: about 250 km² in the middle latitudes), and the decimals kept
TOLERANCE, SMALLEST, DIGITS = 0.04, 0.02, 2
#: land and sea as a board builder draws them (the land is the map's own paper)
LAND_COLOR, COAST_COLOR, SEA_COLOR = "#f7f3e9", "#b3a788", "#d5e5ec"

Ring = list[tuple[float, float]]  # (lat, lon) points, closed: the last is the first
Polygon = list[Ring]  # the outline, then its holes


# --- the shipped outline -----------------------------------------------------------------

@functools.cache
def land_polygons() -> tuple[tuple[tuple[float, float, float, float], Polygon], ...]:
    """The shipped outline: each polygon with its bounds (south, west, north, east)."""
    data = json.loads(OUTLINE.read_text(encoding="utf-8"))
    found = []
    for polygon in data["polygons"]:
        rings = [[(lat, lon) for lat, lon in ring] for ring in polygon]
        lats, lons = [p[0] for p in rings[0]], [p[1] for p in rings[0]]
        found.append(((min(lats), min(lons), max(lats), max(lons)), rings))
    return tuple(found)


@dataclass(frozen=True)
class Area:
    """A part of the earth: from ``south`` to ``north`` (latitudes), ``west`` to ``east``
    (longitudes)."""

    south: float
    west: float
    north: float
    east: float

    @classmethod
    def around(cls, places: Iterable[tuple[float, float]]) -> "Area":
        """The smallest area holding every (lat, lon) of ``places``."""
        lats, lons = zip(*places)
        return cls(min(lats), min(lons), max(lats), max(lons))

    def padded(self, share: float, least: float = 0.0) -> "Area":
        """Wider by ``share`` of its size on every side, and at least ``least`` degrees
        high and wide (a single place becomes an area)."""
        pad_lat = max((self.north - self.south) * share, (least - (self.north - self.south)) / 2, 0)
        pad_lon = max((self.east - self.west) * share, (least - (self.east - self.west)) / 2, 0)
        return Area(max(-90.0, self.south - pad_lat), max(-180.0, self.west - pad_lon),
                    min(90.0, self.north + pad_lat), min(180.0, self.east + pad_lon))

    def meets(self, bounds: tuple[float, float, float, float]) -> bool:
        south, west, north, east = bounds
        return south <= self.north and north >= self.south and west <= self.east and east >= self.west


def crop(polygons: Iterable[tuple[tuple[float, float, float, float], Polygon]], area: Area) -> list[Polygon]:
    """The polygons cut to ``area`` (Sutherland–Hodgman, ring by ring): what lies outside
    is left out, a ring cut by the edge is closed along it."""
    cropped = []
    for bounds, polygon in polygons:
        if not area.meets(bounds):
            continue
        outline = clip_ring(polygon[0], area)
        if len(outline) >= 4:  # (holes without their outline go with it)
            cropped.append([outline, *(hole for ring in polygon[1:] if len(hole := clip_ring(ring, area)) >= 4)])
    return cropped


def clip_ring(ring: Sequence[tuple[float, float]], area: Area) -> Ring:
    """One closed ring cut to ``area``, closed again (empty when nothing is left)."""
    points = list(ring[:-1]) if len(ring) > 1 and ring[0] == ring[-1] else list(ring)
    for axis, bound, keep_above in ((1, area.west, True), (1, area.east, False), (0, area.south, True),
                                    (0, area.north, False)):
        if not points:
            break
        points = _clip_edge(points, axis, bound, keep_above)
    return [*points, points[0]] if len(points) >= 3 else []


def _clip_edge(points: list[tuple[float, float]], axis: int, bound: float, keep_above: bool) -> list:
    def inside(point: tuple[float, float]) -> bool:
        return point[axis] >= bound if keep_above else point[axis] <= bound

    def crossing(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
        share = (bound - a[axis]) / (b[axis] - a[axis])
        other = 1 - axis
        point = [0.0, 0.0]
        point[axis], point[other] = bound, a[other] + share * (b[other] - a[other])
        return (point[0], point[1])

    kept = []
    for index, point in enumerate(points):
        before = points[index - 1]
        if inside(point):
            if not inside(before):
                kept.append(crossing(before, point))
            kept.append(point)
        elif inside(before):
            kept.append(crossing(before, point))
    return kept


# --- the projection of the map figures ----------------------------------------------------

@dataclass(frozen=True)
class Projection:
    """Where a map figure of a board puts any point: x = longitude × ``east``, y = latitude,
    ``east`` being the board's own (the cosine of its middle latitude, ``ttr_map.project``)."""

    east: float

    @classmethod
    def of(cls, board: Map) -> "Projection":
        """The projection ``ttr_map.project`` gives ``board``: read from it, by projecting the
        board's cities moved to longitude 1 (their latitudes, so the same middle)."""
        flat = Map(board.name, board.title, {name: City(name, city.lat, 1.0) for name, city in board.cities.items()},
                   (), ())
        points, _ = project(flat)
        return cls(next(iter(points.values()))[0])

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        return lon * self.east, lat

    def lat_lon(self, x: float, y: float) -> tuple[float, float]:
        """The latitude and longitude of map point (x, y): a tap's place on the earth."""
        return y, x / self.east


def land_columns(area: Area, projection: Projection) -> dict[str, list]:
    """The land in ``area``, projected, as the columns of Bokeh's ``multi_polygons``: one
    row per polygon (``xs``, ``ys``: its outline and holes)."""
    xs: list = []
    ys: list = []
    for polygon in crop(land_polygons(), area):
        rings = [[projection.xy(lat, lon) for lat, lon in ring] for ring in polygon]
        xs.append([[[x for x, _ in ring] for ring in rings]])
        ys.append([[[y for _, y in ring] for ring in rings]])
    return {"xs": xs, "ys": ys}


def add_land(fig: Any, area: Area, projection: Projection, sea: bool = True) -> Any:
    """Draw the land of ``area`` behind everything on ``fig`` (and the sea as the figure's
    background, unless not ``sea``); returns the renderer, named ``land``."""
    from bokeh.models import ColumnDataSource

    if sea:
        fig.background_fill_color = SEA_COLOR
    return fig.multi_polygons("xs", "ys", source=ColumnDataSource(land_columns(area, projection)),
                              fill_color=LAND_COLOR, line_color=COAST_COLOR, line_width=1, name="land",
                              level="image")


# --- making the outline from the registry package ----------------------------------------

def topology_polygons(topology: dict, name: str = "land") -> list[Polygon]:
    """The polygons of the TopoJSON object ``name`` as (lat, lon) rings: the arcs decoded
    (delta-encoded, quantised by the topology's ``transform``), a ring joined from its arcs
    (a negative index ``~i`` is arc ``i`` reversed; each next arc starts where the last ended)."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        points, x, y = [], 0.0, 0.0
        for position in arc:
            if transform:
                x, y = x + position[0], y + position[1]
                (scale_x, scale_y), (shift_x, shift_y) = transform["scale"], transform["translate"]
                points.append((y * scale_y + shift_y, x * scale_x + shift_x))
            else:
                points.append((position[1], position[0]))
        arcs.append(points)

    def ring(indices: list[int]) -> Ring:
        joined: Ring = []
        for index in indices:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            joined.extend(arc if not joined else arc[1:])
        return joined

    def polygons_of(geometry: dict) -> list[Polygon]:
        if geometry["type"] == "Polygon":
            return [[ring(r) for r in geometry["arcs"]]]
        if geometry["type"] == "MultiPolygon":
            return [[ring(r) for r in polygon] for polygon in geometry["arcs"]]
        if geometry["type"] == "GeometryCollection":
            return [polygon for part in geometry["geometries"] for polygon in polygons_of(part)]
        return []

    return polygons_of(topology["objects"][name])


def simplify(ring: Ring, tolerance: float) -> Ring:
    """Douglas–Peucker: the fewest points of ``ring`` that keep it within ``tolerance``
    (degrees) of every point left out; the ends stay (a closed ring stays closed)."""
    if len(ring) < 3:
        return list(ring)
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    stack = [(0, len(ring) - 1)]
    while stack:
        first, last = stack.pop()
        (ay, ax), (by, bx) = ring[first], ring[last]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        farthest, where = -1.0, -1
        for index in range(first + 1, last):
            py, px = ring[index]
            distance = abs(dx * (ay - py) - dy * (ax - px)) / length if length else math.hypot(px - ax, py - ay)
            if distance > farthest:
                farthest, where = distance, index
        if where >= 0 and farthest > tolerance:
            keep[where] = True
            stack += [(first, where), (where, last)]
    return [point for point, kept in zip(ring, keep) if kept]


def ring_area(ring: Sequence[tuple[float, float]]) -> float:
    """The area of a closed ring, in square degrees (the shoelace formula)."""
    return abs(sum(a[1] * b[0] - b[1] * a[0] for a, b in zip(ring, ring[1:]))) / 2


def simplified(polygons: list[Polygon], tolerance: float = TOLERANCE, smallest: float = SMALLEST,
               digits: int = DIGITS) -> list[list[list[list[float]]]]:
    """The polygons as the shipped file keeps them (the module's text): rings simplified,
    small islands (and lakes) left out, positions rounded, each ring closed."""
    kept = []
    for polygon in polygons:
        if not polygon or ring_area(polygon[0]) < smallest:
            continue
        rings = []
        for index, ring in enumerate(polygon):
            if index and ring_area(ring) < smallest:
                continue
            points = [[round(lat, digits), round(lon, digits)] for lat, lon in simplify(ring, tolerance)]
            points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]  # rounding made some equal
            if points[0] != points[-1]:
                points.append(points[0])
            if len(points) >= 4:
                rings.append(points)
            elif index == 0:  # the outline is gone, and its holes with it
                break
        if rings:
            kept.append(rings)
    return kept


def outline_file(topology: dict) -> dict:
    """What ``land.json`` holds, made from the package's TopoJSON."""
    return {"source": f"Natural Earth 1:50m land (public domain), from the npm package {PACKAGE} {VERSION} "
                      f"({TOPOLOGY}); made by python -m zuzlab.viz.land",
            "tolerance": TOLERANCE, "smallest": SMALLEST, "digits": DIGITS,
            "polygons": simplified(topology_polygons(topology))}


def packed_topology(tarball: Path) -> dict:
    """The land TopoJSON out of the package's tarball (as ``npm pack`` writes it)."""
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(f"package/{TOPOLOGY}")
        if member is None:
            raise FileNotFoundError(f"{tarball} holds no package/{TOPOLOGY}")
        return json.load(io.TextIOWrapper(member, encoding="utf-8"))


def pack_release(folder: Path) -> Path:
    """The pinned release, fetched and checked by npm (``npm pack``) into ``folder``."""
    packed = subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(folder)], check=True,
                            capture_output=True, text=True)
    return folder / packed.stdout.strip().splitlines()[-1]


def written(made: dict) -> str:
    """The outline file's text: its facts, then one polygon a line (a change shows as lines)."""
    facts = json.dumps({key: value for key, value in made.items() if key != "polygons"}, ensure_ascii=False)
    polygons = ",\n".join(json.dumps(polygon, separators=(",", ":")) for polygon in made["polygons"])
    return f'{facts[:-1]}, "polygons": [\n{polygons}\n]}}\n'


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=f"Make {OUTLINE.name}, the land outline boards are drawn on, "
                                                 f"from the npm package {PACKAGE} {VERSION}.")
    parser.add_argument("--tarball", type=Path, help="the release packed already (npm pack)")
    parser.add_argument("--output", type=Path, default=OUTLINE)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        tarball = args.tarball or pack_release(Path(folder))
        made = outline_file(packed_topology(tarball))
    text = written(made)
    args.output.write_text(text, encoding="utf-8")
    points = sum(len(ring) for polygon in made["polygons"] for ring in polygon)
    print(f"{args.output}: {len(made['polygons'])} polygons, {points} points, {len(text.encode()) // 1024} KB")


if __name__ == "__main__":
    main()
