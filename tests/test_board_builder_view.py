"""The board builder view (``zuzlab.widgets.board_builder_view``, issue 29), driven by its
methods as taps drive it, without a browser: what each tap does to the builder's board and
to the figure's data, refusals said and the board left as it was; and the land outline it
draws on (``zuzlab.viz.land``): the shipped file, its crop to a board's area, the projection
of the map figures, and the conversion that makes the file from the registry package."""

from __future__ import annotations

import copy
import io
import json
import math
import tarfile

import pytest

from zuzlab import texts, ttr
from zuzlab.ttr import ticket_maker
from zuzlab.ttr.board_builder import BoardBuilder
from zuzlab.viz import land
from zuzlab.viz.board_draft import LAND_MARGIN, area_of
from zuzlab.viz.ttr_map import ROUTE_COLORS, figure_frame, project
from zuzlab.widgets import BoardBuilderView

USA = ttr.load_map("usa")
BAVARIA = (47.3, 8.9, 50.6, 13.9)  # south, west, north, east
MÜNCHEN, AUGSBURG, NÜRNBERG = (48.14, 11.58), (48.37, 10.90), (49.45, 11.08)


@pytest.fixture(autouse=True)
def in_english_and_views_forgotten():
    """Each test reads English; the views it made stop following the language switch."""
    texts.set_language("en")
    listening = list(texts._listeners)
    yield
    texts._listeners[:] = listening
    texts.set_language("en")


def place(view: BoardBuilderView, name: str, lat: float | None = None, lon: float | None = None) -> None:
    """Type ``name`` and tap the land where it lies (a USA city by default)."""
    if lat is None or lon is None:
        lat, lon = USA.cities[name].lat, USA.cities[name].lon
    view.mode = "city"
    view.city_name.value = name
    view.tap_at(lat, lon)


def join(view: BoardBuilderView, a: str, b: str) -> None:
    view.mode = "route"
    view.tap_city(a)
    view.tap_city(b)


def usa_view(*cities: str) -> BoardBuilderView:
    view = BoardBuilderView(name="mine", around="usa")
    for name in cities:
        place(view, name)
    return view


def rows(view: BoardBuilderView, source: str) -> list[dict]:
    data = view.map.sources[source].data
    return [dict(zip(data, values)) for values in zip(*data.values())]


# --- taps -----------------------------------------------------------------------------------

def test_a_tap_on_the_land_places_the_named_city_there_and_draws_it():
    view = usa_view()
    view.city_name.value = " Denver "
    view.tap_at(39.74, -104.99)
    assert view.builder.data["cities"] == [{"name": "Denver", "lat": 39.74, "lon": -104.99}]
    assert [(r["name"], r["x"], r["y"]) for r in rows(view, "cities")] == [
        ("Denver", *view.map.xy(39.74, -104.99))]
    assert view.city_name.value == "" and not view.refused  # ready for the next name
    assert view.said == "Denver placed at latitude 39.74, longitude -104.99."


def test_a_tap_in_the_browser_is_read_as_the_city_the_route_or_the_land_under_it():
    view = usa_view("Denver", "Omaha")
    x, y = view.map.xy(37.0, -100.0)
    view.city_name.value = "Dodge"
    view.tap_xy(x, y)  # the land: a city where the tap's x/y lie on the earth
    assert view.builder.city("Dodge") == {"name": "Dodge", "lat": 37.0, "lon": -100.0}
    denver, omaha = (view.map.xy(USA.cities[n].lat, USA.cities[n].lon) for n in ("Denver", "Omaha"))
    view.city_name.value = "Denver 2"
    view.tap_xy(denver[0] + 0.05, denver[1])  # a few pixels off Denver is Denver
    assert "Denver 2" not in {c["name"] for c in view.builder.data["cities"]}
    assert view.said == "Denver is here already: tap an empty place for a new city."
    view.mode = "route"
    view.tap_xy(*denver)
    view.tap_xy(*omaha)
    (route,) = view.builder.data["routes"]
    assert (route["a"], route["b"]) == ("Denver", "Omaha")
    view.mode = "delete"
    car = rows(view, "cars")[1]
    view.tap_xy(car["x"], car["y"])  # on one of the route's cars
    assert view.builder.data["routes"] == []


