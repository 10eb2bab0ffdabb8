"""Helpers that put a Ticket to Ride game into a chosen situation for a rule test,
through the public ``Game.set_up``: it moves cards between the piles instead of inventing
them, so every position still holds exactly the rules' cards."""

from __future__ import annotations

from collections import Counter

import pytest

from position_helpers import hands_giving_up
from zuzlab import ttr


def refused(game, action, rule, match=None) -> str:
    """Assert that ``action`` is refused for ``rule`` and changes nothing; return the message."""
    before = game.copy()
    with pytest.raises(ttr.RuleViolation) as error:
        game.apply(action)
    assert error.value.rule == rule, str(error.value)
    assert isinstance(error.value, ValueError)
    if match:
        assert match in str(error.value), str(error.value)
    assert game == before
    assert action not in game.legal_actions()
    return str(error.value)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def started(variant="usa", players=4, seed=1) -> ttr.Game:
    """A game past the opening ticket choice (everyone keeps every ticket)."""
    game = ttr.new_game(variant, players=players, seed=seed)
    while game.in_setup:
        game.apply(ttr.KeepTickets(game.pending.tickets))
    return game


def all_cards(game: ttr.Game) -> Counter:
    """Every train card wherever it is: piles, face up, hands, and a tunnel being paid."""
    cards = Counter(game.cards.deck) + Counter(game.cards.discard) + Counter(c for c in game.cards.face_up if c)
    for hand in game.hands:
        cards.update({c: n for c, n in hand.items() if n})
    if isinstance(game.pending, ttr.TunnelPayment):
        cards.update(dict(game.pending.laid))
        cards.update(game.pending.revealed)
    return cards


def full_deck(game: ttr.Game) -> Counter:
    rules = game.rules
    return Counter({c: rules.cards_per_color for c in rules.colors} | {rules.wild: rules.wild_cards})


# The helpers below set a position up through the public ``Game.set_up``: cards move
# between the supply and the hands, and the history starts at the position.

def set_hand(game: ttr.Game, player: int, **counts: int) -> None:
    """Give ``player`` exactly these cards (the old ones go to the discards; cards the
    supply lacks come from the other hands)."""
    game.set_up(hands={**hands_giving_up(game, Counter(counts), player), player: counts})


def set_face_up(game: ttr.Game, cards: list) -> None:
    """Show exactly ``cards`` face up (None: an empty place)."""
    wanted = Counter(c for c in cards if c) - Counter(c for c in game.cards.face_up if c)
    game.set_up(hands=hands_giving_up(game, wanted), face_up=cards)


def stack_deck(game: ttr.Game, top: list[str]) -> None:
    """Put ``top`` on the deck: ``top[0]`` is drawn first."""
    game.set_up(hands=hands_giving_up(game, Counter(top)), deck_top=top)


def empty_deck_into_hands(game: ttr.Game, player: int, keep_discard=False) -> None:
    """Move the whole deck (and, unless ``keep_discard``, the discards) into ``player``'s hand."""
    piles = game.cards.deck + ([] if keep_discard else game.cards.discard)
    game.set_up(hands={player: dict(Counter(game.hands[player]) + Counter(piles))})
    assert game.cards.deck == [] and (keep_discard or game.cards.discard == [])


def leave_trains(game: ttr.Game, player: int, left: int, avoid=frozenset()) -> None:
    """Give ``player`` claimed routes (longest first, none of ``avoid``) so that ``left``
    trains remain."""
    claimed = dict(game.claimed)
    used = sum(game.map.route(r).length for r, p in claimed.items() if p == player)
    for route in sorted(game.map.routes, key=lambda r: (-r.length, r.id)):
        need = game.rules.trains_per_player - left - used
        if need == 0:
            break
        if (route.id not in claimed and not set(route.parallel) & set(claimed) and route.length <= need
                and route.id not in avoid):
            claimed[route.id] = player
            used += route.length
    game.set_up(claimed=claimed)
    assert game.trains[player] == left


def finished(players: int, routes: dict[int, list[int]], tickets: dict[int, list[int]], variant="usa",
             stations: dict[str, int] | None = None) -> ttr.Game:
    """A game ended with exactly these claimed routes, kept tickets and stations."""
    game = ttr.new_game(variant, players=players, seed=1)
    game.set_up(claimed={r: p for p, ids in routes.items() for r in ids}, stations=stations or {},
                tickets={p: tickets.get(p, []) for p in range(players)}, over=True)
    return game


def route_id(game_or_map, a: str, b: str, color: str | None = None) -> int:
    board = getattr(game_or_map, "map", game_or_map)
    for route in board.routes:
        if {route.a, route.b} == {a, b} and color in (None, route.color):
            return route.id
    raise AssertionError(f"no route {a}–{b} {color or ''}")


def ticket_id(game_or_map, origin: str, destination: str) -> int:
    board = getattr(game_or_map, "map", game_or_map)
    for ticket in board.tickets:
        if {ticket.origin, *ticket.destinations} == {origin, destination}:
            return ticket.id
    raise AssertionError(f"no ticket {origin}–{destination}")


def strand(game, player):
    """Nothing left to do for ``player``: the next player holds every card and ticket left."""
    other = (player + 1) % game.players
    cards = (Counter(game.cards.deck) + Counter(game.cards.discard) + Counter(c for c in game.cards.face_up if c)
             + Counter(game.hands[player]) + Counter(game.hands[other]))
    game.set_up(hands={player: {}, other: dict(cards)}, face_up=[None] * len(game.cards.face_up),
                tickets={other: game.tickets[other] + game.ticket_deck})
