"""The Ticket to Ride game state: one engine for every board, driven by a ``TtrRules``.

A turn is one action: draw train cards, claim a route, draw destination tickets, or (in
Europe) build a station. Decisions inside a turn, the second card, which tickets to
keep and whether to pay a tunnel's extra cards, are *pending decisions*: the state waits
for the player's answer, so a notebook can pause there and a bot can answer.

What differs between boards is rules data (and the map's tunnels, ferries and
tickets); the engine reads it through a few named hooks such as ``_station_cost``, and
the rules of claiming (which cards pay, double routes) from ``claim_rules``.

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

from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, ClassVar, Mapping, Self, Sequence, cast

from .. import texts
from ..core import (CARD_CODES, Action, ActionPart, Decision, GameState, LegalActions, Pass, PassingTurn, PositionField,
                    RuleViolation, a_player, card_counts, check_shapes, choice_in_parts, flag, is_whole_number,
                    keywords_checked, optional, pending_field, per_player, rules_field, seeded_random, shaped,
                    value_field, whole, whole_number_keys_field)
from ..texts import InputError, Joined, Phrase
from ..tickets import ChooseTickets, DrawTickets, KeepTickets, TicketChoice, refuse_a_ticket_named_twice
from ..train_cards import DrawBlind, DrawFaceUp, DrawingTurn, SecondCard, TrainCards, set_up_supply
from .actions import BuildStation, ClaimRoute, GiveUpTunnel, PayTunnel
from .claim_rules import (Price, double_route_problem, payments, route_price, station_price, tracks_open, tunnel_extra,
                          tunnel_extra_price)
from .legal import Claims, Stations
from .maps import Map, MapError, Route, load_map, maps_dir
from .rules import TtrRules, get as get_rules

FORMAT = "zuzlab-ttr-game/2"
DRAW_TICKETS = DrawTickets()


@dataclass(frozen=True)
class TunnelPayment(Decision):
    """A tunnel's cards are laid and the top of the deck revealed: pay ``extra`` more
    cards (``PayTunnel``) or give the tunnel up (``GiveUpTunnel``)."""

    kind = "tunnel"
    answers = (PayTunnel, GiveUpTunnel)
    refusal = "pending_tunnel"

    route: int = 0
    color: str | None = None  # the colour paid with (None: wild cards only)
    laid: tuple[tuple[str, int], ...] = ()  # the cards laid down: (card, count)
    revealed: tuple[str, ...] = ()
    extra: int = 0


#: every pending decision of Ticket to Ride (read back from saved positions by its ``kind``)
DECISIONS = (ChooseTickets, SecondCard, TunnelPayment)


def _saved_map(saved) -> Map:
    """A saved game's map back (``_map_to_save``)."""
    from .maps import map_from_dict

    return load_map(saved) if isinstance(saved, str) else map_from_dict(saved, "<saved game>")


def _map_to_save(board: Map):
    """The map as a save keeps it: a built-in map by its name, any other whole."""
    return board.name if board.source == str(maps_dir() / f"{board.name}.json") else board.to_dict()


