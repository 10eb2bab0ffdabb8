"""The actions of a Ticket to Ride turn, as small frozen values (hashable, JSON-ready)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action


@dataclass(frozen=True)
class DrawFaceUp(Action):
    """Take a face-up card of this colour (the leftmost one); it is replaced at once."""

    color: str

    def __str__(self) -> str:
        return f"take the face-up {self.color}"


@dataclass(frozen=True)
class DrawBlind(Action):
    """Draw the top card of the train deck."""

    def __str__(self) -> str:
        return "draw from the deck"


@dataclass(frozen=True)
class ClaimRoute(Action):
    """Claim ``route`` paying ``length - wilds`` cards of ``color`` and ``wilds`` wild cards.

    ``color`` is None exactly when the payment is wild cards only.
    """

    route: int
    color: str | None = None
    wilds: int = 0

    def __str__(self) -> str:
        if self.color is None:
            return f"claim route {self.route} with {self.wilds} wild cards"
        extra = f" + {self.wilds} wild" if self.wilds else ""
        return f"claim route {self.route} with {self.color}{extra}"


@dataclass(frozen=True)
class DrawTickets(Action):
    """Draw destination tickets (then keep some: a pending decision)."""

    def __str__(self) -> str:
        return "draw destination tickets"


@dataclass(frozen=True)
class KeepTickets(Action):
    """Answer a ticket offer: the ids of the tickets to keep."""

    tickets: tuple[int, ...]

    def __post_init__(self):
        object.__setattr__(self, "tickets", tuple(sorted(self.tickets)))

    def __str__(self) -> str:
        return f"keep tickets {', '.join(map(str, self.tickets)) or 'none'}"


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing: allowed only when no other action is legal."""

    def __str__(self) -> str:
        return "pass"


ACTION_TYPES = (DrawFaceUp, DrawBlind, ClaimRoute, DrawTickets, KeepTickets, Pass)
