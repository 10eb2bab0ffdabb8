"""Helpers that put a Card Game into a chosen situation through the public
``Game.set_up``, which moves cards between places so that all 96 stay accounted for."""

from __future__ import annotations

from collections import Counter

from position_helpers import hands_giving_up
from zuzlab import cardgame

L = "locomotive"


def started(players=3, seed=1, rules="cardgame") -> cardgame.Game:
    """A game past the opening ticket choice (everyone keeps every ticket)."""
    game = cardgame.new_game(rules, players=players, seed=seed)
    while game.in_setup:
        game.apply(cardgame.KeepTickets(game.pending.tickets))
    return game


def all_cards(game: cardgame.Game) -> Counter:
    cards = Counter(game.cards.deck) + Counter(game.cards.discard) + Counter(c for c in game.cards.face_up if c)
    for player in range(game.players):
        cards.update({c: n for c, n in game.hands[player].items() if n})
        cards.update({c: n for c, n in game.track[player].items() if n})
        for color, sets in game.yards[player].items():
            for n, locos in sets:
                cards.update({color: n, L: locos})
    return +cards


def full_deck(game: cardgame.Game) -> Counter:
    return Counter(game.data.deck)


# The helpers below set a position up through the public ``Game.set_up``: cards move
# between the deck, the discards and the players, and the history starts at the position.

def set_hand(game: cardgame.Game, player: int, **counts: int) -> None:
    """Give ``player`` exactly these cards (the old ones go to the discards; cards the
    supply lacks come from the other hands)."""
    game.set_up(hands={**hands_giving_up(game, Counter(counts), player), player: counts})


def set_yard(game: cardgame.Game, player: int, color: str, cards: int, locomotives: int = 0) -> None:
    """``player``'s rail yard holds one set of ``color`` (and its other colours as they were)."""
    yard = {c: [tuple(laid) for laid in sets] for c, sets in game.yards[player].items()}
    yard[color] = [(cards, locomotives)]
    game.set_up(yards={player: yard})


def set_track(game: cardgame.Game, player: int, **counts: int) -> None:
    """Add these cards to ``player``'s on-the-track pile."""
    pile = Counter(game.track[player]) + Counter(counts)
    game.set_up(track={player: dict(pile)})


def leave_in_deck(game: cardgame.Game, count: int, player: int = 0) -> None:
    """Move all but the top ``count`` cards of the deck into ``player``'s hand."""
    rest = game.cards.deck[:-count]
    game.set_up(hands={player: dict(Counter(game.hands[player]) + Counter(rest))})
    assert len(game.cards.deck) == count


def set_face_up(game: cardgame.Game, cards: list) -> None:
    """Show exactly ``cards`` face up (None: an empty place)."""
    game.set_up(face_up=cards)