class Game(DrawingTurn, TicketChoice, PassingTurn, GameState):
    """A game of Ticket to Ride. Create one with ``zuzlab.ttr.new_game``."""

    save_format, engine_key = FORMAT, "ttr"
    #: the claims listed last (``Claims``) and the routes still open, kept up to date (``legal.OpenRoutes``)
    caches = frozenset({"_open_routes", "_last_claims"})
    kept_up_to_date = frozenset({"_open_routes"})
    secrets = {"hands": "own", "tickets": "own", "offers": "own", "ticket_deck": "hidden", "removed_tickets": "hidden",
               "seed": "hidden", "history": "hidden", "cards": {"deck": "hidden"}}
    #: the position, in the order a save lists it (``core.PositionField``)
    position_fields = (
        rules_field(TtrRules),
        PositionField("map", copy=None, to_json=_map_to_save, from_json=lambda saved, game: _saved_map(saved),
                      fixed=True),
        value_field("players", whole(lambda game: game.rules.min_players, lambda game: game.rules.max_players),
                    fixed=True),
        value_field("seed", fixed=True),
        PositionField("cards", inline=True, copy=TrainCards.copy, to_json=TrainCards.to_dict,
                      from_json=lambda saved, game: game._new_train_cards().load(saved)),
        PositionField("hands", check=per_player(card_counts)),
        PositionField("ticket_deck", check=shaped("list")),
        PositionField("tickets", check=per_player(shaped("list"))),
        PositionField("offers", check=per_player(shaped("list"))),
        PositionField("removed_tickets", check=shaped("list")),
        whole_number_keys_field("claimed"),  # route id → its owner
        PositionField("stations", check=shaped("mapping")),
        PositionField("trains", check=per_player(whole(0, lambda game: game.rules.trains_per_player))),
        PositionField("scores", check=per_player(whole(0))),
        value_field("turn", whole(0, lambda game: 0 if game.in_setup else None)),
        value_field("_current", a_player),
        pending_field(DECISIONS),
        value_field("in_setup", flag),
        # passes and the last round's turns count down to the end of the game
        value_field("final_turns_left",
                    optional(whole(lambda game: 0 if game._over else 1, lambda game: game.players))),
        value_field("consecutive_passes", whole(0, lambda game: game.players - (not game._over))),
        value_field("_over", flag),
    )

    def __init__(self, rules: TtrRules | str, players: int, seed: int | str = 0, map: Map | str | None = None):
        rules = get_rules(rules)
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise InputError("error.players", game=rules.name, low=rules.min_players, high=rules.max_players,
                             players=repr(players))
        self.rules = rules
        board = map if map is not None else rules.map
        self.map = load_map(board)
        check_rules_fit_map(rules, self.map, players)
        self.players = players
        self.seed = seed
        self.history = []
        self.cards = self._new_train_cards()
        self.hands = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        long_deck = [t.id for t in self.map.tickets if t.deck == rules.long_ticket_deck]
        self.ticket_deck = [t.id for t in self.map.tickets if t.deck != rules.long_ticket_deck]  # top: [0]
        seeded_random(seed, "tickets").shuffle(self.ticket_deck)
        seeded_random(seed, "long-tickets").shuffle(long_deck)
        self.tickets: list[list[int]] = [[] for _ in range(players)]
        self.offers: list[list[int]] = [[] for _ in range(players)]
        self.removed_tickets: list[int] = []
        self.claimed: dict[int, int] = {}
        self.stations: dict[str, int] = {}  # city → the player whose station stands there
        self.trains = [rules.trains_per_player] * players
        self.scores = [0] * players  # route points, scored as routes are claimed
        self.turn = 0
        self._current = 0
        self._pending = None
        self.in_setup = True
        self.final_turns_left: int | None = None
        self.consecutive_passes = 0
        self._over = False
        self._events = []
        self._scores_cache = None

        for _ in range(rules.initial_hand):
            for player in range(players):
                card = self.cards.draw(self._emit)
                assert card is not None, "check_rules_fit_map saw cards enough to deal"
                self.hands[player][card] += 1
        self.cards.refill(self._emit)
        for player in range(players):
            dealt_long = long_deck[player * rules.initial_long_tickets:(player + 1) * rules.initial_long_tickets]
            self.offers[player] = dealt_long + self._take_tickets(rules.initial_tickets)
        self.removed_tickets.extend(long_deck[players * rules.initial_long_tickets:])  # undealt long tickets
        self._offer_tickets(0)
        self.setup_events = self._events  # the face-up deal of the opening, for narration
        self._events = []
        self._remember_start()

    def _new_train_cards(self) -> TrainCards:
        rules = self.rules
        cards = [c for c in rules.colors for _ in range(rules.cards_per_color)] + [rules.wild] * rules.wild_cards
        return TrainCards(cards, wild=rules.wild, face_up_count=rules.face_up_count,
                          reset_wilds=rules.face_up_reset_wilds, seed=self.seed)

    # --- what the state looks like --------------------------------------------------

    @property
    def card_kinds(self) -> tuple[str, ...]:
        return self.rules.colors + (self.rules.wild,)

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

    def _station_cost(self, player: int) -> int:
        return self.rules.station_costs[self.stations_built(player)]

    # --- legal actions ---------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """Every action the player to move may take, as a sequence that makes an action
        only when it is looked at (``zuzlab.core.LegalActions``; see ``legal.py``)."""
        if self._over:
            return LegalActions()
        pending = self._pending
        if pending is not None:
            return LegalActions(self._answers[type(pending)](self))
        actions = LegalActions(*self._turn_parts())
        return actions if len(actions) else LegalActions([Pass()])

    def _turn_parts(self) -> tuple[ActionPart, ...]:
        """The actions that start a turn, in ``legal_actions`` order, in parts (lists
        and lazy parts: ``zuzlab.core.LegalActions``)."""
        tickets: list[Action] = [DRAW_TICKETS] if self.ticket_deck else []
        stations: ActionPart = self._station_actions() if self.rules.stations_per_player else []
        return self._draw_actions(), self._claims(), tickets, stations

    def random_action(self, rng) -> Action:
        """``rng.choice(self.legal_actions())``, the same draw, without the sequence around
        the parts (random play asks this at every decision)."""
        if self._over:
            return super().random_action(rng)
        pending = self._pending
        parts = (self._answers[type(pending)](self),) if pending is not None else self._turn_parts()
        picked = choice_in_parts(rng, parts)
        return picked if picked is not None else super().random_action(rng)  # nothing but a pass

    def _claims(self) -> Claims:
        """The claims of the player to move (those of the last ``legal_actions`` while
        nothing has changed: a bot asks for both)."""
        claims = self.__dict__.get("_last_claims")
        if claims is None or not claims.is_current(self):
            claims = self.__dict__["_last_claims"] = Claims(self)
        return claims

    def claim_actions(self, routes=None) -> list[ClaimRoute]:
        """The legal claims of the player to move (every way to pay), of the routes with
        the ids in ``routes`` only (a set; None: of every route), in ``legal_actions``
        order: what a bot looking for certain routes needs, without making the others."""
        if self._over or self._pending is not None:
            return []
        return list(self._claims().for_routes(routes))

    def _station_actions(self) -> Stations:
        player, rules = self._current, self.rules
        if self.stations_built(player) >= rules.stations_per_player:
            return Stations([], [])
        hand = self.hands[player]
        ways = list(payments(station_price(rules, self._station_cost(player)), hand[rules.wild], hand))
        cities = [city.name for city in self.map.cities.values()
                  if city.kind == "city" and city.name not in self.stations]
        return Stations(cities, ways)

    def _tunnel_actions(self) -> list[Action]:
        tunnel, hand = self._pending_tunnel(), self.hands[self._current]
        price = tunnel_extra_price(tunnel.color, tunnel.extra)
        return [PayTunnel(used) for _, used in payments(price, hand[self.rules.wild], hand)] + [GiveUpTunnel()]

    # --- carrying out actions ---------------------------------------------------------

    # paying

    def _check_payment(self, price: Price, color, wilds: int, what) -> dict[str, int]:
        """Check a payment of ``price`` (``claim_rules``): ``color`` (None: wild cards
        only) with ``wilds`` wild cards standing in; return the cards it takes from the
        hand. ``what()`` names what is paid for (in a refusal only: most payments are fine)."""
        rules, count, colors = self.rules, price.length, price.colors
        if not 0 <= wilds <= count:
            raise RuleViolation("bad_payment", "bad_payment/wilds_range", count=count, wilds=wilds)
        if (color is None) != (wilds == count):
            raise RuleViolation("bad_payment", "bad_payment/name_colour", count=count)
        if color is not None and color not in rules.colors:
            raise RuleViolation("bad_payment", "bad_payment/not_a_colour", color=repr(color), colors=list(rules.colors))
        if color is not None and color not in colors:
            raise RuleViolation("wrong_color", what=what(), need=colors[0], color=color)
        if wilds and not price.wilds_usable:
            raise RuleViolation("wild_not_allowed", wilds=texts.phrase(f"{rules.wild}_cards"), what=what())
        payment = self._cards(count, color, wilds)
        hand = self.hands[self._current]
        for card, needed in payment.items():
            if hand[card] < needed:
                raise RuleViolation("missing_cards", "missing_cards/pay", what=what(), cards=texts.cards(card, needed),
                                    count=hand[card])
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

    def canonical(self, action):
        """A claim may name its route by the two cities (``("Denver", "Omaha")`` or
        ``"Denver–Omaha"``) where that is unambiguous, and its colour in words of a
        language ("rot", "Purpur"); the history keeps the route id and the colour's code."""
        if type(action) is not ClaimRoute:
            return self._with_card_codes(action)
        if type(action.route) is int and (action.color is None or action.color in CARD_CODES):
            return action  # as legal_actions() makes it: checked first, a game makes many
        action = self._with_card_codes(action)
        if type(action.route) is int:
            return action
        try:
            route = self.map.find_route(action.route, color=action.color)
        except MapError as problem:  # said as a refusal: a sentence of its own
            raise RuleViolation("unknown_route", f"unknown_route/{problem.key.removeprefix('error.')}",
                                **problem.params) from None
        return ClaimRoute(route.id, action.color, action.wilds)

    def _route_of(self, claim: ClaimRoute) -> Route:
        """The route a claim names by its id (``canonical`` has read a route named by its
        cities; ``_check_claim`` refuses an id the map does not have)."""
        return self.map.route(cast(int, claim.route))

    def _check_claim(self, action: ClaimRoute) -> None:
        player = self._current
        if not self.map.has_route(action.route):
            raise RuleViolation("unknown_route", route=repr(action.route), map=texts.map_title(self.map))
        route = self._route_of(action)
        if route.id in self.claimed:
            raise RuleViolation("route_taken", route=route, owner=self.claimed[route.id])
        problem = double_route_problem(self.rules, self.players, self.claimed, route, player)
        if problem:
            taken = [track for track in route.parallel if track in self.claimed]
            mine = [track for track in taken if self.claimed[track] == player]
            kind = "double_route" if len(route.parallel) == 1 else "triple_route"
            raise RuleViolation("double_route", f"{kind}/{problem}", a=route.a, b=route.b,
                                other=(mine if problem == "own" else taken)[0], players=self.players,
                                taken=", ".join(map(str, taken)),
                                open=texts.quantity("track", tracks_open(self.rules, self.players, len(route.tracks))))
        if route.length > self.trains[player]:
            raise RuleViolation("not_enough_trains", route=route, length=texts.quantity("train", route.length),
                                trains=self.trains[player])
        price = route_price(self.rules, route)
        self._check_payment(price, action.color, action.wilds, lambda: texts.phrase("route", route=route))
        if action.wilds < price.ferry:
            raise RuleViolation("ferry", route=route, wilds=texts.cards(self.rules.wild, price.ferry))

    def _do_claim(self, action: ClaimRoute) -> None:
        route = self._route_of(action)
        payment = self._cards(route.length, action.color, action.wilds)
        if not route.tunnel:
            self._pay(payment)
            self._complete_claim(route, payment)
            return
        # A tunnel: the cards are laid down, then the top cards of the deck are turned over.
        self._take_from_hand(payment)
        revealed = [card for card in (self.cards.draw(self._emit) for _ in range(self.rules.tunnel_reveal)) if card]
        extra = tunnel_extra(self.rules, action.color, revealed)
        self._pending = TunnelPayment(self._current, route.id, action.color, tuple(payment.items()), tuple(revealed),
                                      extra)
        self._emit("tunnel_revealed", route=route.id, revealed=list(revealed), extra=extra)
        if extra == 0:
            self._settle_tunnel(paid=True)

    def _complete_claim(self, route: Route, payment: dict[str, int]) -> None:
        player = self._current
        tracker = self.__dict__.get("_open_routes")
        if tracker is not None and tracker.is_current(self):
            tracker.claiming(self, route, player)
        self.claimed[route.id] = player
        self.trains[player] -= route.length
        points = self.rules.points_for_length(route.length)
        self.scores[player] += points
        self._emit("route_claimed", route=route.id, paid=payment, points=points, trains_left=self.trains[player])
        self.cards.refill(self._emit)
        self._end_turn()

    # tunnels

    def _pending_tunnel(self) -> TunnelPayment:
        """The tunnel being paid for; refused when there is none."""
        tunnel = self._pending
        if not isinstance(tunnel, TunnelPayment):
            raise RuleViolation("no_tunnel")
        return tunnel

    def _tunnel_extra_payment(self, wilds: int) -> dict[str, int]:
        tunnel, rules = self._pending_tunnel(), self.rules
        extra, color = tunnel.extra, tunnel.color
        if not 0 <= wilds <= extra:
            raise RuleViolation("bad_payment", "bad_payment/tunnel_range", extra=texts.quantity("extra_card", extra),
                                 wilds=wilds)
        if color is None and wilds != extra:
            raise RuleViolation("tunnel_wilds_only", wilds=texts.phrase(f"{rules.wild}_cards"), extra=extra)
        payment = self._cards(extra, color, wilds)
        hand = self.hands[self._current]
        for card, needed in payment.items():
            if hand[card] < needed:
                raise RuleViolation("missing_cards", "missing_cards/tunnel", cards=texts.cards(card, needed),
                                    count=hand[card])
        return payment

    def _check_pay_tunnel(self, action: PayTunnel) -> None:
        self._tunnel_extra_payment(action.wilds)

    def _do_pay_tunnel(self, action: PayTunnel) -> None:
        extra = self._tunnel_extra_payment(action.wilds)
        self._take_from_hand(extra)
        self._emit("tunnel_paid", paid=extra)
        tunnel = self._pending_tunnel()
        laid = Counter(dict(tunnel.laid)) + Counter(extra)
        self._pending = replace(tunnel, laid=tuple(laid.items()))
        self._settle_tunnel(paid=True)

    def _check_give_up_tunnel(self, action: GiveUpTunnel) -> None:
        self._pending_tunnel()

    def _do_give_up_tunnel(self, action: GiveUpTunnel) -> None:
        self._settle_tunnel(paid=False)

    def _settle_tunnel(self, paid: bool) -> None:
        """Claim the tunnel with the laid cards, or give it up and take them back; the
        revealed cards are discarded either way."""
        tunnel, hand = self._pending_tunnel(), self.hands[self._current]
        self._pending = None
        laid = dict(tunnel.laid)
        self.cards.discard.extend(tunnel.revealed)
        if paid:
            for card, count in laid.items():
                self.cards.discard.extend([card] * count)
            self._complete_claim(self.map.route(tunnel.route), laid)
        else:
            for card, count in laid.items():
                hand[card] += count
            self._emit("tunnel_abandoned", route=tunnel.route, returned=laid)
            self.cards.refill(self._emit)
            self._end_turn()

    # stations

    def _check_station(self, action: BuildStation) -> None:
        player, rules = self._current, self.rules
        if rules.stations_per_player == 0:
            raise RuleViolation("no_stations", game=texts.map_title(self.map))
        if self.stations_built(player) >= rules.stations_per_player:
            raise RuleViolation("no_stations_left", count=rules.stations_per_player)
        city = self.map.cities.get(action.city)
        if city is None or city.kind != "city":
            raise RuleViolation("unknown_city", city=repr(action.city), map=texts.map_title(self.map))
        if action.city in self.stations:
            raise RuleViolation("station_taken", city=action.city, owner=self.stations[action.city])
        cost = self._station_cost(player)
        self._check_payment(station_price(rules, cost), action.color, action.wilds,
                            lambda: texts.phrase("station", number=self.stations_built(player) + 1, count=cost))

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

    # the end of a turn (passing: core.PassingTurn)

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

    # --- setting up a position ---------------------------------------------------------

    @keywords_checked
    def set_up(self, *, hands: Mapping[int, Mapping[str, int]] | None = None, face_up: Sequence[str] | None = None,
               deck_top: Sequence[str] | None = None, claimed: Mapping | None = None,
               tickets: Mapping[int, Sequence] | None = None, stations: Mapping[str, int] | None = None,
               current: int | None = None, over: bool = False) -> Self:
        """Put the game in a chosen position at the start of a turn, for a lesson, a
        scenario or a test (like a chess FEN); returns the game.

        - ``hands``: player → {card: count}, that player's whole hand;
        - ``face_up``: the face-up row, left to right;
        - ``deck_top``: the next cards of the deck, the first drawn first;
        - ``claimed``: every claimed route (an id or the two cities) → its owner; trains
          and route points follow from them;
        - ``tickets``: player → their tickets (ids or ``(city, city)``);
        - ``stations``: city → the owner of its station (Europe);
        - ``current``: whose turn it is;
        - ``over``: the game has ended (to score a position: ``final_scores()``).

        Cards move between the supply and the hands (a hand's surplus to the discards,
        missing cards from the bottom of the deck, then from the discards), so the game
        still holds exactly its rules' cards. The opening ends (every player keeps the tickets still on offer, unless
        ``tickets`` names theirs), and the history starts here: ``undo`` goes back to
        this position, a save replays from it. A ``ValueError`` names what cannot be set
        up, and the game is left as it was.
        """
        return self._set_up_position(lambda game: game._arrange(hands, face_up, deck_top, claimed, tickets, stations),
                                     current, over)

    def _arrange(self, hands, face_up, deck_top, claimed, tickets, stations) -> None:
        """``set_up``'s own changes, made on a copy of the game (``core.GameState._set_up_position``)."""
        check_shapes(hands=(hands, "cards"), face_up=(face_up, "list"), deck_top=(deck_top, "list"),
                     claimed=(claimed, "mapping"), tickets=(tickets, "lists"), stations=(stations, "mapping"))
        self._end_opening(keep_offers=[p for p in range(self.players) if tickets is None or p not in tickets])
        if tickets is not None:
            self._set_up_tickets(tickets)
        for player in hands or {}:
            self._check_player(player, "hands")
        set_up_supply(self.cards, self.card_kinds, {f"hands[{p}]": (self.hands[p], dict(hand))
                                                    for p, hand in (hands or {}).items()}, face_up, deck_top or ())
        if claimed is not None or stations is not None:
            self._set_up_board(claimed, stations)

    def _end_opening(self, keep_offers: list[int]) -> None:
        """End the opening ticket choice: the players in ``keep_offers`` keep their whole
        offer, the others' offers go back under the ticket deck."""
        if not self.in_setup:
            return
        for player in range(self.players):
            (self.tickets[player] if player in keep_offers else self.ticket_deck).extend(self.offers[player])
            self.offers[player] = []
        self.in_setup, self._pending, self._current = False, None, 0

    def _set_up_tickets(self, tickets: Mapping[int, Sequence]) -> None:
        for player in tickets:
            self._check_player(player, "tickets")
        named = {player: [self._ticket_id(t) for t in wanted] for player, wanted in tickets.items()}
        refuse_a_ticket_named_twice(named)
        for player, ids in named.items():
            for ticket in ids:
                for pile in (self.ticket_deck, self.removed_tickets, *self.tickets):
                    if ticket in pile and pile is not self.tickets[player]:
                        pile.remove(ticket)
            self.ticket_deck.extend(t for t in self.tickets[player] if t not in ids)
            self.tickets[player] = ids

    def _ticket_id(self, ticket) -> int:
        if isinstance(ticket, int) and not isinstance(ticket, bool) and any(t.id == ticket for t in self.map.tickets):
            return ticket
        if isinstance(ticket, (tuple, list)) and len(ticket) == 2:
            for known in self.map.tickets:
                if known.origin == ticket[0] and ticket[1] in known.destinations:
                    return known.id
        raise InputError("error.no_ticket", ticket=repr(ticket), map=texts.map_title(self.map))

    def _set_up_board(self, claimed: Mapping | None, stations: Mapping[str, int] | None) -> None:
        if claimed is not None:
            self.claimed = {}
            for route, owner in claimed.items():
                self._check_player(owner, f"claimed[{route!r}]")
                try:
                    found = self.map.find_route(route)
                except MapError as problem:
                    raise InputError("error.in_field", where="claimed", problem=problem) from None
                self.claimed[found.id] = owner
            for player in range(self.players):
                own = self.routes_of(player)
                self.trains[player] = self.rules.trains_per_player - sum(r.length for r in own)
                self.scores[player] = sum(self.rules.points_for_length(r.length) for r in own)
        if stations is not None:
            for city, owner in stations.items():
                self._check_player(owner, f"stations[{city!r}]")
            self.stations = dict(stations)

    def _start_of_turn(self) -> dict:
        return {"_pending": None, "in_setup": False, "final_turns_left": None, "consecutive_passes": 0}

    def _check_rules(self) -> None:
        """What the rules say of a position beyond the shapes of its parts: the tickets on
        offer, a tunnel being paid for, every card and ticket in exactly one place, claimed
        routes and stations that the map and the double-route rule allow, trains and route
        points that follow from the claims."""
        rules, board = self.rules, self.map
        self._check_ticket_offers()
        if isinstance(self._pending, TunnelPayment):
            self._check_pending_tunnel(self._pending)
        if len(self.cards.face_up) != rules.face_up_count:
            raise InputError("error.face_up_places", count=len(self.cards.face_up), places=rules.face_up_count)
        held = Counter(self.cards.all_cards())
        for hand in self.hands:
            held.update(hand)
        if isinstance(self._pending, TunnelPayment):
            held.update(dict(self._pending.laid))
            held.update(self._pending.revealed)
        full = (Counter({color: rules.cards_per_color for color in rules.colors})
                + Counter({rules.wild: rules.wild_cards}))
        for card in sorted(set(held) | set(full)):
            if held[card] != full[card]:
                raise InputError("error.cards_in_game", cards=texts.cards(card, held[card]), full=full[card])
        places = [*self.ticket_deck, *self.removed_tickets, *(t for p in self.tickets for t in p),
                  *(t for p in self.offers for t in p)]
        counted = Counter(places)
        for ticket in board.tickets:
            if counted.pop(ticket.id, 0) != 1:
                raise InputError("error.ticket_places", id=ticket.id, ticket=ticket)
        if counted:
            raise InputError("error.not_a_ticket", ticket=repr(sorted(counted)[0]), map=texts.map_title(board))
        for route_id, owner in self.claimed.items():
            if not board.has_route(route_id):
                raise InputError("error.claimed_no_route", route=repr(route_id), map=texts.map_title(board))
            if not isinstance(owner, int) or not 0 <= owner < self.players:
                raise InputError("error.claimed_owner", route=route_id, owner=repr(owner))
            route = board.route(route_id)
            problem = double_route_problem(rules, self.players, self.claimed, route, owner)
            if problem == "own":
                raise InputError("error.claimed_both_own", player=owner, a=route.a, b=route.b)
            if problem == "closed":
                raise InputError("error.claimed_both", a=route.a, b=route.b, players=self.players)
        for player in range(self.players):
            own = self.routes_of(player)
            trains = rules.trains_per_player - sum(r.length for r in own)
            if self.trains[player] != trains or trains < 0:
                raise InputError("error.trains_left", player=player, trains=repr(self.trains[player]), left=trains)
            points = sum(rules.points_for_length(r.length) for r in own)
            if self.scores[player] != points:
                raise InputError("error.route_score", player=player, score=repr(self.scores[player]), points=points)
        for city, owner in self.stations.items():
            if city not in board.cities or board.cities[city].kind != "city":
                raise InputError("error.station_city", city=repr(city), map=texts.map_title(board))
            if not isinstance(owner, int) or not 0 <= owner < self.players:
                raise InputError("error.station_owner", city=city, owner=repr(owner))
        for player in range(self.players):
            if self.stations_built(player) > rules.stations_per_player:
                raise InputError("error.stations_built", player=player, built=self.stations_built(player),
                                 allowed=rules.stations_per_player)

    def _check_pending_tunnel(self, tunnel: TunnelPayment) -> None:
        """A tunnel being paid for is a free tunnel of the map, its extra cards those the
        revealed cards ask for."""
        if not is_whole_number(tunnel.route) or not self.map.has_route(tunnel.route) \
                or not self.map.route(tunnel.route).tunnel or tunnel.route in self.claimed:
            raise InputError("error.pending_tunnel_route", route=repr(tunnel.route))
        extra = tunnel_extra(self.rules, tunnel.color, tunnel.revealed)
        if len(tunnel.revealed) > self.rules.tunnel_reveal or tunnel.extra != extra:
            raise InputError("error.pending_tunnel_extra", extra=repr(tunnel.extra), revealed=list(tunnel.revealed),
                             wanted=extra)

    @classmethod
    def _unseen_pools(cls, seen: dict, player: int) -> list[tuple[tuple[str, ...], list]]:
        """What ``player`` has not seen (``core.GameState.from_observation``): the train
        cards outside their hand, the face-up row, the discards and a tunnel's laid and
        revealed cards (dealt to the other hands and the deck), and the tickets neither
        theirs nor on offer to them (dealt to the others' tickets and offers, the ticket
        deck and the tickets out of the game)."""
        rules, board = TtrRules.from_dict(seen["rules"]), _saved_map(seen["map"])
        cards = Counter({color: rules.cards_per_color for color in rules.colors} | {rules.wild: rules.wild_cards})
        cards.subtract(seen["hands"][player])
        cards.subtract(card for card in [*seen["face_up"], *seen["discard"]] if card)
        tunnel = seen["pending"] if (seen["pending"] or {}).get("kind") == TunnelPayment.kind else None
        if tunnel is not None:
            cards.subtract(dict(tunnel["laid"]))
            cards.subtract(tunnel["revealed"])
        own = {*seen["tickets"][player], *seen["offers"][player]}
        tickets = [ticket.id for ticket in board.tickets if ticket.id not in own]
        return [(("hands", "deck"), sorted(cards.elements())),
                (("tickets", "offers", "ticket_deck", "removed_tickets"), tickets)]

    # --- saving and loading ----------------------------------------------------------

    @classmethod
    def _new_from_saved(cls, data: dict) -> Self:
        return cls(TtrRules.from_dict(data["rules"]), data["players"], data["seed"], _saved_map(data["map"]))

    # --- which method handles which action ---------------------------------------------

    handlers = {
        DrawFaceUp: (DrawingTurn._check_face_up, DrawingTurn._do_face_up),
        DrawBlind: (DrawingTurn._check_blind, DrawingTurn._do_blind),
        ClaimRoute: (_check_claim, _do_claim),
        DrawTickets: (TicketChoice._check_draw_tickets, TicketChoice._do_draw_tickets),
        KeepTickets: (TicketChoice._check_keep, TicketChoice._do_keep),
        PayTunnel: (_check_pay_tunnel, _do_pay_tunnel),
        GiveUpTunnel: (_check_give_up_tunnel, _do_give_up_tunnel),
        BuildStation: (_check_station, _do_station),
        Pass: (PassingTurn._check_pass, PassingTurn._do_pass),
    }
    #: the legal answers to each pending decision
    _answers: ClassVar[dict[type[Decision], Callable[[Game], ActionPart]]] = {
        ChooseTickets: TicketChoice._keep_actions,
        SecondCard: DrawingTurn._second_card_actions,
        TunnelPayment: _tunnel_actions,
    }


