"""Railroad Ink drawing and rounds (README: rules decisions, Railroad Ink): every placement
rule allowed and refused with its reason, the round structure, specials, expansions."""

from dataclasses import replace

import pytest

from ttr_helpers import kinds, refused
from zuzlab import ink
from zuzlab.ink import Board, FinishRound, Place
from zuzlab.ink.tiles import DISTINCT_ORIENTATIONS, TURNED_TILES, turn_side


# --- tiles and orientations -----------------------------------------------------------

def test_orientations_turn_clockwise_and_mirror():
    # highway curve A5: highway north and west
    assert TURNED_TILES["A5", 0].edges == ("H", "", "", "H")
    assert TURNED_TILES["A5", 1].edges == ("H", "H", "", "")  # turned 90°: north and east
    assert TURNED_TILES["A5", 4].edges == ("H", "H", "", "")  # mirrored: east instead of west
    assert TURNED_TILES["A5", 5].edges == ("", "H", "H", "")  # mirrored, then turned 90°
    # the straight station B0 (highway north, railway south) turned 90°: highway east
    assert TURNED_TILES["B0", 1].edges == ("", "H", "", "R")
    assert [turn_side(s, 4) for s in range(4)] == [0, 3, 2, 1]


def test_every_face_and_its_distinct_orientations():
    assert set(ink.FACES) >= {f"A{i}" for i in range(6)} | {"B0", "B1", "B2"} | {f"S{i}" for i in range(6)}
    assert len(DISTINCT_ORIENTATIONS["A4"]) == 2  # a straight: two ways
    assert len(DISTINCT_ORIENTATIONS["A5"]) == 4  # a curve: four
    assert len(DISTINCT_ORIENTATIONS["S2"]) == 1  # the crossing: one
    assert len(DISTINCT_ORIENTATIONS["B1"]) == 8  # the curved station: its mirror differs
    assert ink.turned("B2", 0).groups == (frozenset({0, 2}), frozenset({1, 3}))  # the overpass: two groups


def test_exits_and_centre():
    assert len(ink.EXITS) == 12
    assert sorted(name for _, _, kind, name in ink.EXITS if kind == "H") == [
        "bottom 1", "bottom 5", "left D", "right D", "top 1", "top 5"]
    assert sorted(ink.square_name(i) for i in ink.CENTRE) == ["C2", "C3", "C4", "D2", "D3", "D4", "E2", "E3", "E4"]


# --- placement -----------------------------------------------------------------------------

def test_a_first_route_must_join_an_exit():
    b = Board()
    assert b.placement_problem("A4", "A1", 0) is None  # top exit 1 is a highway
    assert "must join an exit or a matching highway or railway" in b.placement_problem("A4", "D3", 0)
    assert "would meet a highway exit" in b.placement_problem("A1", "A1", 0)


def test_a_route_must_join_a_matching_edge_of_an_earlier_tile():
    b = Board()
    b.place("A4", "A1", 0)  # highway north–south
    assert b.placement_problem("A4", "B1", 0) is None
    assert b.placement_problem("A5", "B1", 1) is None  # curve north–east
    assert "would meet a highway" in b.placement_problem("A1", "B1", 0)
    assert "must join" in b.placement_problem("A4", "B1", 1)  # east–west: touches nothing


def test_highway_never_against_railway_and_squares_used_once():
    b = Board()
    b.place("A4", "A1", 0)
    b.place("B0", "B1", 0)  # station: highway north (joins A1), railway south
    assert "highways and railways only meet in a station" in b.placement_problem("A4", "C1", 0)
    assert b.placement_problem("A1", "C1", 0) is None
    assert "already holds a tile" in b.placement_problem("A4", "A1", 0)


def test_an_edge_may_face_an_empty_square_or_a_blank_side():
    b = Board()
    b.place("A3", "A1", 5)  # highway T: north, east, south → sides to the empty squares stay open
    assert b.placement_problem("A5", "A2", 3) is None  # curve west–south joins the T's east


def test_rivers_need_no_connection_but_never_meet_routes_or_exits():
    b = Board()
    assert b.placement_problem("W1", "D3", 0) is None
    assert "rivers never connect to exits" in b.placement_problem("W1", "A1", 0)
    b.place("A4", "A1", 0)
    assert "rivers never connect to routes" in b.placement_problem("W1", "B1", 0)
    assert b.placement_problem("W1", "A0", 1) is None  # east–west river beside A1's blank side


