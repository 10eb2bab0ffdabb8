"""Destination tickets on offer, shared by both Ticket to Ride games: draw some, then keep
at least a minimum of them as a pending decision of the turn."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from . import texts
from .core import Action, Decision, RuleViolation, is_whole_number, require


@dataclass(frozen=True)
class DrawTickets(Action):
    """Draw destination tickets (then keep some: a pending decision)."""

    def __str__(self) -> str:
        return texts.text("action.draw_tickets")


@dataclass(frozen=True)
class KeepTickets(Action):
    """Answer a ticket offer: the ids of the tickets to keep."""

    tickets: tuple[int, ...]

    def __post_init__(self):
        require(isinstance(self.tickets, (list, tuple)) and all(is_whole_number(t) for t in self.tickets),
                "KeepTickets", "ticket_ids", self.tickets)
        object.__setattr__(self, "tickets", tuple(sorted(self.tickets)))

    def __str__(self) -> str:
        if not self.tickets:
            return texts.text("action.keep_none")
        return texts.text("action.keep_tickets", count=len(self.tickets), tickets=", ".join(map(str, self.tickets)))


@dataclass(frozen=True)
class ChooseTickets(Decision):
    """Tickets on offer: keep at least ``keep_min`` of ``tickets`` (``KeepTickets``)."""

    kind = "keep_tickets"
    answers = (KeepTickets,)
    refusal = "pending_tickets"

    tickets: tuple[int, ...] = ()
    keep_min: int = 0


class Keeps:
    """The ways to answer a ticket offer, each ``KeepTickets`` made only when looked at
    (a part of ``core.LegalActions``): smallest choices first, each in ticket order."""

    __slots__ = ("choices",)
    kinds = (KeepTickets,)

    def __init__(self, offer: ChooseTickets):
        tickets = sorted(offer.tickets)
        self.choices = [kept for size in range(offer.keep_min, len(tickets) + 1)
                        for kept in itertools.combinations(tickets, size)]

    def __len__(self) -> int:
        return len(self.choices)

    def __getitem__(self, index: int) -> KeepTickets:
        return KeepTickets(self.choices[index])

    def __iter__(self) -> Iterator[KeepTickets]:
        return map(KeepTickets, self.choices)

    def __contains__(self, action: object) -> bool:
        return type(action) is KeepTickets and action.tickets in self.choices


class TicketChoice:
    """Drawing tickets and keeping some, for a game state (a mixin).

    The game provides ``self.ticket_deck`` (top ticket first), ``self.offers`` and
    ``self.tickets`` (per player), ``self.players``, ``self.in_setup``, ``self._current``,
    ``self._pending``, ``self._emit``, ``self._end_turn`` and three hooks:
    ``_tickets_per_draw()``, ``_keep_min(offer)`` and ``_tickets_returned(returned)``.

    At the start every player chooses from an opening offer, one after another; then
    ``_begin_play()`` hands the first turn to player 0.
    """

    if TYPE_CHECKING:  # what the game provides (declared for the type checker only)
        ticket_deck: list[int]
        offers: list[list[int]]
        tickets: list[list[int]]
        players: int
        in_setup: bool
        _current: int
        _pending: Decision | None

        def _emit(self, kind: str, **data: Any) -> None: ...
        def _end_turn(self, passed: bool = False) -> None: ...
        def _tickets_per_draw(self) -> int: ...
        def _keep_min(self, offer: list[int]) -> int: ...
        def _tickets_returned(self, returned: list[int]) -> None: ...

    def _keep_actions(self) -> Keeps:
        return Keeps(cast(ChooseTickets, self._pending))  # the handler of a pending ChooseTickets

    def _offer_tickets(self, player: int) -> None:
        """``player`` now chooses from their offer (a pending decision)."""
        offer = self.offers[player]
        self._pending = ChooseTickets(player, tuple(offer), self._keep_min(offer))

    def _take_tickets(self, count: int) -> list[int]:
        taken, self.ticket_deck = self.ticket_deck[:count], self.ticket_deck[count:]
        return taken

    def _check_draw_tickets(self, action: DrawTickets) -> None:
        if not self.ticket_deck:
            raise RuleViolation("no_tickets")

    def _do_draw_tickets(self, action: DrawTickets) -> None:
        offer = self._take_tickets(self._tickets_per_draw())
        self.offers[self._current] = offer
        self._offer_tickets(self._current)
        self._emit("tickets_offered", tickets=list(offer))

    def _check_keep(self, action: KeepTickets) -> None:
        offer = self._pending
        if not isinstance(offer, ChooseTickets):
            raise RuleViolation("no_ticket_offer")
        if len(set(action.tickets)) != len(action.tickets):
            raise RuleViolation("bad_ticket_choice")
        not_offered = [t for t in action.tickets if t not in offer.tickets]
        if not_offered:
            raise RuleViolation("not_offered", count=len(not_offered), tickets=not_offered, offer=sorted(offer.tickets))
        if len(action.tickets) < offer.keep_min:
            raise RuleViolation("keep_min", keep_min=offer.keep_min, offered=len(offer.tickets))

    def _do_keep(self, action: KeepTickets) -> None:
        player = self._current
        returned = [t for t in self.offers[player] if t not in action.tickets]
        self.tickets[player].extend(action.tickets)
        self.offers[player] = []
        self._tickets_returned(returned)
        self._emit("tickets_kept", kept=list(action.tickets), returned=returned)
        self._pending = None
        if not self.in_setup:
            self._end_turn()
        elif self._current + 1 < self.players:
            self._current += 1  # the next player chooses opening tickets
            self._offer_tickets(self._current)
        else:
            self.in_setup = False
            self._current = 0
            self._begin_play()

    def _begin_play(self) -> None:
        """A hook: what happens as the first turn begins."""

    def _check_ticket_offers(self) -> None:
        """Tickets lie on offer only for the player choosing them (in the opening also for the
        players after, who choose next), and the pending choice is exactly that offer: a
        saved position where they disagree would hold a ticket and offer it again."""
        pending = self._pending if isinstance(self._pending, ChooseTickets) else None
        choosing = pending.player if pending is not None else None
        if self.in_setup and choosing != self._current:
            raise texts.InputError("error.opening_not_choosing", player=self._current)
        for player, offer in enumerate(self.offers):
            on_offer = player == choosing or (self.in_setup and player > self._current)
            if offer and not on_offer:
                raise texts.InputError("error.offer_not_choosing", player=player, offer=list(offer))
            if on_offer and not offer:
                raise texts.InputError("error.offer_empty", player=player)
        if pending is not None:
            offer = self.offers[pending.player]
            if list(pending.tickets) != list(offer) or pending.keep_min != self._keep_min(offer):
                raise texts.InputError("error.offer_disagrees", pending=list(pending.tickets), keep=pending.keep_min,
                                       player=choosing, offer=list(offer), wanted=self._keep_min(offer))


#: The most tickets on offer at once: the ways to keep some of an offer are listed (2**10 at most).
MOST_TICKETS_ON_OFFER = 10


def ticket_offer_problems(rules, opening_offer: int) -> list[texts.Phrase]:
    """What is wrong with a rules value's ticket offers (both Ticket to Ride games): each offer
    small enough to list the ways to keep some of it, each minimum to keep within its offer."""
    problems = [texts.Phrase("error.rules_offer_size", {"field": field, "size": size, "most": MOST_TICKETS_ON_OFFER})
                for field, size in (("ticket_draw", rules.ticket_draw), ("initial_tickets", opening_offer))
                if size > MOST_TICKETS_ON_OFFER]
    for keep, offer, size in (("ticket_keep_min", "ticket_draw", rules.ticket_draw),
                              ("initial_keep_min", "initial_tickets", rules.initial_tickets)):
        if not 0 <= getattr(rules, keep) <= size:
            problems.append(texts.Phrase("error.rules_keep_min", {"keep": keep, "of": offer}))
    return problems


def refuse_a_ticket_named_twice(tickets: Mapping[int, Sequence[Any]]) -> None:
    """A set-up position names each ticket for one player once: a ticket named for two
    players is refused by name (it was silently taken from the first)."""
    holder: dict[Hashable, int] = {}
    for player, ids in tickets.items():
        for ticket in ids:
            if not isinstance(ticket, Hashable):  # not a ticket at all: the engine names it
                continue
            if ticket in holder:
                raise (texts.InputError("error.ticket_named_twice", ticket=repr(ticket), first=holder[ticket],
                                        second=player) if holder[ticket] != player
                       else texts.InputError("error.ticket_twice_in_hand", ticket=repr(ticket), player=player))
            holder[ticket] = player
