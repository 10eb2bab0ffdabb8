"""Railroad Ink tiles: every route face, the Deep Blue river and lake faces, and the
eight orientations.

A tile has four sides, north, east, south, west (0–3), each showing a highway ("H"),
a railway ("R"), a river ("W"), lake water ("L") or nothing (""). Inside, sides are
joined in *groups*: a station joins its highway and railway, an overpass (or a bridge)
keeps two groups apart.

Orientation 0–3 turns the tile clockwise by 0/90/180/270 degrees; 4 mirrors it
(east and west swapped); 5–7 are the mirrored tile turned clockwise by 90/180/270.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import texts

N, E, S, W = 0, 1, 2, 3
SIDE_NAMES = ("north", "east", "south", "west")
HIGHWAY, RAILWAY, RIVER, LAKE, BLANK = "H", "R", "W", "L", ""
ROUTES = (HIGHWAY, RAILWAY)
KIND_NAMES = {HIGHWAY: "highway", RAILWAY: "railway", RIVER: "river", LAKE: "lake water", BLANK: "nothing"}


@dataclass(frozen=True)
class Face:
    """A tile as printed (orientation 0)."""

    code: str
    name: str
    edges: tuple[str, str, str, str]  # N, E, S, W
    groups: tuple[tuple[int, ...], ...]  # sides joined inside the tile
    kind: str  # "route", "special", "river", "lake" or "water"


def _face(code, name, edges, groups, kind):
    return code, Face(code, name, tuple("" if e == "0" else e for e in edges.split()), groups, kind)


ALL_SIDES = ((N, E, S, W),)
FACES: dict[str, Face] = dict([
    # the route dice (three dice, each with these six faces)
    _face("A0", "railway curve", "R 0 0 R", ((N, W),), "route"),
    _face("A1", "railway straight", "R 0 R 0", ((N, S),), "route"),
    _face("A2", "railway T", "R R R 0", ((N, E, S),), "route"),
    _face("A3", "highway T", "H H H 0", ((N, E, S),), "route"),
    _face("A4", "highway straight", "H 0 H 0", ((N, S),), "route"),
    _face("A5", "highway curve", "H 0 0 H", ((N, W),), "route"),
    # the special die (B0, B1, B2 twice each)
    _face("B0", "straight station", "H 0 R 0", ((N, S),), "route"),
    _face("B1", "curved station", "H R 0 0", ((N, E),), "route"),
    _face("B2", "overpass", "H R H R", ((N, S), (E, W)), "route"),
    # the six special routes printed on the board
    _face("S0", "special station (3 highways)", "H H R H", ALL_SIDES, "special"),
    _face("S1", "special station (3 railways)", "H R R R", ALL_SIDES, "special"),
    _face("S2", "highway crossing", "H H H H", ALL_SIDES, "special"),
    _face("S3", "railway crossing", "R R R R", ALL_SIDES, "special"),
    _face("S4", "special station (corner)", "H R R H", ALL_SIDES, "special"),
    _face("S5", "special station (cross)", "H R H R", ALL_SIDES, "special"),
    # Deep Blue: the river dice
    _face("W0", "river curve", "W 0 0 W", ((N, W),), "river"),
    _face("W1", "river straight", "W 0 W 0", ((N, S),), "river"),
    _face("W2", "river with a highway bridge", "W H W H", ((N, S), (E, W)), "river"),
    _face("W3", "river with a railway bridge", "W R W R", ((N, S), (E, W)), "river"),
    # Deep Blue: the lake dice
    _face("L0", "water on one side", "L 0 0 0", ((N,),), "lake"),
    _face("L1", "half water", "L 0 0 L", ((N, W),), "lake"),
    _face("L2", "three-quarter water", "L L 0 L", ((N, E, W),), "lake"),
    _face("L3", "water with a railway pier", "L 0 R 0", ((N, S),), "lake"),
    _face("L4", "water with a highway pier", "L 0 H 0", ((N, S),), "lake"),
    _face("L5", "half water with a highway and railway pier", "L H R L", ALL_SIDES, "lake"),
    # the square filled with water when three of its sides face open water
    _face("LF", "full water", "L L L L", ALL_SIDES, "water"),
])

BASE_CODES = tuple(code for code, face in FACES.items() if face.kind in ("route", "special"))
SPECIAL_CODES = tuple(code for code, face in FACES.items() if face.kind == "special")


def turn_side(side: int, orientation: int) -> int:
    """Where a side of the printed tile ends up in ``orientation``."""
    if orientation >= 4:
        side = (N, W, S, E)[side]  # mirror: east and west swapped
    return (side + orientation % 4) % 4


@dataclass(frozen=True)
class TurnedTile:
    """A face in one orientation: the edges and groups as they lie on the board."""

    code: str
    orientation: int
    edges: tuple[str, str, str, str]
    groups: tuple[frozenset, ...]
    side_group: tuple[int, int, int, int]  # the group number of each side (-1: blank)

    @property
    def face(self) -> Face:
        return FACES[self.code]


def _turned(code: str, orientation: int) -> TurnedTile:
    face = FACES[code]
    edges = [""] * 4
    for side, edge in enumerate(face.edges):
        edges[turn_side(side, orientation)] = edge
    groups = tuple(frozenset(turn_side(s, orientation) for s in group) for group in face.groups)
    side_group = tuple(next((n for n, g in enumerate(groups) if side in g), -1) for side in range(4))
    return TurnedTile(code, orientation, tuple(edges), groups, side_group)


#: (code, orientation) → TurnedTile, for every face and all eight orientations
TURNED_TILES: dict[tuple[str, int], TurnedTile] = {(code, o): _turned(code, o) for code in FACES for o in range(8)}


def _distinct(code: str) -> tuple[int, ...]:
    seen, kept = set(), []
    for o in range(8):
        v = TURNED_TILES[code, o]
        key = (v.edges, frozenset(v.groups))
        if key not in seen:
            seen.add(key)
            kept.append(o)
    return tuple(kept)


#: For each face, the orientations that look different (a straight has two, a curve four …)
DISTINCT_ORIENTATIONS: dict[str, tuple[int, ...]] = {code: _distinct(code) for code in FACES}
#: (face, orientation) → the first orientation that draws the very same tile
SAME_AS: dict[tuple[str, int], int] = {
    (code, o): next(d for d in DISTINCT_ORIENTATIONS[code]
                    if (TURNED_TILES[code, d].edges, frozenset(TURNED_TILES[code, d].groups))
                    == (TURNED_TILES[code, o].edges, frozenset(TURNED_TILES[code, o].groups)))
    for code in FACES for o in range(8)
}


def turned(code: str, orientation: int) -> TurnedTile:
    if code not in FACES:
        raise texts.InputError("refusal.unknown_tile", tile=repr(code), tiles=", ".join(FACES))
    if not isinstance(orientation, int) or isinstance(orientation, bool) or not 0 <= orientation <= 7:
        raise texts.InputError("refusal.bad_orientation", orientation=repr(orientation))
    return TURNED_TILES[code, orientation]
