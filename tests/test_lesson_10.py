"""Lesson 10, Railroad Ink scoring as a graph lesson: the board as pieces of track, the
teaching versions against the exact scoring on many boards, the three tasks (reference
passes; wrong answers, exceptions and endless loops are each refused with a clear
message), the drawing of a failing case, and the step views."""

import inspect
import itertools
from collections import deque

import pytest

from zuzlab import ink, lessons, texts
from zuzlab.lessons import check
from zuzlab.lessons.ink_scoring import HAND_BOARDS, board_cases, random_board
from zuzlab.lessons.solutions import count_errors, joined_by_square, longest_railway, network_exits
from zuzlab.lessons.ink_tracks import Piece, Tracks
from zuzlab.widgets.ink_lesson import InkLessonView, describe, lesson_steps, network_scene

#: the board the notebook shows: three networks, an overpass (A3), a station (D3), two open ends
DEMO = "A5A14 A4A21 B2A31 A4A41 A5A50 A1B30 A1C30 B1D35 A3D41 A4D51 A4D61 A0B03 A1C00"
TASK_NAMES = ("ink_errors", "ink_networks", "ink_longest_railway")
TEACHING = {"ink_errors": count_errors, "ink_networks": network_exits, "ink_longest_railway": longest_railway}


def many_boards():
    """Boards of seeded games (three bots) and random boards: not the hidden cases."""
    for seed in range(20, 40):
        yield ink.play_game(seed=seed, bots="greedy" if seed % 2 else "random").boards[0]
    for seed in range(3):
        yield ink.play_game(seed=seed, bots="lookahead").boards[0]
    for seed in range(40, 80):
        yield random_board(seed, tiles=10 + seed % 40)


# --- the board as a graph ------------------------------------------------------------------

def test_an_overpass_is_two_pieces_and_a_station_one():
    tracks = Tracks(ink.Board.from_anu(DEMO))
    overpass = tracks.at("A3")
    assert [piece.tracks for piece in overpass] == [{"east": "highway", "west": "highway"},
                                                    {"north": "railway", "south": "railway"}]
    assert overpass[1].exits == ("top 3",) and overpass[0].exits == ()
    (station,) = tracks.at("D3")
    assert station.tracks == {"north": "railway", "east": "highway"}
    assert set(tracks.neighbours(station)) == {tracks.at("C3")[0], tracks.at("D4")[0]}
    assert tracks.across(overpass[1], "south") == tracks.at("B3")[0]
    assert tracks.across(overpass[1], "east") is None  # the railway piece has no east side


def test_facing_names_border_empty_and_the_neighbours_edge():
    tracks = Tracks(ink.Board.from_anu(DEMO))
    (tee,) = tracks.at("D4")
    assert {side: tracks.facing(tee, side) for side in tee.tracks} == {
        "east": "highway", "south": "empty", "west": "highway"}
    assert tracks.facing(tracks.at("A1")[0], "north") == "border"
    # a blank side of the neighbouring tile reads "nothing", the other kind of track its name
    for text, facing in (("A5A14 A4A20", "nothing"), ("A5A14 A1A21", "railway"), ("A5A14 A4A21", "highway")):
        pair = Tracks(ink.Board.from_anu(text))
        assert pair.facing(pair.at("A1")[0], "east") == facing, text


def test_the_lesson_says_how_an_overpass_is_drawn_and_where_the_board_has_one():
    for lang, bridge in (("en", "drawn as a bridge"), ("de", "als Brücke gezeichnet")):
        words = texts.raw("explain.ink10.board", lang)
        assert bridge in words and words.index("overpass" if lang == "en" else "Überführung") < words.index(bridge)
        assert "A3" in words
    assert len(Tracks(ink.Board.from_anu(DEMO)).at("A3")) == 2  # the square it names is the overpass


def test_pieces_are_set_members_and_say_where_they_are():
    tracks = Tracks(ink.Board.from_anu(DEMO))
    assert len(set(tracks.pieces)) == len(tracks.pieces) == 14
    assert Piece("A3", 1) in set(tracks.pieces)
    assert repr(tracks.at("A3")[1]) == "<A3/1: north railway, south railway; top 3>"