def check_rules_fit_map(rules: TtrRules, board: Map, players: int) -> None:
    """Refuse a rules value that cannot run a game on ``board`` with ``players`` (before
    anything is dealt, not halfway through a claim)."""
    problems = rules_map_problems(rules, board, players)
    if problems:
        raise InputError("error.rules_map", rules=repr(rules.name), map=board.name, problems=Joined(tuple(problems)))


def rules_map_problems(rules: TtrRules, board: Map, players: int) -> list[Phrase]:
    """Why ``rules`` cannot run a game on ``board`` with ``players``: lengths without
    points, colours without cards, too few cards or tickets for the deal (none: it can)."""
    problems = []
    scored = {length for length, _ in rules.points_table}
    missing = sorted({r.length for r in board.routes} - scored)
    if missing:
        problems.append(Phrase("error.fit_route_points", {"lengths": ", ".join(map(str, missing)), "map": board.name}))
    colors = sorted({r.color for r in board.routes if not r.is_gray} - set(rules.colors))
    if colors:
        problems.append(Phrase("error.fit_colours", {"map": board.name, "colors": colors}))
    dealt = rules.initial_hand * players
    if dealt > rules.total_cards:
        problems.append(Phrase("error.fit_hand", {"hand": rules.initial_hand, "players": players, "dealt": dealt,
                                                  "cards": rules.total_cards}))
    long_tickets = sum(1 for t in board.tickets if t.deck == rules.long_ticket_deck)
    regular = len(board.tickets) - long_tickets
    if rules.initial_long_tickets * players > long_tickets:
        problems.append(Phrase("error.fit_long_tickets", {"tickets": rules.initial_long_tickets, "players": players,
                                                          "dealt": rules.initial_long_tickets * players,
                                                          "map": board.name, "there": long_tickets}))
    if rules.initial_tickets * players > regular:
        problems.append(Phrase("error.fit_tickets", {"tickets": rules.initial_tickets, "players": players,
                                                     "dealt": rules.initial_tickets * players, "map": board.name,
                                                     "there": regular}))
    return problems