def test_water_never_against_a_route_end_unless_the_option_allows():
    b = Board()
    b.place("A4", "A1", 0)  # highway ends at B1
    assert "routes meet a lake only through a pier" in b.placement_problem("L0", "B1", 0)
    assert b.placement_problem("L0", "B1", 0, water_blocks_routes=False) is None
    assert b.placement_problem("L4", "B1", 2) is None  # the highway pier faces north and joins


def test_lakes_need_no_connection():
    assert Board().placement_problem("L2", "D3", 0) is None


# --- the game: rounds, required results, specials ------------------------------------

def test_a_round_rolls_four_results_shared_by_all_players():
    game = ink.new_game(players=3, seed=5)
    assert len(game.rolled) == 4 and all(r[0] == "A" for r in game.rolled[:3]) and game.rolled[3][0] == "B"
    assert game.open_results == [game.rolled] * 3
    assert game.setup_events[0].kind == "rolled"


def test_every_rolled_result_must_be_drawn_when_possible():
    game = ink.new_game(seed=5)
    message = refused(game, FinishRound(), "must_draw")
    assert "each still fits" in message and "For example: railway curve (A0) on " in message
    while game.open_results[0]:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place) and a.tile in game.open_results[0]))
    events = game.apply(FinishRound())
    assert game.round == 2 and kinds(events) == ["round_finished", "rolled"]


def test_the_refusal_to_finish_names_every_result_still_to_draw_not_just_one():
    from zuzlab import texts

    game = ink.new_game(seed=5).set_up(roll=["A0", "A0", "A1", "B1"])
    assert str(game.finish_refusal()).startswith(
        "You must still draw these 4 results, as each still fits: railway curve (A0) ×2, railway straight (A1), "
        "curved station (B1). For example: railway curve (A0) on ")
    for _ in range(3):  # both railway curves and the straight
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place) and a.tile in ("A0", "A1")))
    message = refused(game, FinishRound(), "must_draw")
    assert message.startswith("You must still draw this result, as it still fits: curved station (B1). "
                              "For example: on ")
    assert texts.refusal(game.finish_refusal(), "de").startswith(
        "Du musst dieses Ergebnis noch zeichnen, denn es passt noch: Kurvenbahnhof (B1). Ein Beispiel: auf ")
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place) and a.tile == "B1"))
    assert game.finish_refusal() is None and FinishRound() in game.legal_actions()


def test_a_result_that_cannot_be_drawn_is_skipped():
    game = ink.new_game(seed=5)
    game.boards[0] = Board.from_anu("".join(f"S2{r}{c}0" for r in "ABCDEFG" for c in range(7)))  # full
    assert game.legal_actions() == [FinishRound()]
    rolled = list(game.rolled)
    events = game.apply(FinishRound())
    assert events[0].skipped == rolled


def test_illegal_drawings_are_refused_with_their_reason():
    game = ink.new_game(seed=5)
    tile = game.open_results[0][0]
    refused(game, Place(tile, "D3", 0), "illegal_placement", match="must join")
    refused(game, Place(tile, "Z9", 0), "bad_square", match="not a square")
    refused(game, Place(tile, "A1", 9), "bad_orientation")
    refused(game, Place("Q7", "A1", 0), "unknown_tile")
    not_rolled = next(code for code in ("A0", "A1", "A2", "A3", "A4", "A5") if code not in game.rolled)
    refused(game, Place(not_rolled, "A1", 0), "not_rolled", match="Not a result you can still draw this round: ")


def test_one_special_a_round_each_once_three_a_game():
    game = ink.new_game(seed=5)
    game.apply(Place("S2", "A1", 0))  # crossing on the top highway exit
    assert game.specials_used[0] == ["S2"]
    refused(game, special_place(game, "S3"), "special_per_round", match="Only one special route a round")
    finish_round(game)
    refused(game, Place("S2", "D0", 0), "special_used", match="Each special route may be drawn once a game")
    for special in ("S3", "S5"):
        game.apply(special_place(game, special))
        finish_round(game)
    assert game.specials_used[0] == ["S2", "S3", "S5"]
    refused(game, Place("S0", "D0", 3), "specials_per_game", match="At most 3")
    assert not [a for a in game.legal_actions() if isinstance(a, Place) and a.tile in ink.rules.INK.specials]


