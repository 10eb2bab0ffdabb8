"""The toy race's rules as data: a frozen dataclass whose fields are checked by their
declared types (``core.CheckedFields``); a variant is a named rules value."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import ClassVar

from zuzlab.core import CheckedFields, explored
from zuzlab.texts import InputError, Joined, Phrase


@dataclass(frozen=True)
class ToyRules(CheckedFields):
    name: str = "toy"
    #: The square that ends the race: the first player to reach it (or to pass it) ends the game.
    goal: int = field(default=10, metadata=explored("slider", low=3, high=30))
    #: Points for reaching the goal; every player also scores the squares they moved.
    finish_bonus: int = field(default=5, metadata=explored("slider", high=20))
    #: the players a race takes (class attributes, not rules fields: every variant has them)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __post_init__(self) -> None:
        self.check_field_types()
        if self.goal < 1:
            raise InputError("error.rules", rules=repr(self.name),
                             problems=Joined((Phrase("error.toy_goal", {"goal": self.goal}),)))

    def to_dict(self) -> dict:
        return asdict(self)


#: The usual race: ten squares.
TOY = ToyRules()
#: A longer track.
TOY_LONG = replace(TOY, name="toy-long", goal=16)

VARIANTS = {rules.name: rules for rules in (TOY, TOY_LONG)}


def get(name_or_rules: str | ToyRules) -> ToyRules:
    """The rules named, or the rules given; an unknown name is refused with the known ones."""
    if isinstance(name_or_rules, ToyRules):
        return name_or_rules
    try:
        return VARIANTS[name_or_rules]
    except (KeyError, TypeError):
        raise InputError("error.no_game_variant", game=Phrase("error.game/toy", {}), name=repr(name_or_rules),
                         known=", ".join(VARIANTS)) from None
