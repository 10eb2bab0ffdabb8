"""Play many seeded games between bots and collect the results as a tidy table.

    >>> from dataclasses import replace
    >>> from zuzlab import sim, ttr
    >>> table = sim.simulate("usa", players=4, games=200, seed=1)
    >>> table.groupby("bot")["won"].mean()                    # win rate per strategy
    >>> bigger = replace(ttr.rulesets.USA, name="usa-bonus-20", longest_route_bonus=20)
    >>> sim.simulate(bigger, games=200, seed=1)                 # the same games, a rule changed

One row per player per game: the game number and its seed, the variant, the seat and its
bot, the score parts of that game family, the total, the place, whether the player won
(every player sharing first place wins), and how many turns the game lasted.

Game ``i`` is seeded with ``"{seed}/{i}"``, and the bots move round the table: in game
``i`` seat ``s`` is played by ``bots[(s + i) % players]``, so no bot always starts. The
same arguments give the same table, whatever executor plays the games.

The games run in a process pool by default; any ``concurrent.futures.Executor`` can be
given instead (a Dask ``distributed`` client's ``get_executor()``, say).
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import cardgame, ink, ttr
from .core import GameState, play_with_bots

#: Games played per task: large enough to keep the pool's overhead small, small enough
#: for a smooth progress bar.
CHUNK = 10


@dataclass(frozen=True)
class Family:
    """What ``simulate`` needs to know about one kind of game."""

    name: str
    rulesets: dict[str, Any]
    rules_type: type
    new_game: Callable[..., GameState]  # the engine's new_game(rules, players=…, seed=…)
    bots: dict[str, Callable[[], Callable]]  # name → a maker of a fresh bot
    default_bots: tuple[str, ...]
    parts: Callable[[GameState, Any, int], dict]  # (game, final scores, seat) → score parts


def _ttr_parts(game: ttr.Game, scores: ttr.FinalScores, seat: int) -> dict:
    score = scores[seat]
    return {
        "route_points": score.route_points, "ticket_points": score.ticket_points,
        "tickets_completed": score.completed_tickets, "tickets_failed": len(score.tickets) - score.completed_tickets,
        "longest_route": score.longest_route.length, "longest_route_bonus": score.longest_route_bonus,
        "station_points": score.station_points, "trains_left": game.trains[seat],
        "routes": tuple(sorted(route for route, owner in game.claimed.items() if owner == seat)),
    }


def _cardgame_parts(game: cardgame.Game, scores: cardgame.FinalScores, seat: int) -> dict:
    score = scores[seat]
    return {"first_round": score.first_round, "ticket_points": score.ticket_points,
            "tickets_fulfilled": len(score.fulfilment.fulfilled), "big_cities": score.bonus_points}


def _ink_parts(game: ink.Game, scores: ink.FinalScores, seat: int) -> dict:
    parts = scores[seat].breakdown()
    del parts["total"]
    return {name.replace(" ", "_"): value for name, value in parts.items()}


FAMILIES = (
    Family("ttr", ttr.rulesets.RULESETS, ttr.Ruleset, ttr.new_game,
           ttr.bots.BOTS, ("tickets", "long_routes", "balanced"), _ttr_parts),
    Family("cardgame", cardgame.rules.RULESETS, cardgame.CardGameRules, cardgame.new_game,
           cardgame.bots.BOTS, ("random",), _cardgame_parts),
    Family("ink", ink.rules.RULESETS, ink.InkRules, ink.new_game, ink.bots.BOTS, ("expert_quick",), _ink_parts),
)


def family_of(variant_or_ruleset: Any) -> tuple[Family, Any]:
    """The game family and the ruleset object for a ruleset or a ruleset's name."""
    for family in FAMILIES:
        if isinstance(variant_or_ruleset, family.rules_type):
            return family, variant_or_ruleset
        if isinstance(variant_or_ruleset, str) and variant_or_ruleset in family.rulesets:
            return family, family.rulesets[variant_or_ruleset]
    known = ", ".join(name for family in FAMILIES for name in family.rulesets)
    raise ValueError(f"no game variant called {variant_or_ruleset!r}; known: {known} (or a ruleset object)")


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play its share of the games (small and picklable)."""

    family: str
    rules: Any
    players: int
    seed: int | str
    bots: tuple[str, ...]


def play_games(plan: Plan, numbers: Sequence[int]) -> list[dict]:
    """Play games ``numbers`` of a plan and return their rows (runs in a worker)."""
    family = next(f for f in FAMILIES if f.name == plan.family)
    rows = []
    for number in numbers:
        seed = f"{plan.seed}/{number}"
        seats = [plan.bots[(seat + number) % plan.players] for seat in range(plan.players)]
        game = family.new_game(plan.rules, players=plan.players, seed=seed)
        play_with_bots(game, [family.bots[name]() for name in seats], seed, "sim")
        scores = game.final_scores()
        for seat, bot in enumerate(seats):
            rows.append({
                "game": number, "seed": seed, "variant": plan.rules.name, "players": plan.players,
                "seat": seat, "bot": bot, **family.parts(game, scores, seat),
                "total": scores[seat].total,
                "place": scores.places[seat], "won": seat in scores.winners,
                "turns": getattr(game, "turn", getattr(game, "round", 0)),
            })
    return rows


def simulate(variant_or_ruleset: Any, players: int = 4, games: int = 1000, seed: int | str = 1,
             bots: Sequence[str] | str | None = None, executor: Executor | None = None, progress: bool = True):
    """Play ``games`` seeded games and return a pandas DataFrame, one row per player per
    game (see the module's docstring). ``bots`` is one bot name for every seat or a list
    of names, one per seat (by default the family's strategies in turn); ``executor``
    defaults to a process pool with one worker per core."""
    import pandas as pd
    from tqdm.auto import tqdm

    family, rules = family_of(variant_or_ruleset)
    names = seat_bots(family, bots, players)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number ≥ 1, not {games!r}")
    family.new_game(rules, players=players, seed=f"{seed}/0")  # a wrong player count is refused here, at once
    plan = Plan(family.name, rules, players, seed, names)
    chunks = [range(start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    own_pool = executor is None
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1) if own_pool else executor
    rows: list[dict] = []
    try:
        futures = [pool.submit(play_games, plan, list(chunk)) for chunk in chunks]
        with tqdm(total=games, desc=f"{rules.name}, {players} players", unit="game", disable=not progress) as bar:
            for future in as_completed(futures):
                done = future.result()
                rows.extend(done)
                bar.update(len(done) // players)
    finally:
        if own_pool:
            pool.shutdown(cancel_futures=True)
    table = pd.DataFrame(rows)
    return table.sort_values(["game", "seat"], ignore_index=True)


def seat_bots(family: Family, bots: Sequence[str] | str | None, players: int) -> tuple[str, ...]:
    """The bot of each seat, checked: one name for all, a name per seat, or the defaults."""
    if bots is None:
        names = [family.default_bots[seat % len(family.default_bots)] for seat in range(players)]
    elif isinstance(bots, str):
        names = [bots] * players
    else:
        names = list(bots)
        if len(names) != players:
            raise ValueError(f"{players} players need {players} bots, not {len(names)}: {names}")
    unknown = [name for name in names if name not in family.bots]
    if unknown:
        raise ValueError(f"no {family.name} bot called {unknown[0]!r}; known: {', '.join(family.bots)}")
    return tuple(names)


#: the score parts ``mean_parts`` shows, each with its [label] text
SHOWN_PARTS = ("route_points", "ticket_points", "longest_route_bonus", "total", "won")


def mean_parts(table, parts: Sequence[str] = SHOWN_PARTS) -> Any:
    """Each bot's mean of each score part (and its share of wins), labelled in the
    reader's language, for showing in a notebook."""
    from . import texts

    means = table.groupby("bot")[list(parts)].mean().round(2)
    means.index = [texts.bot_name(bot) for bot in means.index]
    means.index.name = texts.text("label.explore_bot")
    means.columns = [texts.text(f"label.part_{part}") for part in parts]
    return means


def win_rates(table) -> Any:
    """Each bot's share of wins per seat it played (a shared win counts for each winner)."""
    return table.groupby("bot")["won"].mean().sort_values(ascending=False)
