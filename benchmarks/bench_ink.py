"""Railroad Ink speed and bot strength: prints its figures, asserts nothing.

    python benchmarks/bench_ink.py [--boards 300] [--games 300] [--greedy 200]
                                   [--compare 20] [--budget-games 6] [--variant-games 6]
                                   [--first-seed 1000] [--bots greedy,lookahead,expert]
                                   [--variants ink-river,ink-lake] [--hints 10]

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


def bot_games(bot, variant: str, seeds: range) -> tuple[list[int], float, float, float]:
    """The totals of ``bot``'s games, and the seconds a game: on the clock, and of this
    process's CPU time (on a shared machine the clock also counts the others' work), and
    the CPU seconds of the slowest game."""
    start, cpu = time.perf_counter(), time.process_time()
    totals, slowest = [], 0.0
    for seed in seeds:
        game_cpu = time.process_time()
        totals.append(ink.play_game(variant, seed=seed, bots=bot).final_scores().totals[0])
        slowest = max(slowest, time.process_time() - game_cpu)
    return totals, (time.perf_counter() - start) / len(seeds), (time.process_time() - cpu) / len(seeds), slowest


def describe(name: str, totals: list[int], seconds: float, cpu: float, slowest: float) -> str:
    return (f"{name}: mean {statistics.mean(totals):.1f}, median {statistics.median(totals)}, "
            f"sd {statistics.pstdev(totals):.1f}, min {min(totals)}, max {max(totals)} "
            f"({len(totals)} games, {seconds:.2f} s a game on one core, {cpu:.2f} s of CPU, "
            f"the slowest {slowest:.2f})\n  totals: {totals}")


def compare_bots(games: int, budget_games: int, variant_games: int, first_seed: int = 1000,
                 names: tuple[str, ...] = ("greedy", "lookahead", "expert"),
                 variants: tuple[str, ...] = ("ink-river", "ink-lake")) -> None:
    """The bots on the same seeded games (seeds 1000 …, never the ones the bots were tuned on
    first). ``first_seed`` lets two processes share the games (one core each): their
    totals together are the figure."""
    seeds = range(first_seed, first_seed + games)
    for name in names:
        print(describe(f"{name}, base game", *bot_games(name, "ink", seeds)), flush=True)
    if budget_games:
        quick = bot_games("expert_quick", "ink", range(first_seed, first_seed + budget_games))
        print(describe("expert_quick (the rule explorer's), base game", *quick), flush=True)
    for variant in variants if variant_games else ():
        for name in ("lookahead", "expert"):
            variant_seeds = range(first_seed, first_seed + variant_games)
            print(describe(f"{name}, {variant}", *bot_games(name, variant, variant_seeds)), flush=True)


def hint_times(count: int) -> None:
    """The game view's hint (the expert at ``InkGameView.HINT_BUDGET``) at ``count``
    positions before the last round: seconds on the clock, as the learner waits, with the
    rollouts played in this process and shared among the CPUs (the same hint either way)."""
    from zuzlab import sim
    from zuzlab.core import PlayerView
    from zuzlab.ink.bots import greedy_action
    from zuzlab.ink.expert import ExpertBot
    from zuzlab.widgets.game_views import InkGameView

    positions = []
    for seed in range(count):  # greedy games stopped in rounds 1 … 6, some drawings into the round
        game, rng = ink.new_game(seed=seed), random.Random(seed)
        stop_round, drawings = 1 + seed % (game.rules.rounds - 1), seed % 3
        while game.round < stop_round or (game.round == stop_round and drawings > 0):
            drawings -= game.round == stop_round
            game.apply(greedy_action(game, rng))
        positions.append(game)
    cpus = sim.usable_cpus()
    pool = sim.shared_pool(cpus) if cpus > 1 else None
    ExpertBot(2, 4, pool=pool, workers=cpus).estimates(positions[0], random.Random(0))  # the workers started
    for name, shared in (("in this process", None), (f"shared among {cpus} CPUs", pool)):
        times = []
        for game in positions:
            start = time.perf_counter()
            ExpertBot(*InkGameView.HINT_BUDGET, pool=shared, workers=cpus).estimates(
                PlayerView(game, 0), random.Random(1))
            times.append(time.perf_counter() - start)
        print(f"the Railroad Ink hint, {name}: {len(times)} positions, mean {statistics.mean(times):.2f} s, "
              f"slowest {max(times):.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--greedy", type=int, default=200)
    parser.add_argument("--compare", type=int, default=20, help="games per bot in the comparison (0: skip it)")
    parser.add_argument("--budget-games", type=int, default=6, help="games per other expert budget")
    parser.add_argument("--variant-games", type=int, default=6, help="games per bot in the river and lake variants")
    parser.add_argument("--first-seed", type=int, default=1000, help="the comparison's first seed")
    parser.add_argument("--bots", default="greedy,lookahead,expert", help="the bots compared, by name")
    parser.add_argument("--variants", default="ink-river,ink-lake", help="the Deep Blue variants measured")
    parser.add_argument("--hints", type=int, default=10, help="positions at which the hint is timed")
    args = parser.parse_args()
    if args.boards:
        full_boards(args.boards)
    if args.games:
        random_games(args.games)
    if args.greedy:
        greedy_games(args.greedy)
    if args.hints:
        hint_times(args.hints)
    if args.compare:
        compare_bots(args.compare, args.budget_games, args.variant_games, args.first_seed,
                     tuple(args.bots.split(",")), tuple(args.variants.split(",")))


if __name__ == "__main__":
    main()
