"""The train cards both Ticket to Ride games share: the supply (deck, discards, the
face-up row) and the "draw two train cards" action with its wild-card rules.

Ticket to Ride and the Card Game draw cards the same way: two cards, each face up or
from the deck; a face-up card is replaced at once; a face-up wild card that counts as
two may only be the first card and ends the draw. Both games use this module instead
of each keeping a copy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from .core import Action, RuleViolation, require, seeded_random

Emit = Callable[..., None]


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Take a face-up card of this colour (the leftmost one); it is replaced at once."""

    color: str

    def __post_init__(self):
        require(isinstance(self.color, str), "DrawFaceUp", "card_colour", self.color)

    def __str__(self) -> str:
        return f"take the face-up {self.color}"


@dataclass(frozen=True)
class DrawBlind(Action):
    """Draw the top card of the train deck."""

    def __str__(self) -> str:
        return "draw from the deck"


#: The pending decision after a first card: only another draw answers it.
SECOND_CARD = ((DrawBlind, DrawFaceUp), "pending_second_card")


class TrainCards:
    """The train-card supply: the deck (top card last), the discards and the face-up row.

    ``reshuffle``: whether the discards become a new deck when the deck runs out (Ticket
    to Ride) or not (the Card Game, where running out ends the round).
    """

    def __init__(self, cards: list[str], *, wild: str, face_up_count: int, reset_wilds: int,
                 seed: int | str, reshuffle: bool = True):
        self.wild = wild
        self.reset_wilds = reset_wilds
        self.seed = seed
        self.reshuffle = reshuffle
        self.deck = list(cards)
        seeded_random(seed, "train-deck").shuffle(self.deck)
        self.discard: list[str] = []
        self.face_up: list[str | None] = [None] * face_up_count
        self.shuffles = 0

    def can_draw(self) -> bool:
        return bool(self.deck) or (self.reshuffle and bool(self.discard))

    def draw(self, emit: Emit) -> str | None:
        """The top card of the deck (reshuffling the discards first if allowed), or None."""
        if not self.deck:
            if not self.reshuffle or not self.discard:
                return None
            self.shuffle_discards_into_deck(emit)
        return self.deck.pop()

    def shuffle_discards_into_deck(self, emit: Emit) -> None:
        self.shuffles += 1
        self.deck, self.discard = self.deck + self.discard, []
        seeded_random(self.seed, "reshuffle", self.shuffles).shuffle(self.deck)
        emit("deck_reshuffled", cards=len(self.deck))

    def take_face_up(self, color: str, emit: Emit) -> None:
        slot = self.face_up.index(color)
        self.face_up[slot] = None
        emit("card_taken", color=color, slot=slot)
        self.refill(emit)

    def refill(self, emit: Emit) -> None:
        """Fill empty face-up slots; then reset while too many wilds show.

        The reset stops once it has gone through the whole pool of cards without
        success (a guard the printed rules lack: a deck of mostly wilds would loop).
        """
        if not self._fill_empty_slots(emit) or self.reset_wilds <= 0:
            return
        pool = len(self.deck) + len(self.discard) + sum(1 for c in self.face_up if c)
        max_resets = max(1, math.ceil(pool / len(self.face_up)))
        resets = 0
        while self.face_up.count(self.wild) >= self.reset_wilds:
            if resets == max_resets:
                emit("face_up_reset_stopped", resets=resets)
                return
            discarded = [c for c in self.face_up if c]
            self.discard.extend(discarded)
            self.face_up = [None] * len(self.face_up)
            self._fill_empty_slots(emit, announce=False)
            resets += 1
            emit("face_up_reset", discarded=discarded, face_up=list(self.face_up))

    def _fill_empty_slots(self, emit: Emit, announce: bool = True) -> bool:
        filled = False
        for slot, card in enumerate(self.face_up):
            if card is None:
                card = self.draw(emit)
                if card is None:
                    break
                self.face_up[slot] = card
                filled = True
                if announce:
                    emit("face_up_refilled", slot=slot, color=card)
        return filled

    def to_dict(self) -> dict:
        return {"deck": list(self.deck), "discard": list(self.discard), "face_up": list(self.face_up),
                "shuffles": self.shuffles}

    def load(self, data: dict) -> "TrainCards":
        self.deck, self.discard = list(data["deck"]), list(data["discard"])
        self.face_up, self.shuffles = list(data["face_up"]), data["shuffles"]
        return self


class DrawingTurn:
    """The "draw two train cards" action, for a game state (a mixin).

    The game provides ``self.cards`` (a ``TrainCards``), ``self.hands`` (colour → count
    per player), ``self._current``, ``self._pending``, ``self._emit``, ``self._end_turn``
    and ``self._counts_double(card)``: whether a face-up card of that kind is a wild
    that counts as two cards.
    """

    def _draw_actions(self) -> list:
        """The card draws open at the start of a turn."""
        actions: list = [DrawBlind()] if self.cards.can_draw() else []
        actions.extend(DrawFaceUp(c) for c in dict.fromkeys(self.cards.face_up) if c is not None)
        return actions

    def _second_card_actions(self) -> list:
        actions: list = [DrawBlind()] if self.cards.can_draw() else []
        actions.extend(
            DrawFaceUp(c) for c in dict.fromkeys(self.cards.face_up)
            if c is not None and not self._counts_double(c)
        )
        return actions

    def _check_face_up(self, action: DrawFaceUp) -> None:
        face_up = self.cards.face_up
        if action.color not in self.hands[self._current] or action.color not in face_up:
            raise RuleViolation("not_face_up", color=action.color, shown=[c for c in face_up if c])
        if self._pending == "second_card" and self._counts_double(action.color):
            raise RuleViolation("face_up_wild_second", card=action.color)

    def _check_blind(self, action: DrawBlind) -> None:
        if not self.cards.can_draw():
            raise RuleViolation("deck_empty", "deck_empty/both" if self.cards.reshuffle else "deck_empty/once")

    def _do_face_up(self, action: DrawFaceUp) -> None:
        self.hands[self._current][action.color] += 1
        self.cards.take_face_up(action.color, self._emit)
        self._after_card(ends_draw=self._counts_double(action.color))

    def _do_blind(self, action: DrawBlind) -> None:
        card = self.cards.draw(self._emit)
        self.hands[self._current][card] += 1
        self._emit("card_drawn", color=card)
        self.cards.refill(self._emit)
        self._after_card(ends_draw=False)

    def _after_card(self, ends_draw: bool) -> None:
        if self._pending == "second_card" or ends_draw:
            self._pending = None
            self._end_turn()
        elif self._second_card_actions():
            self._pending = "second_card"
        else:
            self._emit("no_second_card")
            self._end_turn()
