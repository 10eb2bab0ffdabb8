"""Railroad Ink scoring, step by step, for lessons: each part of the score as a stream of
small steps a notebook can animate. The last step of each stream is ``"done"`` and
carries the part's result, which tests hold equal to the fast ``score``. Every step
carries what it adds up to so far (the squares of the network, path, river or lake, the
errors found), so a player can also step backwards.

- ``network_steps``: a flood fill from square to square through matching edges;
- ``longest_path_steps``: the depth-first search with its cuts (both loop rules);
- ``error_steps``: the scan of every route end;
- ``river_steps`` and ``lake_steps``: walking each river and each lake;
- ``water_fill_steps``: drawing lake tiles one by one, and the water filling each empty
  square that comes to face water on three sides (a step a square, as a cascade runs).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator

from .board import CENTRE, EXITS, NEIGHBOUR, OPPOSITE, Board, Placement, square_index, square_name
from .scoring import COLOUR, Error, Network, River
from .tiles import HIGHWAY, KIND_NAMES, LAKE, RAILWAY, RIVER, ROUTES, SIDE_NAMES


@dataclass(frozen=True)
class Step:
    """One step: which part, what happened, where, and what it adds up to so far."""

    part: str  # "networks", "longest highway", "longest railway", "errors", "river", "lake", "centre"
    kind: str
    square: str | None = None
    detail: dict = field(default_factory=dict, compare=False)
    result: Any = field(default=None, compare=False)


def _turned_tiles(board: Board) -> list:
    return [p.turned if p else None for p in board.squares]


# --- networks: a flood fill ------------------------------------------------------------

def _route_neighbours(tiles: list, node: tuple[int, int]) -> list[tuple[int, int]]:
    """The (square, group) nodes joined to ``node``: matching edges across the square's
    sides, and piers on the same lake."""
    i, group = node
    v = tiles[i]
    found = []
    for side in v.groups[group]:
        j = NEIGHBOUR[i][side]
        edge = v.edges[side]
        if j >= 0 and tiles[j] is not None and tiles[j].edges[OPPOSITE[side]] == edge:
            if edge in ROUTES:
                found.append((j, tiles[j].side_group[OPPOSITE[side]]))
    if any(v.edges[s] == LAKE for s in v.groups[group]):
        for k in sorted(_walk(tiles, i, LAKE)):
            for other_group, sides in enumerate(tiles[k].groups):
                if (k, other_group) != node and any(tiles[k].edges[s] == LAKE for s in sides) \
                        and any(tiles[k].edges[s] in ROUTES for s in sides):
                    found.append((k, other_group))
    return found


def network_steps(board: Board) -> Iterator[Step]:
    tiles = _turned_tiles(board)
    exit_at = {(i, side): (kind, name) for i, side, kind, name in EXITS}
    seen: set = set()
    networks = []
    for i, v in enumerate(tiles):
        if v is None:
            continue
        for group, sides in enumerate(v.groups):
            if (i, group) in seen or not any(v.edges[s] in ROUTES for s in sides):
                continue
            squares, exits, queue = set(), set(), deque([(i, group)])
            seen.add((i, group))
            yield Step("networks", "start", square_name(i), {"network": len(networks), "squares": [square_name(i)]})
            while queue:
                square, g = queue.popleft()
                squares.add(square)
                yield Step("networks", "visit", square_name(square),
                           {"network": len(networks), "squares": [square_name(s) for s in sorted(squares)]})
                for side in tiles[square].groups[g]:
                    kind_name = exit_at.get((square, side))
                    if kind_name and tiles[square].edges[side] == kind_name[0] and kind_name[1] not in exits:
                        exits.add(kind_name[1])
                        yield Step("networks", "exit", square_name(square), {"exit": kind_name[1]})
                for node in _route_neighbours(tiles, (square, g)):
                    if node not in seen:
                        seen.add(node)
                        queue.append(node)
            network = Network(tuple(square_name(s) for s in sorted(squares)), tuple(sorted(exits)))
            networks.append(network)
            yield Step("networks", "network", None, {"network": network, "points": network.points})
    networks.sort(key=lambda n: (tuple(_index(s) for s in n.squares), n.exits))
    yield Step("networks", "done", None, {"points": sum(n.points for n in networks)}, tuple(networks))


def _index(name: str) -> int:
    return "ABCDEFG".index(name[0]) * 7 + int(name[1])


# --- longest paths -----------------------------------------------------------------------

def _links(tiles: list, kind: str) -> dict[int, list[int]]:
    nodes = {i: [] for i, v in enumerate(tiles) if v and kind in v.edges}
    for i in nodes:
        for side in range(4):
            j = NEIGHBOUR[i][side]
            if tiles[i].edges[side] == kind and j in nodes and tiles[j].edges[OPPOSITE[side]] == kind:
                nodes[i].append(j)
    return nodes


def longest_path_steps(board: Board, kind: str = HIGHWAY, loop_rule: str = "simple") -> Iterator[Step]:
    """Steps: "start" (a new first square), "extend", "back" (undo the last square),
    "better" (a new longest path) and "cut" (the squares left cannot beat the best)."""
    part = f"longest {KIND_NAMES[kind]}"
    neighbours = _links(_turned_tiles(board), kind)
    best: list[int] = []
    path: list[int] = []
    used_links: set[frozenset] = set()

    def names(squares) -> list[str]:
        return [square_name(s) for s in squares]

    def ceiling(square: int) -> int:
        """The most squares the path can still gain: all reachable ones (by unused links
        for trails), cut by the chessboard colours for simple paths."""
        if loop_rule == "trail":
            found, stack, links = {square}, [square], set()
            while stack:
                here = stack.pop()
                for other in neighbours[here]:
                    link = frozenset((here, other))
                    if link not in used_links and link not in links:
                        links.add(link)
                        if other not in found:
                            found.add(other)
                            stack.append(other)
            return len(links)
        found, stack = {square}, [square]
        while stack:
            for other in neighbours[stack.pop()]:
                if other not in found and other not in path:
                    found.add(other)
                    stack.append(other)
        same = sum(1 for f in found if COLOUR[f] == COLOUR[square])
        return min(len(found), 2 * same, 2 * (len(found) - same) + 1) - 1

    def open_ways(square: int) -> list[int]:
        if loop_rule == "trail":
            return [o for o in neighbours[square] if frozenset((square, o)) not in used_links]
        return [o for o in neighbours[square] if o not in path]

    def extend(square: int) -> Iterator[Step]:
        nonlocal best
        path.append(square)
        yield Step(part, "extend" if len(path) > 1 else "start", square_name(square), {"path": names(path)})
        if len(path) > len(best):  # a trail closing a loop counts its first square again
            best = list(path)
            yield Step(part, "better", square_name(square), {"path": names(best), "length": len(best)})
        if len(path) + ceiling(square) <= len(best):
            yield Step(part, "cut", square_name(square), {"path": names(path), "best": len(best)})
        else:
            for other in open_ways(square):
                link = frozenset((square, other))
                used_links.add(link)
                yield from extend(other)
                used_links.discard(link)
        path.pop()
        if path:
            yield Step(part, "back", square_name(square), {"path": names(path)})

    for start in sorted(neighbours, key=lambda i: (len(neighbours[i]), i)):
        yield from extend(start)
    yield Step(part, "done", None, {"length": len(best)}, tuple(names(best)))


# --- errors: a scan of every end ------------------------------------------------------------

def error_steps(board: Board) -> Iterator[Step]:
    """Each highway, railway and river end, checked: "ok" or "error"."""
    tiles = _turned_tiles(board)
    errors = []
    for i, v in enumerate(tiles):
        if v is None:
            continue
        for side, edge in enumerate(v.edges):
            if edge not in (HIGHWAY, RAILWAY, RIVER):
                continue
            j = NEIGHBOUR[i][side]
            where = {"side": SIDE_NAMES[side], "kind": KIND_NAMES[edge]}
            found = lambda: [(e.square, e.side) for e in errors]  # noqa: E731 - the errors so far
            if j < 0:
                yield Step("errors", "ok", square_name(i), {**where, "meets": "the board's edge", "found": found()})
            elif tiles[j] is not None and tiles[j].edges[OPPOSITE[side]] == edge:
                yield Step("errors", "ok", square_name(i), {**where, "meets": square_name(j), "found": found()})
            else:
                errors.append(Error(square_name(i), SIDE_NAMES[side], KIND_NAMES[edge]))
                facing = "an empty square" if tiles[j] is None else KIND_NAMES[tiles[j].edges[OPPOSITE[side]]]
                yield Step("errors", "error", square_name(i), {**where, "meets": facing, "found": found()})
    yield Step("errors", "done", None, {"errors": len(errors)}, tuple(errors))


# --- rivers and lakes ----------------------------------------------------------------------

def _walk(tiles: list, start: int, edge: str) -> Iterator[int]:
    """The squares joined to ``start`` through touching ``edge`` sides (breadth first)."""
    seen, queue = {start}, deque([start])
    while queue:
        i = queue.popleft()
        yield i
        for side in range(4):
            j = NEIGHBOUR[i][side]
            if (tiles[i].edges[side] == edge and j >= 0 and j not in seen and tiles[j] is not None
                    and tiles[j].edges[OPPOSITE[side]] == edge):
                seen.add(j)
                queue.append(j)


def river_steps(board: Board) -> Iterator[Step]:
    tiles = _turned_tiles(board)
    seen: set[int] = set()
    best, best_key = None, None
    for i, v in enumerate(tiles):
        if v is None or RIVER not in v.edges or i in seen:
            continue
        squares = []
        for square in _walk(tiles, i, RIVER):
            seen.add(square)
            squares.append(square)
            yield Step("river", "visit", square_name(square), {"squares": [square_name(s) for s in squares]})
        ends = [(s, side) for s in squares for side in range(4) if tiles[s].edges[side] == RIVER
                and not (NEIGHBOUR[s][side] >= 0 and tiles[NEIGHBOUR[s][side]] is not None
                         and tiles[NEIGHBOUR[s][side]].edges[OPPOSITE[side]] == RIVER)]
        river = River(tuple(square_name(s) for s in sorted(squares)),
                      len(ends) == 2 and all(NEIGHBOUR[s][side] < 0 for s, side in ends))
        yield Step("river", "river", None, {"river": river, "points": river.points})
        key = (river.points, -min(squares))
        if best_key is None or key > best_key:
            best, best_key = river, key
    yield Step("river", "done", None, {"points": best.points if best else 0}, best)


def lake_steps(board: Board) -> Iterator[Step]:
    tiles = _turned_tiles(board)
    seen: set[int] = set()
    smallest: list[int] | None = None
    for i, v in enumerate(tiles):
        if v is None or LAKE not in v.edges or i in seen:
            continue
        squares = []
        for square in _walk(tiles, i, LAKE):
            seen.add(square)
            squares.append(square)
            yield Step("lake", "visit", square_name(square), {"squares": [square_name(s) for s in squares]})
        yield Step("lake", "lake", None, {"squares": [square_name(s) for s in sorted(squares)]})
        if smallest is None or (len(squares), min(squares)) < (len(smallest), min(smallest)):
            smallest = squares
    result = tuple(square_name(s) for s in sorted(smallest or []))
    yield Step("lake", "done", None, {"points": len(result)}, result)


def water_fill_steps(drawings, board: Board | None = None) -> Iterator[Step]:
    """Draw ``drawings`` ((tile, square, orientation), …) one by one and fill with water,
    one square a step, each empty square that faces open water on three sides, as
    ``Board.place`` does all at once. Each step carries the board as it stands
    (``detail["board"]``) and the water sides a filled square faces (``detail["sides"]``);
    the last step's result lists the squares filled, in order."""
    board = Board() if board is None else board.copy()
    filled: list[str] = []
    for code, square, orientation in drawings:
        board.squares[square_index(square)] = Placement(code, orientation)
        yield Step("water", "draw", square_name(square_index(square)),
                   {"board": board.copy(), "tile": code, "filled": list(filled)})
        while True:
            found = next((i for i, p in enumerate(board.squares) if p is None
                          and sum(board.edge_facing(i, side) == LAKE for side in range(4)) >= 3), None)
            if found is None:
                break
            sides = [SIDE_NAMES[side] for side in range(4) if board.edge_facing(found, side) == LAKE]
            board.squares[found] = Placement("LF", 0)
            filled.append(square_name(found))
            yield Step("water", "fill", square_name(found),
                       {"board": board.copy(), "sides": sides, "filled": list(filled)})
    yield Step("water", "done", None, {"board": board.copy(), "filled": list(filled)}, tuple(filled))


def centre_steps(board: Board, lake_squares_are_centre: bool = True) -> Iterator[Step]:
    tiles = _turned_tiles(board)
    counted = []
    for i in sorted(CENTRE):
        v = tiles[i]
        counts = v is not None and (lake_squares_are_centre or v.face.kind not in ("lake", "water"))
        if counts:
            counted.append(square_name(i))
        yield Step("centre", "count" if counts else "empty", square_name(i), {"squares": list(counted)})
    yield Step("centre", "done", None, {"points": len(counted)}, tuple(counted))


def score_steps(board: Board, loop_rule: str = "simple", lake_squares_are_centre: bool = True) -> Iterator[Step]:
    """Every part in turn, in the order of the score sheet."""
    yield from network_steps(board)
    yield from longest_path_steps(board, HIGHWAY, loop_rule)
    yield from longest_path_steps(board, RAILWAY, loop_rule)
    yield from centre_steps(board, lake_squares_are_centre)
    yield from river_steps(board)
    yield from lake_steps(board)
    yield from error_steps(board)

