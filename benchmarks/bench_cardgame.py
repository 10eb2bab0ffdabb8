"""Card Game speed and the strategy bots' strength: prints its figures, asserts nothing.

    python benchmarks/bench_cardgame.py [--games 200] [--cases 300] [--bot-games 1000] [--only bots]

1. Complete random 4-player Card Games per second on one core.
2. The best fulfilment of 15 tickets from 60 cards (target ≤ 10 ms), and for harder
   piles of 20–40 cards, where fewer tickets fit and the search must work more.
3. The strategy bots (``zuzlab.cardgame.bots``): each bot's share of wins against the
   random player over seeded 2-player games played by ``sim.simulate`` on the pool (seats
   rotated from game to game, a shared win split between its winners), with a 95 %
   confidence interval (target: at least 90 % for each bot), the same for the bots
   against each other, and each bot's own time per decision and per game on one core.
   The games' final scoring is part of the simulations' time: a player holding twenty
   tickets and more (the random player may) takes it seconds.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter

from zuzlab import cardgame, sim


def random_games(count: int, players: int = 4) -> None:
    start = time.perf_counter()
    actions = 0
    for seed in range(count):
        game = cardgame.play_random_game(players=players, seed=seed)
        game.final_scores()
        actions += len(game.history)
    elapsed = time.perf_counter() - start
    print(f"random {players}-player Card Games: {count / elapsed:.1f} games/s "
          f"({count} games in {elapsed:.2f} s; {actions / count:.0f} actions per game)")


def fulfilment_times(cases: int) -> None:
    data = cardgame.load_data()
    rng = random.Random(2026)
    for cards in (60, 40, 30, 20):
        times = []
        for _ in range(cases):
            tickets = rng.sample(data.tickets, 15)
            pile = Counter(rng.sample(data.deck, cards))
            start = time.perf_counter()
            cardgame.best_fulfilment(tickets, pile)
            times.append((time.perf_counter() - start) * 1000)
        print(f"best fulfilment, 15 tickets and {cards} cards ({cases} random cases): "
              f"mean {statistics.mean(times):.2f} ms, max {max(times):.2f} ms")


def win_share(bot: str, other: str, games: int) -> None:
    """``bot``'s share of wins against ``other`` in 2-player games, ties split, with a 95 %
    confidence interval (normal approximation on the per-game shares 0, ½, 1)."""
    start = time.perf_counter()
    table = sim.simulate("cardgame", players=2, games=games, seed="bench", bots=[bot, other], progress=False)
    elapsed = time.perf_counter() - start
    table["share"] = table.won / table.groupby("game").won.transform("sum")  # a shared win split
    shares = table[table.bot == bot].share
    mean, error = shares.mean(), 1.96 * shares.std() / math.sqrt(len(shares))
    totals = table.groupby("bot").total.mean()
    print(f"{bot} against {other}, {games} 2-player games: wins {mean:.1%} (95 % CI {mean - error:.1%}–"
          f"{min(1, mean + error):.1%}), mean total {totals[bot]:.0f} against {totals[other]:.0f}; "
          f"{elapsed:.1f} s on {sim.pool_size(games)} worker(s), start-up included")


class Timed:
    """A bot that adds up the time it takes to decide."""

    def __init__(self, bot) -> None:
        self.bot, self.spent, self.decisions = bot, 0.0, 0

    def __call__(self, game, rng):
        start = time.perf_counter()
        action = self.bot(game, rng)
        self.spent, self.decisions = self.spent + time.perf_counter() - start, self.decisions + 1
        return action


def bot_speed(bot: str, games: int = 20) -> None:
    """One core, ``bot`` against the random player: the bot's own time per decision and per
    game (the final scoring apart), the best of three runs (the machine is shared)."""
    runs = []
    for _ in range(3):
        timed = [Timed(cardgame.make_bot(bot)) for _ in range(games)]  # a fresh bot each game
        for seed, player in enumerate(timed):
            cardgame.play_game(players=2, seed=seed, bots=[player, "random"])
        runs.append((sum(t.spent for t in timed), sum(t.decisions for t in timed)))
    spent, decisions = min(runs)
    print(f"{bot}, one core: {1000 * spent / decisions:.2f} ms per decision, {1000 * spent / games:.0f} ms per "
          f"2-player game against random (best of 3; slowest {1000 * max(runs)[0] / games:.0f} ms)")


def bots(games: int) -> None:
    strategies = cardgame.ENGINE.strategies
    for bot in strategies:
        win_share(bot, "random", games)
    for bot, other in zip(strategies, strategies[1:]):
        win_share(bot, other, games)
    for bot in strategies:
        bot_speed(bot)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--bot-games", type=int, default=1000)
    parser.add_argument("--only", choices=["bots"], help="only the strategy bots' figures")
    args = parser.parse_args()
    if args.only is None:
        random_games(args.games)
        fulfilment_times(args.cases)
    bots(args.bot_games)


if __name__ == "__main__":
    main()
