"""Railroad Ink scoring (README: rules decisions, Railroad Ink) on boards designed by hand.

Each board is written as placements ``<tile><square><orientation>``; the comments give
the drawing and the count that the assertions check.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zuzlab import ink
from zuzlab.ink.board import Board, Placement, square_index
from zuzlab.ink.tiles import HIGHWAY


def board(text: str) -> Board:
    """Any tiles (expansions too), exactly as written: no legality check, no water fill."""
    b = Board()
    for chunk in text.split():
        b.squares[square_index(chunk[2:4])] = Placement(chunk[:2], int(chunk[4]))
    return b


STRAIGHT_ROAD = "A4A10 A4B10 A4C10 A4D10 A4E10 A4F10 A4G10"


def test_a_highway_from_top_to_bottom():
    # Column 1, top exit to bottom exit: one network, 2 exits (4), highway of 7 squares,
    # no centre square, no error.
    s = ink.score(board(STRAIGHT_ROAD))
    assert (s.exit_points, s.longest_highway, s.longest_railway, s.centre, s.errors, s.total) == (4, 7, 0, 0, 0, 11)
    assert s.networks == (ink.Network(("A1", "B1", "C1", "D1", "E1", "F1", "G1"), ("bottom 1", "top 1")),)
    assert s.highway_path in (("A1", "B1", "C1", "D1", "E1", "F1", "G1"), ("G1", "F1", "E1", "D1", "C1", "B1", "A1"))


# From the left D exit: highway D0 → overpass D1 (highway east–west; its railway north–south
# leads nowhere) → straight station D2 (highway west, railway east) → railway curve D3 →
# railway C3, B3, A3 to the top railway exit.
STATION_AND_OVERPASS = "A4D01 B2D11 B0D23 A0D30 A1C30 A1B30 A1A30"


def test_station_joins_overpass_does_not():
    s = ink.score(board(STATION_AND_OVERPASS))
    by_squares = {n.squares: n.exits for n in s.networks}
    assert by_squares[("A3", "B3", "C3", "D0", "D1", "D2", "D3")] == ("left D", "top 3")
    assert by_squares[("D1",)] == ()  # the overpass's railway: a network of its own
    assert s.exit_points == 4
    assert s.longest_highway == 3  # D0, D1, D2: the station does not stop it
    assert s.longest_railway == 5  # D2 (station), D3, C3, B3, A3: the overpass's railway is apart
    assert s.centre == 3  # D2, D3, C3
    assert sorted((e.square, e.side) for e in s.error_details) == [("D1", "north"), ("D1", "south")]
    assert s.total == 4 + 3 + 5 + 3 - 2


# A crossing at D3 with a loop: D2 → D3 → D4 → D5 (curve) → C5 (curve) → C4 → C3 (curve)
# → back into D3 from the north → E3. Simple paths cannot pass D3 twice: at most 7
# squares (D2, D3, D4, D5, C5, C4, C3). The trail rule counts D3 again: 9.
LOOP = "A4D21 S2D30 A4D41 A5D50 A5C53 A4C41 A5C32 A4E30"


def test_loop_under_both_rules():
    b = board(LOOP)
    simple, trail = ink.score(b), ink.score(b, loop_rule="trail")
    assert simple.longest_highway == 7 and trail.longest_highway == 9
    assert trail.highway_path.count("D3") == 2 and len(set(simple.highway_path)) == 7
    # errors: D2's west end and E3's south end face empty squares
    assert sorted((e.square, e.side) for e in simple.error_details) == [("D2", "west"), ("E3", "south")]
    assert simple.centre == 6  # C3, C4, D2, D3, D4, E3
    assert (simple.total, trail.total) == (0 + 7 + 6 - 2, 0 + 9 + 6 - 2)


# Four highway curves in a ring on C2, C3, D2, D3; then the same ring with a tail: a
# T-junction on C2 and straights on B2 and A2 (A2's north end faces the plain border).
RING = "A5C22 A5C33 A5D21 A5D30"
RING_WITH_TAIL = "A4A20 A4B20 A3C20 A5C33 A5D21 A5D30"


@pytest.mark.parametrize("text, simple, trail", [(RING, 4, 5), (RING_WITH_TAIL, 6, 7)])
def test_closing_a_loop_counts_its_first_square_again_under_the_trail_rule(text, simple, trail):
    # The trail rule counts a square again when other connections are used: closing the
    # ring re-enters its first square through another side, so a ring of 4 counts 5 (it
    # counted 4 before the rules audit, against the rule text). The simple rule never does.
    from zuzlab.ink import steps

    b = board(text)
    assert ink.score(b).errors == 0
    assert ink.score(b).longest_highway == simple
    scored = ink.score(b, loop_rule="trail")
    assert scored.longest_highway == trail
    assert scored.highway_path[-1] in scored.highway_path[:-1]  # the loop's first square again
    *_, done = steps.longest_path_steps(b, HIGHWAY, "trail")
    assert len(done.result) == trail


def test_unknown_loop_rule_is_named():
    with pytest.raises(ValueError, match="loop_rule must be one of"):
        ink.score(Board(), loop_rule="wiggly")


def test_edges_at_the_border_are_never_errors():
    # A highway curve in the corner A0 faces the board's edge on two sides (no exits there).
    assert ink.score(board("A5A00")).errors == 0
    # A railway straight on A3 reaches the top exit; its south end faces an empty square.
    s = ink.score(board("A1A30"))
    assert [(e.square, e.side, e.kind) for e in s.error_details] == [("A3", "south", "railway")]


def test_an_end_against_a_blank_side_is_an_error():
    # Highway straight A1 (north–south) above a railway curve B1 whose north side is blank.
    s = ink.score(board("A4A10 A0B12"))  # A0 turned 180°: railway on south and east
    assert ("A1", "south") in [(e.square, e.side) for e in s.error_details]


def test_network_points_table():
    points = ink.scoring.NETWORK_POINTS
    assert points == (0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45)


def test_centre_counts_drawn_centre_squares():
    assert ink.score(board("S2C20 S2C30 S2C40 S2D20 S2D30 S2D40 S2E20 S2E30 S2E40 S2B30")).centre == 9


# --- Deep Blue ---------------------------------------------------------------------

# A river down column 0 (7 straights), both ends at the board's edge: 7 + 3 = 10.
# A single river straight on E4 (a centre square): both ends open, 2 errors, worth 1.
RIVERS = "W1A00 W1B00 W1C00 W1D00 W1E00 W1F00 W1G00 W1E40"


def test_the_best_river_scores_with_its_bonus():
    s = ink.score(board(RIVERS))
    assert s.scored_river == ink.River(("A0", "B0", "C0", "D0", "E0", "F0", "G0"), True)
    assert s.river == 10
    assert sorted((e.square, e.side, e.kind) for e in s.error_details) == [
        ("E4", "north", "river"), ("E4", "south", "river")]
    assert s.total == 10 + 1 - 2  # river, centre E4, errors


def test_a_river_with_an_open_end_has_no_bonus():
    s = ink.score(board("W1A00 W1B00 W0C00"))  # a curve at C0 turns the river west, to the edge
    assert s.scored_river.both_ends_at_edge and s.river == 3 + 3
    s = ink.score(board("W1A00 W1B00"))
    assert not s.scored_river.both_ends_at_edge and s.river == 2 and s.errors == 1


def test_a_bridge_carries_a_highway_over_the_river():
    # Highway A4 at D0 (east–west) from the left D exit, the river-with-highway-bridge on D1
    # (river north–south, highway east–west), highway D2: one highway network of 3.
    s = ink.score(board("A4D01 W2D10 A4D21"))
    assert s.longest_highway == 3
    assert [n.squares for n in s.networks] == [("D0", "D1", "D2")]
    assert s.river == 1  # the river square, both ends open
    assert sorted(e.kind for e in s.error_details) == ["highway", "river", "river"]


# Railway from the left B exit: B0 (curve west–south), C0 (curve north–east), C1 (straight)
# to the railway pier of C2 (water east); the lake continues into C3 (water west) whose
# highway pier leads east along C4, C5, C6 (curve west–south) and D6 (curve north–east)
# to the right D exit. Through the lake both exits are one network.
LAKE = "A0B03 A0C01 A1C11 L3C21 L4C33 A4C41 A4C51 A5C63 A5D61"


def test_piers_on_one_lake_join_their_networks():
    s = ink.score(board(LAKE))
    assert [n.exits for n in s.networks] == [("left B", "right D")]
    assert s.exit_points == 4
    assert s.lake == 2 and s.smallest_lake == ("C2", "C3")
    assert (s.longest_railway, s.longest_highway) == (4, 5)
    assert s.centre == 3 and s.errors == 0
    assert s.total == 4 + 5 + 4 + 3 + 2


def test_lake_squares_can_be_left_out_of_the_centre():
    b = board(LAKE)
    assert ink.score(b, lake_squares_are_centre=False).centre == 1  # only C4


def test_the_smallest_lake_scores():
    # A lake of one square (A0, water north) and one of two (C2–C3).
    s = ink.score(board(LAKE + " L0A00"))
    assert s.smallest_lake == ("A0",) and s.lake == 1


def test_water_fill_fills_squares_with_three_water_sides_and_cascades():
    # Water on the south of C3 and C4 and on the north of E3 and E4: D3 and D4 face water
    # on two sides each. Water on the east of D2 gives D3 a third: D3 fills, and then D4
    # faces water on three sides (C4, E4 and the new D3) and fills too.
    b = Board()
    for tile, square, o in [("L0", "C3", 2), ("L0", "C4", 2), ("L0", "E3", 0), ("L0", "E4", 0)]:
        assert b.place(tile, square, o) == []
    filled = b.place("L0", "D2", 1)
    assert [ink.square_name(i) for i in filled] == ["D3", "D4"]
    assert b["D3"].code == b["D4"].code == "LF"
    s = ink.score(b)
    assert s.smallest_lake == ("C3", "C4", "D2", "D3", "D4", "E3", "E4") and s.lake == 7
    assert s.errors == 0  # open water is never an error
    assert s.centre == 7


def test_interchange_format_round_trip():
    b = Board.from_anu(STATION_AND_OVERPASS.replace(" ", ""))
    assert Board.from_anu(b.to_anu()) == b
    assert ink.score(b).total == 13


def test_separators_between_placements_are_allowed():
    # whitespace of any kind (Windows line ends, tabs, a non-breaking space), commas, semicolons
    plain = Board.from_anu("A4A10A4B10A4C10A4D10")
    assert Board.from_anu("A4A10,\tA4B10;\r\nA4C10\u00a0A4D10 ;\n") == plain
    assert Board.from_anu(" A4A10, A4B10, A4C10, A4D10 ").to_anu() == plain.to_anu()


@pytest.mark.parametrize("text, problem", [
    ("A4A1", r"placement 1 \('A4A1', at character 0\): the string ends after 4 of its 5 characters"),
    ("X4A10", r"placement 1 \('X4A10', at character 0\): unknown tile 'X4'"),
    ("A4A10A4H10", r"placement 2 \('A4H10', at character 5\): 'H1' is not a square"),
    ("A4A10A4B19", r"placement 2 \('A4B19', at character 5\): orientation '9' is not 0–7"),
    ("A4A10A5A13", r"placement 2 \('A5A13', at character 5\): square A1 is used twice"),
    ("W1A00", "unknown tile 'W1'"),
    # lowercase: the format is written in capitals, and the message says how to write it
    ("a4a10", r"placement 1 \('a4a10', at character 0\): unknown tile 'a4': board strings are written in capitals, "
              r"so write 'A4A10'"),
    ("A4A10A4b10", r"placement 2 \('A4b10', at character 5\): 'b1' is not a square: "
                   r"rows are the capital letters A–G, so write 'A4B10'"),
    # after separators the blame stays on the right placement, at its place in the original text
    ("A4A10,A4B10,A4X10", r"placement 3 \('A4X10', at character 12\): 'X1' is not a square"),
    ("A4A10\r\nA4B10\tA4B19", r"placement 3 \('A4B19', at character 13\): orientation '9'"),
    # a separator inside a placement
    ("A4A10A4B,10", r"placement 2 \('A4B', at character 5\) is cut by ',' at character 8"),
    ("A4A10A4\r\nB10", r"placement 2 \('A4', at character 5\) is cut by '\\r' at character 7"),
    # nothing to read
    ("", r"the board string '' has no placements; the empty board is Board\(\)"),
    (" ,;\r\n\t", "has no placements; the empty board is Board"),
])
def test_a_malformed_board_string_names_the_placement_and_the_problem(text, problem):
    with pytest.raises(ValueError, match=problem):
        Board.from_anu(text)


def test_expansion_tiles_have_no_interchange_code():
    with pytest.raises(ValueError, match="base tiles only"):
        board("W1A00").to_anu()


# --- the longest-path search against a plain search ------------------------------------------

def plain_longest(nodes, links):
    """Every simple path from every square: slow, obviously right."""
    neighbours = {i: [] for i in nodes}
    for a, b in links:
        neighbours[a].append(b)
        neighbours[b].append(a)
    best = 0

    def walk(square, seen):
        nonlocal best
        best = max(best, len(seen))
        for other in neighbours[square]:
            if other not in seen:
                walk(other, seen | {other})

    for square in nodes:
        walk(square, {square})
    return best


window = [r * 7 + c for r in range(5) for c in range(5)]


@st.composite
def grid_graphs(draw):
    nodes = draw(st.lists(st.sampled_from(window), min_size=1, max_size=14, unique=True))
    candidates = [(i, j) for i in nodes for j in (i + 7, i + 1) if j in nodes and (j != i + 1 or i % 7 < 6)]
    keep = draw(st.lists(st.booleans(), min_size=len(candidates), max_size=len(candidates)))
    return nodes, [link for link, kept in zip(candidates, keep) if kept]


@settings(max_examples=300, deadline=None)
@given(grid_graphs())
def test_longest_simple_path_is_exact(graph):
    from zuzlab.ink.scoring import _longest_path

    nodes, links = graph
    path = _longest_path(nodes, links, "simple")
    assert len(path) == plain_longest(nodes, links)
    assert len(set(path)) == len(path)
    assert all((a, b) in links or (b, a) in links for a, b in zip(path, path[1:]))


def test_a_board_full_of_crossings_is_scored_exactly():
    # 48 highway crossings with B0 left empty: the corner A0 becomes a dead end, and the
    # chessboard colours allow at most 47 squares in a path.
    crossings = "".join(f"S2{r}{c}0" for r in "ABCDEFG" for c in range(7) if f"{r}{c}" != "B0")
    assert ink.score(Board.from_anu(crossings)).longest_highway == 47
