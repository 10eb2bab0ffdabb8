"""The bots of a tournament: who they are (``Entrant``), a student's bot in a worker process
the tournament can stop (``BotProcess``) or, where no process can be started (the
browser), in the kernel under a time limit (``BotInKernel``), and a class's bots collected
from a folder of ``.py`` files (``load_bots``).

A student's bot is a plain function ``bot(game, rng) -> action``, the protocol of every
bot of the kit: ``game`` is the game as its player sees it (``core.PlayerView``:
``game.legal_actions()``, ``game.observation()``, the map, the player's own hand and
tickets), ``rng`` a seeded ``random.Random``. The kit's own bots ("random", the strategy
bots, the published agents) can enter by name; they are trusted and play in the kernel.
"""

from __future__ import annotations

import pickle
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .. import runtime, texts
from ..core import Engine, bot_name
from . import bot_worker
from .channel import GONE, TIMED_OUT, WorkerChannel
from .time_limit import TimeLimit

#: the seconds a bot's worker may take to start (to load the kit), on a slow school computer too
START_SECONDS = 60.0
#: the seconds a bot out of time has to say where it was stopped before its worker is ended
STOP_SECONDS = 1.0


@dataclass(frozen=True)
class Limits:
    """What a student's bot may use: seconds per decision, seconds of thinking in one game
    (then it plays the rest of that game with safe moves), memory in megabytes (beyond it,
    an allocation raises MemoryError in the bot), and seconds to load the bot's file (to run
    it once: its imports, what it does outside a function)."""

    decision_seconds: float = 1.0
    game_seconds: float = 10.0
    memory_mb: int = 512
    load_seconds: float = 10.0

    def __post_init__(self) -> None:
        for name in ("decision_seconds", "game_seconds", "memory_mb", "load_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
                raise texts.InputError("error.tournament_limit", name=name, value=repr(value))


@dataclass(frozen=True)
class Entrant:
    """One bot of a tournament: a name of the engine's own bots (``builtin``, played in the
    kernel) or a student's bot (``source``: ``("function", cloudpickled)`` or ``("file",
    path)``, played in a worker); ``where`` says where its lines are ("your cell", a file)."""

    name: str
    builtin: str | None = None
    source: tuple | None = field(default=None, repr=False)
    where: str | texts.Phrase = ""  # a file's name, or "your cell" in the reader's language


class BotFolder(NamedTuple):
    """A class's bots from a folder: each good file's entrant, and each bad file's problem
    (a ``texts.Phrase``, rendered in the reader's language)."""

    entrants: list[Entrant]
    problems: dict[str, texts.Phrase]

    def _repr_html_(self) -> str:
        import html

        lines = [f"<b>{html.escape(texts.text('tournament.folder_loaded', count=len(self.entrants)))}</b> "
                 + html.escape(", ".join(entrant.name for entrant in self.entrants))]
        lines += [f"<div style='color:#b71c1c'>{html.escape(file)}: {html.escape(texts.render(problem))}</div>"
                  for file, problem in self.problems.items()]
        return "<div class='zuzlab-bot-folder'>" + "".join(lines) + "</div>"


def entrant_of(bot: Any, engine: Engine, name: str | None = None) -> Entrant:
    """An entrant for what a tournament was given: the name of one of the engine's bots, a
    path to a student's ``.py`` file, an ``Entrant``, or a bot function (from a notebook)."""
    import cloudpickle

    if isinstance(bot, Entrant):
        return bot if name is None or name == bot.name else Entrant(name, bot.builtin, bot.source, bot.where)
    if isinstance(bot, Path) or (isinstance(bot, str) and bot.endswith(".py")):
        path = Path(bot)
        return Entrant(name or path.stem, source=("file", str(path.resolve())), where=path.name)
    if isinstance(bot, str):
        if bot not in engine.bots:
            raise texts.InputError("error.no_bot", game=engine.reader_name, bot=repr(bot), known=", ".join(engine.bots))
        return Entrant(name or bot, builtin=bot)
    if not callable(bot) or isinstance(bot, type):
        raise texts.InputError("error.tournament_not_a_bot", bot=repr(bot)[:80])
    try:
        pickled = cloudpickle.dumps(bot)
    except Exception as problem:  # noqa: BLE001 - Python's words name the problem: its type says enough
        raise texts.InputError("error.tournament_not_sent", error=type(problem).__name__) from problem
    return Entrant(name or bot_name(bot), source=("function", pickled), where=texts.Phrase("tournament.your_cell", {}))


class Outcome(NamedTuple):
    """What a student's bot answered for one decision: ``kind`` is "action" (``value`` is
    the saved action), "error" (``value``: name, detail), "not_an_action" (type name,
    value), "timeout" or "gone"; ``seconds`` is how long it took, ``line`` the line of the
    student's code it returned from, raised at or was stopped at (None if not known)."""

    kind: str
    value: Any
    seconds: float
    line: int | None = None


class BotProcess:
    """A student's bot in a worker process (``bot_worker``), started again after it was
    stopped (a timeout) or died."""

    def __init__(self, entrant: Entrant, limits: Limits):
        self.entrant, self.limits = entrant, limits
        self.channel: WorkerChannel | None = None

    def start(self) -> tuple:
        """Start the worker and load the bot: ``("ready", name)`` or ``("unloadable", key,
        detail, line)``, also for a worker that did not start in time or died."""
        self.begin_start()
        return self.loaded()

    def begin_start(self) -> None:
        """Start the worker without waiting for it (``loaded`` reads its answer): a class's
        bots start side by side."""
        self.channel = WorkerChannel("zuzlab.lessons.bot_worker")
        self.channel.send(("load", self.entrant.source, texts.language(), self.limits.memory_mb))

    def loaded(self) -> tuple:
        """The worker's answer to the load (``begin_start``)."""
        assert self.channel is not None
        answer = self.channel.receive(START_SECONDS)
        if answer == TIMED_OUT:
            self.close()
            return "unloadable", "start_timeout", texts.number(START_SECONDS), None
        if answer[0] == "started":
            answer = self.channel.receive(self.limits.load_seconds)
        if answer == TIMED_OUT:
            self.close()
            return load_timeout(self.limits)
        if answer == GONE:
            self.close()
            return "unloadable", "load_died", "", None
        if answer[0] != "ready":
            self.close()
        return answer

    def decide(self, engine_key: str, observation: dict, seed: str, seconds: float) -> Outcome:
        """The bot's answer for ``observation`` within ``seconds``. A bot out of time is
        stopped (``SIGUSR1``: it says which line it was at) and its worker kept; a worker
        that does not answer that within ``STOP_SECONDS`` is ended, and started again for
        the next decision."""
        if self.channel is None:
            answer = self.start()
            if answer[0] != "ready":
                return Outcome("gone", answer, 0.0)
        assert self.channel is not None
        started = time.monotonic()
        sent = self.channel.send(("decide", engine_key, observation, seed))
        answer = self.channel.receive(seconds) if sent else GONE
        if answer == TIMED_OUT:
            answer = self._stopped()
        used = time.monotonic() - started
        if answer == GONE:
            self.close()
            return Outcome("gone", None, used)
        return outcome_of(answer, used)

    def _stopped(self) -> tuple:
        """Stop the bot that ran out of time: its answer ``("stopped", line)``, or, from a
        worker that cannot be stopped so (Windows, a bot inside a long C call), ``("stopped",
        None)`` once the worker is ended."""
        assert self.channel is not None
        if hasattr(signal, "SIGUSR1"):
            self.channel.process.send_signal(signal.SIGUSR1)
            answer = self.channel.receive(STOP_SECONDS)
            if answer[0] == "stopped":
                return answer
        self.close()
        return "stopped", None

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()
            self.channel = None


class BotInKernel:
    """A student's bot played in the kernel itself, where no worker process can be started
    (the browser), with ``BotProcess``'s interface: loaded by ``bot_worker.loaded`` and asked
    by ``bot_worker.decide`` (shown, as in a worker, only the game rebuilt from a copy of the
    observation), each under its time limit (``time_limit``: what that cannot stop). Its
    memory cannot be limited here, and a bot that fills it takes the kernel down."""

    def __init__(self, entrant: Entrant, limits: Limits):
        self.entrant, self.limits = entrant, limits
        self.bot: Any = None

    def start(self) -> tuple:
        """Load the bot: ``("ready", name)`` or ``("unloadable", key, detail, line)``."""
        self.begin_start()
        return self.loaded()

    def begin_start(self) -> None:
        """Nothing to start in the kernel: ``loaded`` loads the bot."""

    def loaded(self) -> tuple:
        """The bot loaded within ``Limits.load_seconds`` (its file run, or its function
        unpickled): ``("ready", name)`` or ``("unloadable", key, detail, line)``."""
        with TimeLimit(self.limits.load_seconds) as limit:
            answer, bot = bot_worker.loaded(self.entrant.source)
        if limit.ran_out:
            return load_timeout(self.limits)
        self.bot = bot
        return answer

    def decide(self, engine_key: str, observation: dict, seed: str, seconds: float) -> Outcome:
        """The bot's answer for ``observation`` within ``seconds`` (``BotProcess.decide``)."""
        if self.bot is None:
            answer = self.start()
            if answer[0] != "ready":
                return Outcome("gone", answer, 0.0)
        seen = pickle.loads(pickle.dumps(observation))  # what the bot may change is its own, as in a worker
        started = time.monotonic()
        answer = bot_worker.decide(self.bot, engine_key, seen, seed, seconds)
        return outcome_of(answer, time.monotonic() - started)

    def close(self) -> None:
        self.bot = None


#: where a student's bot plays: a worker process of its own, or the kernel (``bot_player``)
BotPlayer = BotProcess | BotInKernel


def bot_player(entrant: Entrant, limits: Limits) -> BotPlayer:
    """A student's bot's player: in a worker process, or in the kernel where no process can
    be started (``runtime.can_start_processes``: not in the browser)."""
    return BotProcess(entrant, limits) if runtime.can_start_processes() else BotInKernel(entrant, limits)


def load_timeout(limits: Limits) -> tuple:
    """The answer for a bot whose file took longer than ``limits.load_seconds`` to load
    (written with a decimal if it has one: "0.5", "3")."""
    seconds = limits.load_seconds
    return "unloadable", "load_timeout", texts.number(seconds, 0 if float(seconds).is_integer() else 1), None


def outcome_of(answer: tuple, seconds: float) -> Outcome:
    """The ``Outcome`` of a bot's answer (``bot_worker.decide``) given in ``seconds``."""
    kind, *value, line = answer
    if kind == "stopped":
        return Outcome("timeout", None, seconds, line)
    return Outcome(kind, value[0] if kind == "action" else tuple(value), seconds, line)


def load_bots(folder: str | Path, limits: Limits | None = None) -> BotFolder:
    """A class's bots from ``folder``: one ``.py`` file per student (named after the file),
    each run in a worker of its own (in the browser: in the kernel) and checked for a
    ``bot`` function. A file that cannot
    be loaded (a syntax error, no ``bot``, an error or endless loop when it is run) is named
    with its problem, and the others are loaded all the same."""
    folder = Path(folder)
    if not folder.is_dir():
        raise texts.InputError("error.tournament_no_folder", folder=str(folder))
    files = sorted(folder.glob("*.py"))
    if not files:
        raise texts.InputError("error.tournament_empty_folder", folder=str(folder))
    limits = limits or Limits()
    processes = [bot_player(Entrant(path.stem, source=("file", str(path.resolve())), where=path.name), limits)
                 for path in files]
    for process in processes:
        process.begin_start()
    entrants, problems = [], {}
    for path, process in zip(files, processes):
        answer = process.loaded()
        process.close()
        if answer[0] == "ready":
            entrants.append(process.entrant)
        else:
            problems[path.name] = load_problem(answer)
    return BotFolder(entrants, problems)


def load_problem(answer: tuple) -> texts.Phrase:
    """What a reader is told about a bot that could not be loaded (``bot_worker.loaded``)."""
    _, key, detail, line = answer
    if key == "raised" and line:
        key = "raised_at"
    return texts.Phrase(f"tournament.unloadable_{key}", {"detail": detail, "line": line or 0})


def seat_names(entrants: list[Entrant]) -> list[str]:
    """The entrants' names, refused when two share one (their rows would mix)."""
    names = [entrant.name for entrant in entrants]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise texts.InputError("error.sim_bot_names_twice", name=repr(twice[0]))
    return names

