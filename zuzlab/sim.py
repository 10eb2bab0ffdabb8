"""Play many seeded games between bots and collect the results as a tidy table.

    >>> from dataclasses import replace
    >>> from zuzlab import sim, ttr
    >>> table = sim.simulate("usa", players=4, games=200, seed=1)
    >>> table.groupby("bot")["won"].mean()                    # win rate per strategy
    >>> bigger = replace(ttr.rules.USA, name="usa-bonus-20", longest_route_bonus=20)
    >>> sim.simulate(bigger, games=200, seed=1)                 # the same games, a rule changed

One row per player per game: the game number and its seed, the variant, the seat and its
bot, the score parts of that engine, the total, the place, whether the player won
(every player sharing first place wins), and how many turns the game lasted.

Game ``i`` is seeded with ``"{seed}/{i}"``, and the bots move round the table: in game
``i`` seat ``s`` is played by ``bots[(s + i) % players]``, so no bot always starts. The
same arguments give the same table, whatever executor or how many workers play the games.

A bot is a name from the engine's registry (``ttr.bots.BOTS`` …) or a bot of your own:
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
  all (loky is not even imported): the quickest on a one-CPU Binder and the easiest to
  debug; ``workers=n`` sets the pool's size.
* in the browser (JupyterLite), where no process can start (``runtime``), in this
  process too. A ``workers=n`` asked for there is said once, with a warning, and the
  games are played here: the table is the same, only slower.
* ``executor=`` any ``concurrent.futures.Executor`` instead: threads, or a Dask
  ``distributed`` client's ``get_executor()``.

What else a game shows: ``measure=`` a function ``measure(game) -> [{column: value}, …]``,
one mapping per seat, called in the worker on each finished game (the whole game: its
history, its final scores; ``zuzlab.playtest`` replays the history to count the events
of each turn). Its columns join the seat's row after the usual ones, so a study collects
what it needs where the games are played instead of keeping and sending every game's
actions. Like a bot of your own, it travels to the workers by value (cloudpickle). The
table of ``rescore`` has the usual columns only.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import warnings
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import cloudpickle

from . import engines, runtime, texts
from .core import Engine, GameState, bot_name, play_with_bots, scoring_read, seat_bots
from .engines import engine_of
from .texts import InputError

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

#: Whether a ``workers=n`` that this Python cannot start (the browser) was said (``pool_size``): once is enough.
_said_no_processes = False

#: What ``simulate`` takes as a bot: a name from the engine's registry, a bot (a callable
#: ``bot(game, rng) -> action``) or a class whose instances are bots.
BotSpec = str | Callable


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play its share of the games: small and picklable, so
    a task sends seeds and names, never game states."""

    engine: str  # its ``Engine.key``
    rules: Any
    players: int
    seed: int | str
    bots: tuple[str, ...]  # the name of each seat's bot in game 0
    #: the caller's own bots by name, pickled with cloudpickle whatever the executor's
    #: pickler: a bot from a notebook cell (``__main__``) travels by value
    own_bots: bytes = b""
    keep_actions: bool = False  # each game's actions in the table, to be scored anew (``rescore``)
    #: ``measure(game)``, each seat's further columns of a finished game, pickled like ``own_bots``
    measure: bytes = b""


def fresh_bot(bot: Callable) -> Callable:
    """A bot for one seat of one game: a new instance of a class of bots, else a copy of
    the bot (a function copies as itself), so nothing it remembers leaks into other games."""
    return bot() if isinstance(bot, type) else copy.deepcopy(bot)


def play_games(plan: Plan, numbers: Sequence[int]) -> list[dict]:
    """Play games ``numbers`` of a plan and return their rows (runs in a worker)."""
    engine = engine_named(plan.engine)
    own_bots = cloudpickle.loads(plan.own_bots) if plan.own_bots else {}
    measure = cloudpickle.loads(plan.measure) if plan.measure else None
    rows = []
    for number in numbers:
        seed = f"{plan.seed}/{number}"
        seats = [plan.bots[(seat + number) % plan.players] for seat in range(plan.players)]
        game = engine.new_game(plan.rules, players=plan.players, seed=seed)
        bots = [fresh_bot(own_bots[name]) if name in own_bots else engine.bots[name]() for name in seats]
        play_with_bots(game, bots, seed, "sim")
        played = game_rows(engine, game, number, seats, plan.keep_actions)
        rows.extend(played if measure is None else with_measured(played, measure(game)))
    return rows


