"""The renderers' scene models, checked in Python (no browser): maps, the Card Game
table, and the Railroad Ink board in every orientation of every tile."""

import math
from collections import Counter

import pytest

from zuzlab import cardgame, ink, ttr, viz
from zuzlab.ink.tiles import DISTINCT_ORIENTATIONS, FACES, VARIANTS
from zuzlab.viz.ink_canvas import MARGIN, Shape, ink_scene, tile_shapes


# --- Ticket to Ride maps ---------------------------------------------------------------------

def test_every_route_is_a_row_of_cars():
    for name in ("usa", "europe", "switzerland"):
        board = ttr.load_map(name)
        cars = viz.map_scene(name)["cars"]
        assert Counter(cars["route"]) == {r.id: r.length for r in board.routes}


def test_cities_stand_at_their_projected_positions():
    cities = viz.map_scene("usa")["cities"]
    x = dict(zip(cities["name"], cities["x"]))
    y = dict(zip(cities["name"], cities["y"]))
    assert x["Seattle"] < x["Denver"] < x["Chicago"] < x["New York"]
    assert y["Miami"] < y["Atlanta"] < y["Chicago"] < y["Winnipeg"]
    swiss = viz.map_scene("switzerland")["cities"]
    assert Counter(swiss["kind"]) == {"city": 34, "border": 17}


def test_double_tracks_lie_side_by_side():
    board = ttr.load_map("usa")
    scene = viz.map_scene("usa")
    cars = scene["cars"]
    width = scene["geometry"]["car_width"][0]
    first = {r: [] for r in (4, 5)}  # Atlanta–New Orleans, yellow and orange
    for i, route in enumerate(cars["route"]):
        if route in first:
            first[route].append((cars["x"][i], cars["y"][i], cars["angle"][i]))
    for (xa, ya, angle_a), (xb, yb, angle_b) in zip(first[4], first[5]):
        assert math.isclose(angle_a, angle_b)
        assert math.isclose(math.hypot(xa - xb, ya - yb), 1.5 * width, rel_tol=1e-6)
    single = board.route(2)
    assert single.double_with is None


def test_tunnels_dashed_and_ferries_marked():
    cars = viz.map_scene("europe")["cars"]
    dashed = Counter(route for route, dash in zip(cars["route"], cars["dash"]) if dash == "dashed")
    board = ttr.load_map("europe")
    assert dashed == {r.id: r.length for r in board.routes if r.tunnel}
    assert len(viz.map_scene("europe")["ferry_marks"]["x"]) == 17


def test_a_game_shows_trains_and_stations():
    game = ttr.play_random_game("europe", players=3, seed=2)
    scene = viz.map_scene(game, player=1)
    owners = Counter(scene["trains"]["owner"])
    assert owners == Counter({p: sum(game.map.route(r).length for r, o in game.claimed.items() if o == p)
                              for p in range(3)})
    assert set(scene["trains"]["fill"]) <= set(viz.PLAYER_COLORS)
    assert len(scene["stations"]["x"]) == len(game.stations) > 0


def test_a_players_tickets_show_whether_they_are_complete():
    game = ttr.play_random_game("usa", players=3, seed=5)
    scene = viz.map_scene(game, player=1)
    assert len(scene["tickets"]["x0"]) == len(game.tickets[1])
    scored = {str(t.ticket): t.completed for t in game.final_scores()[1].tickets}
    assert dict(zip(scene["tickets"]["label"], scene["tickets"]["complete"])) == scored
    on_ticket = {name for name, flag in zip(scene["cities"]["name"], scene["cities"]["on_ticket"]) if flag}
    board = game.map
    assert on_ticket == {c for t in game.tickets[1] for c in (board.ticket(t).origin, *board.ticket(t).destinations)}


def test_map_figure_has_its_layers_and_hover():
    from bokeh.models import HoverTool

    fig = viz.map_figure("switzerland")
    names = {r.name for r in fig.renderers}
    assert {"cars", "trains", "ferry_marks", "cities", "city_names", "stations", "tickets"} <= names
    assert any(isinstance(tool, HoverTool) for tool in fig.tools)


def test_figures_carry_bokehjs_inline():
    from bokeh.embed import file_html
    from bokeh.resources import INLINE

    page = file_html(viz.map_figure("usa"), INLINE, "usa")
    assert "cdn.bokeh.org" not in page and "Bokeh" in page


def test_show_displays_the_figure_once_as_a_widget(monkeypatch):
    import IPython.display
    from jupyter_bokeh import BokehModel

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *items: shown.extend(items))
    assert viz.show(viz.map_figure("usa")) is None  # nothing for the cell to show a second time
    assert len(shown) == 1 and isinstance(shown[0], BokehModel)


def test_update_map_figure_follows_the_game():
    game = ttr.new_game("usa", players=2, seed=1)
    fig = viz.map_figure(game)
    assert len(fig.select_one({"name": "trains"}).data_source.data["x"]) == 0
    finished = ttr.play_random_game("usa", players=2, seed=1)
    viz.update_map_figure(fig, finished)
    trains = fig.select_one({"name": "trains"}).data_source.data
    assert len(trains["x"]) == sum(finished.map.route(r).length for r in finished.claimed)


