"""A class's bot tournament: every student writes a bot, the class plays a league, and the
standings are the lesson's end.

    >>> from zuzlab.lessons import tournament, load_bots
    >>> result = tournament([my_bot, "random", "tickets"], "usa", players=2, rounds=4, seed=1)
    >>> result                      # the standings, and every fault a bot made
    >>> result.game(3)              # game 3 replayed from its seed and its moves

How it is fair:

- **Tables and rounds.** Each round the bots are shuffled (seeded) and seated at tables
  of ``players``; a table short of bots is filled with ``filler`` bots (by default the
  random player), which play but are not ranked.
- **Duplicate games.** Every table of a round plays the same deal (one seed), once per
  seat rotation, so each bot plays each seat of the same cards once: the luck of the deal
  and of the seat cancels. Railroad Ink with one player: every bot draws the same dice.
- **Faults.** A student's bot plays in a worker process of its own (``entrants.BotProcess``)
  with a time limit per decision and per game and a memory limit (in the browser, where
  no process can start, in the kernel: ``entrants.BotInKernel``, with no memory limit).
  When it raises an error, returns something that is no legal action, runs out of time
  or dies, the fault is recorded with the student's line and a message in the reader's
  language, and the game goes on: the **safe move**, a random legal move (seeded), is
  played for it. A bot whose thinking time for a game is spent plays the rest of that
  game with safe moves.
- **Standings.** Win share (a shared win split between the winners), mean score and its
  parts, and a rating: Bradley-Terry strengths from every pair of bots at a table
  (``choix``), on the Elo scale, with a 95 % interval from resampling the tables.

The same seed gives the same tournament, as long as no bot runs into a time limit (a
machine under load may stop a slow bot at another decision).
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from typing import Any, Sequence

from .. import texts
from ..core import Engine, PlayerView, seeded_random
from ..engines import engine_of
from ..sim import game_rows, progress_bar, shown_parts
from .entrants import BotPlayer, Entrant, Limits, Outcome, bot_player, entrant_of, seat_names

#: the decisions a game may take before it is given up as endless (a bot that never ends
#: its turn); a TTR game between bots takes 150 to 400
MOST_DECISIONS = 5000
#: the resamples of the tables that give the rating's interval
RESAMPLES = 200
#: the Elo scale: a rating 400 higher wins ten times as often
ELO = 400 / math.log(10)


@dataclass(frozen=True)
class Table:
    """One table of a round: its bots, in the seats of the round's first rotation."""

    round: int
    number: int
    bots: tuple[str, ...]


def schedule(names: Sequence[str], players: int, rounds: int, seed: int | str, filler: str) -> list[Table]:
    """Each round's tables: the bots shuffled (seeded by ``seed`` and the round) and seated
    ``players`` at a table, the last table filled up with ``filler``."""
    tables = []
    for round_number in range(rounds):
        order = list(names)
        seeded_random(seed, "tables", round_number).shuffle(order)
        for number, start in enumerate(range(0, len(order), players)):
            bots = order[start:start + players]
            tables.append(Table(round_number, number, tuple(bots + [filler] * (players - len(bots)))))
    return tables


def win_shares(games: Any) -> Any:
    """Each row's share of its game's win: 1 for a sole winner, a shared win split."""
    return games.won / games.groupby("game")["won"].transform("sum")


@dataclass
class Fault:
    """A fault of a student's bot: in which game, at which decision, of which ``kind``
    ("error", "illegal", "not_an_action", "timeout", "gone", "game_time"), and what the
    reader is told (rendered in the reader's language when shown)."""

    bot: str
    game: int
    decision: int
    kind: str
    message: texts.Phrase
    line: int | None = None

    def __str__(self) -> str:
        return texts.render(self.message)


@dataclass
class PlayedGame:
    """A game of the tournament: where it was played, who sat where, its moves (saved),
    and whether it ended (a game that never ends is given up after ``MOST_DECISIONS``)."""

    number: int
    round: int
    table: int
    rotation: int
    seed: str
    seats: tuple[str, ...]
    actions: list[dict]
    finished: bool
    seconds: list[float]  # each seat's thinking time


