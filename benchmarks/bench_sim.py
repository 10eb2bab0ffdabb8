"""Simulation speed: prints its figures, asserts nothing.

    python benchmarks/bench_sim.py [--games 1000] [--workers N]

1. ``zuzlab.sim.simulate``: four-player USA games between the strategy bots (tickets,
   long routes, balanced, tickets), in a process pool with one worker per core
   (target: 1,000 games in ≤ 60 s on a 2-core machine).
2. The same bots on one core, for the cost of one game.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from zuzlab import sim, ttr


def pool(games: int, workers: int) -> None:
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as executor:
        table = sim.simulate("usa", players=4, games=games, seed=1, executor=executor, progress=False)
    elapsed = time.perf_counter() - start
    rates = ", ".join(f"{bot} {rate:.0%}" for bot, rate in sim.win_rates(table).items())
    print(f"sim.simulate, {games} 4-player USA games between strategy bots, {workers} worker(s): "
          f"{elapsed:.1f} s ({games / elapsed:.1f} games/s; {table.turns.mean():.0f} turns per game; "
          f"win rates {rates})")


def one_core(games: int) -> None:
    names = ["tickets", "long_routes", "balanced", "tickets"]
    start = time.perf_counter()
    for seed in range(games):
        ttr.play_game("usa", players=4, seed=seed, bots=names)
    elapsed = time.perf_counter() - start
    print(f"one core, {games} games: {1000 * elapsed / games:.0f} ms per game")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    pool(args.games, args.workers)
    one_core(max(10, args.games // 10))