# --- the Card Game table -------------------------------------------------------------------

def test_card_game_table():
    game = cardgame.play_random_game(players=3, seed=4)
    scene = viz.table_scene(game)
    zones = Counter(scene["zone"])
    assert zones["face_up"] == sum(1 for c in game.cards.face_up if c)
    assert zones["hand"] == sum(1 for p in range(3) for n in game.hands[p].values() if n)
    assert zones["yard"] == sum(len(sets) for p in range(3) for sets in game.yards[p].values())  # a card per set
    hidden = viz.table_scene(game, reveal=0)
    backs = [z for z, fill, player in zip(hidden["zone"], hidden["fill"], hidden["player"])
             if fill == viz.cardgame_table.CARD_COLORS["back"] and player in (1, 2)]
    assert Counter(backs) == {"hand": 2, "track": 2}  # the others' hands and piles stay secret
    assert viz.table_figure(game).select_one({"name": "cards"}) is not None


def test_card_game_table_names_every_card_and_keeps_sets_apart():
    from zuzlab import texts

    game = cardgame.new_game(players=2, seed=3)
    game.set_up(hands={0: {"red": 2, "locomotive": 1}}, yards={1: {"blue": [3, (1, 1)]}}, current=0)
    scene = viz.table_scene(game)
    hand = {name: label for zone, player, name, label in zip(scene["zone"], scene["player"], scene["name"], scene["label"])
            if zone == "hand" and player == 0}
    assert hand == {"red": "2", "locomotive": "1"}
    yard = [(name, label) for zone, name, label in zip(scene["zone"], scene["name"], scene["label"]) if zone == "yard"]
    assert yard == [("blue", "3"), ("blue", "1+1L")]  # two sets of one colour: two cards, oldest first
    assert [n for z, n in zip(scene["zone"], scene["name"]) if z == "face_up"] == [texts.term(c) for c in game.cards.face_up]
    try:
        texts.set_language("de")
        german = viz.table_scene(game)
        labels = viz.cardgame_table.table_labels(game)["text"]
    finally:
        texts.set_language("en")
    assert "rot" in german["name"] and "Lokomotive" in german["name"] and "Verschiebebahnhof" in labels


def test_card_game_table_frames_a_train_wreck():
    from zuzlab.viz.cardgame_table import FRAMES

    game = cardgame.new_game(players=3, seed=2)
    game.set_up(hands={0: {"red": 4}, 1: {"yellow": 3}, 2: {"white": 2}}, yards={1: {"red": [2]}, 2: {"red": [3]}},
                current=0)
    wreck = next(e for e in game.apply(cardgame.PlaySet("red", 4, 0)) if e.kind == "train_wreck")
    scene = viz.table_scene(game, wrecks=[wreck])
    cards = list(zip(scene["zone"], scene["player"], scene["label"], scene["line_color"]))
    assert [(p, label) for zone, p, label, _ in cards if zone == "wrecked"] == [(1, "✕ 2"), (2, "✕ 3")]
    assert {line for zone, *_, line in cards if zone == "wrecked"} == {FRAMES["wrecked"][0]}
    assert [(p, label, line) for zone, p, label, line in cards if zone == "yard"] == [(0, "4", FRAMES["wrecker"][0])]
    assert not any(zone == "wrecked" for zone in viz.table_scene(game)["zone"])  # no wreck given: no frames
    assert viz.table_figure(game, wrecks=[wreck]).title.text == "Turn 2"


# --- score tables ------------------------------------------------------------------------------

def test_score_table_headers_sit_over_their_columns():
    import re

    table = cardgame.play_random_game(players=3, seed=2).final_scores()._repr_html_()
    heads = re.findall(r"<th style='[^']*text-align:(\w+)[^']*'>([^<]*)</th>", table)
    first_row = re.search(r"<tbody><tr>(.*?)</tr>", table).group(1)
    cells = re.findall(r"<td style='[^']*text-align:(\w+)[^']*'>([^<]*)</td>", first_row)
    assert [h for _, h in heads] == list(cardgame.play_random_game(players=3, seed=2).final_scores().rows()[0])
    assert [align for align, _ in heads] == [align for align, _ in cells]  # each header aligned as its column
    assert dict((h, a) for a, h in heads)["fulfilled"] == "right" and "padding" in table


# --- the Railroad Ink board ------------------------------------------------------------------

SIDE_POINT = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
STYLE_OF = {"H": "highway", "R": "railway", "W": "river"}


def ends(shape: Shape) -> list[tuple[float, float]]:
    p = shape.points
    return [(p[0], p[1]), (p[-2], p[-1])]


