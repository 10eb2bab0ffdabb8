"""A board nobody printed, made in code the way a user makes one (``BoardBuilder``, then
``ticket_maker.make_tickets``), so that the conformance suite, the position checks and the
rules tests also run on a generated board: 24 German cities, a triple route
(Köln–Düsseldorf), double routes, tunnels and a ferry, played under Europe's rules
(stations, tunnels, ferries) for up to five players, so that every track of the triple
route can be taken.

``GENERATED`` is its rules value: a variant like the printed ones, its board a file written
once per test process (the same seed gives the same board, file and deck)."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

from zuzlab.ttr import rules
from zuzlab.ttr.board_builder import BoardBuilder
from zuzlab.ttr.maps import Map, load_map
from zuzlab.ttr.ticket_maker import make_tickets

CITIES = [("Kiel", 54.32, 10.13), ("Rostock", 54.09, 12.10), ("Hamburg", 53.55, 10.00), ("Bremen", 53.08, 8.80),
          ("Berlin", 52.52, 13.40), ("Hannover", 52.37, 9.73), ("Magdeburg", 52.13, 11.63),
          ("Münster", 51.96, 7.63), ("Dortmund", 51.51, 7.47), ("Düsseldorf", 51.23, 6.77),
          ("Kassel", 51.31, 9.48), ("Leipzig", 51.34, 12.37), ("Dresden", 51.05, 13.74), ("Köln", 50.94, 6.96),
          ("Erfurt", 50.98, 11.03), ("Frankfurt", 50.11, 8.68), ("Würzburg", 49.79, 9.95),
          ("Mannheim", 49.49, 8.47), ("Saarbrücken", 49.24, 6.99), ("Nürnberg", 49.45, 11.08),
          ("Regensburg", 49.01, 12.10), ("Stuttgart", 48.78, 9.18), ("München", 48.14, 11.58),
          ("Freiburg", 47.99, 7.85)]
#: (a, b, what the route is) — "" a plain route, "tunnel", "ferry" (one locomotive)
LINES = [("Kiel", "Hamburg", ""), ("Kiel", "Rostock", "ferry"), ("Rostock", "Berlin", ""), ("Hamburg", "Bremen", ""),
         ("Hamburg", "Hannover", ""), ("Hamburg", "Berlin", ""), ("Bremen", "Hannover", ""), ("Bremen", "Münster", ""),
         ("Hannover", "Magdeburg", ""), ("Magdeburg", "Berlin", ""), ("Berlin", "Leipzig", ""),
         ("Berlin", "Dresden", ""), ("Leipzig", "Dresden", ""), ("Magdeburg", "Leipzig", ""),
         ("Hannover", "Kassel", "tunnel"), ("Hannover", "Dortmund", ""), ("Münster", "Dortmund", ""),
         ("Dortmund", "Düsseldorf", ""), ("Düsseldorf", "Köln", ""), ("Dortmund", "Kassel", ""),
         ("Kassel", "Erfurt", "tunnel"), ("Erfurt", "Leipzig", ""), ("Kassel", "Frankfurt", ""),
         ("Köln", "Frankfurt", "tunnel"), ("Köln", "Saarbrücken", ""), ("Frankfurt", "Mannheim", ""),
         ("Frankfurt", "Würzburg", ""), ("Erfurt", "Würzburg", "tunnel"), ("Würzburg", "Nürnberg", ""),
         ("Erfurt", "Nürnberg", "tunnel"), ("Dresden", "Regensburg", "tunnel"), ("Nürnberg", "Regensburg", ""),
         ("Mannheim", "Saarbrücken", ""), ("Mannheim", "Stuttgart", ""), ("Stuttgart", "Würzburg", ""),
         ("Stuttgart", "München", "tunnel"), ("Nürnberg", "München", ""), ("Regensburg", "München", ""),
         ("Saarbrücken", "Freiburg", ""), ("Freiburg", "Stuttgart", "tunnel")]
#: the second and third tracks: Köln–Düsseldorf is a triple route
MORE_TRACKS = [("Düsseldorf", "Köln"), ("Düsseldorf", "Köln"), ("Hamburg", "Hannover"), ("Frankfurt", "Mannheim"),
               ("Berlin", "Leipzig"), ("Nürnberg", "München")]
TRAINS = 25


def build() -> BoardBuilder:
    """The board, step by step, each length and colour the builder's suggestion."""
    builder = BoardBuilder("generated", "Deutschland (generated)")
    for name, lat, lon in CITIES:
        builder.add_city(name, lat, lon)
    builder.add_route("Kiel", "Hamburg", length=2)  # the board's scale: about 45 km a train
    for a, b, kind in LINES[1:]:
        builder.add_route(a, b, tunnel=kind == "tunnel", ferry_locomotives=int(kind == "ferry"))
    for a, b in MORE_TRACKS:
        builder.add_route(a, b)
    builder.set_tickets(make_tickets(builder.draft(), trains=TRAINS, seed=1))
    return builder


def _saved() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="zuzlab-generated-board-"))
    return build().save(folder / "generated.json")


#: Europe's rules (stations, tunnels, ferries; three regular tickets dealt, no long deck) on the board
GENERATED = replace(rules.EUROPE_SEED_TICKETS, name="generated", map=str(_saved()), trains_per_player=TRAINS)


def generated_board() -> Map:
    return load_map(GENERATED.map)
