"""Railroad Ink scoring (README: rules decisions, Railroad Ink), fast: one pass over the board.

- **Networks**: routes joined through matching edges (a station joins its highway and
  railway, an overpass or a bridge does not; piers on the same lake join their routes).
  Each network scores by the number of distinct exits it reaches.
- **Longest highway / railway**: the most squares on one unbranched path of that kind.
  ``loop_rule="simple"`` (the default) never counts a square twice; ``"trail"`` counts a
  square again when different connections are used, each link between squares used
  once: a path through a crossing counts it twice, and closing a loop re-enters its first
  square through another side, so a closed loop of 4 squares counts 5.
- **Centre**: one point per drawn centre square.
- **Errors**: one point off per highway, railway or river end that meets nothing that
  matches it; ends facing the board's edge are never errors, exit or not.
- **River** (Deep Blue): the best river, a point per square, +3 if both ends reach the
  board's edge. **Lake** (Deep Blue): a point per square of the smallest lake.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .. import texts
from ..algorithms import Pieces, longest_trail
from .board import CENTRE, EXITS, NEIGHBOUR, OPPOSITE, Board, square_name
from .tiles import BLANK, E, HIGHWAY, KIND_NAMES, LAKE, RAILWAY, RIVER, ROUTES, S, SIDE_NAMES

#: Points for a network reaching 0, 1, 2, … 12 exits
NETWORK_POINTS = (0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45)
LOOP_RULES = ("simple", "trail")


@dataclass(frozen=True)
class Network:
    squares: tuple[str, ...]
    exits: tuple[str, ...]  # names of the exits it reaches, e.g. "top 1"

    @property
    def points(self) -> int:
        return NETWORK_POINTS[len(self.exits)]


@dataclass(frozen=True)
class Error:
    square: str
    side: str  # "north", "east", …
    kind: str  # "highway", "railway" or "river"


@dataclass(frozen=True)
class River:
    squares: tuple[str, ...]
    both_ends_at_edge: bool

    @property
    def points(self) -> int:
        return len(self.squares) + (3 if self.both_ends_at_edge else 0)


@dataclass(frozen=True)
class Score:
    exit_points: int
    longest_highway: int
    longest_railway: int
    centre: int
    errors: int
    river: int
    lake: int
    total: int
    # the details behind the numbers
    networks: tuple[Network, ...]
    highway_path: tuple[str, ...]
    railway_path: tuple[str, ...]
    error_details: tuple[Error, ...]
    scored_river: River | None
    smallest_lake: tuple[str, ...]

    def breakdown(self) -> dict[str, int]:
        """The parts by stable English names (``zuzlab.sim`` reads them); ``str`` says
        them in the reader's language."""
        return {"exits": self.exit_points, "longest highway": self.longest_highway,
                "longest railway": self.longest_railway, "centre": self.centre, "river": self.river,
                "lake": self.lake, "errors": -self.errors, "total": self.total}

    def __str__(self) -> str:
        return ", ".join(texts.text("score.part", part=texts.text(f"score.{name}"), value=value)
                         for name, value in self.breakdown().items())