class Seat:
    """Who decides for one seat of one game: one of the kit's bots (in the kernel), or a
    student's bot in its worker (in the browser: in the kernel, ``entrants.bot_player``),
    with its time for this game and its faults."""

    def __init__(self, name: str, engine: Engine, entrant: Entrant, process: BotPlayer | None, limits: Limits,
                 benched: bool = False):
        self.name, self.engine, self.limits, self.process = name, engine, limits, process
        self.bot = engine.bots[entrant.builtin]() if entrant.builtin else None
        self.view: PlayerView | None = None  # what one of the kit's bots is shown of the game
        self.where = entrant.where
        self.seconds = 0.0
        #: plays safe moves without being asked: its time for the game is spent, or it could not be loaded
        self.benched = benched

    def choose(self, game: Any, player: int, seed: str, number: int, decision: int) -> tuple[Any, list[Fault]]:
        """The action for ``player`` (None: play the safe move) and the faults that made it one."""
        if self.bot is not None:
            if self.view is None:  # one view a seat, as core.play_with_bots makes them (a view reads the game afresh)
                self.view = PlayerView(game, player)
            return self.bot(self.view, seeded_random(seed, "bot")), []
        if self.benched:
            return None, []
        assert self.process is not None
        outcome = self.process.decide(self.engine.key, game.observation(player), seed, self.limits.decision_seconds)
        self.seconds += outcome.seconds
        action, fault = self._judged(game, outcome, number, decision)
        faults = [] if fault is None else [fault]
        if outcome.kind in ("timeout", "gone"):  # stopped for the game: an endless loop costs one limit a game
            self.benched = True
        elif self.seconds > self.limits.game_seconds:
            self.benched = True
            faults.append(self._fault("game_time", number, decision, seconds=texts.number(self.limits.game_seconds)))
        return action, faults

    def _judged(self, game: Any, outcome: Outcome, number: int, decision: int) -> tuple[Any, Fault | None]:
        """The bot's action if it is legal now, else the fault (the game unchanged)."""
        at = {"number": number, "decision": decision, "line": outcome.line}
        if outcome.kind == "action":
            try:
                action = game.action_from_dict(outcome.value)
                if action in game.legal_actions():
                    return action, None
                game.copy().apply(action)  # the engine's own words for why not
                detail = texts.Phrase("tournament.not_legal_now", {"action": str(action)})
            except texts.InputError as refusal:
                detail = texts.refusal(refusal).rstrip(".")
            except Exception:  # noqa: BLE001 - a move the engine cannot even read: no words of its own
                detail = texts.Phrase("tournament.not_legal_now", {"action": repr(outcome.value)[:80]})
            return None, self._fault("illegal", detail=detail, **at)
        if outcome.kind == "error":
            name, detail = outcome.value
            return None, self._fault("error", error=name, detail=detail, **at)
        if outcome.kind == "not_an_action":
            kind, value = outcome.value
            return None, self._fault("not_an_action", type=kind, value=value, **at)
        if outcome.kind == "timeout":
            return None, self._fault("timeout", seconds=texts.number(self.limits.decision_seconds, 1), **at)
        return None, self._fault("gone", **at)

    def _fault(self, kind: str, number: int, decision: int, line: int | None = None, **params: Any) -> Fault:
        """A fault of this seat's bot; its message names the student's line where known."""
        where = texts.Phrase("tournament.at_line", {"line": line, "where": self.where}) if line else ""
        message = texts.Phrase(f"tournament.fault_{kind}", {"bot": texts.Word(self.name), "game": number,
                                                            "decision": decision + 1, "at": where, **params})
        return Fault(self.name, number, decision, kind, message, line)


def play(engine: Engine, rules: Any, players: int, seats: list[Seat], deal: str, seed: int | str,
         number: int) -> tuple[Any, list[Fault], bool]:
    """One game: the finished game, the faults, and whether it ended."""
    game = engine.new_game(rules, players=players, seed=deal)
    safe = seeded_random(seed, "safe move", number)
    faults = []
    for decision in range(MOST_DECISIONS):
        if game.is_over:
            return game, faults, True
        player = game.current_player
        action, made = seats[player].choose(game, player, f"{seed}/{number}/{decision}", number, decision)
        faults += made
        game.apply(game.random_action(safe) if action is None else action, events=False)
    return game, faults, False


