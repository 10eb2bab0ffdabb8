"""The toy race's actions (passing is shared: ``core.Pass``) and the decision a draw leaves owed."""

from __future__ import annotations

from dataclasses import dataclass

from zuzlab import texts
from zuzlab.core import Action, Decision, is_whole_number, require


@dataclass(frozen=True)
class Move(Action):
    """Play a card from the hand: move forward as many squares as it shows."""

    card: int

    def __post_init__(self) -> None:
        require(is_whole_number(self.card), "Move", "toy_card", self.card)

    def __str__(self) -> str:
        return texts.text("action.toy_move", count=self.card)


@dataclass(frozen=True)
class Draw(Action):
    """Draw the deck's two top cards, to keep one of them (``KeepOne``)."""

    def __str__(self) -> str:
        return texts.text("action.toy_draw")


@dataclass(frozen=True)
class Keep(Action):
    """Keep one of the two cards drawn; the other is discarded."""

    card: int

    def __post_init__(self) -> None:
        require(is_whole_number(self.card), "Keep", "toy_card", self.card)

    def __str__(self) -> str:
        return texts.text("action.toy_keep", count=self.card)


@dataclass(frozen=True)
class KeepOne(Decision):
    """The two cards drawn (seen by the drawing player only): keep one (``Keep``)."""

    kind = "toy_keep_one"
    answers = (Keep,)
    refusal = "toy_keep_owed"

    drawn: tuple[int, ...] = ()
