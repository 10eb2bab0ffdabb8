"""Playtesting study speed: prints its figures, asserts nothing.

    python benchmarks/bench_playtest.py [--games 1000] [--workers 2] [--one] [--agents NAME …] [--nyu]

The study of the issue (``zuzlab.playtest.study``): USA at 2, 3 and 4 players and Europe
at 4, ``--games`` games a setting (rounded up to whole line-ups), on the shared pool of
``--workers`` workers, start-up and the measuring of each game included (target: 1,000
games a setting in minutes, not hours). ``--one`` times USA at 4 players alone (a quick
first look on a busy machine).
The agents are the strategy bots and the random player by default; ``--nyu`` plays the
four agents of the NYU study (``playtest.AGENTS``) once they are in the bots' registry.
Last, the cost of measuring a game (``playtest.measure_game``: its history replayed with
events) against playing it, on one core.
"""

from __future__ import annotations

import argparse
import os
import time

import loky

from zuzlab import playtest, sim

STRATEGY = ("tickets", "long_routes", "balanced", "random")
SETTINGS = {"usa": (2, 3, 4), "europe": (4,)}


def timed_study(players: dict, games: int, workers: int, agents) -> None:
    start = time.perf_counter()
    study = playtest.study(boards=tuple(players), players=players, games=games, agents=agents, workers=workers,
                           progress=False)
    elapsed = time.perf_counter() - start
    played = sum(setting.games for setting in study.settings)
    settings = ", ".join(f"{setting.variant} {setting.players} players × {setting.games}" for setting in study.settings)
    print(f"playtest.study, {settings}: {played} games on {sim.pool_size(played, workers)} worker(s) in "
          f"{elapsed:.1f} s ({played / elapsed:.1f} games/s, {elapsed / len(study.settings):.1f} s a setting)")
    for setting in study.settings:
        shares = study.win_shares[(study.win_shares.variant == setting.variant)
                                  & (study.win_shares.players == setting.players)]
        said = ", ".join(f"{row.agent} {row.share:.1%} ({row.low:.1%}–{row.high:.1%})" for row in shares.itertuples())
        failures = study.failures[(study.failures.variant == setting.variant)
                                  & (study.failures.players == setting.players)].iloc[0]
        print(f"  {setting.variant} {setting.players} players: win shares {said}; passes {failures.passes}, "
              f"face-up resets stopped {failures.resets_stopped}")


def measure_cost(agents, games: int = 40, repeats: int = 3) -> None:
    """The best of a few runs: the machine is shared, and the other runs are noise."""
    def best(**measure) -> float:
        runs = []
        for _ in range(repeats):
            start = time.perf_counter()
            sim.simulate("usa", players=4, games=games, seed=1, bots=list(agents)[:4], workers=1, progress=False,
                         **measure)
            runs.append(time.perf_counter() - start)
        return min(runs) / games

    played, measured = best(), best(measure=playtest.measure_game)
    print(f"one core, 4-player USA: {1000 * played:.0f} ms a game played, {1000 * (measured - played):.1f} ms more "
          f"measured ({(measured - played) / played:.0%}; best of {repeats} runs of {games} games)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a setting (default 1000)")
    parser.add_argument("--workers", type=int, default=2, help="pool size (default 2)")
    parser.add_argument("--one", action="store_true", help="time USA at 4 players alone")
    parser.add_argument("--agents", nargs="+", default=STRATEGY, help="the agents (default: the strategy bots)")
    parser.add_argument("--nyu", action="store_true", help="the four agents of the NYU study (playtest.AGENTS)")
    args = parser.parse_args()
    agents = playtest.AGENTS if args.nyu else tuple(args.agents)
    print(f"cores: {os.cpu_count()} on the machine, {loky.cpu_count()} usable by this process; agents: "
          f"{', '.join(agents)}")
    timed_study({"usa": (4,)} if args.one else SETTINGS, args.games, args.workers, agents)
    measure_cost(agents)