def test_specials_per_round_is_a_rule_parameter():
    from dataclasses import replace

    game = ink.new_game(replace(ink.rules.INK, specials_per_round=2), seed=5)
    game.apply(Place("S2", "A1", 0))
    game.apply(special_place(game, "S3"))  # a second special in the same round
    assert game.specials_used[0] == ["S2", "S3"]
    refused(game, special_place(game, "S5"), "special_per_round", match="At most 2 special routes a round")


def special_place(game, special):
    """A legal drawing of ``special`` (it must be open to the player to be found)."""
    board = game.boards[game._current]
    for index in range(49):
        for o in board.legal_orientations(special, index):
            return Place(special, ink.square_name(index), o)
    raise AssertionError(f"{special} fits nowhere")


def finish_round(game):
    """Draw every result that still fits, then finish."""
    while True:
        required = [a for a in game.legal_actions() if isinstance(a, Place) and a.tile in game.open_results[game._current]]
        if not required:
            break
        game.apply(required[0])
    game.apply(FinishRound())


def test_seven_rounds_or_six_with_an_expansion():
    for expansion, rounds in ((None, 7), ("river", 6), ("lake", 6)):
        game = ink.new_game(expansion, seed=2)
        while not game.is_over:
            finish_round(game)
        assert game.round == rounds
        assert {p.round for p in game.boards[0].squares if p} <= set(range(1, rounds + 1))
        refused(game, FinishRound(), "game_over")


def test_expansion_results_are_optional_zero_to_two():
    game = ink.new_game("river", seed=3)
    assert len(game.rolled_extra) == 2 and all(code[0] == "W" for code in game.rolled_extra)
    for code in game.rolled_extra:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Place) and a.tile == code))
    third = "W1" if "W1" not in game.rolled_extra else "W0"
    refused(game, Place(third, "D3", 0), "not_rolled")
    finish_round(game)  # the route results are still required; the extras were optional
    assert game.round == 2


def test_players_draw_in_turn_then_the_next_round_is_rolled():
    game = ink.new_game(players=2, seed=4)
    finish_round(game)
    assert game.current_player == 1 and game.round == 1
    finish_round(game)
    assert game.current_player == 0 and game.round == 2


def test_a_ruleset_option_reaches_the_score():
    rules = replace(ink.rules.INK, loop_rule="trail", rounds=2)
    game = ink.new_game(rules, seed=1)
    while not game.is_over:
        finish_round(game)
    assert game.round == 2
    assert game.final_scores()[0] == ink.score(game.boards[0], loop_rule="trail")


def test_bad_rulesets_and_player_counts():
    with pytest.raises(ValueError, match="loop_rule must be one of"):
        replace(ink.rules.INK, loop_rule="spiral")
    with pytest.raises(ValueError, match="one or more players"):
        ink.new_game(players=0)
    with pytest.raises(ValueError, match="no Railroad Ink ruleset called 'sea'"):
        ink.new_game("sea")


def test_a_ruleset_with_an_unknown_special_or_a_die_without_faces_is_refused_when_made():
    # the unknown special was taken, and failed later with a KeyError from the texts
    with pytest.raises(ValueError, match=r"ruleset 'ink': unknown special route 'S9' \(known: S0, S1, S2, S3, S4, S5\)"):
        replace(ink.rules.INK, specials=("S2", "S9"))
    with pytest.raises(ValueError, match="ruleset 'ink': unknown special route 'S9'"):
        ink.rules.InkRules.from_dict({**ink.rules.INK.to_dict(), "specials": ["S9"]})
    with pytest.raises(ValueError, match="ruleset 'ink': a die needs at least one face"):  # was an IndexError
        replace(ink.rules.INK, dice=(ink.rules.ROUTE_DIE, ()))


def test_a_route_against_the_wrong_exit_is_refused_in_german_naming_the_exit():
    from zuzlab import texts

    railway_west = next(o for o in range(8) if ink.turned("A1", o).edges[3] == "R")
    texts.set_language("de")
    try:
        assert Board().placement_problem("A1", "D0", railway_west) == \
            "Die Eisenbahn an der Westseite träfe auf einen Autobahn-Ausgang: Autobahnen und Eisenbahnen treffen sich nie."
    finally:
        texts.set_language("en")


