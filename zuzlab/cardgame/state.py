"""Ticket to Ride: The Card Game, as a game state with the same protocol as ``zuzlab.ttr``.

There is no board. Cards travel hand → rail yard → on-the-track pile, and at the end
the on-the-track pile decides which tickets are fulfilled.

A turn: first, automatically, one card of each colour in the player's rail yard moves
onto the player's on-the-track pile; then one action: draw two train cards, lay a set
(2+ of one colour, locomotives added; it must outnumber every other player's cards of
that colour in their rail yards, which are then discarded: the train wreck), lay three
cards of different colours none of which lies in another rail yard, or draw 4 tickets
and keep any number.

The game ends when the train deck has run out once (2–3 players). With 4 players the
first time scores the tickets in hand, clears rail yards and on-the-track piles into a
new deck, and the second time ends the game.

Events: those of drawing cards and tickets, ``moved_to_track``, ``set_played``,
``train_wreck``, ``mixed_played``, ``round_scored``, ``second_round``, ``passed``,
``turn_ended``, ``game_blocked``, ``game_over``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..core import GameState, Pass, RuleViolation, seeded_random
from ..tickets import KEEP_TICKETS, DrawTickets, KeepTickets, TicketChoice
from ..train_cards import SECOND_CARD, DrawBlind, DrawFaceUp, DrawingTurn, TrainCards
from .actions import PlayMixed, PlaySet
from .data import WILD, load_data
from .rules import CardGameRules, get as get_rules

FORMAT = "zuzlab-cardgame-game/1"


@dataclass(frozen=True)
class Pending:
    """A decision the current player must make before the turn can go on."""

    kind: str  # "keep_tickets" or "second_card"
    player: int
    tickets: tuple[int, ...] = ()
    keep_min: int = 0


class Game(DrawingTurn, TicketChoice, GameState):
    """A game of Ticket to Ride: The Card Game. Create one with ``zuzlab.cardgame.new_game``."""

    save_format, saved_name = FORMAT, "Card Game"
    action_names = {
        DrawFaceUp: "face_up", DrawBlind: "blind", PlaySet: "set", PlayMixed: "mixed",
        DrawTickets: "draw_tickets", KeepTickets: "keep", Pass: "pass",
    }
    pending_answers = {"keep_tickets": KEEP_TICKETS, "second_card": SECOND_CARD}

    def __init__(self, rules: CardGameRules | str = "cardgame", players: int = 2, seed: int | str = 0):
        rules = get_rules(rules)
        if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{rules.name} is played by {rules.min_players}–{rules.max_players} players, "
                             f"not {players!r}")
        self.rules, self.data, self.players, self.seed = rules, load_data(rules.data), players, seed
        self.history: list = []
        self._events: list = []
        self._current = 0
        deck = self.data.deck
        for _ in range(players * rules.initial_locomotives):
            deck.remove(WILD)  # dealt before the deck is shuffled
        self.cards = self._new_train_cards(deck)
        self.hands = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        self.yards = [{c: [0, 0] for c in self.data.colors} for _ in range(players)]  # colour → [cards, locos]
        self.track = [dict.fromkeys(self.card_kinds, 0) for _ in range(players)]
        for hand in self.hands:
            hand[WILD] += rules.initial_locomotives
        for _ in range(rules.initial_hand):
            for hand in self.hands:
                hand[self.cards.draw(self._emit)] += 1
        self.cards.refill(self._emit)
        self.ticket_deck = [t.id for t in self.data.tickets]
        seeded_random(seed, "tickets").shuffle(self.ticket_deck)
        self.tickets: list[list[int]] = [[] for _ in range(players)]
        self.offers = [self._take_tickets(rules.initial_tickets) for _ in range(players)]
        self.round = 1
        self.first_round: list[dict] | None = None  # the first scoring, with 4 players
        self.turn = 0
        self._pending: str | None = "keep_tickets"
        self.in_setup = True
        self.consecutive_passes = 0
        self._over = False
        self._scores_cache = None
        self.setup_events, self._events = self._events, []

    def _new_train_cards(self, deck: list[str]) -> TrainCards:
        return TrainCards(deck, wild=WILD, face_up_count=self.rules.face_up_count,
                          reset_wilds=self.rules.face_up_reset_wilds, seed=self.seed, reshuffle=False)

    # --- what the state looks like --------------------------------------------------

    @property
    def card_kinds(self) -> tuple[str, ...]:
        return self.data.colors + (WILD,)

    @property
    def pending(self) -> Pending | None:
        if self._over or self._pending is None:
            return None
        if self._pending == "keep_tickets":
            offer = self.offers[self._current]
            return Pending("keep_tickets", self._current, tuple(offer), self._keep_min(offer))
        return Pending(self._pending, self._current)

    def yard_size(self, player: int, color: str) -> int:
        """Cards of ``color`` (locomotives in its set included) in ``player``'s rail yard."""
        return sum(self.yards[player][color])

    def largest_other_set(self, color: str) -> int:
        return max((self.yard_size(p, color) for p in range(self.players) if p != self._current), default=0)

    def __repr__(self) -> str:
        status = "over" if self._over else f"player {self._current} to act"
        return f"<Card Game {self.players} players seed={self.seed!r} round {self.round} turn {self.turn}, {status}>"

    def _counts_double(self, card: str) -> bool:
        return card == WILD and self.rules.face_up_wild_counts_double

    # --- legal actions ---------------------------------------------------------------

    def legal_actions(self) -> list:
        if self._over:
            return []
        if self._pending == "keep_tickets":
            return self._keep_actions()
        if self._pending == "second_card":
            return self._second_card_actions()
        actions = self._draw_actions() + self._set_actions() + self._mixed_actions()
        if self.ticket_deck:
            actions.append(DrawTickets())
        return actions or [Pass()]

    def _set_actions(self) -> list:
        hand, rules = self.hands[self._current], self.rules
        actions = []
        for color in self.data.colors:
            beat = self.largest_other_set(color) + 1
            for cards in range(rules.set_min_cards, hand[color] + 1):
                for locomotives in range(max(0, beat - cards), hand[WILD] + 1):
                    actions.append(PlaySet(color, cards, locomotives))
        return actions

    def _mixed_actions(self) -> list:
        hand = self.hands[self._current]
        free = [c for c in self.data.colors if hand[c] and self.largest_other_set(c) == 0]
        return [PlayMixed(colors) for colors in itertools.combinations(free, self.rules.mixed_play_cards)]

    # --- the start of a turn -------------------------------------------------------------

    def _begin_play(self) -> None:
        self._start_turn()

    def _start_turn(self) -> None:
        """Move one card of each colour in the rail yard onto the on-the-track pile."""
        yard, track = self.yards[self._current], self.track[self._current]
        moved = []
        for color, cards in yard.items():
            if cards[0] + cards[1] == 0:
                continue
            use_locomotive = cards[1] and (self.rules.locomotives_move_first or not cards[0])
            if use_locomotive:
                cards[1] -= 1
                track[WILD] += 1
                moved.append(WILD)
            else:
                cards[0] -= 1
                track[color] += 1
                moved.append(color)
        if moved:
            self._emit("moved_to_track", cards=moved)

    # --- playing cards to the rail yard ------------------------------------------------

    def _check_color(self, color: str) -> None:
        if color not in self.data.colors:
            raise RuleViolation("unknown_color", color=repr(color), colors=list(self.data.colors))

    def _check_set(self, action: PlaySet) -> None:
        self._check_color(action.color)
        hand, rules = self.hands[self._current], self.rules
        if action.cards < rules.set_min_cards or action.locomotives < 0:
            raise RuleViolation("set_too_small", count=rules.set_min_cards, color=action.color)
        for card, count in ((action.color, action.cards), (WILD, action.locomotives)):
            if hand[card] < count:
                raise RuleViolation("missing_cards", "missing_cards/set", count=count, card=card, held=hand[card])
        rival = self.largest_other_set(action.color)
        if action.cards + action.locomotives <= rival:
            raise RuleViolation("set_not_larger", rival=rival, color=action.color, needed=rival + 1)

    def _do_set(self, action: PlaySet) -> None:
        me, color = self._current, action.color
        self.hands[me][color] -= action.cards
        self.hands[me][WILD] -= action.locomotives
        wrecked = {}
        for player in range(self.players):
            if player != me and self.yard_size(player, color):
                cards, locomotives = self.yards[player][color]
                self.cards.discard.extend([color] * cards + [WILD] * locomotives)
                self.yards[player][color] = [0, 0]
                wrecked[player] = cards + locomotives
        self.yards[me][color][0] += action.cards
        self.yards[me][color][1] += action.locomotives
        self._emit("set_played", color=color, cards=action.cards, locomotives=action.locomotives)
        if wrecked:
            self._emit("train_wreck", color=color, discarded=wrecked)
        self._end_turn()

    def _check_mixed(self, action: PlayMixed) -> None:
        size = self.rules.mixed_play_cards
        for color in action.colors:
            self._check_color(color)
        if len(set(action.colors)) != size or len(action.colors) != size:
            raise RuleViolation("mixed_play", count=size)
        hand = self.hands[self._current]
        missing = [c for c in action.colors if not hand[c]]
        if missing:
            raise RuleViolation("missing_cards", "missing_cards/mixed", colors=missing)
        taken = [c for c in action.colors if self.largest_other_set(c)]
        if taken:
            raise RuleViolation("mixed_color_taken", colors=taken)

    def _do_mixed(self, action: PlayMixed) -> None:
        for color in action.colors:
            self.hands[self._current][color] -= 1
            self.yards[self._current][color][0] += 1
        self._emit("mixed_played", colors=list(action.colors))
        self._end_turn()

    # --- tickets -------------------------------------------------------------------------

    def _tickets_per_draw(self) -> int:
        return self.rules.ticket_draw

    def _keep_min(self, offer: list[int]) -> int:
        return min(self.rules.initial_keep_min if self.in_setup else self.rules.ticket_keep_min, len(offer))

    def _tickets_returned(self, returned: list[int]) -> None:
        """At the start the returned tickets are shuffled into the deck; later they go under it."""
        self.ticket_deck.extend(returned)
        if self.in_setup:
            seeded_random(self.seed, "returned-tickets", self._current).shuffle(self.ticket_deck)

    # --- the end of a turn, the rounds (passing: core.GameState) ----------------------

    def _end_turn(self, passed: bool = False) -> None:
        if not passed:
            self.consecutive_passes = 0
        self._emit("turn_ended")
        self.turn += 1
        if not self.cards.deck:  # the train deck has run out
            if self.round == 1 and self.players >= self.rules.two_rounds_from:
                self._first_scoring()
            if not self.cards.deck:
                self._finish()
                return
        if self.consecutive_passes >= self.players:
            self._emit("game_blocked")
            self._finish()
            return
        self._current = (self._current + 1) % self.players
        self._start_turn()

    def _first_scoring(self) -> None:
        """Score the tickets in hand (no Big City bonus); rail yards and on-the-track piles
        join the discards as the new deck; the hands stay."""
        from .scoring import ticket_fulfilment

        self.first_round = []
        for player in range(self.players):
            best = ticket_fulfilment(self, player)
            self.first_round.append({"tickets": list(self.tickets[player]), "points": best.score,
                                     "fulfilled": [t.id for t in best.fulfilled]})
            if not self.rules.first_round_tickets_stay:
                self.tickets[player] = []
            for color, (cards, locomotives) in self.yards[player].items():
                self.cards.discard.extend([color] * cards + [WILD] * locomotives)
            for card, count in self.track[player].items():
                self.cards.discard.extend([card] * count)
            self.yards[player] = {c: [0, 0] for c in self.data.colors}
            self.track[player] = dict.fromkeys(self.card_kinds, 0)
        self._emit("round_scored", points=[r["points"] for r in self.first_round])
        self.round = 2
        if self.cards.discard:
            self.cards.shuffle_discards_into_deck(self._emit)
        self.cards.refill(self._emit)
        self._emit("second_round", deck=len(self.cards.deck))

    def _score_game(self):
        """The final score breakdown (``zuzlab.cardgame.scoring.FinalScores``)."""
        from .scoring import score_game

        return score_game(self)

    # --- saving and loading ----------------------------------------------------------

    def to_dict(self) -> dict:
        return {
            "format": FORMAT, "rules": self.rules.to_dict(), "players": self.players, "seed": self.seed,
            **self.cards.to_dict(),
            "hands": [dict(h) for h in self.hands],
            "yards": [{c: list(v) for c, v in yard.items()} for yard in self.yards],
            "track": [dict(t) for t in self.track],
            "ticket_deck": list(self.ticket_deck),
            "tickets": [list(t) for t in self.tickets],
            "offers": [list(o) for o in self.offers],
            "round": self.round, "first_round": self.first_round,
            "turn": self.turn, "current": self._current, "pending": self._pending, "in_setup": self.in_setup,
            "consecutive_passes": self.consecutive_passes, "over": self._over,
            "history": [a.to_dict() for a in self.history],
        }

    @classmethod
    def _from_saved(cls, data: dict) -> "Game":
        game = cls.__new__(cls)
        game.rules = CardGameRules.from_dict(data["rules"])
        game.data, game.players, game.seed = load_data(game.rules.data), data["players"], data["seed"]
        game.cards = game._new_train_cards([]).load(data)
        game.hands = [dict(h) for h in data["hands"]]
        game.yards = [{c: list(v) for c, v in yard.items()} for yard in data["yards"]]
        game.track = [dict(t) for t in data["track"]]
        game.ticket_deck = list(data["ticket_deck"])
        game.tickets = [list(t) for t in data["tickets"]]
        game.offers = [list(o) for o in data["offers"]]
        game.round, game.first_round = data["round"], data["first_round"]
        game.turn, game._current, game._pending = data["turn"], data["current"], data["pending"]
        game.in_setup, game.consecutive_passes, game._over = data["in_setup"], data["consecutive_passes"], data["over"]
        game.history = [game.action_from_dict(a) for a in data["history"]]
        game.setup_events, game._events, game._scores_cache = [], [], None
        return game