def test_two_cities_tapped_make_a_route_of_the_suggested_length_and_colour():
    view = usa_view("Denver", "Omaha", "Kansas City")
    length, colour = view.builder.suggested_length("Denver", "Omaha"), view.builder.suggested_colour()
    assert (view.length.label, view.colour.value) == ("from the distance", colour)  # the options offer the suggestion
    view.mode = "route"
    view.tap_city("Denver")
    assert view.said.startswith("A route from Denver") and rows(view, "cities") and view.map.chosen.data["x"]
    view.tap_city("Omaha")
    (route,) = view.builder.data["routes"]
    assert (route["a"], route["b"], route["length"], route["color"]) == ("Denver", "Omaha", length, colour)
    assert (length, colour) == (4, "red")  # Denver–Omaha is 4 on the printed board too
    cars = rows(view, "cars")
    assert len(cars) == length and {car["fill"] for car in cars} == {ROUTE_COLORS[colour]}
    assert view.said == "Route Denver–Omaha (4 red) added."
    assert view.colour.value == view.builder.suggested_colour() != colour  # suggested anew for the next
    assert view.map.chosen.data["x"] == []


def test_the_route_options_set_are_taken_and_then_the_suggestions_come_back():
    view = usa_view("Seattle", "Portland")
    view.length.value, view.colour.value, view.tunnel.value, view.ferry.value = 2, "gray", True, 1
    join(view, "Seattle", "Portland")
    (route,) = view.builder.data["routes"]
    assert (route["length"], route["color"], route["tunnel"], route["ferry_locomotives"]) == (2, "gray", True, 1)
    assert len(view.map.sources["ferry_marks"].data["x"]) == 1
    assert rows(view, "cars")[0]["label"].startswith("Seattle–Portland, 2 gray, tunnel, ferry")  # its tooltip
    assert view.length.label == "from the distance"


def test_the_same_two_cities_tapped_again_make_the_double_route_drawn_beside_the_first():
    view = usa_view("Denver", "Omaha")
    join(view, "Denver", "Omaha")
    join(view, "Omaha", "Denver")
    first, second = view.builder.routes_between("Denver", "Omaha")
    assert second["length"] == first["length"] and second["color"] != first["color"]
    assert view.said == (f"Route Omaha–Denver ({first['length']} {second['color']}) added: "
                         f"Omaha–Denver is a double route now.")
    cars = rows(view, "cars")
    by_route = {route: [(c["x"], c["y"]) for c in cars if c["route"] == route] for route in (first["id"], second["id"])}
    assert len(cars) == 2 * first["length"] and not set(by_route[first["id"]]) & set(by_route[second["id"]])
    legend = {item.name: item.visible for item in view.figure.select_one({"name": "legend"}).items}
    assert legend == {"tunnel": False, "ferry": False, "double": True}


def test_a_third_track_is_what_the_builder_makes_of_it_and_a_fourth_its_refusal():
    """The view only taps: the builder says how many tracks two cities may have (three)."""
    view = usa_view("Denver", "Omaha")
    for _ in range(3):
        join(view, "Denver", "Omaha")
    assert view.said.endswith("added: Denver–Omaha has three tracks now.")
    assert len({round(car["y"], 6) for car in rows(view, "cars")}) > 4  # three rows of cars, side by side
    before, cars = copy.deepcopy(view.builder.data), copy.deepcopy(view.map.sources["cars"].data)
    join(view, "Omaha", "Denver")
    assert view.refused and view.said == ("Omaha and Denver are joined by a triple route already; a board has at "
                                          "most 3 tracks between two cities.")
    assert view.builder.data == before and view.map.sources["cars"].data == cars


def test_a_city_dragged_moves_there_by_the_method_and_by_the_browser():
    view = usa_view("Denver", "Omaha")
    join(view, "Denver", "Omaha")
    view.mode = "move"
    view.drag_city("Denver", 39.0, -104.0)
    assert view.builder.city("Denver") == {"name": "Denver", "lat": 39.0, "lon": -104.0}
    assert view.said == "Denver moved to latitude 39.00, longitude -104.00."
    cars_before = copy.deepcopy(view.map.sources["cars"].data)
    # the browser's drag: the cities' data come back with Omaha's point moved
    data = dict(view.map.sources["cities"].data)
    x, y = view.map.xy(41.0, -96.5)
    data["x"] = [x if name == "Omaha" else old for name, old in zip(data["name"], data["x"])]
    data["y"] = [y if name == "Omaha" else old for name, old in zip(data["name"], data["y"])]
    view.map.sources["cities"].data = data
    assert view.builder.city("Omaha") == {"name": "Omaha", "lat": 41.0, "lon": -96.5}
    assert view.map.sources["cars"].data["x"] != cars_before["x"]  # the route follows its city


