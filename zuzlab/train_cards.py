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
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import texts
from .core import Action, Decision, RuleViolation, require, seeded_random
from .texts import InputError

Emit = Callable[..., None]


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Take a face-up card of this colour (the leftmost one); it is replaced at once."""

    card_fields = ("color",)

    color: str

    def __post_init__(self):
        require(isinstance(self.color, str), "DrawFaceUp", "card_colour", self.color)

    def __str__(self) -> str:
        return texts.text("action.face_up", card=texts.card(self.color))


@dataclass(frozen=True)
class DrawBlind(Action):
    """Draw the top card of the train deck."""

    def __str__(self) -> str:
        return texts.text("action.deck")


DRAW_BLIND = DrawBlind()
_SECOND_CARD: dict[int, "SecondCard"] = {}


class _FaceUpActions(dict):
    """``DrawFaceUp(color)`` by colour, each made once (actions are frozen values, and
    the legal actions of every decision list a few of them)."""

    def __missing__(self, color: str) -> DrawFaceUp:
        action = self[color] = DrawFaceUp(color)
        return action


FACE_UP_ACTIONS = _FaceUpActions()


@dataclass(frozen=True)
class SecondCard(Decision):
    """After a first card: only the second card (face up or from the deck) answers."""

    kind = "second_card"
    answers = (DrawBlind, DrawFaceUp)
    refusal = "pending_second_card"


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
        #: when the face-up reset had to stop: the number of non-wild cards in the deck and
        #: the discards then; the reset is tried again once that number has changed
        self.reset_stopped_at: int | None = None

    def copy(self) -> "TrainCards":
        cards = object.__new__(TrainCards)
        cards.__dict__ = dict(self.__dict__)
        cards.deck, cards.discard, cards.face_up = list(self.deck), list(self.discard), list(self.face_up)
        return cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TrainCards) and self.__dict__ == other.__dict__

    def _non_wild_in_pool(self) -> int:
        return sum(1 for card in self.deck if card != self.wild) + sum(1 for card in self.discard if card != self.wild)

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
        success (a guard the printed rules lack: a deck of mostly wilds would loop). A
        stopped reset is tried again as soon as the pool has changed (a payment brought
        other cards in, say), never twice for the same pool.
        """
        filled = self._fill_empty_slots(emit)
        if self.reset_wilds <= 0 or self.face_up.count(self.wild) < self.reset_wilds:
            self.reset_stopped_at = None
            return
        if not filled and self.reset_stopped_at == self._non_wild_in_pool():
            return  # it stopped with this very pool: trying again would only churn
        pool = len(self.deck) + len(self.discard) + sum(1 for c in self.face_up if c)
        max_resets = max(1, math.ceil(pool / len(self.face_up)))
        resets = 0
        while self.face_up.count(self.wild) >= self.reset_wilds:
            if resets == max_resets:
                self.reset_stopped_at = self._non_wild_in_pool()
                emit("face_up_reset_stopped", resets=resets)
                return
            discarded = [c for c in self.face_up if c]
            self.discard.extend(discarded)
            self.face_up = [None] * len(self.face_up)
            self._fill_empty_slots(emit, announce=False)
            resets += 1
            emit("face_up_reset", discarded=discarded, face_up=list(self.face_up))
        self.reset_stopped_at = None

    def _fill_empty_slots(self, emit: Emit, announce: bool = True) -> bool:
        """Fill the empty slots from the left while the deck gives cards."""
        face_up, filled = self.face_up, False
        while None in face_up:  # most refills find the row full: asked without a loop
            card = self.draw(emit)
            if card is None:
                break
            slot = face_up.index(None)
            face_up[slot] = card
            filled = True
            if announce:
                emit("face_up_refilled", slot=slot, color=card)
        return filled

    def to_dict(self) -> dict:
        return {"deck": list(self.deck), "discard": list(self.discard), "face_up": list(self.face_up),
                "shuffles": self.shuffles, "reset_stopped_at": self.reset_stopped_at}

    def load(self, data: dict) -> "TrainCards":
        self.deck, self.discard = list(data["deck"]), list(data["discard"])
        self.face_up, self.shuffles = list(data["face_up"]), data["shuffles"]
        self.reset_stopped_at = data["reset_stopped_at"]
        return self

    def all_cards(self) -> list[str]:
        """Every card of the supply: deck, discards and the face-up row."""
        return self.deck + self.discard + [card for card in self.face_up if card]

    def take(self, card: str) -> bool:
        """Take one ``card`` out of the supply for a set-up position: from the bottom of
        the deck (so its top stays put), else from the discards; False if there is none."""
        for pile in (self.deck, self.discard):
            if card in pile:
                del pile[pile.index(card)]
                return True
        return False

    def give_back(self, have: dict[str, int], want: dict[str, int], where: str, kinds) -> None:
        """For a set-up position, the first half of making the pile ``have`` hold ``want``:
        the cards it holds too many of go to the discards (``take_missing`` is the second)."""
        for card, count in want.items():
            if card not in kinds:
                raise InputError("error.not_a_card", where=where, card=repr(card), kinds=list(kinds))
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise InputError("error.not_a_count", where=where, count=repr(count), card=texts.card(card))
        for card in kinds:
            surplus = have.get(card, 0) - want.get(card, 0)
            if surplus > 0:
                self.discard.extend([card] * surplus)
                have[card] = want.get(card, 0)

    def take_missing(self, have: dict[str, int], want: dict[str, int], where: str, kinds) -> None:
        """The second half: the cards the pile lacks come from the supply (``take``)."""
        for card in kinds:
            for _ in range(want.get(card, 0) - have.get(card, 0)):
                if not self.take(card):
                    raise InputError("error.none_left", where=where, card=texts.card(card))
            have[card] = want.get(card, 0)

    def put_on_top(self, cards: list[str]) -> None:
        """Put ``cards`` on the deck, ``cards[0]`` to be drawn first."""
        self.deck.extend(reversed(cards))


