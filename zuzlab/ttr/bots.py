"""Ticket to Ride players for simulations: four strategies a rule change can be tried on.

- ``random``: any legal action, uniformly.
- ``tickets``: keeps the tickets it can afford, plans the shortest way to connect each
  (through its own routes for free), claims the routes of that plan, draws the colours
  the plan needs, and draws new tickets once all its tickets are complete.
- ``long_routes``: keeps as few tickets as it may, saves up for the longest routes and
  claims the longest it can pay for; short routes only when the game is ending.
- ``balanced``: plans its tickets like ``tickets`` but keeps fewer of them, and claims a
  long route (5 or more) whenever it can pay for one and no planned route is ready.
- ``expert``: searches: plays candidate moves on in sampled games, the strategies playing
  every seat, and makes the move whose games end best (``zuzlab.ttr.expert``; about a
  second a decision).

Every strategy claims the route worth the most it can pay for, rather than draw, once it
has nothing to save cards for (no ticket to connect, no long route it wants left open) and
draws no more tickets: else its cards would pile up to the end of the game. Why each move
is good is said by ``advice`` from the player's position and ticket plan.

A bot is made for one player of one game (``zuzlab.ttr.make_bot(name)``) and called as
``bot(game, rng)``; it returns one of ``game.legal_actions()``. Bots see only what the
player may see: their own hand and tickets, the face-up cards and the claimed routes.
Every choice among equals goes through ``rng``, so a seed gives the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection
from typing import Callable

from ..core import DecisionMemory, LegalActions, Pass, random_bot
from ..tickets import ChooseTickets, DrawTickets, KeepTickets
from ..train_cards import DrawBlind, DrawFaceUp
from . import agents
from . import advice
from .actions import ClaimRoute, GiveUpTunnel, PayTunnel
from .claim_rules import double_route_problem, route_prices
from .maps import Route
from .plans import Planner, planner_for
from .state import Game, TunnelPayment


class Strategy(DecisionMemory):
    """What every strategy shares: answering pending decisions, drawing the cards it
    wants, and a fallback so that it always acts. Subclasses say which tickets to keep,
    which routes they want (``targets``) and which claim to make."""

    #: keep the tickets whose planned cost fits in this share of the trains left
    ticket_budget = 0.0
    #: draw more tickets when all are complete and at least this many trains are left
    more_tickets_above = 99
    #: a long route, for the strategies that like them
    min_length = 5

    def __init__(self) -> None:
        self._planner: Planner | None = None
        #: the hand this bot last gave up a tunnel with, and the tunnels it gave up with that
        #: hand (``_worth_trying``)
        self._given_up: tuple[tuple, set[int]] | None = None

    def __call__(self, game: Game, rng: random.Random):
        return self.decide(game, rng, explain=False)[0]

    def decide(self, game: Game, rng: random.Random, explain: bool = True) -> tuple:
        """The action, and why: ``(action, (reason, parameters))``; the reason names a
        ``[bot]`` text (``advice.reason``: from the player's position and ticket plan), so a
        view can explain the move as a hint (worked out only when ``explain``: simulations
        do not need it)."""
        with self.deciding():  # its plan, targets and wanted colours worked out once
            action = self._decide(game, rng)
        return action, advice.reason(game, action, advice.TicketPlan.for_move(game, action)) if explain else None

    def _decide(self, game: Game, rng: random.Random):
        pending = game.pending
        actions = game.legal_actions()
        if isinstance(pending, ChooseTickets):
            return self.keep_tickets(game, pending.tickets, pending.keep_min)
        if isinstance(pending, TunnelPayment):
            pays = actions.of_type(PayTunnel)
            if pays:
                return min(pays, key=lambda a: a.wilds)
            hand = _hand_of(game, back=pending.laid)  # as it will be: the laid cards come back
            if self._given_up is None or self._given_up[0] != hand:
                self._given_up = (hand, set())
            self._given_up[1].add(pending.route)
            return GiveUpTunnel()
        if pending is None:
            if game.final_turns_left is not None or game.trains[game.player_to_move()] <= 6:
                claim = self._best_points_claim(game, actions)  # the end is near: points now
                if claim:
                    return claim
            claim = self.claim(game, actions, rng)
            if claim:
                return claim
            if DrawTickets() in actions and self.wants_tickets(game):
                return DrawTickets()
            if not self._targets(game):  # no ticket to connect, no long route open: cards would only pile up
                claim = self._best_points_claim(game, actions)
                if claim:
                    return claim
        draw = self._draw(game, actions, rng)
        if draw:
            return draw
        claim = self._best_points_claim(game, actions)
        if claim:
            return claim
        return actions[0] if actions else Pass()

    # --- tickets and plans ----------------------------------------------------------------

    def planner(self, game: Game) -> Planner:
        """This player's ticket plans, brought up to date (``zuzlab.ttr.plans``)."""
        self._planner = planner_for(self._planner, game, game.player_to_move(), self.route_cost)
        return self._planner

    def plan(self, game: Game) -> list[list[Route]]:
        """The routes still to claim for each incomplete ticket (worked out once a decision)."""
        def work() -> list[list[Route]]:
            planner = self.planner(game)  # the player to move's
            paths = (planner.path(game, t) for t in game.tickets[planner.player])
            return [path for path in paths if path]
        return self.once("plan", work)

    def keep_tickets(self, game: Game, offered: tuple[int, ...], keep_min: int) -> KeepTickets:
        """The cheapest tickets to connect first; more while they fit the train budget."""
        player = game.player_to_move()
        planner = self.planner(game)
        costed = []
        for ticket_id in offered:
            path = planner.path(game, ticket_id)
            cost = sum(r.length for r in path) if path is not None else 999
            costed.append((cost - game.map.ticket(ticket_id).points / 4, ticket_id, cost))
        costed.sort()
        budget = self.ticket_budget * game.trains[player] - sum(r.length for p in self.plan(game) for r in p)
        kept: list[int] = []
        for _, ticket_id, cost in costed:
            if len(kept) < keep_min or cost <= budget:
                kept.append(ticket_id)
                budget -= cost
        return KeepTickets(tuple(kept))

    #: what a route still to claim costs a ticket plan: its trains (as in the hint's plan)
    route_cost = staticmethod(advice.route_trains)

    def wants_tickets(self, game: Game) -> bool:
        return not self.plan(game) and game.trains[game.player_to_move()] >= self.more_tickets_above

    def planned_routes(self, game: Game) -> list[Route]:
        return [route for path in self.plan(game) for route in path]

    def targets(self, game: Game) -> list[Route]:
        """The routes this strategy is saving up for: by default its ticket plan."""
        return self.planned_routes(game)

    def long_targets(self, game: Game) -> list[Route]:
        """The open long route closest to affordable with the cards in hand."""
        player = game.player_to_move()
        hand = game.hands[player]
        claimed, trains, rules, players = game.claimed, game.trains[player], game.rules, game.players  # read once
        board = game.map
        open_routes = [r for r in board.routes if r.id not in claimed and self.min_length <= r.length <= trains
                       and not double_route_problem(rules, players, claimed, r, player)]
        planned = self._planned_ids(game)
        prices = route_prices(board, rules)
        wilds_held = hand[rules.wild]

        def missing(route: Route) -> tuple:
            price = prices[route.id]
            have = max(hand[c] for c in price.colors)
            wilds = wilds_held if price.wilds_usable else 0
            return (route.id not in planned, max(0, route.length - have - wilds) - route.length, route.id)

        return sorted(open_routes, key=missing)[:1]

    def _planned_ids(self, game: Game) -> set[int]:
        """The planned routes, with the other track of each planned double route (worked
        out once a decision)."""
        def work() -> set[int]:
            planned = {route.id for route in self.planned_routes(game)}
            board = game.map
            return {track for r in planned for track in board.route(r).tracks}
        return self.once("planned ids", work)

    def claim(self, game: Game, actions: LegalActions, rng: random.Random):
        raise NotImplementedError

    # --- claiming --------------------------------------------------------------------------

    def _claims_of(self, game: Game, routes: Collection[int]) -> list[ClaimRoute]:
        return self._worth_trying(game, game.claim_actions(routes))

    def _worth_trying(self, game: Game, claims: list[ClaimRoute]) -> list[ClaimRoute]:
        """``claims`` without the tunnels this bot gave up while it holds the same hand: with
        the same cards it would most likely fail again, and once the deck has run down to
        the same few cards it fails every time (bots trying them turn after turn never end
        the game)."""
        if self._given_up is None:
            return claims
        hand, tunnels = self._given_up
        if _hand_of(game) != hand:
            self._given_up = None
            return claims
        return [claim for claim in claims if claim.route not in tunnels]

    @staticmethod
    def _cheapest_payment(game: Game, claims: list[ClaimRoute], wanted: Counter) -> ClaimRoute | None:
        """Among claims, the longest route, paid with the fewest wild cards and the colour
        least needed elsewhere (``advice.best_claim``)."""
        return advice.best_claim(game.map, claims, wanted)

    def _best_points_claim(self, game: Game, actions: LegalActions) -> ClaimRoute | None:
        return self._cheapest_payment(game, self._worth_trying(game, actions.of_type(ClaimRoute)), Counter())

    # --- drawing cards ---------------------------------------------------------------------

    def wanted_colors(self, game: Game) -> Counter:
        """How many more cards of each colour the targets need (``advice.cards_wanted``;
        worked out once a decision)."""
        return self.once("wanted", lambda: advice.cards_wanted(game, self._targets(game)))

    def _targets(self, game: Game) -> list[Route]:
        """``targets``, worked out once a decision (a decision asks two or three times)."""
        return self.once("targets", lambda: self.targets(game))

    def _draw(self, game: Game, actions: LegalActions, rng: random.Random):
        """A card to draw, or None when no draw is open: a face-up colour the targets
        need most, a face-up wild card when they need any, else the deck."""
        face_up = {a.color: a for a in actions.of_type(DrawFaceUp)}
        if not face_up and DrawBlind() not in actions:
            return None
        wanted = self.wanted_colors(game)
        useful = [c for c in face_up if wanted.get(c, 0) > 0]
        if useful:
            best = max(wanted[c] for c in useful)
            return face_up[rng.choice(sorted(c for c in useful if wanted[c] == best))]
        wild = game.rules.wild
        if wild in face_up and game.pending is None and wanted:
            return face_up[wild]
        if DrawBlind() in actions:
            return DrawBlind()
        return face_up[rng.choice(sorted(face_up))]


class TicketBot(Strategy):
    ticket_budget = 0.8
    more_tickets_above = 12

    def claim(self, game, actions, rng):
        return self._cheapest_payment(game, self._claims_of(game, self._planned_ids(game)), self.wanted_colors(game))


class LongRouteBot(Strategy):
    """Long routes first: its ticket plans run over long routes where they can (a
    6-train route costs the plan little, a 1-train route much), and it claims the longest
    route it can pay for, planned or not, as long as one of 5 or more is open."""

    ticket_budget = 0.0  # only the tickets it must keep

    @staticmethod
    def route_cost(route: Route) -> float:
        return 1 + 2 * max(0, 6 - route.length)

    def targets(self, game):
        return self.long_targets(game) + self.planned_routes(game)

    def claim(self, game, actions, rng):
        planned = self._planned_ids(game)
        claims = self._claims_of(game, _long_route_ids(game, self.min_length))
        if claims:  # the planned long routes first
            claims = [a for a in claims if a.route in planned] or claims
        else:  # otherwise work on the tickets
            claims = self._claims_of(game, planned)
        return self._cheapest_payment(game, claims, Counter())


class BalancedBot(TicketBot):
    ticket_budget = 0.5
    more_tickets_above = 25

    def claim(self, game, actions, rng):
        planned = super().claim(game, actions, rng)
        if planned:
            return planned
        long_claims = self._claims_of(game, _long_route_ids(game, self.min_length))
        return self._cheapest_payment(game, long_claims, self.wanted_colors(game))

    def targets(self, game):
        return super().targets(game) or self.long_targets(game)


def _hand_of(game: Game, back: tuple[tuple[str, int], ...] = ()) -> tuple:
    """The player to move's hand with the cards ``back`` ((card, count)), as a value to compare."""
    hand = Counter(dict(game.hands[game.player_to_move()].items()))
    hand.update(dict(back))
    return tuple(sorted((card, count) for card, count in hand.items() if count))


def _long_route_ids(game: Game, min_length: int) -> frozenset[int]:
    """The ids of the board's routes of ``min_length`` trains or more."""
    return frozenset(route.id for route in game.map.routes if route.length >= min_length)


def expert() -> Callable:
    """The expert (``zuzlab.ttr.expert``), which plays its candidates on with the bots above."""
    from .expert import ExpertBot

    return ExpertBot()


BOTS: dict[str, Callable[[], Callable]] = {
    "random": lambda: random_bot,
    "tickets": TicketBot,
    "long_routes": LongRouteBot,
    "balanced": BalancedBot,
    # the four agents of the NYU playtesting study (``agents.py``): as described, and as their code played
    "destination_hungry": agents.maker("destination_hungry"),
    "destination_hungry_faithful": agents.maker("destination_hungry", faithful=True),
    "route_focus": agents.maker("route_focus"),
    "route_focus_faithful": agents.maker("route_focus", faithful=True),
    "one_step_thinking": agents.maker("one_step_thinking"),
    "one_step_thinking_faithful": agents.maker("one_step_thinking", faithful=True),
    "long_route_exploiting": agents.maker("long_route_exploiting"),
    "long_route_exploiting_faithful": agents.maker("long_route_exploiting", faithful=True),
    "expert": expert,
}