# --- set-up boards: only what play can give ---------------------------------------------

FULL_BOARD = "".join(f"A4{row}{column}0" for row in "ABCDEFG" for column in range(7))


@pytest.mark.parametrize("boards, round, problem", [
    ({0: "A1A10"}, 2, r"boards\[0\]: on A1 this tile cannot be drawn in any order of drawings: railway straight "
                      r"\(A1\)\. The railway on its north side would meet a highway exit"),
    ({0: "A4A10A4D30"}, 2, r"boards\[0\]: on D3 .*: highway straight \(A4\)\. On D3 this drawing would join nothing"),
    ({0: "A4A10A1B10"}, 2, r"on B1 .*: railway straight \(A1\)\. The railway on its north side would meet a highway:"),
    ({0: "S0A10S0A50"}, 3, r"boards\[0\]: special station with three highways \(S0\) is drawn on A1 and on A5: "
                           r"each special route may be drawn once a game"),
    ({0: FULL_BOARD}, 1, r"boards\[0\]: 49 tiles from the dice with the faces A0, A1, A2, A3, A4, A5; player 0 can "
                         r"have drawn at most 0 of them by now \(3 a round, and no round is finished yet: it is round 1\)"),
    ({0: FULL_BOARD}, 7, r"49 tiles .* at most 18 of them by now \(3 a round, and 6 rounds are finished"),
    ({0: "B2A10B2A50"}, 2, r"2 tiles from the dice with the faces B0, B1, B2; .* at most 1 of them"),
    ({0: "S0A10S3B00S2D00"}, 3, r"3 special routes \(S0, S3, S2\); player 0 can have drawn at most 2 by now "
                                r"\(3 a game, 1 a round, and 2 rounds are finished"),
    ({0: "S0A10S3B00S2D00S1F00"}, 7, r"4 special routes \(S0, S3, S2, S1\); player 0 can have drawn at most 3"),
    ({1: "A4A10"}, 1, r"boards\[1\]: 1 tile from the dice .* at most 0 of them"),
])
def test_a_set_up_board_play_cannot_give_is_refused_by_player_square_and_rule(boards, round, problem):
    game = ink.new_game(players=2, seed=3)
    before = game.copy()
    with pytest.raises(ValueError, match=problem):
        game.set_up(boards=boards, round=round)
    assert game == before
    assert ink.score(Board.from_anu(boards[min(boards)]))  # any board can still be scored


def test_a_set_up_board_is_refused_in_german_too():
    from zuzlab import texts

    with pytest.raises(texts.InputError) as refusal:
        ink.new_game(seed=3).set_up(boards={0: "A1A10"}, round=2)
    assert refusal.value.in_language("de") == (
        "boards[0]: auf A1 lässt sich dieses Plättchen in keiner Reihenfolge der Zeichnungen zeichnen: gerade "
        "Eisenbahn (A1). Die Eisenbahn an der Nordseite träfe auf einen Autobahn-Ausgang: Autobahnen und "
        "Eisenbahnen treffen sich nie.")
    with pytest.raises(texts.InputError) as refusal:
        ink.new_game(seed=3).set_up(boards={0: "S0A10S3B00S2D00S1F00"}, round=7)
    assert refusal.value.in_language("de") == (
        "boards[0]: 4 Sonderrouten (S0, S3, S2, S1); Spieler 0 kann bisher höchstens 3 gezeichnet haben (3 pro "
        "Partie, 1 pro Runde, und 6 Runden sind beendet: Es ist Runde 7)")


def test_the_rounds_finished_count_for_the_players_before_the_one_to_draw():
    game = ink.new_game(players=2, seed=3).set_up(boards={0: "A4A10"}, current=1)  # player 0 has drawn round 1
    assert game.boards[0] == Board.from_anu("A4A10") and game.finished == [True, False]


def test_the_special_routes_on_a_set_up_board_are_used():
    game = ink.new_game(seed=5).set_up(boards={0: "A4A10S2D00"}, round=2)
    assert game.specials_used[0] == ["S2"]
    assert "S2" not in game.drawable(0)
    refused(game, Place("S2", "A5", 0), "special_used", match="Each special route may be drawn once a game")
    # three specials on the board: no fourth can be drawn
    game = ink.new_game(seed=5).set_up(boards={0: "S0A10S3B00S2D00"}, round=4)
    assert game.specials_used[0] == ["S0", "S3", "S2"]
    assert not [a for a in game.legal_actions() if isinstance(a, Place) and a.tile in ink.rules.INK.specials]
    refused(game, Place("S5", "A5", 0), "specials_per_game", match="At most 3")


