"""The four agents of the NYU playtesting study (de Mesentier Silva, Lee, Togelius and
Nealen, "AI-based Playtesting of Contemporary Board Games", FDG 2017) as Ticket to Ride
bots: Destination Hungry, Route Focus, One Step Thinking and Long Route Exploiting.

They are written from the published description of them (issue 26) only; each class's
docstring (``players``) is that description. Their authors' engine has no licence, and
nothing of it is read here. Each agent plays in two modes:

- as described (the default): paths counted in trains, tickets evaluated;
- ``faithful=True``: with the three quirks of the published code: Route Focus and One Step
  Thinking find paths by number of routes; One Step Thinking and Long Route Exploiting
  keep the offered tickets worth the fewest points (their evaluation crashed, silently).
  Destination Hungry has no quirk: its faithful version plays as described.

What all four share (``common``), decided here where the description is silent:

- **Paths**: Dijkstra's cheapest path (``plans.Planner``, kept up to date claim by claim)
  through the routes the agent holds (cost 0) and those it could still claim; a ticket's
  path starts at its origin, and a country ticket's (Switzerland) runs to the nearest
  target. Among equally short paths the planner's order decides (the first found). A
  ticket is worth its points (a country ticket its highest value; Destination Hungry's
  networks count the value of the target they run to).
- **Double routes**: in 2–3-player games both tracks are gone once one is owned. On
  Switzerland with 3 players the board lets another player take the second track; the
  agents, as published, do not look at it.
- **Tunnels**: a tunnel's extra cards are paid when the hand can (the fewest locomotives),
  else the tunnel is given up. **Ferries**: their locomotives count in Destination
  Hungry's needs (the others draw a locomotive when no target colour is face up, or not
  at all, as their descriptions say). **Stations**: one rescues a ticket that no path of
  free and own routes can connect any more, when the cheapest path with the other
  players' routes counted as free crosses exactly one of them: the station goes at that
  route's first end that has none, paid with the colour held most. A station lends its
  owner every route of another player into its city in the agents' plans (the scoring
  then picks the one route it uses). Otherwise the agents build none and keep their
  points.
- **Payments**: a claim pays with the colour it holds most of (that can pay), then with as
  few locomotives as it can.
- **Ties** go to a stated order (longer routes, fewer locomotives, then board order;
  tickets in id order) or, among cards to draw, to ``rng``.
- **Last resort**: when its own rule leaves it nothing legal (no card to draw), an agent
  claims the longest route it can pay, else takes the first legal action.

Destination Hungry's networks, and the evaluation of tickets the others use as described,
are in ``networks``. The agents differ from the kit's strategy bots (``zuzlab.ttr.bots``)
by design: no end-game rule, no ticket budget, and the draws and claims the study describes.
"""

from __future__ import annotations

import functools
from typing import Callable

from .common import Agent
from .players import DestinationHungry, LongRouteExploiting, OneStepThinking, RouteFocus

#: the agents by registry key (``bots.BOTS`` names them, and their ``…_faithful`` versions)
AGENTS: dict[str, type[Agent]] = {agent.name: agent for agent in
                                  (DestinationHungry, RouteFocus, OneStepThinking, LongRouteExploiting)}


def maker(name: str, faithful: bool = False) -> Callable[[], Agent]:
    """A maker of fresh agents for the bot registry."""
    return functools.partial(AGENTS[name], faithful=faithful)


__all__ = ["AGENTS", "Agent", "DestinationHungry", "LongRouteExploiting", "OneStepThinking", "RouteFocus", "maker"]