def test_a_drag_the_builder_refuses_is_drawn_back():
    view = usa_view("Denver")
    drawn = copy.deepcopy(view.map.sources["cities"].data)
    data = dict(view.map.sources["cities"].data, y=[95.0])  # beyond the pole
    view.map.sources["cities"].data = data
    assert view.builder.city("Denver")["lat"] == USA.cities["Denver"].lat and view.refused
    assert view.said.startswith("(95.0, ") and "is not on the earth" in view.said
    assert view.map.sources["cities"].data["y"] == drawn["y"]


def test_a_tap_deletes_a_city_with_its_routes_or_a_route_alone():
    view = usa_view("Denver", "Omaha", "Chicago")
    join(view, "Denver", "Omaha")
    join(view, "Omaha", "Chicago")
    view.mode = "delete"
    route = view.builder.routes_between("Denver", "Omaha")[0]
    view.tap_route(route["id"])
    assert [(r["a"], r["b"]) for r in view.builder.data["routes"]] == [("Omaha", "Chicago")]
    assert view.said == f"Route Denver–Omaha ({route['length']} {route['color']}) deleted."
    view.tap_city("Chicago")
    assert [c["name"] for c in view.builder.data["cities"]] == ["Denver", "Omaha"] and not view.builder.data["routes"]
    assert view.said == "Chicago deleted, and the route that led there."
    assert rows(view, "cars") == [] and [r["name"] for r in rows(view, "cities")] == ["Denver", "Omaha"]


def test_undo_takes_each_step_back_and_then_says_there_is_nothing_to_undo():
    view = usa_view("Denver", "Omaha")
    join(view, "Denver", "Omaha")
    steps = []
    for _ in range(3):
        steps.append(copy.deepcopy(view.builder.data))
        view.undo()
    assert [len(s["routes"]) for s in steps] == [1, 0, 0] and [len(s["cities"]) for s in steps] == [2, 2, 1]
    assert view.builder.data["cities"] == [] and rows(view, "cities") == []
    before = copy.deepcopy(view.builder.data)
    view.undo()
    assert view.refused and view.said == "Nothing to undo: the board is as it was begun."
    assert view.builder.data == before


def test_undo_of_a_routes_first_city_forgets_the_half_made_route():
    view = usa_view("Denver", "Omaha")
    view.mode = "route"
    view.tap_city("Omaha")
    view.undo()  # Omaha's placing
    assert view.first is None and view.map.chosen.data["x"] == []


@pytest.mark.parametrize("refusal", ["no name", "a name twice", "off the earth", "another length", "the same city",
                                     "nothing to delete", "tickets without routes", "no file name",
                                     "a folder that is not there"])
def test_every_refusal_is_said_and_leaves_the_board_as_it_was(refusal, tmp_path):
    view = usa_view("Denver", "Omaha")
    join(view, "Denver", "Omaha")
    before, cities = copy.deepcopy(view.builder.data), copy.deepcopy(view.map.sources["cities"].data)
    said = {
        "no name": lambda: place(view, "  ", 40.0, -100.0),
        "a name twice": lambda: place(view, "Omaha", 40.0, -100.0),
        "off the earth": lambda: place(view, "Nowhere", 40.0, -200.0),
        "another length": lambda: (setattr(view.length, "value", 2), join(view, "Omaha", "Denver")),
        "the same city": lambda: (setattr(view, "mode", "route"), view.tap_city("Denver"), view.tap_city("Denver")),
        "nothing to delete": lambda: (setattr(view, "mode", "delete"), view.tap_at(35.0, -90.0)),
        "tickets without routes": lambda: (view.builder.remove_route(0), view.refresh(), view.make_tickets()),
        "no file name": lambda: view.save(" "),
        "a folder that is not there": lambda: view.save(tmp_path / "not-there" / "mine.json"),
    }
    expected = {
        "no name": "Type the new city's name in the box first, then tap the map.",
        "a name twice": "The board has a city 'Omaha' already: give the new one another name.",
        "off the earth": "(40.0, -200.0) is not on the earth: latitude from -90 to 90, longitude from -180 to 180.",
        "another length": "The double route of Omaha–Denver has the length of its first track, 4.",
        "the same city": "No route from Denver after all: tap a city to start a route.",
        "nothing to delete": "Nothing here to delete: tap a city or a route.",
        "tickets without routes": "Tickets need routes: join the cities by routes first.",
        "no file name": "Give the file a name first.",
        "a folder that is not there": f"{tmp_path / 'not-there' / 'mine.json'} could not be saved: "
                                      f"No such file or directory.",
    }
    said[refusal]()
    if refusal == "tickets without routes":
        before["routes"] = []
        before["tickets"] = []
    assert view.said == expected[refusal]
    assert view.refused == (refusal not in ("the same city", "nothing to delete"))  # those two are hints
    assert view.builder.data == before
    if refusal != "tickets without routes":
        assert view.map.sources["cities"].data == cities


