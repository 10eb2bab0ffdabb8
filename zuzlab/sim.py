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
same arguments give the same table, whatever executor or how many workers play the games.

A bot is a name from the family's registry (``ttr.bots.BOTS`` …) or a bot of your own:
a function ``my_bot(game, rng) -> action`` (written in a notebook cell, say), a bot object,
or a class whose instances are bots. Each seat of each game gets a fresh bot (a new
instance of a class, a copy of an object), so what a bot remembers never carries over into
another game and the table does not depend on how the games were shared out. The table
names your bot by its ``__name__``.

Where the games run:

* by default in a pool of worker processes kept between calls (loky's reusable executor,
  the one behind joblib), so the rule explorer's run after run of 100 games pays the
  workers' start-up once. It has one worker per CPU this process may really use (loky
  reads the container's CPU quota and the CPU affinity, where ``os.cpu_count()`` would
  report the host's cores, dozens on Binder), and no more than the games need. Its
  workers are fresh interpreters, not forks of a kernel that runs threads, and get the
  games' plan with cloudpickle, so a bot defined in a notebook cell plays there too.
  Idle workers stop after ``POOL_IDLE_SECONDS``.
* ``workers=1`` (or a run of at most ``CHUNK`` games) plays in this process, no pool at
  all: the quickest on a one-CPU Binder and the easiest to debug; ``workers=n`` sets the
  pool's size.
* ``executor=`` any ``concurrent.futures.Executor`` instead: threads, or a Dask
  ``distributed`` client's ``get_executor()``.
