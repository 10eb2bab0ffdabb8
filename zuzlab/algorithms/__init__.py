"""The algorithms the lessons teach, each as a fast function and as a stream of steps
for animation (tests hold both to the same answer):

- longest continuous route: ``longest_trail`` / ``longest_trail_steps`` (a package read
  fact by fact; its ``Pieces`` is the kit's one union–find, for connected pieces)
- ticket connectivity: ``connected``, ``components`` / ``connectivity_steps``
- the shortest connection: ``shortest_route`` / ``shortest_route_steps``
- three cities joined exactly (the best meeting city): ``connect_three``
- joining several cities (Steiner tree): ``ticket_plan`` / ``ticket_plan_steps``
- Europe's end-game station choice: ``best_station_use`` / ``station_choice_steps``
- the Card Game's ticket choice: ``best_fulfilment`` / ``best_fulfilment_steps``

Railroad Ink's networks, longest paths and errors work on its board, so they live with
the board: ``zuzlab.ink.score`` and the streams of ``zuzlab.ink.steps``.
"""

from .fulfilment import Fulfilment, best_fulfilment, best_fulfilment_steps
from .longest_trail import Pieces, Trail, TrailStep, longest_trail, longest_trail_length, longest_trail_steps
from .planning import (
    Plan, PlanStep, components, connect_three, connected, connectivity_steps, route_graph, shortest_route,
    shortest_route_steps, ticket_plan, ticket_plan_steps,
)
from .stations import StationChoice, StationStep, best_station_use, station_choice_steps

__all__ = [
    "Fulfilment", "Pieces", "Plan", "PlanStep", "StationChoice", "StationStep", "Trail", "TrailStep", "best_fulfilment",
    "best_fulfilment_steps", "best_station_use", "components", "connect_three", "connected", "connectivity_steps",
    "longest_trail", "longest_trail_length", "longest_trail_steps", "route_graph", "shortest_route",
    "shortest_route_steps", "station_choice_steps", "ticket_plan", "ticket_plan_steps",
]
