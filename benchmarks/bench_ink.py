"""Railroad Ink speed and bot strength: prints its figures, asserts nothing.

    python benchmarks/bench_ink.py [--boards 300] [--games 300] [--greedy 200]
                                   [--compare 20] [--budget-games 6] [--variant-games 6]

The defaults take about ten minutes on one core; the figures of record compare the bots
on 100 games and the other budgets and variants on 30 (``--compare 100 --budget-games 30
--variant-games 30``: about 40 minutes, most of it the expert).

1. Scoring a full 49-square board (target ≤ 1 ms): random full boards, and boards full
   of crossings with a few holes (impossible in play, the hardest case for the longest
   path search).
2. Complete random base games per second (target ≥ 100).
3. The greedy bot's mean score over seeded base games (people average about 50).
4. The bots compared on the same seeded base games (the same dice for every bot): mean,
   median and spread of greedy, lookahead and the expert at its usual budget, the
   expert's seconds per game on one core; the expert's mean at other budgets; its mean in
   the river and lake variants.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from zuzlab import ink
from zuzlab.ink.board import Board, Placement
from zuzlab.ink.tiles import BASE_CODES


def full_boards(count: int) -> None:
    rng = random.Random(2026)
    boards = []
    for _ in range(count):
        board = Board()
        board.squares = [Placement(rng.choice(BASE_CODES), rng.randrange(8)) for _ in range(49)]
        boards.append(board)
    report("full random boards", boards)
    crossings = []
    for holes in (1, 2, 4, 8):
        for _ in range(3):
            board = Board()
            missing = set(rng.sample(range(49), holes))
            board.squares = [None if i in missing else Placement("S2", 0) for i in range(49)]
            crossings.append(board)
    report("full boards of highway crossings with 1–8 holes (contrived)", crossings)


def report(name: str, boards: list[Board]) -> None:
    times = []
    for board in boards:
        start = time.perf_counter()
        ink.score(board)
        times.append((time.perf_counter() - start) * 1000)
    print(f"scoring {name}: {len(boards)} boards, mean {statistics.mean(times):.3f} ms, "
          f"max {max(times):.3f} ms")


def random_games(count: int) -> None:
    start = time.perf_counter()
    for seed in range(count):
        ink.play_random_game(seed=seed).final_scores()
    elapsed = time.perf_counter() - start
    print(f"random base games: {count / elapsed:.1f} games/s ({count} games in {elapsed:.2f} s)")


def greedy_games(count: int) -> None:
    start = time.perf_counter()
    totals = [ink.play_game(seed=seed, bots="greedy").final_scores().totals[0] for seed in range(count)]
    elapsed = time.perf_counter() - start
    print(f"greedy bot, {count} seeded base games: mean score {statistics.mean(totals):.1f} "
          f"(median {statistics.median(totals)}, min {min(totals)}, max {max(totals)}; {elapsed:.1f} s)")


def bot_games(bot, variant: str, seeds: range) -> tuple[list[int], float]:
    start = time.perf_counter()
    totals = [ink.play_game(variant, seed=seed, bots=bot).final_scores().totals[0] for seed in seeds]
    return totals, (time.perf_counter() - start) / len(seeds)


def describe(name: str, totals: list[int], seconds: float) -> str:
    return (f"{name}: mean {statistics.mean(totals):.1f}, median {statistics.median(totals)}, "
            f"sd {statistics.pstdev(totals):.1f}, min {min(totals)}, max {max(totals)} "
            f"({len(totals)} games, {seconds:.2f} s a game on one core)")


def compare_bots(games: int, budget_games: int, variant_games: int) -> None:
    """The bots on the same seeded games (seeds 1000 …, never the ones the bots were tuned on first)."""
    from zuzlab.ink.bots import expert

    seeds = range(1000, 1000 + games)
    for name in ("greedy", "lookahead", "expert"):
        print(describe(f"{name}, base game", *bot_games(name, "ink", seeds)), flush=True)
    for rollouts, candidates in ((8, 8), (96, 32)):
        totals, seconds = bot_games(expert(rollouts, candidates), "ink", range(1000, 1000 + budget_games))
        print(describe(f"expert with {rollouts} rollouts × {candidates} candidates, base game", totals, seconds),
              flush=True)
    for variant in ("ink-river", "ink-lake"):
        for name in ("lookahead", "expert"):
            totals, seconds = bot_games(name, variant, range(1000, 1000 + variant_games))
            print(describe(f"{name}, {variant}", totals, seconds), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--greedy", type=int, default=200)
    parser.add_argument("--compare", type=int, default=20, help="games per bot in the comparison (0: skip it)")
    parser.add_argument("--budget-games", type=int, default=6, help="games per other expert budget")
    parser.add_argument("--variant-games", type=int, default=6, help="games per bot in the river and lake variants")
    args = parser.parse_args()
    full_boards(args.boards)
    random_games(args.games)
    if args.greedy:
        greedy_games(args.greedy)
    if args.compare:
        compare_bots(args.compare, args.budget_games, args.variant_games)


if __name__ == "__main__":
    main()