def score(board: Board, loop_rule: str = "simple", lake_squares_are_centre: bool = True) -> Score:
    """Score a board; see the module text for each part."""
    if loop_rule not in LOOP_RULES:
        raise texts.InputError("error.rules_loop_rule", rules=repr(LOOP_RULES), value=repr(loop_rule))
    squares = board.squares
    variants = [p.turned if p else None for p in squares]
    networks: Pieces[tuple[int, int]] = Pieces()  # of (square, group of sides joined on its tile)
    lakes: Pieces[int] = Pieces()  # of squares
    links: dict[str, list[tuple[int, int]]] = {HIGHWAY: [], RAILWAY: [], RIVER: []}
    errors = []
    for i, v in enumerate(variants):
        if v is None:
            continue
        for side in range(4):
            edge = v.edges[side]
            if edge == BLANK:
                continue
            j = NEIGHBOUR[i][side]
            other = variants[j] if j >= 0 else None
            if edge in ROUTES:
                networks.find((i, v.side_group[side]))
            elif edge == LAKE:
                lakes.find(i)
            if other is None or other.edges[OPPOSITE[side]] != edge:  # nothing that matches it
                if edge in (HIGHWAY, RAILWAY, RIVER) and j >= 0:
                    errors.append(Error(square_name(i), SIDE_NAMES[side], KIND_NAMES[edge]))
            elif side in (E, S):  # each link once
                if edge in ROUTES:
                    networks.join((i, v.side_group[side]), (j, other.side_group[OPPOSITE[side]]))
                if edge == LAKE:
                    lakes.join(i, j)
                elif edge in links:
                    links[edge].append((i, j))

    # piers on the same lake join their routes into one network: each to the lake's first pier
    lake_of = {i: lakes.find(i) for i in list(lakes.piece_of)}
    first_pier: dict[int, tuple[int, int]] = {}
    for i, v in enumerate(variants):
        if v is not None and i in lake_of:
            for group_number, group in enumerate(v.groups):
                if any(v.edges[s] == LAKE for s in group) and any(v.edges[s] in ROUTES for s in group):
                    pier = (i, group_number)
                    networks.join(pier, first_pier.setdefault(lake_of[i], pier))

    reached: dict[tuple[int, int], set[str]] = {}  # by network
    for i, side, kind, name in EXITS:
        v = variants[i]
        if v is not None and v.edges[side] == kind:
            reached.setdefault(networks.find((i, v.side_group[side])), set()).add(name)
    members: dict[tuple[int, int], set[int]] = {}  # by network: its squares
    for node in list(networks.piece_of):
        members.setdefault(networks.find(node), set()).add(node[0])
    network_list = tuple(  # in board order: by their squares, then by their exits
        Network(tuple(square_name(i) for i in squares), exits)
        for squares, exits in sorted((tuple(sorted(sq)), tuple(sorted(reached.get(root, ()))))
                                     for root, sq in members.items())
    )

    highway = _longest_path([i for i, v in enumerate(variants) if v and HIGHWAY in v.edges], links[HIGHWAY], loop_rule)
    railway = _longest_path([i for i, v in enumerate(variants) if v and RAILWAY in v.edges], links[RAILWAY], loop_rule)
    centre = sum(1 for i in CENTRE if (v := variants[i]) is not None
                 and (lake_squares_are_centre or v.face.kind not in ("lake", "water")))
    river = _best_river(variants, links[RIVER])
    lake_sizes: dict[int, list[int]] = {}  # by lake: its squares
    for i, root in lake_of.items():
        lake_sizes.setdefault(root, []).append(i)
    smallest = min(lake_sizes.values(), key=lambda s: (len(s), min(s)), default=[])

    exit_points = sum(n.points for n in network_list)
    river_points = river.points if river else 0
    total = exit_points + len(highway) + len(railway) + centre + river_points + len(smallest) - len(errors)
    return Score(exit_points, len(highway), len(railway), centre, len(errors), river_points, len(smallest), total,
                 network_list, tuple(square_name(i) for i in highway), tuple(square_name(i) for i in railway),
                 tuple(errors), river, tuple(square_name(i) for i in sorted(smallest)))


# --- longest paths ---------------------------------------------------------------------

def _longest_path(nodes: list[int], links: list[tuple[int, int]], loop_rule: str) -> list[int]:
    """The squares of the longest path (see the module text for the two loop rules)."""
    if not nodes:
        return []
    if loop_rule == "trail":
        trail = longest_trail([(a, b, 1) for a, b in links])
        if not trail.cities:
            return [nodes[0]]
        return list(trail.cities)  # a closed loop ends on its first square again: it counts
    neighbours: dict[int, list[int]] = {i: [] for i in nodes}
    for a, b in links:
        neighbours[a].append(b)
        neighbours[b].append(a)
    pieces = Pieces(nodes)
    for a, b in links:
        pieces.join(a, b)
    best: list[int] = []
    for members in pieces.groups():
        piece = set(members)
        if len(piece) <= len(best):
            continue
        path = _longest_simple_path(piece, neighbours)
        if len(path) > len(best):
            best = path
    return best


