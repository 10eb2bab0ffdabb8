"""The map files: counts against the published board facts, and clear errors for broken files."""

import json
import re
from collections import Counter

import pytest

from zuzlab import ttr
from zuzlab.ttr.maps import TRAIN_COLORS, MapError, builtin_maps, maps_dir

# The counts table the map must match (cities, routes, distinct city pairs, double
# pairs, total length, tunnels, ferries, tickets, ticket points min/max/sum).
USA_COUNTS = dict(cities=36, routes=100, pairs=78, doubles=22, length=309, tunnels=0, ferries=0,
                  tickets=30, min_points=4, max_points=22, sum_points=349)


EUROPE_COUNTS = dict(cities=47, routes=101, pairs=90, doubles=11, length=300, tunnels=18, ferries=13, tickets=46)
SWITZERLAND_COUNTS = dict(cities=51, routes=88, pairs=76, doubles=12, length=205, tunnels=42, ferries=0, tickets=46)


def counts(board: ttr.Map) -> dict:
    pairs = Counter(frozenset(r.cities) for r in board.routes)
    return dict(
        cities=len(board.cities), routes=len(board.routes), pairs=len(pairs),
        doubles=sum(1 for n in pairs.values() if n == 2), length=sum(r.length for r in board.routes),
        tunnels=sum(r.tunnel for r in board.routes), ferries=sum(bool(r.ferry_locomotives) for r in board.routes),
        tickets=len(board.tickets), min_points=min(t.points for t in board.tickets),
        max_points=max(t.points for t in board.tickets), sum_points=sum(t.points for t in board.tickets),
    )


def test_usa_matches_the_counts_table():
    assert counts(ttr.load_map("usa")) == USA_COUNTS


def test_europe_matches_the_counts_table():
    board = ttr.load_map("europe")
    assert {k: v for k, v in counts(board).items() if k in EUROPE_COUNTS} == EUROPE_COUNTS
    assert sum(r.length for r in board.routes if r.tunnel) == 55
    assert sum(r.ferry_locomotives for r in board.routes) == 17
    regular = [t.points for t in board.tickets if t.deck == "regular"]
    long = [t.points for t in board.tickets if t.deck == "long"]
    assert (len(regular), sum(regular), len(long), sum(long)) == (40, 321, 6, 123)
    for color in TRAIN_COLORS:
        assert sum(r.color == color for r in board.routes) == 8, color
    gray = [r for r in board.routes if r.is_gray]
    assert (len(gray), sum(r.length for r in gray)) == (37, 122)
    assert max(r.length for r in board.routes) == 8


def test_switzerland_matches_the_counts_table():
    board = ttr.load_map("switzerland")
    assert {k: v for k, v in counts(board).items() if k in SWITZERLAND_COUNTS} == SWITZERLAND_COUNTS
    assert sum(r.length for r in board.routes if r.tunnel) == 105
    assert sum(c.kind == "city" for c in board.cities.values()) == 34
    assert {country: len(points) for country, points in board.countries.items()} == {
        "France": 4, "Deutschland": 5, "Österreich": 3, "Italia": 5}
    designs = {(t.origin, t.destinations, t.values) for t in board.tickets}
    assert len(designs) == 42
    multi = [t for t in board.tickets if len(t.destinations) > 1]
    assert len(multi) == 12 and sum(t.origin in board.countries for t in multi) == 8


def test_border_points_sit_beside_their_swiss_city():
    board = ttr.load_map("switzerland")
    for route in board.routes:
        for inside, outside in ((route.a, route.b), (route.b, route.a)):
            city, border = board.cities[inside], board.cities[outside]
            if border.kind == "border":
                assert city.kind == "city"
                km = ((city.lat - border.lat) ** 2 + ((city.lon - border.lon) * 0.68) ** 2) ** 0.5 * 111
                assert km < 35, (inside, outside, km)


def test_real_positions_of_europe_and_switzerland():
    europe, swiss = ttr.load_map("europe").cities, ttr.load_map("switzerland").cities
    assert europe["Lisboa"].lon < europe["Paris"].lon < europe["Wien"].lon < europe["Moskva"].lon
    assert europe["Palermo"].lat < europe["Roma"].lat < europe["Berlin"].lat < europe["Stockholm"].lat
    assert all(45.8 < c.lat < 47.9 and 5.9 < c.lon < 10.5 for c in swiss.values())
    assert swiss["Genève"].lon < swiss["Bern"].lon < swiss["Zürich"].lon < swiss["Chur"].lon


def test_usa_colour_totals():
    board = ttr.load_map("usa")
    for color in TRAIN_COLORS:
        routes = [r for r in board.routes if r.color == color]
        assert (len(routes), sum(r.length for r in routes)) == (7, 27), color
    gray = [r for r in board.routes if r.is_gray]
    assert (len(gray), sum(r.length for r in gray)) == (44, 93)


def test_usa_double_tracks_point_at_each_other():
    board = ttr.load_map("usa")
    for route in board.routes:
        for other_id in route.parallel:
            other = board.route(other_id)
            assert route.id in other.parallel and set(other.cities) == set(route.cities)