def test_a_refusal_is_said_in_the_readers_language_and_follows_the_switch():
    view = usa_view("Denver")
    place(view, "Denver", 40.0, -100.0)
    assert view.said == "The board has a city 'Denver' already: give the new one another name."
    texts.set_language("de")
    assert view.said == "Der Spielplan hat schon eine Stadt 'Denver': Gib der neuen einen anderen Namen."
    assert "Der Spielplan hat schon" in view.status.value
    assert [label for label, _ in view.modes.options] == ["Stadt setzen", "Strecke hinzufügen", "Stadt verschieben",
                                                          "löschen"]
    assert view.mode == "city" and view.undo_button.description == "zurücknehmen"


def test_the_figure_is_redrawn_in_place():
    view = usa_view()
    figure, sources = view.figure, dict(view.map.sources)
    place(view, "Denver")
    place(view, "Omaha")
    join(view, "Denver", "Omaha")
    assert view.figure is figure and view.map.sources == sources
    assert all(view.map.sources[name] is sources[name] for name in sources)
    assert len(rows(view, "cars")) == 4 and len(rows(view, "cities")) == 2


def test_tickets_are_made_for_the_board_checked_and_saved_to_a_file_the_game_loads(tmp_path):
    view = usa_view("Denver", "Omaha", "Kansas City", "Chicago", "Saint Louis")
    for a, b in [("Denver", "Omaha"), ("Omaha", "Kansas City"), ("Kansas City", "Saint Louis"),
                 ("Omaha", "Chicago"), ("Chicago", "Saint Louis")]:
        join(view, a, b)
    view.seed.value = 3
    view.make_tickets()
    expected = ticket_maker.make_tickets(view.builder.draft(), trains=45, seed=3)
    assert [(t["from"], t["to"], t["points"]) for t in view.builder.data["tickets"]] == \
        [(t.origin, t.destinations[0], t.values[0]) for t in expected]
    assert view.said == f"{len(expected)} tickets made for players with 45 trains (seed 3); they are listed below."
    assert all(str(ticket) in view.report.value for ticket in expected)
    problems = view.check()
    assert problems == ttr.board_check.board_problems(view.builder.data, "usa") and problems  # too few tickets
    assert view.said.endswith("for the rules Ticket to Ride: USA, listed below.")
    assert all(texts.render(problem) in view.report.value for problem in problems)
    view.file_name.value = str(tmp_path / "mine")
    written = view.save()
    assert written == tmp_path / "mine.json" and view.said == f"Saved as {written}."
    loaded = ttr.load_map(written)
    assert set(loaded.cities) == {"Denver", "Omaha", "Kansas City", "Chicago", "Saint Louis"}
    assert len(loaded.routes) == 5 and len(loaded.tickets) == len(expected)


def test_a_board_that_plays_is_checked_fine_and_the_notebook_can_go_on_with_its_builder():
    builder = BoardBuilder("usa")
    builder.data = USA.to_dict()  # the printed board, as a board of one's own
    view = BoardBuilderView(builder, rules="usa")
    assert view.check() == [] and view.report.value == "<ul style='margin:2px 0'></ul>"
    assert view.said == "The board plays by the rules Ticket to Ride: USA: no problem found."
    assert view.builder is builder
    builder.remove_city("Miami")  # in code
    view.refresh()
    assert "Miami" not in view.map.sources["cities"].data["name"]


