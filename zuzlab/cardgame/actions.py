"""The Card Game's own actions (drawing cards and tickets, and passing, are shared)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import texts
from ..core import Action, is_whole_number, require


@dataclass(frozen=True)
class PlaySet(Action):
    """Lay a set in the rail yard: ``cards`` cards of ``color`` plus ``locomotives``."""

    card_fields = ("color",)

    color: str
    cards: int
    locomotives: int = 0

    def __post_init__(self):
        require(isinstance(self.color, str), "PlaySet", "card_colour", self.color)
        require(is_whole_number(self.cards) and is_whole_number(self.locomotives), "PlaySet", "card_counts",
                (self.cards, self.locomotives))
        require(self.cards >= 0 and self.locomotives >= 0, "PlaySet", "card_counts_not_negative",
                (self.cards, self.locomotives))

    def __str__(self) -> str:
        extra = texts.Phrase("phrase.with_locomotives", {"count": self.locomotives}) if self.locomotives else ""
        cards = texts.Phrase("phrase.set_cards", {"count": self.cards, "color": self.color})
        return texts.text("action.play_set", set=cards, extra=extra)


@dataclass(frozen=True)
class PlayMixed(Action):
    """Lay cards of different colours in the rail yard (three, no locomotives)."""

    card_fields = ("colors",)

    colors: tuple[str, ...]

    def __post_init__(self):
        require(isinstance(self.colors, (list, tuple)) and all(isinstance(c, str) for c in self.colors),
                "PlayMixed", "colour_list", self.colors)
        object.__setattr__(self, "colors", tuple(sorted(self.colors)))

    def __str__(self) -> str:
        return texts.text("action.play_mixed", colors=list(self.colors))