def test_usa_cities_have_real_positions():
    board = ttr.load_map("usa")
    for city in board.cities.values():
        assert 24 < city.lat < 52 and -125 < city.lon < -70, city
    # a few spot checks east/west and north/south
    c = board.cities
    assert c["Seattle"].lon < c["Denver"].lon < c["Chicago"].lon < c["New York"].lon
    assert c["Miami"].lat < c["Atlanta"].lat < c["Chicago"].lat < c["Winnipeg"].lat


def test_route_fields():
    route = ttr.load_map("usa").route(4)
    assert (route.a, route.b, route.length, route.color) == ("Atlanta", "New Orleans", 4, "yellow")
    assert route.tunnel is False and route.ferry_locomotives == 0 and route.parallel == (5,)


def test_a_path_loads_too(tmp_path):
    data = json.loads((maps_dir() / "usa.json").read_text())
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(data))
    assert counts(ttr.load_map(path)) == USA_COUNTS
    assert counts(ttr.load_map(str(path))) == USA_COUNTS


def test_unknown_builtin_name():
    with pytest.raises(MapError, match="no built-in map called 'atlantis'.*usa"):
        ttr.load_map("atlantis")


def broken(tmp_path, change, board="usa"):
    data = json.loads((maps_dir() / f"{board}.json").read_text())
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, where, problem", [
    (lambda d: d["routes"][3].update(a="Atlantis"), r"routes\[3\] \(id 4\)", "'Atlantis' is not a city"),
    (lambda d: d["routes"][0].update(length=0), r"routes\[0\] \(id 1\)", "'length' must be a whole number"),
    (lambda d: d["routes"][0].update(color="purple"), r"routes\[0\] \(id 1\)", "color must be one of"),
    (lambda d: d["routes"][1].update(id=1), r"routes\[1\] \(id 1\)", "route id appears twice"),
    (lambda d: d["routes"][3].update(double_with=6), "route 4", "joins other cities"),
    (lambda d: d["routes"][3].update(double_with=999), "route 4", "route 999, which does not exist"),
    (lambda d: d["routes"][0].update(double_with=1), "route 1", "double_with names the route itself"),
    (lambda d: d["routes"][4].update(length=3), "route 4", "its double track (route 5) has length 3, this one 4"),
    (lambda d: d["routes"][1].update(b="Charleston"), "route 2",
     "route 1 also joins Atlanta and Charleston, but they do not name each other in double_with"),
    (lambda d: d["routes"][2].update(b="New Orleans"), "route 4",
     "route 3 also joins Atlanta and New Orleans, but they do not name each other in double_with"),
    (lambda d: [d["routes"][i].update(b="New Orleans", double_with=None) for i in (0, 2, 3, 4)], "routes 1, 3, 4, 5",
     "4 routes join Atlanta and New Orleans; there are at most 3 tracks between two cities"),
    (lambda d: d["routes"][3].update(double_with=[5, 5]), r"routes\[3\]", "a list of two different route ids"),
    (lambda d: d["routes"][0].update(ferry_locomotives=5), r"routes\[0\]", "cannot need 5 locomotives"),
    (lambda d: d["cities"][0].update(lat=123), r"cities\[0\] \(Atlanta\)", "not on Earth"),
    (lambda d: d["cities"].append(dict(d["cities"][0])), r"cities\[36\] \(Atlanta\)", "appears twice"),
    (lambda d: d["tickets"][2].update(to="Gotham"), r"tickets\[2\] \(id 3\)", "'Gotham' is neither"),
    (lambda d: d["tickets"][0].update(points=-3), r"tickets\[0\] \(id 1\)", "points must be positive"),
    (lambda d: d["tickets"][0].update(to=["Miami", "Miami"], points=[12, 12]), r"tickets\[0\] \(id 1\)",
     "'to' names 'Miami' twice"),
    (lambda d: d.update(format="something-else"), "format", "must be 'zuzlab-map/1'"),
    (lambda d: d.update(routes=[]), "routes", "must be a non-empty list"),
])
def test_broken_file_names_file_entry_and_problem(tmp_path, change, where, problem):
    path = broken(tmp_path, change)
    with pytest.raises(MapError) as error:
        ttr.load_map(path)
    message = str(error.value)
    assert message.startswith(str(path))
    assert re.search(where, message), message
    assert problem in message


def test_a_ticket_naming_a_country_twice_is_refused(tmp_path):
    path = broken(tmp_path, lambda d: d["tickets"][0].update(to=["Italia", "Italia"], points=[5, 11]),
                  board="switzerland")
    with pytest.raises(MapError, match=r"broken.json: tickets\[0\] \(id 1\): 'to' names 'Italia' twice"):
        ttr.load_map(path)


@pytest.mark.parametrize("name", builtin_maps())
def test_every_builtin_map_passes_the_checks(name):
    assert ttr.load_map(name).routes


def test_invalid_json_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "format": "zuzlab-map/1",\n  "name": oops\n}')
    with pytest.raises(MapError, match=r"bad.json: not valid JSON \(line 3"):
        ttr.load_map(path)


def test_missing_file(tmp_path):
    with pytest.raises(MapError, match="cannot read the file"):
        ttr.load_map(tmp_path / "nothing.json")


def test_map_round_trips_through_its_dict():
    from zuzlab.ttr.maps import map_from_dict

    board = ttr.load_map("usa")
    again = map_from_dict(board.to_dict())
    assert (again.cities, again.routes, again.tickets) == (board.cities, board.routes, board.tickets)