def test_specials_used_must_name_the_special_routes_on_the_board():
    game = ink.new_game(seed=5)
    before = game.copy()
    with pytest.raises(ValueError, match=r"specials_used\[0\]: \['S2'\], but the special routes on the board are "
                                         r"\['S0', 'S2'\]"):
        game.set_up(boards={0: "S0A10S2D00"}, round=3, specials_used={0: ["S2"]})
    assert game == before
    game.set_up(boards={0: "S0A10S2D00"}, round=3, specials_used={0: ["S2", "S0"]})  # the order drawn
    assert game.specials_used[0] == ["S2", "S0"]


# Lake tiles around two squares that fill: C3 (A4, a highway north to B3) joins nothing
# but the highway pier of D3, whose water fills D2. B3 fills when the last of A3, B2 and
# B4 is drawn, and it must come after C3, or the highway would end against water.
P = ink.Placement
LAKE_BOARD = {"A3": P("L0", 2), "B2": P("L0", 1), "B3": P("LF", 0), "B4": P("L0", 3), "C2": P("L0", 2),
              "C3": P("A4", 0), "D1": P("L0", 1), "D2": P("LF", 0), "D3": P("L5", 3)}


def test_a_set_up_board_with_water_needs_an_order_of_its_lake_tiles_that_draws_it():
    board = Board(LAKE_BOARD)
    drawn = Board()
    for square in ("A3", "B2", "B4"):  # B3 fills: the highway on C3 can no longer be drawn
        drawn.place(board[square].code, square, board[square].orientation)
    assert drawn["B3"].code == "LF" and drawn.placement_problem("A4", "C3", 0, explain=False)[0] == "route_water"
    game = ink.new_game("lake", seed=1).set_up(boards={0: board}, round=4)  # D3, C3, then B4 last: it can
    assert game.boards[0] == board


@pytest.mark.parametrize("change, problem", [
    ({"B3": None}, "B3 is empty, but it faces water on three sides, so it would have filled with water at once"),
    ({"F6": P("LF", 0)}, "F6 holds full water, but no order of drawings fills it"),
    ({"C3": P("A1", 0)}, r"on C3 .*railway straight \(A1\)\. The railway on its south side would meet a highway"),
])
def test_a_set_up_board_with_water_play_cannot_give_is_refused(change, problem):
    game = ink.new_game("lake", seed=1)
    before = game.copy()
    with pytest.raises(ValueError, match=problem):
        game.set_up(boards={0: Board({**LAKE_BOARD, **change})}, round=4)
    assert game == before


def test_a_set_up_board_holds_only_tiles_of_the_ruleset():
    with pytest.raises(ValueError, match=r"boards\[0\]: water on one side \(L0\) on A3 is on no die of the ruleset "
                                         r"ink and is none of its special routes"):
        ink.new_game(seed=1).set_up(boards={0: Board({"A3": P("L0", 2)})}, round=2)


def test_when_drawing_gets_stuck_a_broken_rule_is_named_before_water_poured_on_a_tile_before_joining_nothing():
    """The reasons the order search gives when it finds no order (every board refused
    so far is refused before it: this is its safeguard, checked on a board half drawn)."""
    from zuzlab import texts
    from zuzlab.ink.reachable import _stuck

    board = Board({"A3": P("L0", 2), "B2": P("L0", 1), "B3": P("A4", 0), "B4": P("L0", 3)})
    half_drawn = Board({"A3": P("L0", 2), "B2": P("L0", 1)})
    # B3 joins nothing yet, and B4's water would fill B3 (water may meet routes in this variant)
    assert texts.text("error.in_field", where="boards[0]", problem=_stuck(board, half_drawn, False)) == (
        "boards[0]: on B4 this tile cannot be drawn in any order of drawings: water on one side (L0). Its water "
        "would fill B3, where the board has highway straight (A4) (an empty square that faces water on three "
        "sides fills at once)")
    # where water blocks routes, the highway against the water of A3 is named first
    assert "would end against water" in texts.text("error.in_field", where="boards[0]",
                                                   problem=_stuck(board, half_drawn, True))
