"""The Ticket to Ride game state: one engine for every board, driven by a ``Ruleset``.

A turn is one action: draw train cards, claim a route, draw destination tickets, or (in
Europe) build a station. Decisions inside a turn, the second card, which tickets to
keep and whether to pay a tunnel's extra cards, are *pending decisions*: the state waits
for the player's answer, so a notebook can pause there and a bot can answer.

What differs between boards is ruleset data (and the map's tunnels, ferries and
tickets); the engine reads it through a few named hooks such as ``_wilds_usable_on``.

Every action is checked completely before anything changes: a refused action raises
``RuleViolation`` and leaves the state exactly as it was.

Events (``apply`` returns them, in order): ``card_taken``, ``card_drawn``,
``face_up_refilled``, ``face_up_reset``, ``face_up_reset_stopped``,
``deck_reshuffled``, ``tunnel_revealed``, ``tunnel_paid``, ``tunnel_abandoned``,
``route_claimed``, ``station_built``, ``tickets_offered``, ``tickets_kept``,
``no_second_card``, ``passed``, ``last_round``, ``turn_ended``, ``game_blocked``,
``game_over``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import texts
from ..core import GameState, Pass, RuleViolation, seeded_random
from ..tickets import KEEP_TICKETS, DrawTickets, KeepTickets, TicketChoice
from ..train_cards import SECOND_CARD, DrawBlind, DrawFaceUp, DrawingTurn, TrainCards
from .actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from .maps import Map, Route, load_map, maps_dir
from .rulesets import Ruleset, get as get_ruleset

FORMAT = "zuzlab-ttr-game/1"


@dataclass(frozen=True)
class Pending:
    """A decision the current player must make before the turn can go on."""

    kind: str  # "keep_tickets", "second_card" or "tunnel"
    player: int
    tickets: tuple[int, ...] = ()  # keep_tickets: the offered tickets
    keep_min: int = 0
    route: int | None = None  # tunnel: the route, the revealed cards, the extra cards owed
    revealed: tuple[str, ...] = ()
    extra: int = 0


class Game(DrawingTurn, TicketChoice, GameState):
    """A game of Ticket to Ride. Create one with ``zuzlab.ttr.new_game``."""

    save_format, saved_name = FORMAT, "Ticket to Ride game"
    action_names = {
        DrawFaceUp: "face_up", DrawBlind: "blind", ClaimRoute: "claim", DrawTickets: "draw_tickets",
        KeepTickets: "keep", PayTunnel: "pay_tunnel", GiveUpTunnel: "give_up_tunnel",
        BuildStation: "station", Pass: "pass",
    }
    pending_answers = {
        "keep_tickets": KEEP_TICKETS,
        "second_card": SECOND_CARD,
        "tunnel": ((PayTunnel, GiveUpTunnel), "pending_tunnel"),
    }

    def __init__(self, rules: Ruleset | str, players: int, seed: int | str = 0, map: Map | str | None = None):
        rules = get_ruleset(rules)
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{rules.name} is played by {rules.min_players}–{rules.max_players} players, not {players!r}"
            )
        self.rules = rules
        self.map = load_map(map if map is not None else rules.map)
        self.players = players
        self.seed = seed
        self.history: list = []
        self.cards = self._new_train_cards()
        self.hands = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        long_deck = [t.id for t in self.map.tickets if t.deck == rules.long_ticket_deck]
        self.ticket_deck = [t.id for t in self.map.tickets if t.deck != rules.long_ticket_deck]  # top: [0]
        seeded_random(seed, "tickets").shuffle(self.ticket_deck)
        seeded_random(seed, "long-tickets").shuffle(long_deck)
        if len(long_deck) < rules.initial_long_tickets * players:
            raise ValueError(f"the {self.map.name} map has too few long tickets for {rules.name} with {players} players")
        self.tickets: list[list[int]] = [[] for _ in range(players)]
        self.offers: list[list[int]] = [[] for _ in range(players)]
        self.removed_tickets: list[int] = []
        self.claimed: dict[int, int] = {}
        self.stations: dict[str, int] = {}  # city → the player whose station stands there
        self.tunnel: dict | None = None  # a tunnel claim waiting for the extra cards
        self.trains = [rules.trains_per_player] * players
        self.scores = [0] * players  # route points, scored as routes are claimed
        self.turn = 0
        self._current = 0
        self._pending: str | None = None
        self.in_setup = True
        self.final_turns_left: int | None = None
        self.consecutive_passes = 0
        self._over = False
        self._events: list = []
        self._scores_cache = None

        for _ in range(rules.initial_hand):
            for player in range(players):
                self.hands[player][self.cards.draw(self._emit)] += 1
        self.cards.refill(self._emit)
        for player in range(players):
            dealt_long = long_deck[player * rules.initial_long_tickets:(player + 1) * rules.initial_long_tickets]
            self.offers[player] = dealt_long + self._take_tickets(rules.initial_tickets)
        self.removed_tickets.extend(long_deck[players * rules.initial_long_tickets:])  # undealt long tickets
        self._pending = "keep_tickets"
        self.setup_events = self._events  # the face-up deal of the opening, for narration
        self._events = []

    def _new_train_cards(self) -> TrainCards:
        rules = self.rules
        cards = [c for c in rules.colors for _ in range(rules.cards_per_color)] + [rules.wild] * rules.wild_cards
        return TrainCards(cards, wild=rules.wild, face_up_count=rules.face_up_count,
                          reset_wilds=rules.face_up_reset_wilds, seed=self.seed)

    # --- what the state looks like --------------------------------------------------

    @property
    def card_kinds(self) -> tuple[str, ...]:
        return self.rules.colors + (self.rules.wild,)

    @property
    def pending(self) -> Pending | None:
        """The decision the current player owes, or None at the start of a turn."""
        if self._over or self._pending is None:
            return None
        if self._pending == "keep_tickets":
            offer = self.offers[self._current]
            return Pending("keep_tickets", self._current, tuple(offer), self._keep_min(offer))
        if self._pending == "tunnel":
            tunnel = self.tunnel
            return Pending("tunnel", self._current, route=tunnel["route"], revealed=tuple(tunnel["revealed"]),
                           extra=tunnel["extra"])
        return Pending(self._pending, self._current)

    def routes_of(self, player: int) -> list[Route]:
        return [self.map.route(r) for r, owner in self.claimed.items() if owner == player]

    def stations_built(self, player: int) -> int:
        return sum(1 for owner in self.stations.values() if owner == player)

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._current} to act"
        return f"<Game {self.rules.name} {self.players} players seed={self.seed!r} turn {self.turn}, {status}>"

    # --- rule hooks: where the boards differ -------------------------------------------

    def _counts_double(self, card: str) -> bool:
        """A face-up wild card that counts as two cards (not in Switzerland)."""
        return card == self.rules.wild and self.rules.face_up_wild_counts_double

    def _wilds_usable_on(self, route: Route) -> bool:
        """Wild cards pay for every route, except Switzerland's tunnel cards: tunnels only."""
        return route.tunnel or not self.rules.wild_only_on_tunnels

    def _station_cost(self, player: int) -> int:
        return self.rules.station_costs[self.stations_built(player)]

    # --- legal actions ---------------------------------------------------------------

    def legal_actions(self) -> list:
        if self._over:
            return []
        if self._pending == "keep_tickets":
            return self._keep_actions()
        if self._pending == "second_card":
            return self._second_card_actions()
        if self._pending == "tunnel":
            return self._tunnel_actions()
        actions = self._draw_actions()
        actions.extend(self._claim_actions())
        if self.ticket_deck:
            actions.append(DrawTickets())
        actions.extend(self._station_actions())
        return actions or [Pass()]

    @staticmethod
    def _payments(count: int, colors, wilds: int, held: dict, min_wilds: int = 0) -> list[tuple[str | None, int]]:
        """Every ``(color, wilds)`` way to pay ``count`` cards of one colour, wild cards
        standing in; ``(None, count)`` is paying with wild cards only."""
        ways = [
            (color, used)
            for color in colors if color in held
            for used in range(max(min_wilds, count - held[color]), min(wilds, count - 1) + 1)
        ]
        if wilds >= count:
            ways.append((None, count))
        return ways

    def _claim_actions(self) -> list:
        """Every route the current player can pay for, with every way to pay.

        This is the hot loop of random play: routes are grouped by colour and sorted by
        length, so only the routes short enough for the cards in hand are looked at.
        """
        player, rules = self._current, self.rules
        hand, trains, claimed = self.hands[player], self.trains[player], self.claimed
        held = {color: hand[color] for color in rules.colors if hand[color]}
        most_of_one_color = max(held.values(), default=0)
        all_wilds = hand[rules.wild]
        payments = self._payments
        actions = []
        for color, routes in self._routes_by_color.items():
            have = most_of_one_color if color is None else hand[color]
            longest = min(trains, have + all_wilds)
            for length, route_id, colors, wilds_usable, ferry, route in routes:
                if length > longest:
                    break
                wilds = all_wilds if wilds_usable else 0
                if length > have + wilds or route_id in claimed:
                    continue
                if route.double_with is not None and self._double_route_problem(route, player):
                    continue
                for pay_color, used in payments(length, colors, wilds, held, ferry):
                    actions.append(ClaimRoute(route_id, pay_color, used))
        return actions

    @property
    def _routes_by_color(self) -> dict[str | None, list[tuple]]:
        """The routes grouped by colour (None for gray), shortest first, each as
        (length, id, the colours that pay for it, whether wilds may, ferry minimum, route).
        Fixed for a game, so worked out once."""
        table = self.__dict__.get("_route_table_cache")
        if table is None:
            table = {}
            for route in sorted(self.map.routes, key=lambda r: (r.length, r.id)):
                colors = self.rules.colors if route.is_gray else (route.color,)
                table.setdefault(None if route.is_gray else route.color, []).append(
                    (route.length, route.id, colors, self._wilds_usable_on(route), route.ferry_locomotives, route))
            self.__dict__["_route_table_cache"] = table
        return table

    def _station_actions(self) -> list:
        player, rules = self._current, self.rules
        if self.stations_built(player) >= rules.stations_per_player:
            return []
        hand = self.hands[player]
        held = {color: hand[color] for color in rules.colors if hand[color]}
        payments = list(self._payments(self._station_cost(player), rules.colors, hand[rules.wild], held))
        return [
            BuildStation(city.name, color, used)
            for city in self.map.cities.values() if city.kind == "city" and city.name not in self.stations
            for color, used in payments
        ]

    def _tunnel_actions(self) -> list:
        tunnel, hand, wild = self.tunnel, self.hands[self._current], self.rules.wild
        extra, color = tunnel["extra"], tunnel["color"]
        have = hand[color] if color is not None else 0
        low = max(0, extra - have) if color is not None else extra
        return [PayTunnel(used) for used in range(low, min(hand[wild], extra) + 1)] + [GiveUpTunnel()]

    # --- carrying out actions ---------------------------------------------------------

    # paying

    def _check_payment(self, count: int, color, wilds: int, colors, wilds_allowed: bool, what) -> dict[str, int]:
        """Check a payment of ``count`` cards of one colour (wild cards standing in);
        return the cards it takes from the hand."""
        rules = self.rules
        if not 0 <= wilds <= count:
            raise RuleViolation("bad_payment", "bad_payment/wilds_range", count=count, wilds=wilds)
        if (color is None) != (wilds == count):
            raise RuleViolation("bad_payment", "bad_payment/name_colour", count=count)
        if color is not None and color not in rules.colors:
            raise RuleViolation("bad_payment", "bad_payment/not_a_colour", color=repr(color), colors=list(rules.colors))
        if color is not None and color not in colors:
            raise RuleViolation("wrong_color", what=what, need=colors[0], color=color)
        if wilds and not wilds_allowed:
            raise RuleViolation("wild_not_allowed", wilds=texts.phrase(f"{rules.wild}_cards"), what=what)
        payment = self._cards(count, color, wilds)
        hand = self.hands[self._current]
        for card, needed in payment.items():
            if hand[card] < needed:
                raise RuleViolation("missing_cards", "missing_cards/pay", what=what, needed=needed, card=card,
                                    held=hand[card])
        return payment

    def _cards(self, count: int, color: str | None, wilds: int) -> dict[str, int]:
        """The cards of a payment: ``count - wilds`` of ``color`` and ``wilds`` wild cards."""
        payment = {color: count - wilds} if color is not None and count > wilds else {}
        if wilds:
            payment[self.rules.wild] = wilds
        return payment

    def _take_from_hand(self, payment: dict[str, int]) -> None:
        hand = self.hands[self._current]
        for card, count in payment.items():
            hand[card] -= count

    def _pay(self, payment: dict[str, int]) -> None:
        self._take_from_hand(payment)
        for card, count in payment.items():
            self.cards.discard.extend([card] * count)

    # claiming routes

    def _double_route_problem(self, route: Route, player: int) -> str | None:
        """Why ``player`` may not claim this track of a double route ("own": they hold
        the other; "closed": too few players for both), or None."""
        if route.double_with is None:
            return None
        owner = self.claimed.get(route.double_with)
        if owner is None:
            return None
        if owner == player:
            return "own"
        if self.players < self.rules.double_routes_min_players:
            return "closed"
        return None

    def _check_claim(self, action: ClaimRoute) -> None:
        player = self._current
        if not self.map.has_route(action.route):
            raise RuleViolation("unknown_route", route=repr(action.route), map=self.map.name)
        route = self.map.route(action.route)
        if route.id in self.claimed:
            raise RuleViolation("route_taken", route=route, owner=self.claimed[route.id])
        problem = self._double_route_problem(route, player)
        if problem:
            raise RuleViolation("double_route", f"double_route/{problem}", a=route.a, b=route.b,
                                other=route.double_with, players=self.players)
        if route.length > self.trains[player]:
            raise RuleViolation("not_enough_trains", route=route, length=route.length, trains=self.trains[player])
        colors = self.rules.colors if route.is_gray else (route.color,)
        self._check_payment(route.length, action.color, action.wilds, colors, self._wilds_usable_on(route),
                            texts.phrase("route", route=route))
        if action.wilds < route.ferry_locomotives:
            raise RuleViolation("ferry", route=route, count=route.ferry_locomotives,
                                wilds=texts.phrase(f"{self.rules.wild}_cards"))

    def _do_claim(self, action: ClaimRoute) -> None:
        route = self.map.route(action.route)
        payment = self._cards(route.length, action.color, action.wilds)
        if not route.tunnel:
            self._pay(payment)
            self._complete_claim(route, payment)
            return
        # A tunnel: the cards are laid down, then the top cards of the deck are turned over.
        self._take_from_hand(payment)
        revealed = [card for card in (self.cards.draw(self._emit) for _ in range(self.rules.tunnel_reveal)) if card]
        costly = {self.rules.wild} if action.color is None else {self.rules.wild, action.color}
        extra = sum(1 for card in revealed if card in costly)
        self.tunnel = {"route": route.id, "color": action.color, "laid": payment, "revealed": revealed, "extra": extra}
        self._emit("tunnel_revealed", route=route.id, revealed=list(revealed), extra=extra)
        if extra == 0:
            self._settle_tunnel(paid=True)
        else:
            self._pending = "tunnel"

    def _complete_claim(self, route: Route, payment: dict[str, int]) -> None:
        player = self._current
        self.claimed[route.id] = player
        self.trains[player] -= route.length
        points = self.rules.points_for_length(route.length)
        self.scores[player] += points
        self._emit("route_claimed", route=route.id, paid=payment, points=points, trains_left=self.trains[player])
        self.cards.refill(self._emit)
        self._end_turn()

    # tunnels

    def _tunnel_extra_payment(self, wilds: int) -> dict[str, int]:
        tunnel, rules = self.tunnel, self.rules
        extra, color = tunnel["extra"], tunnel["color"]
        if not 0 <= wilds <= extra:
            raise RuleViolation("bad_payment", "bad_payment/tunnel_range", extra=extra, wilds=wilds)
        if color is None and wilds != extra:
            raise RuleViolation("tunnel_wilds_only", wilds=texts.phrase(f"{rules.wild}_cards"), extra=extra)
        payment = self._cards(extra, color, wilds)
        hand = self.hands[self._current]
        for card, needed in payment.items():
            if hand[card] < needed:
                raise RuleViolation("missing_cards", "missing_cards/tunnel", needed=needed, card=card, held=hand[card])
        return payment

    def _check_pay_tunnel(self, action: PayTunnel) -> None:
        if self._pending != "tunnel":
            raise RuleViolation("no_tunnel")
        self._tunnel_extra_payment(action.wilds)

    def _do_pay_tunnel(self, action: PayTunnel) -> None:
        extra = self._tunnel_extra_payment(action.wilds)
        self._take_from_hand(extra)
        self._emit("tunnel_paid", paid=extra)
        for card, count in extra.items():
            self.tunnel["laid"][card] = self.tunnel["laid"].get(card, 0) + count
        self._settle_tunnel(paid=True)

    def _check_give_up_tunnel(self, action: GiveUpTunnel) -> None:
        if self._pending != "tunnel":
            raise RuleViolation("no_tunnel")

    def _do_give_up_tunnel(self, action: GiveUpTunnel) -> None:
        self._settle_tunnel(paid=False)

    def _settle_tunnel(self, paid: bool) -> None:
        """Claim the tunnel with the laid cards, or give it up and take them back; the
        revealed cards are discarded either way."""
        tunnel, hand = self.tunnel, self.hands[self._current]
        self.tunnel, self._pending = None, None
        self.cards.discard.extend(tunnel["revealed"])
        if paid:
            for card, count in tunnel["laid"].items():
                self.cards.discard.extend([card] * count)
            self._complete_claim(self.map.route(tunnel["route"]), tunnel["laid"])
        else:
            for card, count in tunnel["laid"].items():
                hand[card] += count
            self._emit("tunnel_abandoned", route=tunnel["route"], returned=tunnel["laid"])
            self.cards.refill(self._emit)
            self._end_turn()

    # stations

    def _check_station(self, action: BuildStation) -> None:
        player, rules = self._current, self.rules
        if rules.stations_per_player == 0:
            raise RuleViolation("no_stations", game=rules.name)
        if self.stations_built(player) >= rules.stations_per_player:
            raise RuleViolation("no_stations_left", count=rules.stations_per_player)
        city = self.map.cities.get(action.city)
        if city is None or city.kind != "city":
            raise RuleViolation("unknown_city", city=repr(action.city), map=self.map.name)
        if action.city in self.stations:
            raise RuleViolation("station_taken", city=action.city, owner=self.stations[action.city])
        cost = self._station_cost(player)
        self._check_payment(cost, action.color, action.wilds, rules.colors, True,
                            texts.phrase("station", number=self.stations_built(player) + 1, cost=cost))

    def _do_station(self, action: BuildStation) -> None:
        player = self._current
        payment = self._cards(self._station_cost(player), action.color, action.wilds)
        self._pay(payment)
        self.stations[action.city] = player
        self._emit("station_built", city=action.city, paid=payment,
                   stations_left=self.rules.stations_per_player - self.stations_built(player))
        self.cards.refill(self._emit)
        self._end_turn()

    # destination tickets

    def _tickets_per_draw(self) -> int:
        return self.rules.ticket_draw

    def _keep_min(self, offer: list[int]) -> int:
        wanted = self.rules.initial_keep_min if self.in_setup else self.rules.ticket_keep_min
        return min(wanted, len(offer))

    def _tickets_returned(self, returned: list[int]) -> None:
        """Returned tickets go under the deck, or leave the game (Switzerland, long tickets)."""
        for ticket in returned:
            leaves = (self.rules.returned_tickets == "removed"
                      or self.map.ticket(ticket).deck == self.rules.long_ticket_deck)
            (self.removed_tickets if leaves else self.ticket_deck).append(ticket)

    # the end of a turn (passing: core.GameState)

    def _end_turn(self, passed: bool = False) -> None:
        player = self._current
        if not passed:
            self.consecutive_passes = 0
        self._emit("turn_ended")
        self.turn += 1
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
        elif self.trains[player] <= self.rules.last_round_trains:
            self.final_turns_left = self.players
            self._emit("last_round", trains=self.trains[player])
        if self.consecutive_passes >= self.players:
            self._emit("game_blocked")
            self._finish()
        elif self.final_turns_left == 0:
            self._finish()
        else:
            self._current = (player + 1) % self.players

    # --- scoring ---------------------------------------------------------------------

    def _score_game(self):
        """The final score breakdown (``zuzlab.ttr.scoring.FinalScores``)."""
        from .scoring import score_game

        return score_game(self)

    # --- saving and loading ----------------------------------------------------------

    def to_dict(self) -> dict:
        builtin = self.map.source == str(maps_dir() / f"{self.map.name}.json")
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "map": self.map.name if builtin else self.map.to_dict(),
            "players": self.players,
            "seed": self.seed,
            **self.cards.to_dict(),
            "hands": [dict(h) for h in self.hands],
            "ticket_deck": list(self.ticket_deck),
            "tickets": [list(t) for t in self.tickets],
            "offers": [list(o) for o in self.offers],
            "removed_tickets": list(self.removed_tickets),
            "claimed": {str(r): p for r, p in self.claimed.items()},
            "stations": dict(self.stations),
            "tunnel": None if self.tunnel is None else {
                **self.tunnel, "laid": dict(self.tunnel["laid"]), "revealed": list(self.tunnel["revealed"])},
            "trains": list(self.trains),
            "scores": list(self.scores),
            "turn": self.turn,
            "current": self._current,
            "pending": self._pending,
            "in_setup": self.in_setup,
            "final_turns_left": self.final_turns_left,
            "consecutive_passes": self.consecutive_passes,
            "over": self._over,
            "history": [a.to_dict() for a in self.history],
        }

    @classmethod
    def _from_saved(cls, data: dict) -> "Game":
        from .maps import map_from_dict

        game = cls.__new__(cls)
        game.rules = Ruleset.from_dict(data["rules"])
        game.map = load_map(data["map"]) if isinstance(data["map"], str) else map_from_dict(data["map"], "<saved game>")
        game.players = data["players"]
        game.seed = data["seed"]
        game.cards = game._new_train_cards().load(data)
        game.hands = [dict(h) for h in data["hands"]]
        game.ticket_deck = list(data["ticket_deck"])
        game.tickets = [list(t) for t in data["tickets"]]
        game.offers = [list(o) for o in data["offers"]]
        game.removed_tickets = list(data["removed_tickets"])
        game.claimed = {int(r): p for r, p in data["claimed"].items()}
        game.stations = dict(data["stations"])
        tunnel = data["tunnel"]
        game.tunnel = None if tunnel is None else {
            **tunnel, "laid": dict(tunnel["laid"]), "revealed": list(tunnel["revealed"])}
        game.trains = list(data["trains"])
        game.scores = list(data["scores"])
        game.turn = data["turn"]
        game._current = data["current"]
        game._pending = data["pending"]
        game.in_setup = data["in_setup"]
        game.final_turns_left = data["final_turns_left"]
        game.consecutive_passes = data["consecutive_passes"]
        game._over = data["over"]
        game.history = [game.action_from_dict(a) for a in data["history"]]
        game.setup_events = []
        game._events = []
        game._scores_cache = None
        return game