def engine_named(key: str) -> Engine:
    """The engine of ``zuzlab.engines.ENGINES`` (read now: a test may register one) with
    this key. A worker process has the engines of ``zuzlab/engines.py`` only."""
    for engine in engines.ENGINES:
        if engine.key == key:
            return engine
    raise LookupError(f"no engine {key!r} in zuzlab.engines.ENGINES of this process (one registered while the "
                      f"kit runs plays in this process: workers=1, or threads)")


def game_rows(engine: Engine, game: GameState, number: int, seats: Sequence[str], keep_actions: bool) -> list[dict]:
    """The rows of one finished game, one per seat (with its actions, when kept)."""
    scores = game.final_scores()
    actions = {"actions": tuple(game.history)} if keep_actions else {}
    return [{"game": number, "seed": game.seed, "variant": game.rules.name, "players": game.players,
             "seat": seat, "bot": bot, **engine.score_parts(game, scores, seat), "total": scores[seat].total,
             "place": scores.places[seat], "won": seat in scores.winners,
             "turns": game.round if engine.turns_are_rounds else game.turn, **actions}
            for seat, bot in enumerate(seats)]


def with_measured(rows: list[dict], measured: Any) -> list[dict]:
    """A game's rows with each seat's measured columns after the usual ones; a measure
    that gives other than one mapping per seat, or a column the table has, is refused."""
    if not isinstance(measured, Sequence) or len(measured) != len(rows) \
            or not all(isinstance(columns, dict) for columns in measured):
        raise InputError("error.sim_measure_rows", seats=len(rows), measured=repr(measured)[:80])
    for row, columns in zip(rows, measured):
        taken = sorted(set(columns) & set(row))
        if taken:
            raise InputError("error.sim_measure_column", column=repr(taken[0]))
    return [{**row, **columns} for row, columns in zip(rows, measured)]