@dataclass
class Tournament:
    """A finished tournament: its games (``games``: one row per seat of every finished
    game), the ``faults``, and the ``standings``. Shows itself as the standings and the
    faults."""

    engine: Engine
    rules: Any
    players: int
    seed: int | str
    entrants: list[str]
    filler: str
    limits: Limits
    played: list[PlayedGame] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)

    @property
    def games(self) -> Any:
        """One row per seat of every finished game (a pandas DataFrame)."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def game(self, number: int) -> Any:
        """Game ``number`` replayed from its seed and its moves (checked: the same moves)."""
        if not isinstance(number, int) or not 0 <= number < len(self.played):
            raise texts.InputError("error.tournament_no_game", number=repr(number), last=len(self.played) - 1)
        played = self.played[number]
        return self.engine.replay(self.rules, players=self.players, seed=played.seed, actions=played.actions)

    def replay(self, number: int, bot: str | None = None) -> Any:
        """Game ``number`` to watch move by move in its game view, from ``bot``'s seat (by
        default the first seat); ``.widget`` shows it in a notebook (displayed by itself)."""
        game = self.game(number)
        seats = self.played[number].seats
        if bot is not None and bot not in seats:
            raise texts.InputError("error.tournament_not_in_game", bot=repr(bot), number=number,
                                   seats=", ".join(seats))
        seat = 0 if bot is None else seats.index(bot)
        title = texts.text("tournament.replay_title", number=number, bots=" – ".join(seats), bot=seats[seat])
        if self.engine.key == "ink":
            from ..widgets import replay_player

            return replay_player(game, player=seat)
        from ..widgets.replay import GameReplay
        from ..widgets.ttr_game import TtrGameView

        return GameReplay(game, TtrGameView, seat, dict(enumerate(seats)), title)

    def standings(self) -> Any:
        """Each entrant's games, win share, mean score and its parts, rating with its 95 %
        interval, and faults, best rating first (a pandas DataFrame, English column names;
        ``_repr_html_`` shows it in the reader's language)."""
        import pandas as pd

        table = self.games
        faults = pd.Series([fault.bot for fault in self.faults], dtype=object).value_counts()
        if table.empty:  # no game ended: nothing to rank
            return pd.DataFrame({"bot": self.entrants, "games": 0, "win_share": math.nan, "score": math.nan,
                                 "rating": math.nan, "rating_low": math.nan, "rating_high": math.nan,
                                 "faults": [int(faults.get(name, 0)) for name in self.entrants]})
        table = table.assign(win_share=win_shares(table))
        parts = [part for part in shown_parts(table) if part not in ("total", "won")]
        rating, low, high = self.ratings()
        rows = []
        for name in self.entrants:
            own = table[table.bot == name]
            rows.append({"bot": name, "games": len(own), "win_share": own.win_share.mean(),
                         "score": own.total.mean(), **{part: own[part].mean() for part in parts},
                         "rating": rating[name], "rating_low": low[name], "rating_high": high[name],
                         "faults": int(faults.get(name, 0))})
        return pd.DataFrame(rows).sort_values(["rating", "score"], ascending=False, ignore_index=True)

    def comparisons(self, games: Any = None) -> list[tuple[str, str]]:
        """Every (winner, loser) pair of entrants at a table by final place, a tie as both
        ways; with one player, every pair of entrants on the same deal by score."""
        return [pair for block in self._blocks(self.games if games is None else games) for pair in block]

    def _blocks(self, games: Any) -> list[list[tuple[str, str]]]:
        """The comparisons of each table (with one player, of each round's deal): the
        independent parts a rating's interval resamples."""
        games = games[games.bot.isin(self.entrants)]
        alone = self.players == 1
        blocks = []
        for _, block in games.groupby(["round"] if alone else ["round", "table"]):
            pairs = []
            for _, rows in block.groupby("seed" if alone else "game"):
                # a lower place is better; with one player, a higher score
                results = [(bot, -total if alone else place) for bot, total, place in zip(rows.bot, rows.total,
                                                                                          rows.place)]
                for index, (first, first_rank) in enumerate(results):
                    for second, second_rank in results[index + 1:]:
                        if first_rank <= second_rank:
                            pairs.append((first, second))
                        if second_rank <= first_rank:
                            pairs.append((second, first))
            blocks.append(pairs)
        return blocks

    def ratings(self, resamples: int = RESAMPLES) -> tuple[dict, dict, dict]:
        """Each entrant's rating (Bradley-Terry strength on the Elo scale, mean 1500) and its
        95 % interval from ``resamples`` resamplings of the tables (the deals, with one player)."""
        import numpy as np

        blocks = self._blocks(self.games)
        rating = self._fit([pair for block in blocks for pair in block])
        rng = np.random.default_rng(seeded_random(self.seed, "ratings").getrandbits(64))
        samples = [self._fit([pair for index in rng.integers(len(blocks), size=len(blocks)) for pair in blocks[index]])
                   for _ in range(resamples)]
        low = {name: float(np.percentile([sample[name] for sample in samples], 2.5)) for name in self.entrants}
        high = {name: float(np.percentile([sample[name] for sample in samples], 97.5)) for name in self.entrants}
        return rating, low, high

    def _fit(self, pairs: list[tuple[str, str]]) -> dict[str, float]:
        import choix
        import numpy as np

        index = {name: number for number, name in enumerate(self.entrants)}
        data = [(index[winner], index[loser]) for winner, loser in pairs]
        strengths = choix.ilsr_pairwise(len(index), data, alpha=0.01) if data else np.zeros(len(index))
        strengths = strengths - strengths.mean()
        return {name: 1500 + ELO * float(strengths[number]) for name, number in index.items()}

    def rating_figure(self) -> Any:
        """The ratings with their intervals, best at the top (a Bokeh figure: ``viz.show``)."""
        from ..viz.tournament_plots import rating_figure

        return rating_figure(self.standings())

    def win_share_figure(self) -> Any:
        """Each bot's share of its games won (a Bokeh figure: ``viz.show``)."""
        from ..viz.tournament_plots import win_share_figure

        return win_share_figure(self.standings())

    def score_figure(self) -> Any:
        """How each bot's final scores spread (a Bokeh figure: ``viz.show``)."""
        from ..viz.tournament_plots import score_figure

        return score_figure(self.games, self.standings())

    def first_faults(self) -> list[tuple[Fault, int]]:
        """The first fault of each kind of each bot, and how many of that kind it made."""
        first: dict[tuple[str, str], Fault] = {}
        counts: dict[tuple[str, str], int] = {}
        for fault in self.faults:
            first.setdefault((fault.bot, fault.kind), fault)
            counts[fault.bot, fault.kind] = counts.get((fault.bot, fault.kind), 0) + 1
        return [(fault, counts[key]) for key, fault in first.items()]

    def fault_table(self) -> Any:
        """Every fault, in the reader's language (a pandas DataFrame)."""
        import pandas as pd

        columns = [texts.text(f"label.tournament_{name}") for name in ("bot", "game", "decision", "fault")]
        return pd.DataFrame([(fault.bot, fault.game, fault.decision + 1, str(fault)) for fault in self.faults],
                            columns=columns)

    def _repr_html_(self) -> str:
        import html

        standings = self.standings()
        if self.games.empty:
            standings = standings.iloc[:0]
        parts = [column for column in standings.columns[4:] if column not in ("rating", "rating_low", "rating_high",
                                                                              "faults")]
        head = [texts.text(f"label.tournament_{name}") for name in ("place", "bot", "games", "win_share", "score")]
        head += [_capitalised(texts.text(f"label.part_{part}")) for part in parts]
        head += [texts.text(f"label.tournament_{name}") for name in ("rating", "faults")]

        def written(value: float, digits: int = 1) -> str:
            return texts.render(texts.number(value, digits))

        rows = [[str(place), texts.bot_name(row["bot"]), str(row["games"]), texts.render(texts.share(row["win_share"])),
                 written(row["score"]), *(written(row[part]) for part in parts),
                 f"{written(row['rating'], 0)} ({written(row['rating_low'], 0)}–{written(row['rating_high'], 0)})",
                 str(row["faults"])]
                for place, (_, row) in enumerate(standings.iterrows(), start=1)]
        table = "<tr>" + "".join(f"<th>{html.escape(cell)}</th>" for cell in head) + "</tr>" + "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
        faults = "".join(f"<li>{html.escape(texts.text('tournament.faults_of_a_kind', count=count, first=str(first)))}"
                         f"</li>" for first, count in self.first_faults())
        summary = texts.text("tournament.summary", games=len(self.played), bots=len(self.entrants),
                             faults=len(self.faults))
        endless = [game.number for game in self.played if not game.finished]
        if endless:
            summary += " " + texts.text("tournament.unfinished", games=", ".join(map(str, endless)),
                                        decisions=MOST_DECISIONS, count=len(endless))
        return (f"<div class='zuzlab-tournament'><b>{html.escape(summary)}</b><table>{table}</table>"
                + (f"<ul>{faults}</ul>" if faults else "") + "</div>")


def _capitalised(label: str) -> str:
    """A column label that starts a heading ("route points" → "Route points")."""
    return label[:1].upper() + label[1:]


def tournament(bots: Sequence[Any] | dict[str, Any] | Any, variant: Any = "usa", players: int = 2, rounds: int = 4,
               seed: int | str = 1, *, decision_seconds: float = 1.0, game_seconds: float = 10.0,
               memory_mb: int = 512, filler: str = "random", progress: bool = True) -> Tournament:
    """Play a league between ``bots`` (see the module's text) and return its ``Tournament``.

    ``bots``: a list of bots (your functions, names of the kit's bots such as "random" or
    "tickets", paths of ``.py`` files), a mapping name → bot, or what ``load_bots`` found in
    a folder. ``variant``: a board or rules of Ticket to Ride or Railroad Ink. Each round
    every bot plays ``players`` games (one per seat of its table's deal)."""
    engine, rules = engine_of(variant)
    entrants = _entrants(bots, engine)
    names = seat_names(entrants)
    limits = Limits(decision_seconds, game_seconds, memory_mb)
    _check_counts(players, rounds)
    engine.new_game(rules, players=players, seed=f"{seed}/0")  # a wrong player count is refused here, at once
    filler_entrant = entrant_of(filler, engine, name=f"{filler} (filler)")  # a name of its own: it is not ranked
    if filler_entrant.builtin is None:
        raise texts.InputError("error.tournament_filler", filler=repr(filler), known=", ".join(engine.bots))
    by_name = {entrant.name: entrant for entrant in entrants} | {filler_entrant.name: filler_entrant}
    processes = {entrant.name: bot_player(entrant, limits) for entrant in entrants if entrant.builtin is None}
    result = Tournament(engine, rules, players, seed, names, filler_entrant.name, limits)
    tables = schedule(names, players, rounds, seed, filler_entrant.name)
    bar_format = texts.text("tournament.progress", rules=texts.variant_title(rules),
                            players=texts.quantity("player", players))
    try:
        for process in processes.values():
            process.begin_start()
        unloadable = _note_unloadable(processes, result)
        with progress_bar(total=len(tables) * players, bar_format=bar_format, disable=not progress,
                          file=sys.stderr) as bar:
            for table in tables:
                deal = f"{seed}/deal/{table.round}"
                for rotation in range(players):
                    sitting = [table.bots[(seat + rotation) % players] for seat in range(players)]
                    seats = [Seat(name, engine, by_name[name], processes.get(name), limits, name in unloadable)
                             for name in sitting]
                    number = len(result.played)
                    game, faults, finished = play(engine, rules, players, seats, deal, seed, number)
                    result.faults += faults
                    result.played.append(PlayedGame(number, table.round, table.number, rotation, deal,
                                                    tuple(sitting), [action.to_dict() for action in game.history],
                                                    finished, [seat.seconds for seat in seats]))
                    if finished:
                        result.rows += [{**row, "round": table.round, "table": table.number, "rotation": rotation,
                                         "faults": sum(fault.bot == row["bot"] for fault in faults),
                                         "seconds": seats[row["seat"]].seconds}
                                        for row in game_rows(engine, game, number, sitting, keep_actions=False)]
                    bar.update()
    finally:
        for process in processes.values():
            process.close()
    return result


def _entrants(bots: Any, engine: Engine) -> list[Entrant]:
    """The entrants of what ``tournament`` was given (a list, a mapping, a ``BotFolder``)."""
    from .entrants import BotFolder

    if isinstance(bots, BotFolder):
        bots = bots.entrants
    if isinstance(bots, dict):
        entrants = [entrant_of(bot, engine, name) for name, bot in bots.items()]
    elif isinstance(bots, (list, tuple)):
        entrants = [entrant_of(bot, engine) for bot in bots]
    else:
        raise texts.InputError("error.tournament_bots", bots=repr(bots)[:80])
    if not entrants:
        raise texts.InputError("error.tournament_no_bots")
    return entrants


def _check_counts(players: Any, rounds: Any) -> None:
    for name, value in (("players", players), ("rounds", rounds)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise texts.InputError("error.tournament_count", name=name, value=repr(value))


def _note_unloadable(processes: dict[str, BotPlayer], result: Tournament) -> set[str]:
    """Wait for the bots' workers to load; a bot that cannot be loaded is a fault of its
    own, and plays every game with safe moves. Returns the names of those bots."""
    from .entrants import load_problem

    unloadable = set()
    for name, process in processes.items():
        answer = process.loaded()
        if answer[0] != "ready":
            unloadable.add(name)
            problem = texts.Phrase("tournament.fault_unloadable",
                                   {"bot": texts.Word(name), "problem": load_problem(answer)})
            result.faults.append(Fault(name, -1, -1, "unloadable", problem))
    return unloadable


def main(argv: list[str] | None = None) -> int:
    """``python -m zuzlab.lessons.league FOLDER [--variant usa] [--players 2] [--rounds 4] …``:
    a class's league from a folder of bots, for a teacher outside a notebook (a school's
    server): the files that could not be loaded, the standings, the first fault of each
    kind, and, with ``--csv``, every seat of every game as a table."""
    import argparse

    from .entrants import load_bots

    parser = argparse.ArgumentParser(prog="python -m zuzlab.lessons.league",
                                     description=texts.text("tournament.help"))
    parser.add_argument("folder", help=texts.text("tournament.help_folder"))
    parser.add_argument("--variant", default="usa", help=texts.text("tournament.help_variant"))
    for name, kind, default in (("players", int, 2), ("rounds", int, 4), ("seed", int, 1),
                                ("decision-seconds", float, 1.0), ("game-seconds", float, 10.0),
                                ("memory-mb", int, 512)):
        parser.add_argument(f"--{name}", type=kind, default=default,
                            help=texts.text(f"tournament.help_{name.replace('-', '_')}"))
    parser.add_argument("--also", action="append", default=[], metavar="BOT", help=texts.text("tournament.help_also"))
    parser.add_argument("--csv", help=texts.text("tournament.help_csv"))
    args = parser.parse_args(argv)
    try:
        found = load_bots(args.folder, Limits(args.decision_seconds, args.game_seconds, args.memory_mb))
        for file, problem in found.problems.items():
            print(f"{file}: {texts.render(problem)}")
        result = tournament(found.entrants + args.also, args.variant, args.players, args.rounds, args.seed,
                            decision_seconds=args.decision_seconds, game_seconds=args.game_seconds,
                            memory_mb=args.memory_mb)
    except texts.InputError as problem:
        parser.error(str(problem))
    standings = result.standings()
    print(texts.text("tournament.summary", games=len(result.played), bots=len(result.entrants),
                     faults=len(result.faults)))
    print(standings[["bot", "games", "win_share", "score", "rating", "rating_low", "rating_high", "faults"]]
          .round(2).to_string(index=False))
    for fault, count in result.first_faults():
        print(texts.text("tournament.faults_of_a_kind", count=count, first=str(fault)))
    if args.csv:
        result.games.to_csv(args.csv, index=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
