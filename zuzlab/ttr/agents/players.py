"""The four agents of the NYU study, each a short class whose docstring is its published
description (the package text says how they are read and what they share)."""

from __future__ import annotations

import math
from collections import Counter
from typing import ClassVar, cast

from ...tickets import DrawTickets
from ..maps import Route
from .common import (Agent, collect_colour, draw_first_of, fewest_points, is_open, longest, one_per_route, open_tracks,
                     paid_with_most_held, trains)
from .networks import Distances, Network, best_option, plan_network, ticket_options

#: Long Route Exploiting plans over routes of at least this many trains
LONG_ROUTE = 3
DRAW_TICKETS = DrawTickets()


def long_routes_only(route: Route) -> float:
    """A path over routes of ``LONG_ROUTE`` trains or more: a shorter one costs without
    end, so a cheapest path that still crosses one means no such path is left."""
    return route.length if route.length >= LONG_ROUTE else math.inf


class DestinationHungry(Agent):
    """**Destination Hungry**: for each way to keep offered tickets, plans a network on
    the free routes plus its own (own routes cost 0): the two farthest ticket cities joined
    by a shortest path as the backbone, every other ticket city joined to the nearer end.
    It counts the trains per colour the plan needs (a double route takes a colour not yet
    needed), route points and ticket points; keeps the option with the best (ticket +
    route points) per train among those needing at most trains − 5, else the cheapest
    feasible, else the one worth fewest points. Re-plans whenever another player has
    claimed. Draws more tickets while its plan needs fewer than trains − 8. Claims a
    planned route it can pay in that colour, or a gray planned route with a colour the
    plan does not need; with no plan, the longest route it can pay. Cards: the most-needed
    colour if face up, else a needed face-up colour, else the deck."""

    name = "destination_hungry"

    def __init__(self, faithful: bool = False):
        super().__init__(faithful)
        self._network: Network | None = None
        self._planned_for: tuple = ()  # what the network was planned on (see ``network``)

    def keep_tickets(self, game, offer):
        keep, network = best_option(game, ticket_options(game, offer, Distances(self.planner(game).graph)))
        self._network = network
        self._planned_for = self._planning_state(game, tuple(game.tickets[game.player_to_move()]) + keep.tickets)
        return keep

    def _planning_state(self, game, tickets: tuple[int, ...]) -> tuple:
        """What a network stays good for: the same claims of other players, tickets and stations."""
        me = game.player_to_move()
        others = frozenset(route for route, owner in game.claimed.items() if owner != me)
        return (others, tuple(sorted(tickets)), len(game.stations))

    def network(self, game) -> Network:
        """The planned network, planned again when another player has claimed (or its
        tickets, stations or a route too long for its trains say so)."""
        me = game.player_to_move()
        held = tuple(game.tickets[me])
        left = game.trains[me]
        if (self._network is None or self._planned_for != self._planning_state(game, held)
                or any(route.length > left and route.id not in game.claimed for route in self._network.routes)):
            self._network = plan_network(Distances(self.planner(game).graph), game, held)
            self._planned_for = self._planning_state(game, held)
        return self._network

    def still_to_claim(self, game) -> list[list[Route]]:
        """The planned routes not yet held, each as the tracks it could still claim."""
        me, seen = game.player_to_move(), self.seen(game)

        def open_pairs() -> list[list[Route]]:
            pairs = [open_tracks(seen, route, me) for route in self.network(game).routes
                     if not any(seen.claimed.get(track) == me for track in route.tracks)]
            return [tracks for tracks in pairs if tracks]

        return self.once("still_to_claim", open_pairs)

    def needs(self, game, planned: list[list[Route]]) -> Counter:
        """The cards per colour the planned routes need (a ferry's locomotives too); a
        double route takes a colour not yet needed (else the one held most)."""
        hand, wild = game.hands[game.player_to_move()], game.rules.wild
        need: Counter = Counter()
        doubles = []
        for tracks in planned:
            ferry = tracks[0].ferry_locomotives
            need[wild] += ferry
            colours = {track.color for track in tracks}
            if any(track.is_gray for track in tracks):
                continue  # any colour pays
            if len(colours) == 1:
                need[colours.pop()] += tracks[0].length - ferry
            else:
                doubles.append(tracks)
        for tracks in doubles:
            colour = min(sorted(t.color for t in tracks), key=lambda c: (need[c] > 0, -hand[c]))
            need[colour] += tracks[0].length
        return +need

    def turn(self, game, actions, rng):
        me = game.player_to_move()
        if self.network(game).trains < game.trains[me] - 8 and DRAW_TICKETS in actions:
            return DRAW_TICKETS
        planned = self.still_to_claim(game)
        if not planned:
            return longest(self.claims(game, None), game.map, game.hands[me]) or self.draw(game, actions, rng)
        need = self.needs(game, planned)
        claims = [a for a in self.claims(game, [t for tracks in planned for t in tracks])
                  if not game.map.route(cast(int, a.route)).is_gray or (a.color is not None and not need[a.color])]
        return longest(claims, game.map, game.hands[me]) or self.draw(game, actions, rng)

    def draw(self, game, actions, rng):
        hand = game.hands[game.player_to_move()]
        need = self.needs(game, self.still_to_claim(game))
        short = Counter({card: need[card] - hand[card] for card in need if need[card] > hand[card]})
        return draw_first_of(actions, [[c for c in short if short[c] == n] for n in sorted(set(short.values()),
                                                                                           reverse=True)], rng)


