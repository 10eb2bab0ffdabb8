"""Every problem of a board at once (``zuzlab.ttr.board_check``): the file's entries with the
loader's own messages, then what the rules cannot play on the board."""

from __future__ import annotations

import dataclasses
import json

import pytest

from zuzlab import texts, ttr
from zuzlab.datafiles import MapError
from zuzlab.ttr.board_check import board_problems
from zuzlab.ttr.maps import load_map, map_from_dict


def usa_data() -> dict:
    return json.loads(json.dumps(load_map("usa").to_dict()))


def add_route(data: dict, a: str, b: str, length: int) -> None:
    data["routes"].append({"id": max(r["id"] for r in data["routes"]) + 1, "a": a, "b": b, "length": length,
                           "color": "gray"})


@pytest.mark.parametrize("name", ["usa", "europe", "switzerland"])
def test_a_printed_board_has_no_problem_under_its_rules(name):
    assert board_problems(load_map(name).to_dict(), name) == []


def test_six_problems_are_six_messages_in_one_report():
    texts.set_language("en")
    data = usa_data()
    data["cities"].append(dict(data["cities"][0]))                           # 1. a city twice
    data["cities"].append({"name": "Atlantis", "lat": 30.0, "lon": -40.0})   # 2. a city no route reaches
    data["cities"] += [{"name": "Avalon", "lat": 51.1, "lon": -2.7}, {"name": "Lyonesse", "lat": 49.9, "lon": -6.3}]
    add_route(data, "Avalon", "Lyonesse", 2)                                 # 3. a piece no train joins
    add_route(data, "Seattle", "Miami", 7)                                   # 4. a length the table cannot score
    add_route(data, "Boston", "Los Angeles", 30)                             # 5. longer than the deck can pay
    data["tickets"].append({"id": 99, "from": "Seattle", "to": "Avalon", "points": 9})  # 6. never completed
    rules = dataclasses.replace(ttr.rules.USA, route_points={**dict(ttr.rules.USA.route_points), 30: 60})
    report = [texts.render(problem) for problem in board_problems(data, rules)]
    assert len(report) == 6, "\n".join(report)
    first = data["cities"][0]["name"]
    with pytest.raises(MapError) as loading:  # the loader's precise message, and the first one it stops at
        map_from_dict(data, "usa")  # the board named by its name
    assert report[0] == str(loading.value) and f"({first})" in report[0] and "appears twice" in report[0]
    assert report[1] == "Atlantis has no route: no train reaches it."
    assert report[2].startswith("The routes fall apart into 2 pieces") and "Avalon, Lyonesse" in report[2]
    assert report[3] == "route_points has no points for routes of length 7, which the usa map has"  # a game's own check
    assert "Boston–Los Angeles (30 gray)" in report[4] and "at most 26 cards" in report[4]
    assert report[5] == "Ticket Seattle–Avalon (9) can never be completed: no routes join its places."


def test_the_report_is_in_the_readers_language():
    data = usa_data()
    data["cities"].append({"name": "Atlantis", "lat": 30.0, "lon": -40.0})
    texts.set_language("de")
    try:
        assert [texts.render(p) for p in board_problems(data)] == [
            "Zu Atlantis führt keine Strecke: Kein Zug erreicht die Stadt."]
    finally:
        texts.set_language("en")


def test_a_file_that_cannot_be_read_is_one_problem_and_empty_lists_are_each_one(tmp_path):
    texts.set_language("en")
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": ")
    (problem,) = board_problems(broken)
    assert "not valid JSON" in texts.render(problem)
    found = [texts.render(problem) for problem in board_problems({"format": "zuzlab-map/1", "name": "x",
                                                                   "cities": "none"})]
    assert found[:3] == [f"x: {key}: must be a non-empty list" for key in ("cities", "routes", "tickets")]


def test_a_board_without_tickets_yet_still_gets_its_other_problems():
    """A board being made has no tickets at first: that is one problem, and the routes are
    still checked (here: two pieces no train joins)."""
    texts.set_language("en")
    data = load_map("usa").to_dict()
    data["tickets"] = []
    data["routes"] = [route for route in data["routes"] if not {route["a"], route["b"]} & {"Miami", "Atlanta"}]
    data["routes"].append({"id": 999, "a": "Miami", "b": "Atlanta", "length": 5, "color": "blue"})
    found = [texts.render(problem) for problem in board_problems(data)]
    assert found[0].endswith("tickets: must be a non-empty list")
    assert any(problem.startswith("The routes fall apart into 2 pieces") and "Atlanta, Miami" in problem
               for problem in found), found
    with pytest.raises(MapError, match="tickets: must be a non-empty list"):
        map_from_dict(data)  # loading still stops at the first problem