def refusal(attempt) -> texts.InputError:
    """The kit's error ``attempt()`` raises: an ``InputError``, shown in a notebook as its
    message and the reader's line (``viz.errors``), not a traceback through the kit."""
    from zuzlab.viz import errors

    with pytest.raises(texts.InputError) as raised:
        attempt()
    lines = errors.brief(raised.value, raised.value.__traceback__)
    assert len(lines) == 2 and "zuzlab/" not in "\n".join(lines)
    return raised.value


def test_bad_input_is_refused_briefly_in_the_readers_language():
    string = refusal(lambda: Tracks("A4A10"))
    assert str(string) == ("Tracks needs a Railroad Ink board (zuzlab.ink.Board), not a text: read the board string "
                           "first, Tracks(ink.Board.from_anu('A4A10')).")
    assert string.in_language("de") == ("Tracks braucht ein Railroad-Ink-Spielbrett (zuzlab.ink.Board), keinen Text: "
                                        "Lies die Spielbrett-Zeichenkette zuerst ein, "
                                        "Tracks(ink.Board.from_anu('A4A10')).")
    nothing = refusal(lambda: Tracks(None))
    assert str(nothing) == "Tracks needs a Railroad Ink board (zuzlab.ink.Board), not a value of type NoneType."
    assert nothing.in_language("de") == ("Tracks braucht ein Railroad-Ink-Spielbrett (zuzlab.ink.Board), keinen Wert "
                                         "vom Typ NoneType.")
    tracks = Tracks(ink.Board.from_anu("A4A10"))
    piece = tracks.pieces[0]
    up = refusal(lambda: tracks.facing(piece, "up"))
    assert str(up) == ("'up' is not a side: the sides are north, east, south, west "
                       "(in German also nord, ost, süd, west).")
    oben = refusal(lambda: tracks.across(piece, "oben"))
    assert oben.in_language("de") == ("'oben' ist keine Seite: Die Seiten heißen north, east, south, west (auf Deutsch "
                                      "auch nord, ost, süd, west).")
    square = refusal(lambda: tracks.facing("A1", "north"))
    assert str(square) == "'A1' is not a piece: pass one from tracks.pieces or tracks.at(\"C3\")."
    assert square.in_language("de") == "'A1' ist kein Stück: Übergib eines aus tracks.pieces oder tracks.at(\"C3\")."
    assert refusal(lambda: tracks.neighbours("A1")).key == refusal(lambda: tracks.across(None, "north")).key
    assert tracks.facing(piece, "north") == "border" and tracks.neighbours(piece) == []  # right input: as before


def test_a_side_may_be_given_by_its_german_name():
    tracks = Tracks(ink.Board.from_anu(DEMO))
    (station,) = tracks.at("D3")
    for english, german in (("north", "nord"), ("east", "ost"), ("south", "süd"), ("west", "west")):
        assert tracks.facing(station, german) == tracks.facing(station, english)
        assert tracks.across(station, german) == tracks.across(station, english)
    assert tracks.across(station, "Nord") == tracks.at("C3")[0] and tracks.facing(station, "sued") == "empty"
    for english, german in (("north", "Norden"), ("east", "osten"), ("south", "Süden"), ("west", "westen")):
        assert tracks.facing(station, german) == tracks.facing(station, english)  # as in "nach Norden"


def test_the_graph_of_pieces_has_the_networks_as_components():
    import networkx as nx

    board = ink.Board.from_anu(DEMO)
    components = nx.connected_components(Tracks(board).graph())
    squares = sorted(tuple(sorted({piece.square for piece in c})) for c in components)
    assert squares == sorted(network.squares for network in ink.score(board).networks)


# --- the teaching versions -----------------------------------------------------------------

@pytest.mark.parametrize("function", TEACHING.values(), ids=TEACHING.keys())
def test_teaching_versions_are_short(function):
    assert len(inspect.getsource(function).splitlines()) <= 40


@pytest.mark.slow
def test_teaching_versions_agree_with_the_exact_scoring_on_many_boards():
    boards = list(many_boards())
    assert len(boards) == 63
    for board in boards:
        scored = ink.score(board)
        assert count_errors(board) == scored.errors, board.to_anu()
        assert network_exits(board) == sorted(len(n.exits) for n in scored.networks), board.to_anu()
        assert longest_railway(board) == scored.longest_railway, board.to_anu()
    # the boards are varied: networks with many exits, long railways, errors
    assert max(max(network_exits(b), default=0) for b in boards) >= 4
    assert max(longest_railway(b) for b in boards) >= 8


