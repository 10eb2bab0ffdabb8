"""The renderers' scene models, checked in Python (no browser): maps, the Card Game
table, and the Railroad Ink board in every orientation of every tile."""

import math
from collections import Counter

import pytest

from generated_board import generated_board
from zuzlab import cardgame, ink, texts, ttr, viz
from zuzlab.viz import ttr_map
from zuzlab.ink.tiles import DISTINCT_ORIENTATIONS, FACES, TURNED_TILES
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
    assert not single.parallel


def test_the_three_tracks_of_a_triple_route_lie_side_by_side_the_middle_one_on_the_line():
    board = generated_board()
    scene = viz.map_scene(board)
    cars, width = scene["cars"], scene["geometry"]["car_width"][0]
    tracks = sorted(r.id for r in board.routes_between("Köln", "Düsseldorf"))
    first_car = {route: (cars["x"][i], cars["y"][i]) for i, route in reversed(list(enumerate(cars["route"])))}
    (xa, ya), (xb, yb), (xc, yc) = (first_car[track] for track in tracks)
    assert math.isclose(math.hypot(xa - xb, ya - yb), 1.5 * width, rel_tol=1e-6)
    assert math.isclose(math.hypot(xc - xb, yc - yb), 1.5 * width, rel_tol=1e-6)
    assert math.isclose(math.hypot(xa - xc, ya - yc), 3 * width, rel_tol=1e-6)  # in a row, the middle one between
    labels = [item.label.value for item in viz.map_figure(board).select_one({"name": "legend"}).items]
    assert "double and triple routes" in labels


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
    glyph_levels = {r.level for r in fig.renderers if r.name not in ("cities", "city_names")}
    assert glyph_levels == {"glyph"} and fig.select_one({"name": "city_names"}).level == "annotation"  # names on top


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