def set_up_supply(supply: TrainCards, kinds: tuple[str, ...], piles: dict[str, tuple[dict, dict]],
                  face_up: Sequence[str | None] | None, deck_top: Sequence[str]) -> None:
    """Move cards for a set-up position: each pile ``where → (what it holds, what it
    should hold)`` gives its surplus to the discards, then each gets its missing cards from
    the supply (so the order the piles are named in does not matter), then the face-up row
    (None: an empty place) and the top of the deck (the first drawn first) are laid.
    Nothing is invented: a card the supply no longer has is an ``InputError`` naming where
    it was wanted. A card may be named in words of a language of the kit ("rot",
    "Lokomotive")."""

    def named(cards: Iterable[Any]) -> list[Any]:
        return [texts.card_code(card, kinds) for card in cards]

    piles = {where: (have, {texts.card_code(card, kinds): count for card, count in want.items()})
             for where, (have, want) in piles.items()}
    deck_top = named(deck_top)
    if face_up is not None:
        face_up = named(face_up)
        if len(face_up) != len(supply.face_up):
            raise InputError("error.face_up_needs", places=len(supply.face_up), count=len(face_up))
        supply.discard.extend(card for card in supply.face_up if card)
        supply.face_up = [None] * len(supply.face_up)
    in_order = sorted(piles.items())  # the piles by name, then every surplus first: the same position,
    for where, (have, want) in in_order:  # discards included, in whatever order the piles were named
        supply.give_back(have, want, where, kinds)
    for where, (have, want) in in_order:
        supply.take_missing(have, want, where, kinds)
    for where, cards in (("face_up", [c for c in face_up or [] if c is not None]), ("deck_top", deck_top)):
        for card in cards:
            if card not in kinds:
                raise InputError("error.not_a_card", where=where, card=repr(card), kinds=list(kinds))
            if not supply.take(card):
                raise InputError("error.none_left", where=where, card=texts.card(card))
    if face_up is not None:
        supply.face_up = list(face_up)
    supply.put_on_top(list(deck_top))


def second_card(player: int) -> SecondCard:
    """``SecondCard(player)``, made once per player (a frozen value, owed often)."""
    decision = _SECOND_CARD.get(player)
    if decision is None:
        decision = _SECOND_CARD[player] = SecondCard(player)
    return decision


class DrawingTurn:
    """The "draw two train cards" action, for a game state (a mixin).

    The game provides ``self.cards`` (a ``TrainCards``), ``self.hands`` (colour → count
    per player), ``self._current``, ``self._pending``, ``self._emit``, ``self._end_turn``
    and ``self._counts_double(card)``: whether a face-up card of that kind is a wild
    that counts as two cards.
    """

    if TYPE_CHECKING:  # what the game provides (declared for the type checker only)
        cards: TrainCards
        hands: list[dict[str, int]]
        _current: int
        _pending: Decision | None

        def _emit(self, kind: str, **data: Any) -> None: ...
        def _end_turn(self, passed: bool = False) -> None: ...
        def _counts_double(self, card: str) -> bool: ...

    def _draw_actions(self, second: bool = False) -> list:
        """The card draws open: the deck, then each colour shown face up, in the order
        first shown (``second``: for the second card, when a face-up wild that counts
        as two is not open). Asked at every decision, so made by builtins alone."""
        cards = self.cards
        shown = dict.fromkeys(cards.face_up)
        shown.pop(None, None)  # an empty slot
        if second and self._counts_double(cards.wild):
            shown.pop(cards.wild, None)
        draws = list(map(FACE_UP_ACTIONS.__getitem__, shown))
        if cards.can_draw():
            draws.insert(0, DRAW_BLIND)
        return draws

    def _second_card_actions(self) -> list:
        return self._draw_actions(second=True)

    def _check_face_up(self, action: DrawFaceUp) -> None:
        face_up, kinds = self.cards.face_up, list(self.hands[self._current])
        if action.color not in kinds:  # no card at all, not only none face up ("gold")
            raise RuleViolation("unknown_color", color=repr(action.color), colors=kinds)
        if action.color not in face_up:
            raise RuleViolation("not_face_up", card=texts.card(action.color), shown=[c for c in face_up if c])
        if isinstance(self._pending, SecondCard) and self._counts_double(action.color):
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
        assert card is not None, "_check_blind saw a card to draw"
        self.hands[self._current][card] += 1
        self._emit("card_drawn", color=card)
        self.cards.refill(self._emit)
        self._after_card(ends_draw=False)

    def _after_card(self, ends_draw: bool) -> None:
        if isinstance(self._pending, SecondCard) or ends_draw:
            self._pending = None
            self._end_turn()
        elif self._draw_actions(second=True):  # a second card is open
            self._pending = second_card(self._current)
        else:
            self._emit("no_second_card")
            self._end_turn()
