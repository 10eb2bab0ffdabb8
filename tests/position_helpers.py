"""What the engines' test helpers share: setting up positions, and checking a bot's moves."""

from __future__ import annotations

from collections import Counter


def hands_giving_up(game, wanted: Counter, player: int | None = None) -> dict:
    """Other players' hands, each less the cards the supply lacks for ``wanted`` (so a
    rule test can ask for 8 red cards even when others hold some)."""
    supply = Counter(game.cards.deck) + Counter(game.cards.discard)
    if player is not None:
        supply += Counter(game.hands[player])
    hands = {}
    for other in range(game.players):
        if other == player:
            continue
        hand = Counter(game.hands[other])
        for card, count in wanted.items():
            give = min(max(0, count - supply[card]), hand[card])
            hand[card] -= give
            supply[card] += give
        if hand != Counter(game.hands[other]):
            hands[other] = dict(hand)
    return hands


def checked(bot):
    """The bot, with every action it chooses checked against the legal actions."""
    def choose(game, rng):
        action = bot(game, rng)
        assert action in game.legal_actions(), f"{action} is not legal now"
        return action
    return choose