def _lab(colour: str) -> tuple[float, float, float]:
    """CIELAB of a "#rrggbb" colour, to compare colours as eyes do (distance ΔE)."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
              for c in (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))]
    x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def test_player_colours_stand_apart_from_the_route_colours():
    from itertools import combinations

    routes = list(viz.ROUTE_COLORS.values())
    closest_routes = min(math.dist(_lab(a), _lab(b)) for a, b in combinations(routes, 2))  # white and gray
    assert all(math.dist(_lab(p), _lab(r)) > closest_routes for p in viz.PLAYER_COLORS for r in routes)
    assert all(math.dist(_lab(a), _lab(b)) > closest_routes for a, b in combinations(viz.PLAYER_COLORS, 2))
    assert len(viz.PLAYER_NAMES) == len(viz.PLAYER_COLORS)


def test_claimed_routes_are_trains_in_their_owners_colour():
    game = ttr.play_random_game("europe", players=4, seed=3)
    scene = viz.map_scene(game, player=1)
    cars, trains = scene["cars"], scene["trains"]
    for route, owner in game.claimed.items():
        rows = [i for i, r in enumerate(trains["route"]) if r == route]
        assert len(rows) == game.map.route(route).length
        assert {trains["fill"][i] for i in rows} == {viz.PLAYER_COLORS[owner]}
        car_rows = [i for i, r in enumerate(cars["route"]) if r == route]  # each train covers its car
        assert [(trains["x"][i], trains["y"][i]) for i in rows] == [(cars["x"][i], cars["y"][i]) for i in car_rows]
    unclaimed = {r.id for r in game.map.routes} - set(game.claimed)
    assert unclaimed and not unclaimed & set(trains["route"])
    assert all(fill == viz.ROUTE_COLORS[game.map.route(r).color] for r, fill in zip(cars["route"], cars["fill"]))
    fig = viz.map_figure(game, player=1)
    train_glyph, car_glyph = fig.select_one({"name": "trains"}).glyph, fig.select_one({"name": "cars"}).glyph
    assert train_glyph.height > car_glyph.height and train_glyph.line_color == ttr_map.OUTLINE


def test_the_legend_names_players_and_what_the_map_shows_in_the_language():
    game = ttr.play_random_game("europe", players=3, seed=2)
    entries = dict(ttr_map.legend_entries(game, player=1))
    assert entries == {"player-0": "player 0", "player-1": "player 1 (you)", "player-2": "player 2",
                       "ticket": "ticket", "tunnel": "tunnel", "ferry": "ferry (○ locomotive)",
                       "station": "station", "double": "double route"}
    assert [kind for kind, _ in ttr_map.legend_entries("usa")] == ["double"]  # no tunnels, ferries or game
    fig = viz.map_figure(game, player=1)
    legend = fig.select_one({"name": "legend"})
    assert [item.label.value for item in legend.items] == list(entries.values())
    assert all(r.data_source.data["x"][0] != r.data_source.data["x"][0] for item in legend.items
               for r in item.renderers)  # NaN: drawn in the legend only
    texts.set_language("de")
    try:
        viz.update_map_figure(fig, game, player=1)
        assert fig.title.text == "Zug um Zug: Europa"
        assert [item.label.value for item in legend.items][:2] == ["Spieler 0", "Spieler 1 (du)"]
        assert viz.map_figure("usa").title.text == "Zug um Zug: USA (Grundspiel)"
    finally:
        texts.set_language("en")
    assert viz.map_figure("usa").title.text == "Ticket to Ride: USA (base game)"


def test_a_game_between_bots_has_no_you_in_its_legend_or_tooltips():
    game = ttr.play_game("usa", players=3, seed=2, bots="balanced")
    fig = viz.map_figure(game, player=1, you=False)
    labels = [item.label.value for item in fig.select_one({"name": "legend"}).items]
    assert labels[:3] == ["player 0", "player 1", "player 2"] and "ticket" in labels  # player 1's tickets shown
    tips = fig.select_one({"name": "cars"}).data_source.data["label"]
    assert not any("you" in tip for tip in tips) and any("player 1" in tip for tip in tips)
    viz.update_map_figure(fig, game, player=1)
    assert [item.label.value for item in fig.select_one({"name": "legend"}).items][1] == "player 1"


@pytest.mark.slow  # some 2 s: the quick loop stays under 3 minutes
def test_the_legend_fits_right_of_the_map_in_every_language():
    from zuzlab.viz.labels import text_extent

    game = ttr.play_random_game("europe", players=5, seed=1)
    legend = viz.map_figure(game, player=4).select_one({"name": "legend"})
    fixed = 2 * legend.margin + 2 * legend.padding + legend.glyph_width + legend.label_standoff
    for lang in texts.LANGUAGES:
        texts.set_language(lang)
        try:
            marks = [texts.text(f"label.{key}") for key in ("hint_plan", "tunnel_now")]  # the game view's marks
            widest = max(text_extent(label, ttr_map.FONT_PX)[0]
                         for label in [label for _, label in ttr_map.legend_entries(game, 4)] + marks)
        finally:
            texts.set_language("en")
        assert fixed + widest <= ttr_map.RIGHT_BORDER, lang


def test_a_route_tooltip_names_it_in_the_language():
    usa = ttr.load_map("usa")
    route = usa.route_between("Denver", "Omaha")
    assert ttr_map.route_text(route) == "Denver–Omaha, 4 pink"
    assert ttr_map.route_text(route, owner=2, you=0) == "Denver–Omaha, 4 pink, claimed by player 2 (brown)"
    ferry = next(r for r in ttr.load_map("europe").routes if r.ferry_locomotives == 2)
    assert ttr_map.route_text(ferry).endswith("gray, ferry (2 locomotives)")
    texts.set_language("de")
    try:
        assert ttr_map.route_text(route, owner=0, you=0) == "Denver–Omaha, 4 purpur, gehört dir (lila)"
        assert ttr_map.route_text(ferry).endswith("grau, Fähre (2 Lokomotiven)")
        assert set(viz.map_scene("usa")["cars"]["label"]) >= {"Denver–Omaha, 4 purpur"}
    finally:
        texts.set_language("en")


# --- city names ------------------------------------------------------------------------------

FIGURE_SIZES = [(900, 560), (760, 470)]  # map_figure's default, and the game view's


def label_boxes(name: str, width: int, height: int) -> tuple[list, list, ttr_map.Frame]:
    """Each city's label box and marker box (with room for a station), in canvas pixels."""
    from zuzlab.viz.labels import Spot, text_extent

    cities = viz.map_scene(name, width=width, height=height)["cities"]
    frame = ttr_map.map_frame(ttr.load_map(name), width, height)
    labels, markers = [], []
    for i, city in enumerate(cities["name"]):
        x, y = frame.pixel(cities["x"][i], cities["y"][i])
        spot = Spot(cities["label_x_offset"][i], cities["label_y_offset"][i], cities["label_align"][i],
                    cities["label_baseline"][i])
        labels.append(spot.box(x, y, *text_extent(city, ttr_map.FONT_PX)))
        # no station at a border
        half = (ttr_map.STATION_SIZE if cities["kind"][i] == "city" else ttr_map.CITY_SIZE) / 2
        markers.append((x - half, y - half, x + half, y + half))
    return labels, markers, frame