def test_the_demo_board_shows_what_the_lesson_says():
    board = ink.Board.from_anu(DEMO)
    scored = ink.score(board)
    assert network_exits(board) == [1, 2, 2] and count_errors(board) == 2
    highway = next(n for n in scored.networks if "top 1" in n.exits)
    railway = next(n for n in scored.networks if "top 3" in n.exits)
    assert "A3" in highway.squares and "A3" in railway.squares and highway != railway  # the overpass
    assert {"D3", "D6"} <= set(railway.squares) and "right D" in railway.exits  # the station joins
    assert {(e.square, e.side) for e in scored.error_details} == {("C0", "south"), ("D4", "south")}


# --- the tasks ------------------------------------------------------------------------------

def test_hidden_cases_are_seeded_and_cover_the_edge_cases():
    cases = board_cases()
    assert [case.name for case in cases][:len(HAND_BOARDS)] == [name for name, _ in HAND_BOARDS]
    assert len(cases) == 23 and board_cases() == cases
    assert all(isinstance(case.args[0], ink.Board) for case in cases)


def exits_counted_on_pop(board, first_out, neighbours_backward, pieces_backward):
    """The teacher's pitfall: a piece is marked seen when it comes out (``first_out``: of
    a queue, else of a stack), is not skipped when it comes out a second time, and its
    exits go in a list; the pieces and each piece's neighbours in either order."""
    tracks = Tracks(board)
    seen, counts = set(), []
    for start in tracks.pieces[::-1] if pieces_backward else tracks.pieces:
        if start in seen:
            continue
        waiting, exits = deque([start]), []
        while waiting:
            piece = waiting.popleft() if first_out else waiting.pop()
            seen.add(piece)
            exits += piece.exits
            neighbours = tracks.neighbours(piece)
            waiting.extend(other for other in (neighbours[::-1] if neighbours_backward else neighbours)
                           if other not in seen)
        counts.append(len(exits))
    return sorted(counts)


@pytest.mark.parametrize("order", list(itertools.product((True, False), repeat=3)),
                         ids=lambda order: "-".join(("queue" if order[0] else "stack",
                                                     "neighbours back" if order[1] else "neighbours",
                                                     "pieces back" if order[2] else "pieces")))
def test_an_exit_counted_twice_is_caught_in_any_order_of_the_search(order):
    """Whatever the order, the last piece of a loop to come out was put in by both its loop
    neighbours, so it is counted twice; one hidden board puts an exit on that piece for a
    queue (the far corner) and for a stack (the start's neighbour), in both corners."""
    wrong = [case.name for case in board_cases()
             if exits_counted_on_pop(case.args[0], *order) != network_exits(case.args[0])]
    assert "loops in two corners at two exits each" in wrong


def railway_from_its_ends(board):
    """The trial's accepted mistake: walks start only at railway ends (a piece with one
    railway neighbour), or anywhere when there is no end."""
    tracks = Tracks(board)

    def rail(piece):
        return [tracks.across(piece, side) for side, kind in piece.tracks.items()
                if kind == "railway" and tracks.across(piece, side) is not None]

    def walk(piece, path):
        return max([len(path)] + [walk(other, path | {other}) for other in rail(piece) if other not in path])

    railway = [piece for piece in tracks.pieces if "railway" in piece.tracks.values()]
    ends = [piece for piece in railway if len(rail(piece)) == 1]
    return max((walk(piece, {piece}) for piece in ends or railway), default=0)


def test_a_railway_search_from_the_ends_only_is_caught():
    wrong = {case.name: (railway_from_its_ends(case.args[0]), longest_railway(case.args[0]))
             for case in board_cases() if railway_from_its_ends(case.args[0]) != longest_railway(case.args[0])}
    assert wrong == {"two railway loops and a spur": (6, 9)}


@pytest.mark.parametrize("name", TASK_NAMES)
def test_the_teaching_version_passes(name):
    result = check(name, TEACHING[name])
    assert result.passed, [f.message for f in result.failures]
    assert result.cases_run == result.cases_total == 23
    assert result.drawing() is None