"""

from __future__ import annotations

import copy
import math
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import cloudpickle

from . import cardgame, ink, ttr
from .core import GameState, play_with_bots

#: The most games in one task: enough to make the cost of sending a task small, few
#: enough for a smooth progress bar. A run gets one worker per CHUNK games at most: a new
#: worker (a fresh interpreter importing zuzlab, about a second) is not worth fewer.
CHUNK = 10
#: Tasks per worker aimed at: with many small tasks every worker stays busy to the end
#: of the run instead of one finishing a big last chunk while the others wait (a task
#: costs the pool about 0.1 ms, a Ticket to Ride game some 40 ms).
TASKS_PER_WORKER = 16
#: How long the pool's idle workers wait for the next run before they stop and free their
#: memory (long enough for a user to look at one comparison and change a rule).
POOL_IDLE_SECONDS = 300

#: What ``simulate`` takes as a bot: a name from the family's registry, a bot (a callable
#: ``bot(game, rng) -> action``) or a class whose instances are bots.
BotSpec = str | Callable


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
    """Everything a worker needs to play its share of the games: small and picklable, so
    a task sends seeds and names, never game states."""

    family: str
    rules: Any
    players: int
    seed: int | str
    bots: tuple[str, ...]  # the name of each seat's bot in game 0
    #: the caller's own bots by name, pickled with cloudpickle whatever the executor's
    #: pickler: a bot from a notebook cell (``__main__``) travels by value
    own_bots: bytes = b""


def fresh_bot(bot: Callable) -> Callable:
    """A bot for one seat of one game: a new instance of a class of bots, else a copy of
    the bot (a function copies as itself), so nothing it remembers leaks into other games."""
    return bot() if isinstance(bot, type) else copy.deepcopy(bot)


def play_games(plan: Plan, numbers: Sequence[int]) -> list[dict]:
    """Play games ``numbers`` of a plan and return their rows (runs in a worker)."""
    family = next(f for f in FAMILIES if f.name == plan.family)
    own_bots = cloudpickle.loads(plan.own_bots) if plan.own_bots else {}
    rows = []
    for number in numbers:
        seed = f"{plan.seed}/{number}"
        seats = [plan.bots[(seat + number) % plan.players] for seat in range(plan.players)]
        game = family.new_game(plan.rules, players=plan.players, seed=seed)
        bots = [fresh_bot(own_bots[name]) if name in own_bots else family.bots[name]() for name in seats]
        play_with_bots(game, bots, seed, "sim")
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
             bots: Sequence[BotSpec] | BotSpec | None = None, executor: Executor | None = None,
             progress: bool = True, workers: int | None = None):
    """Play ``games`` seeded games and return a pandas DataFrame, one row per player per
    game (see the module's docstring).

    ``bots``: one bot for every seat or one per seat, each a name from the family's
    registry or a bot of your own (a function ``bot(game, rng) -> action``, a bot object,
    a class of bots); by default the family's strategies in turn.
    ``workers``: the most processes to play in (by default one per CPU this process may
    use); 1 plays in this process. ``executor``: any ``concurrent.futures.Executor``
    instead of the shared pool (threads, Dask ``client.get_executor()``)."""
    import pandas as pd
    from tqdm.auto import tqdm

    family, rules = family_of(variant_or_ruleset)
    names, own_bots = seat_bots(family, bots, players)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number ≥ 1, not {games!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers must be a whole number ≥ 1 (1: play in this process), not {workers!r}")
    if workers is not None and executor is not None:
        raise ValueError("give workers or an executor, not both: the executor decides where the games run")
    family.new_game(rules, players=players, seed=f"{seed}/0")  # a wrong player count is refused here, at once
    plan = Plan(family.name, rules, players, seed, names, pickled_bots(own_bots))
    size = pool_size(games, workers)
    if executor is None and size > 1:
        executor = shared_pool(size)
    rows: list[dict] = []
    with tqdm(total=games, desc=f"{rules.name}, {players} players", unit="game", disable=not progress) as bar:
        for done in chunk_results(plan, chunks_of(games, size), executor):
            rows.extend(done)
            bar.update(len(done) // players)
    table = pd.DataFrame(rows)
    return table.sort_values(["game", "seat"], ignore_index=True)


def pool_size(games: int, workers: int | None = None) -> int:
    """How many processes play ``games`` games (1: this process, no pool): ``workers``,
    by default one per CPU this process may really use, but at most one per ``CHUNK``
    games. ``loky.cpu_count()`` counts the CPUs: it reads the container's CPU quota (cgroup)
    and the process's CPU affinity, where ``os.cpu_count()`` counts the host's cores."""
    import loky

    most = loky.cpu_count() if workers is None else workers
    return max(1, min(most, math.ceil(games / CHUNK)))


def chunks_of(games: int, workers: int) -> list[range]:
    """The games cut into tasks, about ``TASKS_PER_WORKER`` per worker and at most
    ``CHUNK`` games each."""
    size = max(1, min(CHUNK, math.ceil(games / (workers * TASKS_PER_WORKER))))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def shared_pool(workers: int) -> Executor:
    """The process pool kept between runs (loky's reusable executor), resized to
    ``workers``. Its workers are fresh interpreters (loky's start method execs a new one,
    never a bare fork of a kernel that runs threads) and take their tasks with cloudpickle."""
    import loky

    return loky.get_reusable_executor(max_workers=workers, timeout=POOL_IDLE_SECONDS)


def chunk_results(plan: Plan, chunks: Sequence[range], executor: Executor | None) -> Iterator[list[dict]]:
    """The rows of each chunk of games as it is done; without an executor, played here."""
    if executor is None:
        for chunk in chunks:
            yield play_games(plan, chunk)
        return
    futures = [executor.submit(play_games, plan, chunk) for chunk in chunks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:  # after a failed game or an interrupt: drop the waiting tasks, keep the pool
        for future in futures:
            future.cancel()


def seat_bots(family: Family, bots: Sequence[BotSpec] | BotSpec | None,
              players: int) -> tuple[tuple[str, ...], dict[str, Callable]]:
    """The name of each seat's bot, checked (one bot for all, one per seat, or the
    defaults), and the caller's own bots by the names the table gives them."""
    if bots is None:
        chosen: list = [family.default_bots[seat % len(family.default_bots)] for seat in range(players)]
    elif isinstance(bots, str) or callable(bots):
        chosen = [bots] * players
    elif isinstance(bots, Sequence):
        chosen = list(bots)
        if len(chosen) != players:
            raise ValueError(f"{players} players need {players} bots, not {len(chosen)}: {chosen}")
    else:
        raise ValueError(f"bots must be a bot or a list of one bot per seat, not {bots!r}")
    names: list[str] = []
    own: dict[str, Callable] = {}
    for bot in chosen:
        if isinstance(bot, str):
            if bot not in family.bots:
                raise ValueError(f"no {family.name} bot called {bot!r}; known: {', '.join(family.bots)}")
            names.append(bot)
        elif callable(bot):
            name = getattr(bot, "__name__", None) or type(bot).__name__
            if name in family.bots:
                raise ValueError(f"your bot {bot!r} has the name of the {family.name} bot {name!r}: "
                                 f"give it a name of its own (set its __name__)")
            if own.setdefault(name, bot) is not bot:
                raise ValueError(f"two different bots are both called {name!r}: the table could not tell "
                                 f"them apart; give each a name of its own (set its __name__)")
            names.append(name)
        else:
            raise ValueError(f"a bot is the name of a {family.name} bot ({', '.join(family.bots)}) or a "
                             f"function bot(game, rng) -> action, not {bot!r}")
    return tuple(names), own


def pickled_bots(own_bots: dict[str, Callable]) -> bytes:
    """The caller's bots pickled for the workers (by value when they were defined in a
    notebook cell or a script); one that cannot be pickled is refused before any game."""
    if not own_bots:
        return b""
    try:
        return cloudpickle.dumps(own_bots)
    except Exception as problem:
        raise ValueError(f"your bots cannot be sent to the workers ({problem}); "
                         f"play them in this process with workers=1") from problem


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