def test_the_view_opens_around_the_builders_own_cities():
    builder = BoardBuilder("bayern")
    for name, (lat, lon) in (("München", MÜNCHEN), ("Nürnberg", NÜRNBERG)):
        builder.add_city(name, lat, lon)
    view = BoardBuilderView(builder)
    frame = figure_frame(view.figure)
    for lat, lon in (MÜNCHEN, NÜRNBERG):
        x, y = view.map.xy(lat, lon)
        assert frame.x_start < x < frame.x_end and frame.y_start < y < frame.y_end
    assert frame.y_end - frame.y_start < 3  # a close view, not the USA


def test_a_view_of_unknown_rules_or_of_an_area_not_on_the_earth_is_refused_when_it_is_made():
    with pytest.raises(texts.InputError, match="no Ticket to Ride variant called 'usaa'"):
        BoardBuilderView(rules="usaa")
    with pytest.raises(texts.InputError, match=r"cannot show the area around \(95, 0, 96, 1\)"):
        BoardBuilderView(around=(95, 0, 96, 1))
    texts.set_language("de")
    with pytest.raises(texts.InputError, match=r"Die Karte kann das Gebiet um \(1, 2, 3\) nicht zeigen"):
        BoardBuilderView(around=(1, 2, 3))


# --- the land -----------------------------------------------------------------------------

def test_the_shipped_outline_is_small_and_every_ring_is_closed():
    assert land.OUTLINE.stat().st_size < 400_000
    data = json.loads(land.OUTLINE.read_text(encoding="utf-8"))
    assert "Natural Earth" in data["source"] and "world-atlas" in data["source"]
    rings = [ring for polygon in data["polygons"] for ring in polygon]
    assert len(data["polygons"]) > 500 and all(len(ring) >= 4 and ring[0] == ring[-1] for ring in rings)
    assert all(-90 <= lat <= 90 and -180 <= lon <= 180 for ring in rings for lat, lon in ring)


