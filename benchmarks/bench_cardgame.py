"""Card Game speed: prints its figures, asserts nothing.

    python benchmarks/bench_cardgame.py [--games 200] [--cases 300]

1. Complete random 4-player Card Games per second on one core.
2. The best fulfilment of 15 tickets from 60 cards (target ≤ 10 ms), and for harder
   piles of 20–40 cards, where fewer tickets fit and the search must work more.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from zuzlab import cardgame


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--cases", type=int, default=300)
    args = parser.parse_args()
    random_games(args.games)
    fulfilment_times(args.cases)


if __name__ == "__main__":
    main()
