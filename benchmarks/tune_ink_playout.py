"""Tunes the Railroad Ink expert's playout policy and prints its figures and weights.

    python benchmarks/tune_ink_playout.py [--games 1000] [--sweeps 3] [--check 2000]

The expert's rollouts (``zuzlab.ink.expert``) play the dice to come by a quick policy:
the best of ``PLAYOUT_CHOICES`` random meaningful drawings, by the rule of thumb
``side_value`` (matches, exits, open ends, errors) plus how much it likes the square, a
value for each of the ten kinds of square the board's symmetries leave and each number
of rounds still to come. A rollout tells good boards from bad ones best when the policy
plays well, so the weights are tuned on the policy's own score, playing whole games
alone: a coordinate search (each weight a step up or down, kept when the mean over the
same seeded dice rises by more than ``GAIN``; the step shrinks sweep by sweep), on seeds
0 … games−1. The result is then measured on other seeds (1 000 000 …), never tuned on.
It prints the tuned weights as the expert's constants, to be pasted in by hand (about
four minutes a sweep on one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from zuzlab.ink import expert
from zuzlab.ink.board import Board
from zuzlab.ink.rules import INK
from zuzlab.ink.scoring import score

#: The least rise of the mean score that keeps a step (the same dice for both, so smaller
#: than the games' spread suggests).
GAIN = 0.05


def play_alone(seed: int) -> int:
    """The final score of one base game played by the playout policy alone."""
    dice, choices = random.Random(seed), random.Random(f"{seed}/choices")
    sheet = expert.Sheet(Board(), INK.water_blocks_routes)
    specials, specials_left = list(INK.specials), INK.specials_per_game
    for round_ in range(1, INK.rounds + 1):  # as a rollout plays the rounds to come
        specials_left = expert.playout_round(sheet, [dice.choice(die) for die in INK.dice], specials, specials_left,
                                             round_, INK, choices)
    return score(sheet.board).total


def use(weights: dict) -> None:
    """Make ``weights`` the expert's playout weights."""
    expert.EXIT_BONUS, expert.OPEN_END_COST, expert.ERROR_COST = weights["sides"]
    expert.PLAYOUT_PLACE_VALUES = tuple(tuple(row) for row in weights["places"])
    expert.PLAYOUT_PLACES = tuple(tuple(row[expert._square_kind(i)] for i in range(49)) for row in weights["places"])
    expert._OPTIONS.clear()  # it holds side values


def mean_score(weights: dict, seeds: range) -> float:
    use(weights)
    return statistics.mean(play_alone(seed) for seed in seeds)


def tune(weights: dict, seeds: range, sweeps: int, step: float = 0.3) -> dict:
    best = mean_score(weights, seeds)
    print(f"start: mean {best:.2f} over {len(seeds)} games", flush=True)
    order = random.Random(2026)
    for sweep in range(sweeps):
        keys = [("sides", n) for n in range(3)] + [("places", (left, kind)) for left in range(len(weights["places"]))
                                                   for kind in range(10)]
        order.shuffle(keys)
        for group, key in keys:
            for sign in (1, -1):
                trial = {"sides": list(weights["sides"]), "places": [list(row) for row in weights["places"]]}
                if group == "sides":
                    trial["sides"][key] += sign * step
                else:
                    trial["places"][key[0]][key[1]] += sign * step
                value = mean_score(trial, seeds)
                if value > best + GAIN:
                    weights, best = trial, value
                    break
        print(f"sweep {sweep + 1} (step {step:.3f}): mean {best:.2f}", flush=True)
        step *= 0.6
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games a measure while tuning (seeds 0 …)")
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--check", type=int, default=2000, help="games on other seeds to measure the result")
    args = parser.parse_args()
    now = {"sides": [expert.EXIT_BONUS, expert.OPEN_END_COST, expert.ERROR_COST],
           "places": [list(row) for row in expert.PLAYOUT_PLACE_VALUES]}
    check = range(1_000_000, 1_000_000 + args.check)
    start = time.process_time()
    before = mean_score(now, check)
    tuned = tune(now, range(args.games), args.sweeps)
    after = mean_score(tuned, check)
    print(f"the playout alone on {args.check} other seeds: mean {before:.2f} with the expert's weights, "
          f"{after:.2f} tuned ({time.process_time() - start:.0f} s of CPU)")
    print("EXIT_BONUS, OPEN_END_COST, ERROR_COST = " + ", ".join(f"{w:.2f}" for w in tuned["sides"]))
    print("PLAYOUT_PLACE_VALUES = (")
    for row in tuned["places"]:
        print("    (" + ", ".join(f"{w:.2f}" for w in row) + "),")
    print(")")


if __name__ == "__main__":
    main()
