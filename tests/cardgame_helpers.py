"""Helpers that put a Card Game into a chosen situation, moving cards between places so
that all 96 stay accounted for."""

from __future__ import annotations

from collections import Counter

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
        for color, (n, locos) in game.yards[player].items():
            cards.update({color: n, L: locos})
    return +cards


def full_deck(game: cardgame.Game) -> Counter:
    return Counter(game.data.deck)


def _take(game: cardgame.Game, card: str, not_from: int) -> None:
    """One ``card`` from the bottom of the deck, the discards or another hand."""
    for pile in (game.cards.deck, game.cards.discard):
        if card in pile:
            pile.remove(card)
            return
    for player, hand in enumerate(game.hands):
        if player != not_from and hand[card]:
            hand[card] -= 1
            return
    raise AssertionError(f"no {card} card left to move")


def set_hand(game: cardgame.Game, player: int, **counts: int) -> None:
    hand = game.hands[player]
    for card in hand:
        game.cards.discard.extend([card] * hand[card])
        hand[card] = 0
    for card, count in counts.items():
        for _ in range(count):
            _take(game, card, player)
            hand[card] += 1


def set_yard(game: cardgame.Game, player: int, color: str, cards: int, locomotives: int = 0) -> None:
    for card, count in ((color, cards), (L, locomotives)):
        for _ in range(count):
            _take(game, card, not_from=-1)
    game.yards[player][color] = [cards, locomotives]


def set_track(game: cardgame.Game, player: int, **counts: int) -> None:
    for card, count in counts.items():
        for _ in range(count):
            _take(game, card, not_from=-1)
        game.track[player][card] += count


def leave_in_deck(game: cardgame.Game, count: int, player: int = 0) -> None:
    """Move all but the top ``count`` cards of the deck into ``player``'s hand."""
    rest, game.cards.deck = game.cards.deck[:-count], game.cards.deck[-count:]
    for card in rest:
        game.hands[player][card] += 1


def set_face_up(game: cardgame.Game, cards: list) -> None:
    """Show exactly ``cards`` face up (the old face-up cards go under the deck)."""
    old = [c for c in game.cards.face_up if c]
    game.cards.face_up = [None] * len(game.cards.face_up)
    game.cards.deck[:0] = old
    for slot, card in enumerate(cards):
        if card is not None:
            _take(game, card, not_from=-1)
            game.cards.face_up[slot] = card
