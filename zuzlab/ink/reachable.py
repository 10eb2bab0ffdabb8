"""Whether play can have given a Railroad Ink board: the checks every board given to
``Game.set_up`` passes. (``ink.score`` scores any board, one play can give or not.)

- Its tiles can be drawn one after another from the empty board, each drawing passing
  ``Board.placement_problem`` (the very check a ``Place`` action gets) on the board drawn
  so far, and each fill of water landing where the board shows full water.
- The dice can have given its tiles in the rounds the player has finished (each die one
  face a round), and its special routes are all different, at most as many as the rules
  allow a round and a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from .. import texts
from .board import Board, Placement, square_name
from .rules import InkRules
from .tiles import FACES

FULL_WATER = "LF"  # filled by the water, never drawn
DRY = ("route", "special", "river")  # drawings that never fill a square with water
DRAWN = DRY + ("lake",)


def board_problem(board: Board, rules: InkRules, player: int, round: int, finished: int) -> texts.Phrase | None:
    """What ``player`` cannot have drawn on ``board`` with ``finished`` rounds behind them
    in ``round`` of a game of ``rules``, or None if play can give the board."""
    when = {"player": player, "round": round, "finished": texts.Phrase("error.rounds_finished", {"count": finished})}
    return (_specials_problem(board, rules, finished, when) or _dice_problem(board, rules, finished, when)
            or drawing_problem(board, rules.water_blocks_routes))


def _drawings(board: Board) -> list[tuple[int, str]]:
    """(square, tile) of each drawing on the board, square by square."""
    return [(index, p.code) for index, p in enumerate(board.squares) if p is not None and p.code != FULL_WATER]


def _drawn_at(board: Board, index: int) -> Placement:
    """The placement on a square that holds one (a square ``_drawings`` names)."""
    placement = board.squares[index]
    assert placement is not None, f"no tile on {square_name(index)}"
    return placement


def _code_at(board: Board, index: int) -> str | None:
    """The tile on a square (full water: ``FULL_WATER``), or None if it is empty."""
    placement = board.squares[index]
    return placement.code if placement is not None else None


def _specials_problem(board: Board, rules: InkRules, finished: int, when: dict) -> texts.Phrase | None:
    first_square: dict[str, int] = {}
    for index, code in _drawings(board):
        if code in rules.specials:
            if code in first_square:
                return texts.Phrase("error.board_special_twice", {"tile": texts.tile(code),
                                                                  "first": square_name(first_square[code]),
                                                                  "second": square_name(index)})
            first_square[code] = index
    most = min(rules.specials_per_game, rules.specials_per_round * finished)
    if len(first_square) > most:
        return texts.Phrase("error.board_specials", {
            "count": len(first_square), "tiles": ", ".join(first_square), "most": most,
            "per_game": rules.specials_per_game, "per_round": rules.specials_per_round, **when})
    return None


def _dice_problem(board: Board, rules: InkRules, finished: int, when: dict) -> texts.Phrase | None:
    """A tile no die of the rules has, or more tiles of some dice than those dice give in
    ``finished`` rounds (each die one face a round; a face on several kinds of die may
    have come from any of them: a flow from the tiles to the dice decides)."""
    dice = Counter(frozenset(die) for die in rules.dice + rules.expansion_dice)  # kinds of die, how many of each
    rolled: Counter = Counter()
    for index, code in _drawings(board):
        if code in rules.specials:
            continue
        if not any(code in die for die in dice):
            return texts.Phrase("error.board_not_in_rules", {"tile": texts.tile(code), "square": square_name(index),
                                                             "rules": rules.name})
        rolled[code] += 1
    if not rolled:
        return None
    import networkx as nx
    from networkx.algorithms.flow import edmonds_karp

    flow: nx.DiGraph[Hashable] = nx.DiGraph()  # "drawn" → each tile → each die that has it → "rolled"
    for code, count in rolled.items():
        flow.add_edge("drawn", ("tile", code), capacity=count)
        for die in dice:
            if code in die:
                flow.add_edge(("tile", code), ("die", die))  # no capacity: as many as the die gives
    for die, count in dice.items():
        flow.add_edge(("die", die), "rolled", capacity=count * finished)
    residual = edmonds_karp(flow, "drawn", "rolled")
    if residual.graph["flow_value"] == sum(rolled.values()):
        return None
    # the tiles the flow still reaches can only come from the dice it reaches, which give fewer
    unsaturated = residual.edge_subgraph((u, v) for u, v, data in residual.edges(data=True)
                                         if data["flow"] < data["capacity"])
    too_many = nx.descendants(unsaturated, "drawn")
    codes = {node[1] for node in too_many if node[0] == "tile"}
    kinds = [node[1] for node in too_many if node[0] == "die"]
    per_round = sum(dice[die] for die in kinds)
    faces = [code for code in FACES if any(code in die for die in kinds)]
    return texts.Phrase("error.board_dice", {
        "tiles": texts.quantity("tile", sum(rolled[code] for code in codes)), "faces": ", ".join(faces),
        "most": per_round * finished, "per_round": per_round, **when})


# --- an order of drawings ---------------------------------------------------------------

def drawing_problem(board: Board, water_blocks_routes: bool = True) -> texts.Phrase | None:
    """Why no order of drawings gives ``board`` from the empty board, or None if one does.

    First what no order mends: an empty square facing water on three sides (it would
    have filled); a tile that does not fit even when every other tile is drawn as soon as
    it fits and no square fills (water only closes in, it never makes a drawing fit); full
    water that all the board's water together does not fill. Without lake tiles that
    decides (routes and rivers fill nothing: drawing each as soon as it fits is an
    order). With them, an order of the lake tiles is searched, as a fill may come too
    early (onto a square a tile is still to be drawn on, or against a route end).
    """
    unfilled = board.copy().fill_water()
    if unfilled:
        return texts.Phrase("error.board_unfilled", {"square": square_name(unfilled[0])})
    # every drawing as soon as it fits, no square filled: if a tile never fits even so, it never does
    drawn = Board()
    _draw_what_fits(board, drawn, water_blocks_routes, DRAWN)
    if any(drawn.squares[index] is None for index, _ in _drawings(board)):
        return _stuck(board, drawn, water_blocks_routes)
    # all the water play can give: a square it does not fill never fills
    fillable = drawn.copy().fill_water()
    never_filled = [index for index, p in enumerate(board.squares) if p and p.code == FULL_WATER
                    and index not in fillable]
    if never_filled:
        return texts.Phrase("error.board_not_filled", {"square": square_name(never_filled[0])})
    if all(FACES[p.code].kind in DRY for p in board.squares if p is not None):
        return None
    return _water_order_problem(board, water_blocks_routes)


def _draw_what_fits(board: Board, drawn: Board, water_blocks_routes: bool, kinds: tuple[str, ...]) -> None:
    """Draw on ``drawn`` each tile of ``board`` of these kinds that fits, again until none does."""
    waiting = [index for index, code in _drawings(board) if drawn.squares[index] is None and FACES[code].kind in kinds]
    progress = True
    while progress:
        progress = False
        for index in list(waiting):
            placement = _drawn_at(board, index)
            if drawn.placement_problem(placement.code, index, placement.orientation, water_blocks_routes,
                                       explain=False) is None:
                drawn.squares[index] = placement
                waiting.remove(index)
                progress = True


def _water_order_problem(board: Board, water_blocks_routes: bool) -> texts.Phrase | None:
    """Search the orders of the lake tiles (the dry tiles drawn as soon as they fit, after
    each lake tile): a lake tile may be drawn when it fits and its water fills only
    squares the board shows as full water. Fill-free lake tiles are tried first, each
    board on the way is looked at once, and a board on which a tile still to draw breaks
    a rule is given up. (In thousands of random water boards the checks before this
    search refused every board that has no order; the search shows the order.)"""
    lakes = [index for index, code in _drawings(board) if FACES[code].kind == "lake"]
    target = set(board.filled())
    seen: set[frozenset] = set()
    waiting = [Board()]
    furthest = waiting[0]  # the board drawing got furthest on: the first, until one gets further
    while waiting:
        drawn = waiting.pop()
        _draw_what_fits(board, drawn, water_blocks_routes, DRY)
        covered = frozenset(drawn.filled())
        if covered == target:
            return None
        if covered in seen:
            continue
        seen.add(covered)
        if len(covered) > len(furthest.filled()):
            furthest = drawn
        if _blocked(board, drawn, water_blocks_routes):
            continue
        filling: list[Board] = []
        dry: list[Board] = []
        for index in lakes:
            placement = _drawn_at(board, index)
            if drawn.squares[index] is None and drawn.placement_problem(
                    placement.code, index, placement.orientation, water_blocks_routes, explain=False) is None:
                after = drawn.copy()
                fills = after.place(placement.code, index, placement.orientation, placement.round)
                if all(_code_at(board, square) == FULL_WATER for square in fills):
                    (filling if fills else dry).append(after)
        waiting += filling[::-1] + dry[::-1]  # the first fill-free lake tile is taken next
    return _stuck(board, furthest, water_blocks_routes)


def _blocked(board: Board, drawn: Board, water_blocks_routes: bool) -> bool:
    """Whether a tile still to draw breaks a rule outright (its route end against water
    that has filled): it never will fit, whatever is drawn next."""
    for index, code in _drawings(board):
        if drawn.squares[index] is None:
            problem = drawn.placement_problem(code, index, _drawn_at(board, index).orientation, water_blocks_routes,
                                              explain=False)
            if problem is not None and problem[0] != "unconnected":
                return True
    return False


def _stuck(board: Board, drawn: Board, water_blocks_routes: bool) -> texts.Phrase:
    """Why the tiles of ``board`` missing from ``drawn`` (as far as drawing got) cannot
    follow: a rule a tile breaks outright first, then water a lake tile would pour onto
    another tile, then a tile that joins nothing."""
    problems = []
    for index, code in _drawings(board):
        if drawn.squares[index] is not None:
            continue
        placement = _drawn_at(board, index)
        where = {"tile": texts.tile(code), "square": square_name(index)}
        problem = drawn.placement_problem(code, index, placement.orientation, water_blocks_routes, explain=False)
        if problem is None:  # a lake tile that fits, but its water fills a square holding a tile
            fills = drawn.copy().place(code, index, placement.orientation)
            other = next(square for square in fills if _code_at(board, square) != FULL_WATER)
            problems.append((1, texts.Phrase("error.board_fills_tile", {
                **where, "filled": square_name(other), "other": texts.tile(_drawn_at(board, other).code)})))
        else:
            case, params = problem
            problems.append((2 if case == "unconnected" else 0, texts.Phrase(
                "error.board_undrawable", {**where, "rule": texts.Phrase(f"refusal.placement/{case}", params)})))
    return min(problems, key=lambda ranked: ranked[0])[1]