def inside(point: tuple[float, float], ring: list) -> bool:
    """Whether (x, y) lies inside a ring of (x, y) points (even–odd rule)."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def on_land(columns: dict, point: tuple[float, float]) -> bool:
    return any(inside(point, list(zip(xs[0][0], ys[0][0]))) for xs, ys in zip(columns["xs"], columns["ys"]))


@pytest.mark.parametrize("around", ["usa", BAVARIA], ids=["usa", "bavaria"])
def test_the_land_is_cropped_to_the_figure_and_its_margin_and_drawn_where_the_land_is(around):
    view = BoardBuilderView(name="mine", around=around)
    frame = figure_frame(view.figure)
    columns = view.map.land.data_source.data
    assert columns["xs"]
    width, height = frame.x_end - frame.x_start, frame.y_end - frame.y_start
    xs = [x for row in columns["xs"] for polygon in row for ring in polygon for x in ring]
    ys = [y for row in columns["ys"] for polygon in row for ring in polygon for y in ring]
    slack = LAND_MARGIN * 1.01
    assert frame.x_start - slack * width <= min(xs) and max(xs) <= frame.x_end + slack * width
    assert frame.y_start - slack * height <= min(ys) and max(ys) <= frame.y_end + slack * height
    if around == "usa":
        assert on_land(columns, view.map.xy(38.5, -98.0))  # Kansas
        assert not on_land(columns, view.map.xy(25.0, -90.0))  # the Gulf of Mexico
        assert not on_land(columns, view.map.xy(35.0, -130.0))  # the Pacific
    else:
        assert all(on_land(columns, view.map.xy(*city)) for city in (MÜNCHEN, AUGSBURG, NÜRNBERG))
    assert view.figure.select_one({"name": "land"}).level == "image"  # behind the board


def test_the_projection_is_the_map_figures_own():
    points, _ = project(USA)
    projection = land.Projection.of(USA)
    for name in ("Seattle", "Miami", "Denver"):
        city = USA.cities[name]
        assert projection.xy(city.lat, city.lon) == pytest.approx(points[name])
        assert projection.lat_lon(*points[name]) == pytest.approx((city.lat, city.lon))


def test_an_area_is_the_board_padded():
    area = area_of("usa")
    lats = [c.lat for c in USA.cities.values()]
    assert area.south < min(lats) and area.north > max(lats)
    assert area_of((48.0, 11.0, 48.0, 11.0)).north - area_of((48.0, 11.0, 48.0, 11.0)).south >= 1.0


def test_a_ring_is_cut_to_the_area_and_closed_along_its_edge():
    square = [(0.0, 0.0), (0.0, 4.0), (4.0, 4.0), (4.0, 0.0), (0.0, 0.0)]
    cut = land.clip_ring(square, land.Area(1.0, 1.0, 2.0, 5.0))
    assert cut[0] == cut[-1] and {p for p in cut} == {(1.0, 1.0), (1.0, 4.0), (2.0, 4.0), (2.0, 1.0)}
    assert land.clip_ring(square, land.Area(10.0, 10.0, 11.0, 11.0)) == []


# --- making the outline from the package ----------------------------------------------------

#: a TopoJSON as world-atlas writes it, small: a square island (lon 10–12, lat 40–42, a line
#: of points along its south side to simplify away) with a square lake (arc 1, drawn the
#: other way round: the polygon names it ~1), and a tiny triangular island (too small to keep)
TINY_TOPOLOGY = {
    "type": "Topology",
    "transform": {"scale": [0.25, 0.125], "translate": [10.0, 40.0]},
    "objects": {"land": {"type": "GeometryCollection", "geometries": [
        {"type": "Polygon", "arcs": [[0], [~1]]},
        {"type": "MultiPolygon", "arcs": [[[2]]]},
    ]}},
    "arcs": [
        [[0, 0], [2, 0], [2, 0], [2, 0], [2, 0], [0, 16], [-8, 0], [0, -16]],
        [[2, 4], [2, 0], [0, 4], [-2, 0], [0, -4]],
        [[20, 20], [1, 0], [0, 1], [-1, -1]],
    ],
}
OUTLINE = [[40.0, 10.0], [40.0, 12.0], [42.0, 12.0], [42.0, 10.0], [40.0, 10.0]]
LAKE = [[40.5, 10.5], [41.0, 10.5], [41.0, 11.0], [40.5, 11.0], [40.5, 10.5]]


def test_the_topojson_is_decoded_into_lat_lon_rings():
    polygons = land.topology_polygons(TINY_TOPOLOGY)
    assert len(polygons) == 2
    outline, lake = polygons[0]
    assert outline == [(40.0, 10.0), (40.0, 10.5), (40.0, 11.0), (40.0, 11.5), (40.0, 12.0), (42.0, 12.0),
                       (42.0, 10.0), (40.0, 10.0)]
    assert lake == [tuple(point) for point in LAKE]  # arc 1 backwards
    assert polygons[1] == [[(42.5, 15.0), (42.5, 15.25), (42.625, 15.25), (42.5, 15.0)]]


def test_the_outline_is_simplified_small_islands_left_out_and_rounded():
    assert land.simplified(land.topology_polygons(TINY_TOPOLOGY), tolerance=0.01, smallest=0.1) == [[OUTLINE, LAKE]]
    assert land.simplify([(0.0, 0.0), (0.0, 1.0), (0.05, 2.0), (0.0, 3.0)], 0.1) == [(0.0, 0.0), (0.0, 3.0)]
    assert land.simplified([[[(0.0, 0.0), (0.0, 1.004), (1.0, 1.0), (0.0, 0.0)]]], 0.0, 0.1, digits=2) == \
        [[[[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 0.0]]]]


def test_the_make_command_writes_the_outline_from_a_packed_release(tmp_path):
    """``python -m zuzlab.viz.land --tarball …``: the file from a tarball as ``npm pack``
    writes it (no network: the command packs the release with npm only without one)."""
    tarball = tmp_path / "world-atlas-2.0.2.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        body = json.dumps(TINY_TOPOLOGY).encode()
        member = tarfile.TarInfo(f"package/{land.TOPOLOGY}")
        member.size = len(body)
        archive.addfile(member, io.BytesIO(body))
    output = tmp_path / "land.json"
    land.main(["--tarball", str(tarball), "--output", str(output)])
    made = json.loads(output.read_text(encoding="utf-8"))
    assert made["polygons"] == [[OUTLINE, LAKE]]  # the tiny island left out
    assert made["tolerance"] == land.TOLERANCE and "world-atlas 2.0.2" in made["source"]
    assert output.read_text(encoding="utf-8").count("\n") == len(made["polygons"]) + 2  # one polygon a line
    assert math.isclose(land.ring_area(made["polygons"][0][0]), 4.0)