@pytest.mark.parametrize("size", FIGURE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_city_names_overlap_no_name_and_no_city(name, size):
    from zuzlab.viz.labels import overlap

    labels, markers, frame = label_boxes(name, *size)
    for i, box in enumerate(labels):
        assert all(overlap(box, other) < 1e-6 for j, other in enumerate(labels) if j != i)
        assert all(overlap(box, marker) < 1e-6 for marker in markers)  # not even its own city's station
        assert frame.left <= box[0] and box[2] <= frame.left + frame.width
        assert frame.top <= box[1] and box[3] <= frame.top + frame.height


def test_label_placement_spreads_a_crowd():
    from zuzlab.viz.labels import overlap, place_labels

    points = [(100, 100), (112, 104), (104, 114), (118, 118), (96, 122)]  # five cities in 25 pixels
    sizes = [(60, 12)] * 5
    spots = place_labels(points, sizes, markers=[10] * 5, bounds=(0, 0, 300, 300))
    boxes = [spot.box(x, y, w, h) for spot, (x, y), (w, h) in zip(spots, points, sizes)]
    assert all(overlap(a, b) == 0 for i, a in enumerate(boxes) for b in boxes[i + 1:])
    lonely = place_labels([(150, 150)], [(60, 12)], markers=[10], bounds=(0, 0, 300, 300))[0]
    assert (lonely.align, lonely.baseline) == ("left", "middle")  # right of its city when there is room


def test_border_points_stand_clear_of_their_cities():
    board = ttr.load_map("switzerland")
    frame = ttr_map.map_frame(board, 900, 560)
    points, _ = viz.project(board)
    pixel = {name: frame.pixel(*points[name]) for name in board.cities}
    for a, b in (("Kreuzlingen", "Deutschland 3"), ("Kreuzlingen", "Deutschland 4"),
                 ("Deutschland 3", "Deutschland 4"), ("Genève", "France 2"), ("Brusio", "Italia 2")):
        assert math.dist(pixel[a], pixel[b]) > 25, (a, b)
    latitude = {name: city.lat for name, city in board.cities.items()}
    assert latitude["Deutschland 3"] - latitude["Kreuzlingen"] < 0.01  # the data stays as it is


# --- tapping routes --------------------------------------------------------------------------

def test_tapping_a_route_calls_back_with_its_id():
    fig = viz.map_figure("usa")
    tapped = []
    ttr_map.on_route_tap(fig, tapped.append)
    source = fig.select_one({"name": "cars"}).data_source
    first_track, second_track = 4, 5  # Atlanta–New Orleans, yellow and orange
    for route in (second_track, first_track, first_track):  # the same route twice in a row too
        source.selected.indices = [source.data["route"].index(route) + 1]
        assert source.selected.indices == []
    assert tapped == [second_track, first_track, first_track]
    source.selected.indices = []  # a tap beside every route
    assert len(tapped) == 3


def test_a_tap_from_the_browser_calls_back_once():
    """As jupyter_bokeh applies the browser's selection (it calls the callbacks a second
    time after setting the value)."""
    from jupyter_bokeh import BokehModel

    fig = viz.map_figure("usa")
    tapped = []
    ttr_map.on_route_tap(fig, tapped.append)
    widget = BokehModel(fig)
    selected = fig.select_one({"name": "cars"}).data_source.selected
    row = fig.select_one({"name": "cars"}).data_source.data["route"].index(5)
    widget._sync_model(widget, {"event": "jsevent", "kind": "ModelChanged", "model": {"id": selected.id},
                                "attr": "indices", "new": [row]}, [])
    assert tapped == [5] and selected.indices == []


def test_tapping_a_city_calls_back_with_its_name_once_a_view_listens():
    from jupyter_bokeh import BokehModel
    from bokeh.models import TapTool

    fig = viz.map_figure("europe")
    cities = fig.select_one({"name": "cities"})
    tap = next(t for t in fig.tools if isinstance(t, TapTool))
    assert cities not in tap.renderers  # a map nobody listens to keeps its cities untappable
    tapped = []
    ttr_map.on_city_tap(fig, tapped.append)
    assert cities in tap.renderers and fig.select_one({"name": "cars"}) in tap.renderers
    widget = BokehModel(fig)
    row = cities.data_source.data["name"].index("Paris")
    widget._sync_model(widget, {"event": "jsevent", "kind": "ModelChanged",
                                "model": {"id": cities.data_source.selected.id}, "attr": "indices", "new": [row]}, [])
    assert tapped == ["Paris"] and cities.data_source.selected.indices == []


def test_routes_are_tappable_and_hover():
    from bokeh.models import HoverTool, TapTool

    fig = viz.map_figure("switzerland")
    cars = fig.select_one({"name": "cars"})
    assert any(isinstance(t, TapTool) and t.renderers == [cars] for t in fig.tools)
    assert any(isinstance(t, HoverTool) and t.renderers == [cars] and "@label" in t.tooltips for t in fig.tools)


def cars_at(fig, px: float, py: float) -> set[int]:
    """The routes whose cars cover canvas pixel (px, py), worked out like Bokeh's hit test."""
    frame = ttr_map.figure_frame(fig)
    x = frame.x_start + (px - frame.left) / frame.width * (frame.x_end - frame.x_start)
    y = frame.y_end - (py - frame.top) / frame.height * (frame.y_end - frame.y_start)
    cars = fig.select_one({"name": "cars"})
    data, height = cars.data_source.data, cars.glyph.height
    hit = set()
    for cx, cy, length, angle, route in zip(data["x"], data["y"], data["length"], data["angle"], data["route"]):
        along = (x - cx) * math.cos(angle) + (y - cy) * math.sin(angle)
        across = -(x - cx) * math.sin(angle) + (y - cy) * math.cos(angle)
        if abs(along) <= length / 2 and abs(across) <= height / 2:
            hit.add(route)
    return hit


@pytest.mark.slow
@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_route_pixel_lands_on_that_route_alone(name):
    fig = viz.map_figure(name, width=760, height=470)
    frame = ttr_map.figure_frame(fig)
    assert (frame.left, frame.top, frame.width, frame.height) == (8, 40, 760 - 8 - 165, 470 - 40 - 8)
    for route in ttr.load_map(name).routes:
        px, py = ttr_map.route_pixel(fig, route.id)
        assert frame.left < px < frame.left + frame.width and frame.top < py < frame.top + frame.height
        assert cars_at(fig, px, py) == {route.id}, route


def test_route_pixel_follows_a_pan():
    fig = viz.map_figure("usa")
    before = ttr_map.route_pixel(fig, 4)
    shift = (fig.x_range.end - fig.x_range.start) / 10
    fig.x_range.start += shift
    fig.x_range.end += shift
    after = ttr_map.route_pixel(fig, 4)
    assert math.isclose(before[0] - after[0], ttr_map.figure_frame(fig).width / 10) and before[1] == after[1]


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
    hand = {name: label
            for zone, player, name, label in zip(scene["zone"], scene["player"], scene["name"], scene["label"])
            if zone == "hand" and player == 0}
    assert hand == {"red": "2", "locomotive": "1"}
    yard = [(name, label) for zone, name, label in zip(scene["zone"], scene["name"], scene["label"]) if zone == "yard"]
    assert yard == [("blue", "3"), ("blue", "1+1L")]  # two sets of one colour: two cards, oldest first
    face_up = [n for z, n in zip(scene["zone"], scene["name"]) if z == "face_up"]
    assert face_up == [texts.term(c) for c in game.cards.face_up]
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
        variant = TURNED_TILES[code, orientation]
        shapes = tile_shapes(square, variant, round_number=2)
        for side, edge in enumerate(variant.edges):
            point = (x0 + SIDE_POINT[side][0], y0 + SIDE_POINT[side][1])
            if edge in STYLE_OF:
                assert any(s.style == STYLE_OF[edge]
                           and any(math.isclose(px, point[0]) and math.isclose(py, point[1]) for px, py in ends(s))
                           for s in shapes), (code, orientation, side)
            elif edge == "":
                assert not any(s.style in ("highway", "railway", "river") and any(
                    math.isclose(px, point[0]) and math.isclose(py, point[1]) for px, py in ends(s)) for s in shapes)
        water = sum(edge == "L" for edge in variant.edges)
        assert sum(s.style == "water" for s in shapes) == (1 if water == 4 else water)
        assert [s.text for s in shapes if s.style == "round"] == ["2"]
        drawings.add(tuple(sorted((s.kind, s.style, tuple(round(v, 6) for v in s.points)) for s in shapes)))
    assert len(drawings) == len(DISTINCT_ORIENTATIONS[code])  # each distinct orientation looks different


def test_stations_piers_and_crossings_are_marked():
    assert any(s.style == "station" for s in tile_shapes(0, TURNED_TILES["B0", 0]))
    assert not any(s.style == "station" for s in tile_shapes(0, TURNED_TILES["B2", 0]))
    assert any(s.style == "gap" for s in tile_shapes(0, TURNED_TILES["B2", 0]))  # the overpass
    assert any(s.style == "gap" for s in tile_shapes(0, TURNED_TILES["W2", 0]))  # the bridge
    assert any(s.style == "pier" for s in tile_shapes(0, TURNED_TILES["L4", 0]))
    assert any(s.style == "station" for s in tile_shapes(0, TURNED_TILES["S5", 0]))


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


def test_marked_routes_are_drawn_along_their_tracks_with_a_legend_entry():
    from bokeh.models import Legend

    board = ttr.load_map("europe")
    fig = viz.map_figure(board)
    route = board.route_between("Frankfurt", "Berlin", "red")
    marks = viz.mark_routes(fig, board, [route], "borrowed by the station in Frankfurt")
    x0, y0, x1, y1 = (marks.data_source.data[k][0] for k in ("x0", "y0", "x1", "y1"))
    cars = fig.select_one({"name": "cars"}).data_source.data
    xs = [x for x, r in zip(cars["x"], cars["route"]) if r == route.id]
    assert min(x0, x1) <= min(xs) and max(xs) <= max(x0, x1)  # the line runs along the route's own cars
    labels = [item.label.value for legend in fig.select({"type": Legend}) for item in legend.items]
    assert "borrowed by the station in Frankfurt" in labels


def test_route_marks_can_change_and_hide_their_legend_entry_when_empty():
    from zuzlab.viz.ttr_marks import RouteMarks

    board = ttr.load_map("usa")
    fig = viz.map_figure(board)
    marks = RouteMarks(fig, board, "planned")
    assert marks.shown == 0 and not marks.item.visible and marks.item in fig.select_one({"name": "legend"}).items
    marks.show([board.route_between("Denver", "Omaha"), board.route(6)], "the plan")
    assert marks.shown == 2 and marks.item.visible and marks.item.label.value == "the plan"
    marks.show([])
    assert marks.shown == 0 and not marks.item.visible


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


# --- the figures of lesson 05 ------------------------------------------------------------------

def test_a_zoomed_trail_shows_only_whole_names_and_gives_the_map_the_whole_width():
    from zuzlab.algorithms import longest_trail
    from zuzlab.viz import lesson_plots
    from zuzlab.viz.labels import Spot, text_extent

    usa = ttr.load_map("usa")
    trail = longest_trail(usa.random_network(trains=30, seed=4))
    fig = lesson_plots.trail_figure(usa, trail.edges, trail.cities, title="a title the toolbar must not cover")
    assert fig.toolbar_location is None and fig.select_one({"name": "legend"}) in fig.below
    frame = ttr_map.figure_frame(fig)
    assert frame.width == fig.width - 2 * ttr_map.SIDE_BORDER  # no column kept for a legend on the right
    assert math.isclose((fig.x_range.end - fig.x_range.start) / (fig.y_range.end - fig.y_range.start),
                        frame.width / frame.height)  # one scale for both directions
    names = set(lesson_plots.shown_names(fig))
    assert set(trail.cities) <= names and set(trail.cities) <= set(lesson_plots.shown_cities(fig))
    assert "Helena" not in names and len(names) < len(usa.cities)
    data = fig.select_one({"name": "city_names"}).data_source.data
    for i, name in enumerate(data["name"]):
        if name in names:
            spot = Spot(data["label_x_offset"][i], data["label_y_offset"][i], data["label_align"][i],
                        data["label_baseline"][i])
            x0, y0, x1, y1 = spot.box(*frame.pixel(data["x"][i], data["y"][i]), *text_extent(name, ttr_map.FONT_PX))
            assert frame.left <= x0 and x1 <= frame.left + frame.width, name
            assert frame.top <= y0 and y1 <= frame.top + frame.height, name
    whole = lesson_plots.trail_figure(usa, trail.edges, trail.cities, width=900, height=560, zoom=False)
    assert set(lesson_plots.shown_names(whole)) == set(usa.cities)


def test_the_growth_plot_says_in_numbers_what_pruning_saves_and_what_it_does_not():
    from zuzlab.viz import lesson_plots

    sizes, plain, pruned = [4, 8, 12], [10, 1000, None], [5, 400, 40]
    assert lesson_plots.growth_caption(sizes, plain, pruned) == [
        "Plain backtracking walks 2.0 to 2.5 times as many routes as the search with pruning.",
        "But both lines climb: from 4 to 8 routes the work grew about 100-fold without pruning, about 80-fold with it."]
    assert lesson_plots.growth_caption([4, 8], [10, None], [0, 0]) == []  # nothing both searches finished
    fig = lesson_plots.growth_figure(sizes, plain, pruned, limit=5000)
    below = [panel.text for panel in fig.below if hasattr(panel, "text")]
    assert " ".join(below) == " ".join(lesson_plots.growth_caption(sizes, plain, pruned))  # wrapped, all of it
    assert fig.height > lesson_plots.growth_figure(sizes, [10, None, None], [0, 0, 0], limit=5000).height
    texts.set_language("de")
    try:
        german = lesson_plots.growth_figure(sizes, plain, pruned, limit=5000)
        assert german.yaxis[0].major_label_overrides[1000] == "1.000"  # grid lines written out, not 10³
        assert "2,0- bis 2,5-mal" in lesson_plots.growth_caption(sizes, plain, pruned)[0]
    finally:
        texts.set_language("en")


@pytest.mark.parametrize("cities", [
    [("A", 50.0, 8.0)],                                          # a board begun: one city
    [("A", 50.0, 8.0), ("B", 50.0, 9.0), ("C", 50.0, 10.0)],     # cities on one latitude
    [("A", 48.0, 8.0), ("B", 49.0, 8.0)],                        # on one longitude
])
def test_a_board_being_made_is_drawn_whatever_its_cities_line_up_like(cities):
    from zuzlab.ttr.board_builder import BoardBuilder

    builder = BoardBuilder("draft")
    for name, lat, lon in cities:
        builder.add_city(name, lat, lon)
    for (a, *_), (b, *_) in zip(cities, cities[1:]):
        builder.add_route(a, b)
    frame = ttr_map.figure_frame(viz.map_figure(builder.draft()))  # once divided by a span of zero
    cities = viz.map_scene(builder.draft())["cities"]
    assert all(frame.x_start < x < frame.x_end for x in cities["x"])  # every city inside the frame
    assert all(frame.y_start < y < frame.y_end for y in cities["y"])