def test_a_wrong_answer_is_refused_with_a_clear_message_per_task():
    errors = check("ink_errors", lambda board: len(board.filled()))
    first = errors.failures[0]
    assert (first.kind, first.expected, first.got) == ("wrong", 0, 3)
    assert first.message == ("Case “a station joins a highway and a railway”: the board has 0 open ends (errors); "
                             "your function returned 3.")

    networks = check("ink_networks", joined_by_square)  # an overpass joins its two tracks
    failure = networks.failures[0]
    assert (failure.kind, failure.case.name, failure.got) == ("wrong", "an overpass keeps them apart", [3])
    assert failure.message == ("Case “an overpass keeps highway and railway apart”: the board has 2 networks; "
                               "your list has length 1 (it needs one number per network).")
    shifted = check("ink_networks", lambda board: [n + 1 for n in network_exits(board)])
    assert shifted.failures[0].message == ("Case “one highway tile”: the networks reach [1] exits (sorted); "
                                           "your function returned [2] (sorted).")
    railway = check("ink_longest_railway", lambda board: max(0, longest_railway(board) - 1))
    assert railway.failures[0].message == ("Case “a station joins a highway and a railway”: the longest railway "
                                           "has 2 squares; your function returned 1.")


def test_wrong_types_are_refused():
    assert "(a str)" in check("ink_errors", lambda board: "3").failures[0].message
    message = check("ink_networks", lambda board: 3).failures[0].message
    assert "it should return a list of whole numbers, one per network" in message
    assert "whole number of squares (an int)" in check("ink_longest_railway", lambda board: 2.0).failures[0].message


@pytest.mark.parametrize("name", TASK_NAMES)
def test_an_exception_is_refused_naming_the_error(name):
    def broken(board):
        return board.squares["C3"]  # a Board's squares are a list: TypeError

    result = check(name, broken)
    assert result.failures and all(f.kind == "error" for f in result.failures)
    assert "your function raised TypeError: list indices must be integers" in result.failures[0].message


@pytest.mark.parametrize("name", TASK_NAMES)
def test_the_stub_is_not_written_yet(name):
    def stub(board):
        raise NotImplementedError

    result = check(name, stub)
    assert [f.kind for f in result.failures] == ["not_written"]
    assert result.drawing() is None  # a picture would only give the first answer away


@pytest.mark.slow
def test_judge_messages_in_german():
    texts.set_language("de")
    try:
        result = check("ink_longest_railway", lambda board: max(0, longest_railway(board) - 1))
        assert result.failures[0].message == ("Testfall „ein Bahnhof verbindet Autobahn und Eisenbahn“: Die längste "
                                              "Eisenbahn hat 2 Felder; deine Funktion hat 1 zurückgegeben.")
        errors = check("ink_errors", lambda board: -1)
        assert errors.failures[0].message == ("Testfall „ein leeres Spielbrett“: Das Spielbrett hat 0 offene Enden "
                                              "(Fehler); deine Funktion hat -1 zurückgegeben.")
        assert errors.drawing().value == ("<div><i>Dieser Testfall ist ein leeres Spielbrett: Es gibt nichts zu "
                                          "zeichnen. Deine Funktion hat -1 zurückgegeben.</i></div>")
        picture = check("ink_errors", lambda board: 0).drawing()
        assert "Rote Punkte" in picture.children[2].value and "offenes Ende" in picture.children[1].value
        def up(board):
            tracks = Tracks(board)
            return sum(tracks.facing(piece, "oben") == "border" for piece in tracks.pieces)

        refused = check("ink_errors", up).failures[0].message  # raised in the worker, said in German
        assert "InputError ausgelöst: 'oben' ist keine Seite: Die Seiten heißen north, east, south, west" in refused
        typed = check("ink_networks", lambda board: {1, 2}).failures[0].message
        assert typed.endswith("Deine Funktion hat {1, 2} zurückgegeben (eine Menge vom Typ set); sie soll eine Liste "
                              "ganzer Zahlen, eine je Netz, zurückgeben.")
    finally:
        texts.set_language("en")


def test_the_first_failing_case_is_drawn_with_the_expected_answer_and_a_legend():
    result = check("ink_networks", lambda board: [0] * len(network_exits(board)))
    failure = result.failures[0]
    assert failure.case.name == "one highway"
    picture = result.drawing()
    canvas, legend, caption = picture.children
    assert "a network (one colour each)" in legend.value and "a dot on an exit" in legend.value
    assert "The exit counts: [1]. Your function returned [0]." in caption.value

    railway = check("ink_longest_railway", lambda board: 0).drawing()
    assert "Green: a longest railway, 2 squares. Your function returned 0." in railway.children[2].value
    errors = check("ink_errors", lambda board: 0).drawing()
    assert "Red dots: the open ends, 1 in all. Your function returned 0." in errors.children[2].value


