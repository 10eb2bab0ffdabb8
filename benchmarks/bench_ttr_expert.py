"""The Ticket to Ride expert's strength and speed: prints its figures, asserts nothing.

    python benchmarks/bench_ttr_expert.py [--games 100] [--workers 2]
        [--opponents balanced,tickets,long_routes] [--budget 14000] [--seed 1] [--batch 20]

Plays ``--games`` seeded 4-player USA games (``zuzlab.sim.simulate`` on the pool, with a
progress bar, in batches of ``--batch`` games seeded ``"{seed}-{batch}"``: the figures so far
are printed after each) of the expert (``zuzlab.ttr.expert``) against three other bots, the seats
rotated (a batch's game i puts the expert in seat -i mod 4, so each batch, a multiple of 4
games, seats it in every seat equally). Prints the expert's share of wins (a tie for first place split between the
players level) with a 95 % confidence interval, its mean score and margin over the best
other player, and the time of its decisions: the mean, and the slowest decision of all the
games, as processor time (``time.process_time``: what a decision costs one core, however
busy the machine is; each worker plays one game at a time) and as wall-clock time.

The opponents: the three strategy bots by default (``balanced``, ``tickets``,
``long_routes``). The strongest line-up of three against a fourth strategy bot (400
games each, every strategy bot as the fourth): three ``tickets`` bots and this mixed
line-up held it to 22.8 % and 22.9 %, three ``long_routes`` 24.1 %, three ``balanced``
25.5 %. ``--opponents`` takes any three names of ``zuzlab.ttr.bots.BOTS`` (the agents of
the NYU study once they are registered, e.g. ``destination_hungry,route_focus,
one_step_thinking``).

Target (issue 26): at least 35 % of the games over at least 100 (25 % is chance), at about
1 s a decision on average and never more than 2 s.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import tempfile
import time
from pathlib import Path

from zuzlab import sim
from zuzlab.tickets import ChooseTickets
from zuzlab.ttr.expert import BUDGET, ExpertBot


class TimedExpert(ExpertBot):
    """The expert, writing the time of each decision to a file of its process in
    ``times_dir`` (a worker's bots are made and dropped there: a file brings the times back)."""

    times_dir = ""
    budget_given = BUDGET

    def __init__(self) -> None:
        super().__init__(budget=self.budget_given)

    def __call__(self, game, rng: random.Random):
        searched = game.pending is None or isinstance(game.pending, ChooseTickets)
        start, cpu = time.perf_counter(), time.process_time()
        action = super().__call__(game, rng)
        seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
        with open(Path(self.times_dir) / f"{os.getpid()}.txt", "a", encoding="utf-8") as times:
            times.write(f"{seconds:.4f} {cpu_seconds:.4f} {int(searched)}\n")
        return action


def win_shares(table) -> list[float]:
    """The expert's share of each game's win: 1, 1/k in a tie of k for first place, or 0."""
    shares = []
    for _, game in table.groupby("game"):
        winners = int(game.won.sum())
        expert = game[game.bot == "TimedExpert"].iloc[0]
        shares.append(1 / winners if expert.won else 0.0)
    return shares


def margins(table) -> list[float]:
    """The expert's final score less the best other player's, game by game."""
    found = []
    for _, game in table.groupby("game"):
        expert = game[game.bot == "TimedExpert"].iloc[0]
        found.append(expert.total - game[game.bot != "TimedExpert"].total.max())
    return found


def mean_and_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.nan
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, 1.96 * spread / math.sqrt(len(values))


def report(table, times_dir: str, games: int, budget: int, opponents: list[str], elapsed: float) -> None:
    """Print the figures of the games played so far."""
    times = [line.split() for path in Path(times_dir).glob("*.txt")
             for line in path.read_text(encoding="utf-8").splitlines()]
    seconds = [float(wall) for wall, _, _ in times]
    cpu_seconds = [float(cpu) for _, cpu, _ in times]
    searched = [float(cpu) for _, cpu, flag in times if flag == "1"]
    share, share_error = mean_and_interval(win_shares(table))
    margin, margin_error = mean_and_interval(margins(table))
    expert_rows = table[table.bot == "TimedExpert"]
    print(f"{games} 4-player USA games, the expert (budget {budget}) against {', '.join(opponents)}, seats rotated: "
          f"{elapsed / 60:.1f} min")
    print(f"  expert's share of wins (ties split): {share:.1%} ± {share_error:.1%} (95 % interval; chance: 25 %)")
    print(f"  expert's mean score {expert_rows.total.mean():.1f}, the others' "
          f"{table[table.bot != 'TimedExpert'].total.mean():.1f}; margin over the best other "
          f"{margin:+.1f} ± {margin_error:.1f}")
    print(f"  decisions: {len(seconds)} ({len(seconds) / games:.0f} a game); the processor time of one (what it "
          f"costs one core, whoever else uses the machine): mean {sum(cpu_seconds) / len(cpu_seconds):.2f} s, slowest "
          f"{max(cpu_seconds):.2f} s; the searched ones (a turn's start, a ticket offer): {len(searched)}, mean "
          f"{sum(searched) / len(searched):.2f} s")
    print(f"  wall-clock time of a decision (longer while other programs share the cores): mean "
          f"{sum(seconds) / len(seconds):.2f} s, slowest {max(seconds):.2f} s", flush=True)


def main() -> None:
    import pandas as pd

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--batch", type=int, default=20,
                        help="games a batch (a multiple of 4): the figures so far are printed after each")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponents", default="balanced,tickets,long_routes",
                        help="three bot names of zuzlab.ttr.bots.BOTS, comma-separated")
    parser.add_argument("--budget", type=int, default=BUDGET, help="the expert's playout decisions a decision")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    opponents = [name.strip() for name in args.opponents.split(",")]
    if len(opponents) != 3:
        parser.error(f"--opponents needs three bot names, not {len(opponents)}")
    if args.batch % 4 or args.games % args.batch:
        parser.error("--batch must be a multiple of 4 that divides --games (the expert in every seat equally)")
    TimedExpert.times_dir = tempfile.mkdtemp(prefix="zuzlab-expert-times-")
    TimedExpert.budget_given = args.budget
    start = time.perf_counter()
    tables = []
    for batch in range(args.games // args.batch):
        played = sim.simulate("usa", players=4, games=args.batch, seed=f"{args.seed}-{batch}",
                              bots=[TimedExpert, *opponents], workers=args.workers,
                              title=f"USA, batch {batch + 1} of {args.games // args.batch}")
        tables.append(played.assign(game=played.game + batch * args.batch))
        report(pd.concat(tables), TimedExpert.times_dir, (batch + 1) * args.batch, args.budget, opponents,
               time.perf_counter() - start)


if __name__ == "__main__":
    main()