def _farthest(start: int, neighbours: dict[int, list[int]]) -> list[int]:
    """The path to a farthest square from ``start`` (breadth first)."""
    came_from: dict[int, int | None] = {start: None}
    queue = deque([start])
    last: int | None = start
    while queue:
        last = queue.popleft()
        for other in neighbours[last]:
            if other not in came_from:
                came_from[other] = last
                queue.append(other)
    path = []
    while last is not None:
        path.append(last)
        last = came_from[last]
    return path


def _tree_diameter(piece: set[int], neighbours: dict[int, list[int]]) -> list[int]:
    """Without loops the longest path is the tree's diameter: walk to a farthest square,
    then to the square farthest from it."""
    return _farthest(_farthest(min(piece), neighbours)[0], neighbours)


def _longest_simple_path(piece: set[int], neighbours: dict[int, list[int]]) -> list[int]:
    """The longest path that never passes a square twice, in one connected piece.

    Only the piece's loops need searching. Peeling off dead ends again and again leaves
    its *core* (every square on a loop or between loops); the rest are trees hanging off
    core squares. A path enters such a tree at most once and never comes back, so each
    core square just offers its longest *arm* into its trees. The search runs on the
    core, adding the arms at both ends; paths inside the trees are found directly.
    """
    core = _core(piece, neighbours)
    if not core:
        return _tree_diameter(piece, neighbours)
    arms: dict[int, list[int]] = {}
    best: list[int] = []
    for square in core:
        found = []
        for other in neighbours[square]:
            if other not in core:
                arm, inside = _arm(other, square, neighbours)
                found.append(arm)
                best = max(best, inside, key=len)
        found.sort(key=len, reverse=True)
        arms[square] = found[0] if found else []
        # a path through this core square alone, along its two longest arms
        through = (found[0][::-1] if found else []) + [square] + (found[1] if len(found) > 1 else [])
        best = max(best, through, key=len)
    core_neighbours = {square: [o for o in neighbours[square] if o in core] for square in core}
    return _search(core, core_neighbours, arms, best, len(piece))


def _core(piece: set[int], neighbours: dict[int, list[int]]) -> set[int]:
    """What is left after peeling off dead ends until none is left (the 2-core)."""
    ways = {square: len(neighbours[square]) for square in piece}
    peeled: set[int] = set()
    stack = [square for square in piece if ways[square] <= 1]
    while stack:
        square = stack.pop()
        if square in peeled:
            continue
        peeled.add(square)
        for other in neighbours[square]:
            if other not in peeled:
                ways[other] -= 1
                if ways[other] == 1:
                    stack.append(other)
    return piece - peeled


def _arm(square: int, parent: int, neighbours: dict[int, list[int]]) -> tuple[list[int], list[int]]:
    """In the tree hanging from ``parent`` at ``square``: the longest path from ``square``
    away from ``parent``, and the longest path inside that tree."""
    downs: list[list[int]] = []
    inside: list[int] = []
    for other in neighbours[square]:
        if other != parent:
            down, best_inside = _arm(other, square, neighbours)
            downs.append(down)
            inside = max(inside, best_inside, key=len)
    downs.sort(key=len, reverse=True)
    through = (downs[0][::-1] if downs else []) + [square] + (downs[1] if len(downs) > 1 else [])
    return [square] + (downs[0] if downs else []), max(inside, through, key=len)