def test_a_failing_case_scene_marks_the_expected_answer():
    board = ink.Board.from_anu(DEMO)
    scored = ink.score(board)
    shapes = network_scene(board, scored.networks, errors=[(e.square, e.side) for e in scored.error_details])
    exit_dots = [s for s in shapes if s.kind == "circle" and s.style.endswith("-exit")]
    assert sorted(s.square for s in exit_dots) == sorted(f"exit {e}" for n in scored.networks for e in n.exits)
    assert len({s.style for s in exit_dots}) == 3  # three networks with exits, three colours
    assert sum(1 for s in shapes if s.style == "error") == 2


def test_every_task_of_the_lesson_is_listed_in_order():
    assert [task.name for task in lessons.tasks_of("10")] == list(TASK_NAMES)


# --- the step views --------------------------------------------------------------------------

@pytest.mark.parametrize("part", ["networks", "errors", "railway"])
def test_lesson_steps_end_with_the_exact_score_and_every_step_draws(part):
    board = ink.Board.from_anu(DEMO) if part != "railway" else ink.play_game(seed=1, bots="greedy").boards[0]
    steps = list(lesson_steps(board, part))
    scored = ink.score(board)
    done = steps[-1]
    expected = {"networks": scored.networks, "errors": scored.error_details, "railway": scored.railway_path}[part]
    assert done.kind == "done" and done.result == expected
    view = InkLessonView(board, part)
    for step in steps:
        view.show(step)
        assert describe(step)
    assert view.canvas.shapes
    for lang in ("en", "de"):
        texts.set_language(lang)
        assert all(describe(step) for step in steps)
    texts.set_language("en")


def test_the_network_view_keeps_finished_networks_in_their_colours():
    board = ink.Board.from_anu(DEMO)
    steps = list(lesson_steps(board, "networks"))
    last_network = max(i for i, s in enumerate(steps) if s.kind == "network")
    assert len(steps[last_network].detail["finished"]) == 3
    view = InkLessonView(board, "networks")
    view.show(steps[last_network])
    colours = {s.style for s in view.canvas.shapes if s.style.startswith("net") and s.kind == "rect"}
    assert colours == {"net0", "net1", "net2"}
    assert describe(steps[last_network]) == "The network is complete: 2 squares, 1 exit, worth 0 points."
    assert describe(steps[-1]) == "Done: 3 networks, reaching 2, 2, 1 exits: 8 points for exits."
    texts.set_language("de")
    try:
        assert describe(steps[last_network]) == "Das Netz ist vollständig: 2 Felder, 1 Ausgang, 0 Punkte wert."
    finally:
        texts.set_language("en")


def test_a_railway_search_starts_a_path_not_a_network():
    steps = list(lesson_steps(ink.Board.from_anu(DEMO), "railway"))
    assert describe(steps[0]) == f"A new path starts in {steps[0].square}."


def test_error_captions_say_what_an_end_meets():
    steps = list(lesson_steps(ink.Board.from_anu(DEMO), "errors"))
    errors = [describe(s) for s in steps if s.kind == "error"]
    assert errors[0] == "C0, south side: the railway end meets an empty square: an open end, 1 error so far."
    texts.set_language("de")
    try:
        assert describe(steps[-1]) == "Fertig: 2 offene Enden, 2 Punkte Abzug."
        assert describe(next(s for s in steps if s.kind == "error")) == (
            "C0, Südseite: Das Ende der Eisenbahn trifft auf ein leeres Feld: ein offenes Ende, bisher 1 Fehler.")
    finally:
        texts.set_language("en")


def test_an_unknown_part_is_refused():
    with pytest.raises(ValueError, match="part must be one of 'networks', 'errors', 'railway', not 'river'"):
        list(lesson_steps(ink.Board.from_anu(DEMO), "river"))
    with pytest.raises(ValueError, match="part must be one of"):
        InkLessonView(ink.Board.from_anu(DEMO), "river")