class TicketTargets(Agent):
    """One Step Thinking and Long Route Exploiting: a target route, cards for it."""

    draws_tickets: ClassVar[bool] = True

    @property
    def reads_scoring(self) -> frozenset[str]:
        """The route points when it evaluates tickets as Destination Hungry does; nothing
        as coded (it keeps the tickets worth the fewest points)."""
        return frozenset() if self.faithful else super().reads_scoring

    def target(self, game) -> list[Route] | None:
        """The open tracks of the first route still to claim on the path of the most
        valuable ticket that can still be connected (ties: ticket id); None without one."""
        me, board = game.player_to_move(), game.map

        def first_route() -> list[Route] | None:
            for ticket_id in sorted(game.tickets[me], key=lambda t: (-board.ticket(t).points, t)):
                path = self.path_of(game, ticket_id)
                if path:
                    return open_tracks(self.seen(game), path[0], me)
            return None

        return self.once("target", first_route)

    def turn(self, game, actions, rng):
        me = game.player_to_move()
        target = self.target(game)
        if target is None:
            if self.draws_tickets and min(game.trains) >= 8 and DRAW_TICKETS in actions:
                return DRAW_TICKETS
            return longest(self.claims(game, None), game.map, game.hands[me]) or self.draw(game, actions, rng)
        return paid_with_most_held(self.claims(game, target), game.hands[me]) or self.draw(game, actions, rng)

    def draw(self, game, actions, rng):
        target, rules = self.target(game), game.rules
        colour = [collect_colour(target, game.hands[game.player_to_move()], rules.colors)] if target else []
        return draw_first_of(actions, [colour, [rules.wild]], rng)


class OneStepThinking(TicketTargets):
    """**One Step Thinking**: keeps all opening tickets; its target is the first unowned
    route on the shortest path of its most valuable ticket that can still be connected;
    with none, it draws tickets while every player has at least 8 trains, else targets the
    longest route it can pay. Claims the target, else takes its colour face up, else a
    face-up locomotive, else the deck. (As coded: paths by number of routes; tickets drawn
    later kept worth the fewest points.)"""

    name = "one_step_thinking"

    def path_cost(self):
        return one_per_route if self.faithful else trains

    def keep_tickets(self, game, offer):
        if game.in_setup:
            return super().keep_tickets(game, offer)
        return fewest_points(game, offer) if self.faithful else self.evaluated_keep(game, offer)


class LongRouteExploiting(TicketTargets):
    """**Long Route Exploiting**: plans tickets over routes of length ≥ 3 only; otherwise
    claims the longest route it can pay; never draws tickets; cards as One Step Thinking.
    (Its ticket plan and target as One Step Thinking's; as coded: the opening tickets kept
    worth the fewest points.)"""

    name = "long_route_exploiting"
    draws_tickets = False

    def path_cost(self):
        return long_routes_only

    def keep_tickets(self, game, offer):
        return fewest_points(game, offer) if self.faithful else self.evaluated_keep(game, offer)


class RouteFocus(Agent):
    """**Route Focus**: keeps all opening tickets and never draws more. Each turn, for
    every open ticket, a shortest path; every unowned route on those paths goes into a
    queue, highest (route points + 2 × ticket points) first; claims the first it can pay
    with the colour it holds most of; else draws that route's colour face up, else the
    deck. With no ticket left to connect, it queues all free routes, lowest points first.
    (As coded: paths by number of routes.)"""

    name = "route_focus"

    def path_cost(self):
        return one_per_route if self.faithful else trains

    def _queue(self, game) -> list[list[Route]]:
        me, board, points = game.player_to_move(), game.map, game.rules.points_for_length
        seen = self.seen(game)
        best: dict[int, tuple[int, Route]] = {}
        for ticket_id in game.tickets[me]:
            for route in self.path_of(game, ticket_id) or ():
                key = points(route.length) + 2 * board.ticket(ticket_id).points
                if key > best.get(route.id, (-1, route))[0]:
                    best[route.id] = (key, route)
        if best:
            ranked = [route for _, route in sorted(best.values(), key=lambda item: (-item[0], item[1].id))]
        else:
            ranked = sorted((r for r in board.routes if is_open(seen, r, me)), key=lambda r: (points(r.length), r.id))
        return [tracks for route in ranked if (tracks := open_tracks(seen, route, me))]

    def queue(self, game) -> list[list[Route]]:
        """The routes to claim, first first, each as the tracks it could still claim."""
        return self.once("queue", lambda: self._queue(game))

    def turn(self, game, actions, rng):
        hand = game.hands[game.player_to_move()]
        queue = self.queue(game)
        for tracks in queue:
            claim = paid_with_most_held(self.claims(game, tracks), hand)
            if claim:
                return claim
        return self.draw(game, actions, rng)

    def draw(self, game, actions, rng):
        queue = self.queue(game)
        hand = game.hands[game.player_to_move()]
        return draw_first_of(actions, [[collect_colour(queue[0], hand, game.rules.colors)]] if queue else [], rng)

