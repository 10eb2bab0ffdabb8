"""Helpers that put a Ticket to Ride game into a chosen situation for a rule test.

They move cards between the piles instead of inventing them, so every rigged state
still holds exactly the ruleset's cards.
"""

from __future__ import annotations

from collections import Counter

import pytest

from zuzlab import ttr


def refused(game, action, rule, match=None) -> str:
    """Assert that ``action`` is refused for ``rule`` and changes nothing; return the message."""
    before = game.to_dict()
    with pytest.raises(ttr.RuleViolation) as error:
        game.apply(action)
    assert error.value.rule == rule, str(error.value)
    assert isinstance(error.value, ValueError)
    if match:
        assert match in str(error.value), str(error.value)
    assert game.to_dict() == before
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
    if game.tunnel:
        cards.update(game.tunnel["laid"])
        cards.update(game.tunnel["revealed"])
    return cards


def full_deck(game: ttr.Game) -> Counter:
    rules = game.rules
    return Counter({c: rules.cards_per_color for c in rules.colors} | {rules.wild: rules.wild_cards})


def _take_from_piles(game: ttr.Game, card: str, not_from: int | None = None) -> None:
    """Remove one ``card`` from the deck, the discards or a hand (not ``not_from``'s)."""
    for pile in (game.cards.deck, game.cards.discard):
        if card in pile:
            pile.reverse()
            pile.remove(card)  # the lowest such card, so the top of the deck stays put
            pile.reverse()
            return
    for player, hand in enumerate(game.hands):
        if hand[card] and player != not_from:
            hand[card] -= 1
            return
    raise AssertionError(f"no {card} card left to move")


def set_hand(game: ttr.Game, player: int, **counts: int) -> None:
    """Give ``player`` exactly these cards (others go back to the discard pile)."""
    hand = game.hands[player]
    for card in hand:
        game.cards.discard.extend([card] * hand[card])
        hand[card] = 0
    for card, count in counts.items():
        for _ in range(count):
            _take_from_piles(game, card, not_from=player)
            hand[card] += 1


def set_face_up(game: ttr.Game, cards: list) -> None:
    """Show exactly ``cards`` face up (the old face-up cards go under the deck)."""
    old = [c for c in game.cards.face_up if c]
    game.cards.face_up = [None] * len(game.cards.face_up)
    game.cards.deck[:0] = old
    for slot, card in enumerate(cards):
        if card is not None:
            _take_from_piles(game, card)
            game.cards.face_up[slot] = card


def stack_deck(game: ttr.Game, top: list[str]) -> None:
    """Put ``top`` on the deck: ``top[0]`` is drawn first."""
    for card in top:
        _take_from_piles(game, card)
    game.cards.deck.extend(reversed(top))


def empty_deck_into_hands(game: ttr.Game, player: int, keep_discard=False) -> None:
    """Move the whole deck (and discards) into ``player``'s hand."""
    piles = game.cards.deck + ([] if keep_discard else game.cards.discard)
    for card in piles:
        game.hands[player][card] += 1
    game.cards.deck.clear()
    if not keep_discard:
        game.cards.discard.clear()


def finished(players: int, routes: dict[int, list[int]], tickets: dict[int, list[int]], variant="usa",
             stations: dict[str, int] | None = None) -> ttr.Game:
    """A game ended with exactly these claimed routes, kept tickets and stations."""
    game = started(variant, players=players)
    game.claimed = {r: p for p, ids in routes.items() for r in ids}
    game.stations = dict(stations or {})
    for player in range(players):
        own = [game.map.route(r) for r in routes.get(player, [])]
        game.trains[player] = game.rules.trains_per_player - sum(r.length for r in own)
        game.scores[player] = sum(game.rules.points_for_length(r.length) for r in own)
        game.tickets[player] = list(tickets.get(player, []))
    game._over = True
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