@pytest.mark.parametrize("code", sorted(FACES))
def test_every_tile_in_every_orientation_draws_its_edges(code):
    square = 24  # D3: origin (MARGIN + 3, MARGIN + 3)
    x0 = y0 = MARGIN + 3
    drawings = set()
    for orientation in range(8):
        variant = VARIANTS[code, orientation]
        shapes = tile_shapes(square, variant, round_number=2)
        for side, edge in enumerate(variant.edges):
            point = (x0 + SIDE_POINT[side][0], y0 + SIDE_POINT[side][1])
            if edge in STYLE_OF:
                assert any(s.style == STYLE_OF[edge] and any(math.isclose(px, point[0]) and math.isclose(py, point[1])
                                                              for px, py in ends(s)) for s in shapes), (code, orientation, side)
            elif edge == "":
                assert not any(s.style in ("highway", "railway", "river") and any(
                    math.isclose(px, point[0]) and math.isclose(py, point[1]) for px, py in ends(s)) for s in shapes)
        water = sum(edge == "L" for edge in variant.edges)
        assert sum(s.style == "water" for s in shapes) == (1 if water == 4 else water)
        assert [s.text for s in shapes if s.style == "round"] == ["2"]
        drawings.add(tuple(sorted((s.kind, s.style, tuple(round(v, 6) for v in s.points)) for s in shapes)))
    assert len(drawings) == len(DISTINCT_ORIENTATIONS[code])  # each distinct orientation looks different


def test_stations_piers_and_crossings_are_marked():
    assert any(s.style == "station" for s in tile_shapes(0, VARIANTS["B0", 0]))
    assert not any(s.style == "station" for s in tile_shapes(0, VARIANTS["B2", 0]))
    assert any(s.style == "gap" for s in tile_shapes(0, VARIANTS["B2", 0]))  # the overpass
    assert any(s.style == "gap" for s in tile_shapes(0, VARIANTS["W2", 0]))  # the bridge
    assert any(s.style == "pier" for s in tile_shapes(0, VARIANTS["L4", 0]))
    assert any(s.style == "station" for s in tile_shapes(0, VARIANTS["S5", 0]))


def test_board_scene_has_exits_centre_highlights_and_errors():
    board = ink.Board.from_anu("A4A10A4B10")
    scene = ink_scene(board, {"best": ["A1", "B1"]}, [("B1", "south")])
    assert sum(s.style == "centre" for s in scene) == 9
    exit_shapes = [s for s in scene if s.square and s.square.startswith("exit")]
    assert len({s.square for s in exit_shapes}) == 12
    assert sum(s.style == "best" for s in scene) == 2
    assert [s.square for s in scene if s.style == "error"] == ["B1"]


class RecordingCanvas:
    """Stands in for an ipycanvas Canvas and records what is drawn."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args, **kwargs: self.calls.append(name)

    def __setattr__(self, name, value):
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(f"set {name}")


def test_draw_scene_sends_every_shape():
    from ipycanvas import Canvas

    board = ink.play_random_game("lake", seed=3).boards[0]
    scene = ink_scene(board)
    recorder = RecordingCanvas()
    viz.draw_scene(recorder, scene)
    drawn = Counter(recorder.calls)
    kinds = Counter(s.kind for s in scene)
    assert drawn["fill_rect"] == kinds["rect"] and drawn["stroke_line"] == kinds["line"]
    assert drawn["quadratic_curve_to"] == kinds["curve"] and drawn["fill_polygon"] == kinds["polygon"]
    assert drawn["fill_text"] == kinds["text"]
    viz.draw_scene(Canvas(width=400, height=400), scene)  # a real canvas without a browser: no error


def test_a_click_finds_its_square():
    board_canvas = viz.InkCanvas(scale=50)
    assert board_canvas.square_at((MARGIN + 3.5) * 50, (MARGIN + 2.5) * 50) == "C3"
    assert board_canvas.square_at(5, 5) is None


def test_frames_are_drawn_over_the_tiles_even_on_water():
    board = ink.Board()
    for tile, square, o in [("L0", "C3", 2), ("L0", "C4", 2), ("L0", "E3", 0), ("L0", "E4", 0), ("L0", "D2", 1)]:
        board.place(tile, square, o)
    scene = ink_scene(board, frames={"frame": ["D3"]})
    water = max(i for i, s in enumerate(scene) if s.style == "water" and s.square == "D3")
    frame = next(i for i, s in enumerate(scene) if s.style == "frame")
    assert scene[frame].kind == "frame" and scene[frame].square == "D3" and frame > water
    recorder = RecordingCanvas()
    viz.draw_scene(recorder, scene)
    assert recorder.calls.count("stroke_rect") == 1


def test_water_fill_steps_fill_one_square_a_step_as_place_does():
    from zuzlab.ink import steps

    drawings = [("L0", "C3", 2), ("L0", "C4", 2), ("L0", "E3", 0), ("L0", "E4", 0), ("L0", "D2", 1)]
    stream = list(steps.water_fill_steps(drawings))
    assert [(s.kind, s.square) for s in stream if s.kind == "fill"] == [("fill", "D3"), ("fill", "D4")]
    assert stream[-1].result == ("D3", "D4") and stream[5].detail["sides"] == ["north", "south", "west"]
    assert stream[4].detail["board"].squares[ink.board.square_index("D3")] is None  # before the fill
    board = ink.Board()
    for tile, square, o in drawings:
        board.place(tile, square, o)
    assert stream[-1].detail["board"].to_dict() == {k: [c, o, None] for k, (c, o, _) in board.to_dict().items()}
