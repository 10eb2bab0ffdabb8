"""Ticket to Ride engine speed: prints its figures, asserts nothing.

    python benchmarks/bench_ttr.py [--games 200] [--networks 500]

1. Complete random 4-player USA games per second on one core (target ≥ 50).
2. Longest-route time on connected networks of up to 45 trains, grown at random on the
   USA board the way a player could hold them (one track per double route)
   (target ≤ 5 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time

from zuzlab import ttr


def random_games(count: int, players: int = 4) -> None:
    start = time.perf_counter()
    actions = turns = 0
    for seed in range(count):
        game = ttr.play_random_game("usa", players=players, seed=seed)
        game.final_scores()
        actions += len(game.history)
        turns += game.turn
    elapsed = time.perf_counter() - start
    print(f"random {players}-player USA games: {count / elapsed:.1f} games/s "
          f"({count} games in {elapsed:.2f} s; {actions / count:.0f} actions, {turns / count:.0f} turns per game)")


def longest_route_times(count: int) -> None:
    board = ttr.load_map("usa")
    networks = [board.random_network(trains=45, seed=seed) for seed in range(count)]
    times = []
    for network in networks:
        start = time.perf_counter()
        ttr.longest_route(network)
        times.append((time.perf_counter() - start) * 1000)
    worst = max(range(count), key=times.__getitem__)
    print(f"longest route on {count} connected 45-train networks "
          f"({statistics.mean(len(n) for n in networks):.1f} routes each): "
          f"mean {statistics.mean(times):.3f} ms, median {statistics.median(times):.3f} ms, "
          f"95th percentile {sorted(times)[int(0.95 * count)]:.3f} ms, max {times[worst]:.3f} ms "
          f"({len(networks[worst])} routes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--networks", type=int, default=500)
    args = parser.parse_args()
    random_games(args.games)
    longest_route_times(args.networks)


if __name__ == "__main__":
    main()
