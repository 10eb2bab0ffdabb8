"""Simulation speed: prints its figures, asserts nothing.

    python benchmarks/bench_sim.py [--games 1000] [--workers N]

1. ``zuzlab.sim.simulate``: four-player USA games between the strategy bots (tickets,
   long routes, balanced, tickets) on the default pool (one worker per CPU this process
   may use), the workers' start-up included (target: 1,000 games in ≤ 12 s on a 2-core
   machine).
2. The rule explorer's comparison: 100 games under one set of rules on the pool kept from the run
   before (target ≤ 2 s), and in this process (``workers=1``: a one-CPU Binder).
3. The same bots on one core, without ``simulate``, for the cost of one game.
4. The four agents of the NYU study (``zuzlab.ttr.agents``, as described) on one core, seats
   rotated: the cost of one game of the playtesting study (best of three runs).
"""

from __future__ import annotations

import argparse
import os
import time

import loky

from zuzlab import sim, ttr


def timed_simulate(games: int, workers: int | None, seed: int = 1):
    start = time.perf_counter()
    table = sim.simulate("usa", players=4, games=games, seed=seed, progress=False, workers=workers)
    return time.perf_counter() - start, table


def pool(games: int, workers: int | None) -> None:
    elapsed, table = timed_simulate(games, workers)
    rates = ", ".join(f"{bot} {rate:.0%}" for bot, rate in sim.win_rates(table).items())
    print(f"sim.simulate, {games} 4-player USA games between strategy bots, {sim.pool_size(games, workers)} "
          f"worker(s), start-up included: {elapsed:.1f} s ({games / elapsed:.1f} games/s; "
          f"{table.turns.mean():.0f} turns per game; win rates {rates})")


def explorer_comparison(workers: int | None, repeats: int = 3) -> None:
    """The best of a few runs: the machine is shared, and the other runs are noise."""
    for label, how in (("the kept pool", workers), ("in this process (workers=1)", 1)):
        best = min(timed_simulate(100, how, seed=repeat)[0] for repeat in range(repeats))
        print(f"explorer comparison, 100 games under one set of rules, {label}, {sim.pool_size(100, how)} "
              f"worker(s): {best:.2f} s (best of {repeats})")


def one_core(games: int) -> None:
    names = ["tickets", "long_routes", "balanced", "tickets"]
    start = time.perf_counter()
    for seed in range(games):
        ttr.play_game("usa", players=4, seed=seed, bots=names)
    elapsed = time.perf_counter() - start
    print(f"one core, {games} games: {1000 * elapsed / games:.0f} ms per game")


def agents_one_core(games: int, repeats: int = 3) -> None:
    agents = ["destination_hungry", "route_focus", "one_step_thinking", "long_route_exploiting"]
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for seed in range(games):
            ttr.play_game("usa", players=4, seed=seed, bots=agents[seed % 4:] + agents[:seed % 4])
        best = min(best, time.perf_counter() - start)
    print(f"one core, {games} games of the four NYU agents: {1000 * best / games:.0f} ms per game (best of {repeats})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=None, help="pool size (default: one per usable CPU)")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()} on the machine, {loky.cpu_count()} usable by this process "
          f"(CPU quota and affinity); pool for {args.games} games: {sim.pool_size(args.games, args.workers)} worker(s)")
    pool(args.games, args.workers)
    explorer_comparison(args.workers)
    one_core(max(10, args.games // 10))
    agents_one_core(max(10, args.games // 20))
