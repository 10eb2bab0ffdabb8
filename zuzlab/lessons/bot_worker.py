"""The tournament's worker: ``python -m zuzlab.lessons.bot_worker`` holds one student's bot
in a process of its own, which the tournament can stop (an endless loop) and which a bot
that eats all memory takes down instead of the kernel.

It reads pickled messages from its standard input (``worker.read_message``) and answers
each on its standard output, after saying ``("started",)`` once the kit is loaded:

- ``("load", source, language, memory_mb)``: ``source`` is ``("function", cloudpickled
  bot)`` (a bot from a notebook cell) or ``("file", path)`` (a student's ``.py`` file, whose
  ``bot`` function is the bot); answered ``("ready", name)`` or ``("unloadable", key,
  detail, line)``. From then on the process may use ``memory_mb`` more than it uses now.
- ``("decide", engine key, observation, seed)``: the bot chooses for the player of the
  observation; answered ``("action", saved action, line)`` (the line it returned from),
  ``("error", name, detail, line)`` (what the bot raised, and the line of the student's
  code it came from), ``("not_an_action", type name, value, line)``, or, after the
  tournament's ``SIGUSR1`` (out of time), ``("stopped", line)``.

Why a game rebuilt from the observation, not the game?  The game lives in the kernel;
the worker gets what the player may see (``GameState.observation``) and plays it on a
game made from it (``GameState.from_observation``, the hidden cards dealt at random), so
even a bot that breaks into its ``PlayerView`` finds nothing true that is hidden. The legal
actions are the same as the real game's. What the bot prints goes nowhere.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import signal
import sys
from pathlib import Path

from .time_limit import Stopped, TimeLimit
from .worker import read_message, shortened, where_in_student_code, write_message


class Discarded(io.TextIOBase):
    """Where a bot's prints go in a tournament: nowhere (a class's bots print a lot)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


def limit_memory(megabytes: int) -> None:
    """Let the process use ``megabytes`` more address space than now (where the system
    can say, on Linux); beyond it an allocation raises MemoryError in the bot."""
    import resource

    try:
        with open("/proc/self/status") as status:
            now = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
    except (OSError, StopIteration):
        return
    allowed = now + megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (allowed, allowed))


def load_bot(source: tuple):
    """The bot of ``source`` (see the module's text)."""
    kind, value = source
    if kind == "function":
        import cloudpickle

        return cloudpickle.loads(value)
    path = Path(value)
    spec = importlib.util.spec_from_file_location(f"zuzlab_student_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ImportError(str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.__dict__.get("bot", _NO_BOT)


_NO_BOT = object()


def loaded(source: tuple) -> tuple:
    """``("ready", name)`` and the bot, or ``("unloadable", key, detail, line)`` and None."""
    try:
        with contextlib.redirect_stdout(Discarded()):
            bot = load_bot(source)
    except SyntaxError as error:
        return ("unloadable", "syntax", error.msg, error.lineno), None
    except BaseException as error:  # noqa: BLE001 - whatever the file does when it is run
        return ("unloadable", "raised", f"{type(error).__name__}: {error}", where_in_student_code(error)), None
    if bot is _NO_BOT:
        return ("unloadable", "no_bot", "", None), None
    if not callable(bot):
        return ("unloadable", "bot_not_callable", type(bot).__name__, None), None
    return ("ready", getattr(bot, "__name__", "bot")), bot


def stop_bot(signal_number, frame) -> None:
    """A bot out of time (``SIGUSR1`` from the tournament): ``Stopped`` raised in it, so
    that the worker can say which line it was at."""
    raise Stopped


def returning_line(bot, lines: list[int]):
    """A trace function that notes the line the bot's own function returns from (the
    ``return`` of an illegal move); the kit's and other functions are not traced."""
    code = getattr(bot, "__code__", None) or getattr(vars(type(bot)).get("__call__"), "__code__", None)

    def local(frame, event, arg):
        if event == "return":
            lines.append(frame.f_lineno)
        return local

    def calls(frame, event, arg):
        return local if frame.f_code is code else None

    return calls


def decide(bot, engine_key: str, observation: dict, seed: str, seconds: float | None = None) -> tuple:
    """The bot's choice for the observation's player, as a message: ``("action", saved
    action, line)``, ``("error", name, detail, line)``, ``("not_an_action", type name,
    value, line)`` or ``("stopped", line)``. ``seconds``: the bot's time limit where it
    plays in the kernel (``time_limit``; a worker is stopped by the tournament's signal)."""
    from ..core import Action, PlayerView, seeded_random
    from ..sim import engine_named

    game = engine_named(engine_key).game.from_observation(observation, seeded_random(seed, "world"))
    lines: list[int] = []
    limit = TimeLimit(seconds, inner=returning_line(bot, lines))
    try:
        with contextlib.redirect_stdout(Discarded()), limit:
            action = bot(PlayerView(game, observation["player"]), seeded_random(seed, "bot"))
    except Stopped as stopped:
        return "stopped", where_in_student_code(stopped)
    except BaseException as error:  # noqa: BLE001 - report anything the bot raises
        if limit.ran_out:  # it caught the stop, and raised another
            return "stopped", None
        return "error", type(error).__name__, shortened(str(error), 300), where_in_student_code(error)
    if limit.ran_out:  # it caught the stop, and answered late
        return "stopped", None
    line = lines[-1] if lines else None
    if not isinstance(action, Action):
        return "not_an_action", type(action).__name__, shortened(repr(action), 80), line
    return "action", action.to_dict(), line


def main() -> None:
    channel = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing a bot prints outside a decision may spoil the channel
    from .. import engines, texts  # noqa: F401 - the engines loaded before the memory limit

    if hasattr(signal, "SIGUSR1"):  # (POSIX; elsewhere a bot out of time is only stopped)
        signal.signal(signal.SIGUSR1, stop_bot)
    write_message(channel, ("started",))  # the kit is loaded: the student's file's clock starts

    bot = None
    while True:
        try:
            message = read_message(sys.stdin.buffer)
        except EOFError:
            return
        if message[0] == "load":
            _, source, language, memory_mb = message
            texts.set_language(language)
            answer, bot = loaded(source)
            if bot is not None and memory_mb:
                limit_memory(memory_mb)
            write_message(channel, answer)
        elif message[0] == "decide":
            write_message(channel, decide(bot, *message[1:]))


if __name__ == "__main__":
    main()