def simulate(variant_or_rules: Any, players: int = 4, games: int = 1000, seed: int | str = 1,
             bots: Sequence[BotSpec] | BotSpec | None = None, executor: Executor | None = None,
             progress: bool = True, workers: int | None = None, title: str | None = None,
             keep_actions: bool = False, measure: Callable[[GameState], Sequence[dict]] | None = None):
    """Play ``games`` seeded games and return a pandas DataFrame, one row per player per
    game (see the module's docstring).

    ``bots``: one bot for every seat or one per seat, each a name from the engine's
    registry or a bot of your own (a function ``bot(game, rng) -> action``, a bot object,
    a class of bots); by default the engine's strategies in turn.
    ``workers``: the most processes to play in (by default one per CPU this process may
    use); 1 plays in this process, as every run does in the browser. ``executor``: any ``concurrent.futures.Executor``
    instead of the shared pool (threads, Dask ``client.get_executor()``). ``title``: what
    the progress bar calls the rules (by default a built-in variant's name for a reader).
    The bar counts the games in the reader's language. ``keep_actions``: keep each game's
    actions (column ``actions``), so that ``rescore`` can score the same games under
    other points. ``measure``: a function of a finished game giving each seat's further
    columns (the module's docstring)."""
    import pandas as pd

    engine, rules = engine_of(variant_or_rules)
    names, own_bots = seat_names(engine, bots, players)
    check_games(games)
    check_where(workers, executor)
    engine.new_game(rules, players=players, seed=f"{seed}/0")  # a wrong player count is refused here, at once
    plan = Plan(engine.key, rules, players, seed, names, pickled_bots(own_bots), keep_actions, pickled_measure(measure))
    size = pool_size(games, workers)
    rows: list[dict] = []
    bar_format = texts.text("label.sim_progress", rules=title or texts.variant_title(rules),
                            players=texts.quantity("player", players))
    with progress_bar(total=games, bar_format=bar_format, disable=not progress) as bar:
        tasks = [(plan, chunk) for chunk in chunks_of(games, size)]
        for done in chunk_results(tasks, executor_for(size, executor)):
            rows.extend(done)
            bar.update(len(done) // players)
    table = pd.DataFrame(rows).sort_values(["game", "seat"], ignore_index=True)
    table.attrs["rules"] = rules  # what the games were played under (``rescore`` checks it)
    table.attrs["scoring_read"] = bots_read_scoring(engine, names, own_bots)  # and what the bots weighed
    return table


def progress_bar(**options: Any) -> Any:
    """``tqdm.auto``'s progress bar, without its monitor thread where no thread can start
    (the browser: tqdm would warn the reader of the thread it could not start)."""
    from tqdm.auto import tqdm

    if not runtime.can_start_processes():
        tqdm.monitor_interval = 0
    return tqdm(**options)


def bots_read_scoring(engine: Engine, names: Sequence[str], own_bots: dict[str, Callable]) -> frozenset[str]:
    """The scoring rules any of these bots reads (``core.scoring_read`` of a bot made for each)."""
    return frozenset().union(*(scoring_read(fresh_bot(own_bots[name]) if name in own_bots else engine.bots[name]())
                               for name in set(names)))


def check_games(games: Any) -> None:
    """Refuse a number of games that is not a whole number of at least 1, by name."""
    if not isinstance(games, int) or games < 1:
        raise InputError("error.sim_games", games=repr(games))


def check_where(workers: Any, executor: Executor | None) -> None:
    """Refuse a ``workers`` that is no count of processes, or one given with an executor."""
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise InputError("error.sim_workers", workers=repr(workers))
    if workers is not None and executor is not None:
        raise InputError("error.sim_workers_and_executor")


def executor_for(size: int, executor: Executor | None) -> Executor | None:
    """Where the games run: the executor given, else the shared pool of ``size`` workers,
    else (a size of 1) None: in this process."""
    if executor is None and size > 1:
        return shared_pool(size)
    return executor


def changes_to_play(played: Any, rules: Any, scoring_read: frozenset[str] = frozenset()) -> list[str]:
    """The fields in which ``rules`` differ from ``played`` that change how the games are
    played, not only how they are scored (none: ``rescore`` gives the games under ``rules``).
    A scored field that the bots read (``scoring_read``, a table's ``attrs["scoring_read"]``)
    changes the play too."""
    engine, rules = engine_of(rules)
    if type(played) is not type(rules):
        return [field.name for field in dataclasses.fields(rules)]
    scored_only = engine.scored_only - scoring_read
    return [field.name for field in dataclasses.fields(rules)
            if getattr(rules, field.name) != getattr(played, field.name) and field.name not in scored_only]


def can_rescore(table, rules: Any) -> bool:
    """Whether ``rescore(table, rules)`` gives the games ``simulate`` would play under ``rules``."""
    played = table.attrs.get("rules")
    return ("actions" in table and played is not None
            and not changes_to_play(played, rules, table.attrs.get("scoring_read", frozenset())))


def rescore(table, rules: Any) -> Any:
    """The games of ``table`` (from ``simulate(..., keep_actions=True)``) scored under
    ``rules``: each game's actions replayed under them, about ten times faster than
    playing the games again. Only for a change of what is scored (``Engine.scored_only``:
    for Ticket to Ride the route points, the longest-route bonus …) that none of the
    table's bots reads (``core.scoring_read``: the strategy bots read none, the NYU agents
    weigh route points, the expert all its playouts score), so ``simulate`` would play the
    very same games. Any other change is refused by name."""
    import pandas as pd

    engine, rules = engine_of(rules)
    played = table.attrs.get("rules")
    if "actions" not in table or played is None:
        raise InputError("error.sim_no_actions")
    played_anew = changes_to_play(played, rules, table.attrs.get("scoring_read", frozenset()))
    if played_anew:
        raise InputError("error.sim_not_scored_only", fields=", ".join(played_anew))
    rows: list[dict] = []
    for number, rows_of_game in table.groupby("game", sort=True):
        first = rows_of_game.iloc[0]
        game = engine.new_game(rules, players=int(first.players), seed=first.seed)
        for action in first.actions:
            game.apply(action, events=False)
        rows.extend(game_rows(engine, game, int(number), list(rows_of_game.bot), keep_actions=True))
    rescored = pd.DataFrame(rows)
    rescored.attrs["rules"] = rules
    rescored.attrs["scoring_read"] = table.attrs.get("scoring_read", frozenset())
    return rescored


def pool_size(games: int, workers: int | None = None) -> int:
    """How many processes play ``games`` games (1: this process, no pool): ``workers``,
    by default one per CPU this process may really use, but at most one per ``CHUNK``
    games. ``loky.cpu_count()`` counts the CPUs: it reads the container's CPU quota (cgroup)
    and the process's CPU affinity, where ``os.cpu_count()`` counts the host's cores.
    Where no process can start (the browser), 1, and a ``workers`` above 1 is said once."""
    global _said_no_processes
    needed = math.ceil(games / CHUNK)
    if not runtime.can_start_processes():
        if workers is not None and workers > 1 and not _said_no_processes:
            _said_no_processes = True
            warnings.warn(texts.text("label.sim_no_processes", workers=workers), stacklevel=3)
        return 1
    if workers == 1 or needed <= 1:  # this process: no pool, loky not even imported
        return 1
    most = usable_cpus() if workers is None else workers
    return max(1, min(most, needed))


def usable_cpus() -> int:
    """The CPUs this process may really use (``pool_size`` says how they are counted); 1
    where no process can start."""
    if not runtime.can_start_processes():
        return 1
    import loky

    return loky.cpu_count()


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


def chunk_results(tasks: Sequence[tuple[Plan, range]], executor: Executor | None) -> Iterator[list[dict]]:
    """The rows of each task (a plan and a chunk of its games) as it is done; without an
    executor, played here. The tasks of several plans can share one run (a study)."""
    if executor is None:
        for plan, chunk in tasks:
            yield play_games(plan, chunk)
        return
    futures = [executor.submit(play_games, plan, chunk) for plan, chunk in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:  # after a failed game or an interrupt: drop the waiting tasks, keep the pool
        for future in futures:
            future.cancel()


def seat_names(engine: Engine, bots: Sequence[BotSpec] | BotSpec | None,
               players: int) -> tuple[tuple[str, ...], dict[str, Callable]]:
    """The name of each seat's bot, checked (one bot for all, one per seat, or the
    defaults: ``core.seat_bots`` reads which), and the caller's own bots by the names the
    table gives them."""
    own: dict[str, Callable] = {}

    def named(bot: BotSpec) -> str:
        if isinstance(bot, str):
            if bot not in engine.bots:
                raise InputError("error.no_bot", game=engine.reader_name, bot=repr(bot), known=", ".join(engine.bots))
            return bot
        if not callable(bot):
            raise InputError("error.sim_not_a_bot", game=engine.reader_name, known=", ".join(engine.bots),
                             bot=repr(bot))
        name = bot_name(bot)
        if name in engine.bots:
            raise InputError("error.sim_bot_name_taken", bot=repr(bot), game=engine.reader_name, name=repr(name))
        if own.setdefault(name, bot) is not bot:
            raise InputError("error.sim_bot_names_twice", name=repr(name))
        return name

    return tuple(seat_bots(bots, players, named, engine.strategies).values()), own


def pickled_measure(measure: Any) -> bytes:
    """A measure pickled for the workers (``pickled_bots``); one that is no function, or
    cannot be pickled, is refused before any game."""
    if measure is None:
        return b""
    if not callable(measure):
        raise InputError("error.sim_measure", measure=repr(measure))
    try:
        return cloudpickle.dumps(measure)
    except Exception as problem:  # Python's words name the problem: its type says enough here
        raise InputError("error.sim_measure_not_sent", error=type(problem).__name__) from problem


def pickled_bots(own_bots: dict[str, Callable]) -> bytes:
    """The caller's bots pickled for the workers (by value when they were defined in a
    notebook cell or a script); one that cannot be pickled is refused before any game."""
    if not own_bots:
        return b""
    try:
        return cloudpickle.dumps(own_bots)
    except Exception as problem:  # Python's words name the problem: its type says enough here
        raise InputError("error.sim_bots_not_sent", error=type(problem).__name__) from problem


def shown_parts(table) -> list[str]:
    """The score parts a summary shows: each part of the engine's (the columns between
    ``bot`` and ``total``) that has a label for a reader (``label.part_<column>``), then
    ``total`` and ``won``. Ticket to Ride labels its route points, ticket points and
    longest-route bonus, not its counts of tickets and trains."""
    columns = list(table.columns)
    parts = columns[columns.index("bot") + 1:columns.index("total")]
    return [part for part in parts if f"part_{part}" in texts.table("en")["label"]] + ["total", "won"]


def mean_parts(table, parts: Sequence[str] | None = None) -> Any:
    """Each bot's mean of each score part (by default ``shown_parts``; and its share of
    wins), as a styled table in the reader's language, for showing in a notebook: its
    labels, and its numbers as the language writes them (one decimal, shares in whole per
    cents: "62,9", "32 %")."""
    parts = shown_parts(table) if parts is None else parts
    means = table.groupby("bot")[list(parts)].mean()
    means.index = [texts.bot_name(bot) for bot in means.index]
    means.index.name = texts.text("label.explore_bot")
    means.columns = [texts.text(f"label.part_{part}") for part in parts]
    written = {column: _written_share if part == "won" else _written_mean for column, part in zip(means.columns, parts)}
    return means.style.format(written)


def _written_mean(value: float) -> str:
    return texts.render(texts.number(value, 1))


def _written_share(value: float) -> str:
    return texts.render(texts.share(value))


def win_rates(table) -> Any:
    """Each bot's share of wins per seat it played (a shared win counts for each winner)."""
    return table.groupby("bot")["won"].mean().sort_values(ascending=False)