def _search(core: set[int], neighbours: dict[int, list[int]], arms: dict[int, list[int]], best: list[int],
            size: int) -> list[int]:
    """Depth-first search over simple paths in the core (each end extended by its arm),
    with three cuts that keep even a board full of crossings (impossible in play, easy
    to type in) to a fraction of a second:

    * a branch stops when the squares it can still reach cannot beat the best path;
    * the board is a chessboard: a path alternates colours, so from a square of one
      colour it uses at most as many squares of that colour as of the other, plus one,
      and which arm it can end on depends on the colour it ends on;
    * a reachable square with a single way in can only end the path: at most one of
      them counts.

    Next squares are tried fewest-onward-ways first (Warnsdorff's rule), which finds
    long paths early.
    """
    path: list[int] = []
    on_path: set[int] = set()

    def free_ways(square: int) -> int:
        return sum(1 for other in neighbours[square] if other not in on_path)

    def ceiling(square: int) -> int:
        """The most squares a path going on from ``square`` (counted) can still have:
        core squares, and the arm of the core square it ends on."""
        found, stack = {square}, [square]
        colour, same, dead_ends = COLOUR[square], 0, 0
        end_arm = [0, 0]  # the longest arm of a square it could end on, by that square's colour
        while stack:
            here = stack.pop()
            same += COLOUR[here] == colour
            if here != square and len(arms[here]) > end_arm[COLOUR[here]]:
                end_arm[COLOUR[here]] = len(arms[here])
            ways = 0
            for other in neighbours[here]:
                if other not in on_path:
                    ways += 1
                    if other not in found:
                        found.add(other)
                        stack.append(other)
            # one way in and none out (a way in from the path's end counts too): a dead end
            if here != square and ways + (square in neighbours[here]) <= 1:
                dead_ends += 1
        most = len(found) - max(0, dead_ends - 1)
        other = len(found) - same
        # colours alternate: ending on this square's colour takes an odd number of squares,
        # ending on the other colour an even number
        return max(min(most, 2 * min(same, other + 1) - 1) + end_arm[colour],
                   min(most, 2 * min(same, other)) + end_arm[1 - colour])

    def extend(square: int) -> bool:
        nonlocal best
        path.append(square)
        on_path.add(square)
        start_arm = arms[path[0]]
        if len(path) > 1 and len(start_arm) + len(path) + len(arms[square]) > len(best):
            best = start_arm[::-1] + path + arms[square]
        done = len(best) == size
        if not done and len(start_arm) + len(path) - 1 + ceiling(square) > len(best):
            for other in sorted((o for o in neighbours[square] if o not in on_path), key=free_ways):
                if extend(other):
                    done = True
                    break
        on_path.discard(square)
        path.pop()
        return done

    for start in sorted(core, key=lambda i: (-len(arms[i]), len(neighbours[i]), i)):
        if extend(start):
            break
    return best


#: The chessboard colour of each square
COLOUR = tuple((i // 7 + i % 7) % 2 for i in range(49))


# --- the river -----------------------------------------------------------------------

def _best_river(variants: list, links: list[tuple[int, int]]) -> River | None:
    """The river worth most (the first on the board among equals)."""
    rivers = Pieces(i for i, v in enumerate(variants) if v is not None and RIVER in v.edges)
    for a, b in links:
        rivers.join(a, b)
    best, best_key = None, None
    for squares in rivers.groups():
        ends = [(i, side) for i in squares for side in range(4)
                if variants[i].edges[side] == RIVER and not _river_continues(variants, i, side)]
        river = River(tuple(square_name(i) for i in sorted(squares)),
                      len(ends) == 2 and all(NEIGHBOUR[i][side] < 0 for i, side in ends))
        key = (river.points, -min(squares))
        if best_key is None or key > best_key:
            best, best_key = river, key
    return best


def _river_continues(variants: list, i: int, side: int) -> bool:
    j = NEIGHBOUR[i][side]
    return j >= 0 and variants[j] is not None and variants[j].edges[OPPOSITE[side]] == RIVER
