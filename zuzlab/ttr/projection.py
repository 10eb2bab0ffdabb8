"""What a Ticket to Ride position is worth: each player's expected final score, read from
the position part-way through a game. The expert's playouts stop at it
(``zuzlab.ttr.expert``), so that a decision can sample many more worlds than whole games
would allow.

Why a fitted line?  How a game ends is mostly chance (the cards still to come), so two
candidate moves played out to the end differ by chance far more than by the moves: a
decision needs hundreds of whole games to tell them apart. Some eight turns on, the two
positions differ little by chance, and what such a position is worth *on average* can be
measured: seeded games of the strategy bots (the playout policy) are looked at every few
turns, and each player's final score is fitted by least squares (numpy) on a few facts of
their position then (``FEATURES``), separately for each stage of the game (``STAGES``: how
near the end is, by the fewest trains a player has left) and for each built-in variant
and player count. The fit is made by ``python -m zuzlab.ttr.projection`` (seeded, some
minutes) and kept in ``projection.json``: make it again after changing the strategy bots
or a built-in variant's rules. It stands only for a built-in variant's own rules: a
changed rule may change what a position is worth, and then ``for_game`` gives None (the
expert plays its games to the end).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
from pathlib import Path
from typing import Any, Sequence

from .advice import route_trains
from .plans import Planner

#: the facts of a player's position the projection reads (``features``)
FEATURES = ("route points", "trains left", "points of complete tickets", "points of open tickets",
            "points lost on tickets that can no longer be completed", "trains the open tickets still need",
            "cards in hand", "stations left")
#: the stages of a game, each fitted on its own: the fewest trains any player has left is
#: at least the stage's number (the first that fits, from the start of the game)
STAGES = (35, 25, 15, 0)
#: where the fitted weights are kept, and how they were made
FITTED = Path(__file__).with_name("projection.json")
#: the variants fitted (each with every player count it allows): the three boards
FITTED_VARIANTS = ("usa", "europe", "switzerland")
#: the fit's games for each variant and player count, and where it looks (every this many
#: decisions, at the start of a turn)
FIT_GAMES, FIT_EVERY = 600, 8


def features(game, player: int) -> list[float]:
    """The facts ``FEATURES`` of ``player``'s position, as numbers (the game as a whole:
    a playout's world, where every hand and ticket is known)."""
    planner = Planner(game, player, route_trains)
    complete = open_points = lost = still_to_plan = 0
    for ticket_id in game.tickets[player]:
        ticket = game.map.ticket(ticket_id)
        path = planner.path(game, ticket_id)
        if path is None:
            lost += ticket.penalty
        elif not path:
            complete += ticket.points
        else:
            open_points += ticket.points
            still_to_plan += sum(route.length for route in path)
    stations = game.rules.stations_per_player
    stations_left = stations - game.stations_built(player) if stations else 0
    return [game.scores[player], game.trains[player], complete, open_points, lost, still_to_plan,
            sum(game.hands[player].values()), stations_left]


def stage(game) -> int:
    """The index in ``STAGES`` of the stage ``game`` is at."""
    fewest = min(game.trains)
    return next(n for n, least in enumerate(STAGES) if fewest >= least)


class Projection:
    """The fitted weights of one variant and player count: ``scores(game)`` gives every
    player's expected final score."""

    def __init__(self, weights: Sequence[Sequence[float]]):
        if len(weights) != len(STAGES) or any(len(w) != len(FEATURES) + 1 for w in weights):
            raise ValueError(f"a projection needs {len(STAGES)} stages of {len(FEATURES) + 1} weights "
                             f"(a constant and one for each feature)")
        self.weights = [list(map(float, w)) for w in weights]

    def scores(self, game) -> list[float]:
        constant, *weights = self.weights[stage(game)]
        return [constant + sum(w * x for w, x in zip(weights, features(game, player)))
                for player in range(game.players)]


@functools.cache
def _fitted() -> dict[str, Any]:
    """The fitted weights (the file is installed with the package: a missing one is a fault
    of the installation, raised as such, not a reason to play without them)."""
    return json.loads(FITTED.read_text(encoding="utf-8"))


def key(variant: str, players: int) -> str:
    return f"{variant}/{players}"


def for_game(game) -> Projection | None:
    """The projection fitted for ``game``'s rules and player count, or None: its rules are
    not a built-in variant's own, or nothing was fitted for them."""
    from .rules import VARIANTS

    rules = game.rules
    if VARIANTS.get(rules.name) != rules:
        return None
    weights = _fitted()["fits"].get(key(rules.name, game.players))
    return Projection(weights) if weights else None


# --- fitting ------------------------------------------------------------------------------

def observed(variant: str, players: int, games: int, seed: str) -> list[tuple[int, list[float], int]]:
    """Seeded games of the strategy bots (the expert's playout policy, the styles taking
    the seats in turn), looked at every ``FIT_EVERY`` decisions at a turn's start: for
    every player then, (stage, features, their final score)."""
    from . import new_game
    from .expert import STYLES

    rows: list[tuple[int, list[float], int]] = []
    for number in range(games):
        game = new_game(variant, players=players, seed=f"{seed}/{number}")
        seats = [STYLES[(number + seat) % len(STYLES)]() for seat in range(players)]
        rng = random.Random(f"{seed}/policy/{number}")
        seen, decisions = [], 0
        while not game.is_over:
            game.apply(seats[game.current_player](game, rng), events=False)
            decisions += 1
            if game.pending is None and not game.is_over and decisions % FIT_EVERY == 0:
                seen.append((stage(game), [features(game, player) for player in range(players)]))
        totals = game.final_scores().totals
        rows.extend((at, facts[player], totals[player]) for at, facts in seen for player in range(players))
    return rows


def fit(rows: list[tuple[int, list[float], int]]) -> list[list[float]]:
    """Least-squares weights (a constant first) of the final score on the features, one
    set for each stage."""
    import numpy as np

    weights = []
    for at in range(len(STAGES)):
        here = [(facts, final) for s, facts, final in rows if s == at]
        if len(here) <= len(FEATURES) + 1:
            raise ValueError(f"too few positions at stage {at} to fit ({len(here)})")
        facts = np.array([[1.0, *f] for f, _ in here])
        finals = np.array([final for _, final in here], dtype=float)
        weights.append([round(float(w), 6) for w in np.linalg.lstsq(facts, finals, rcond=None)[0]])
    return weights


def main() -> None:
    from .rules import VARIANTS

    parser = argparse.ArgumentParser(description="Fit the projection of every built-in variant and player count, "
                                                 f"and write it to {FITTED.name}.")
    parser.add_argument("--games", type=int, default=FIT_GAMES)
    parser.add_argument("--seed", default="projection")
    args = parser.parse_args()
    fits = {}
    for variant in FITTED_VARIANTS:
        rules = VARIANTS[variant]
        for players in range(rules.min_players, rules.max_players + 1):
            seed = f"{args.seed}/{variant}/{players}"
            fits[key(variant, players)] = fit(observed(variant, players, args.games, seed))
            print(key(variant, players), "fitted", flush=True)
    FITTED.write_text(json.dumps({"features": FEATURES, "stages": STAGES, "games": args.games, "seed": args.seed,
                                  "every": FIT_EVERY, "fits": fits}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
