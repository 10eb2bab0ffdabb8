"""A playtesting study as one call: agents play every board at every player count, and
the results say what the NYU study (de Mesentier Silva, Lee, Togelius and Nealen,
"AI-based Playtesting of Contemporary Board Games", FDG 2017) measured.

    >>> from zuzlab import playtest
    >>> result = playtest.study(boards=("usa", "europe"), players=(2, 3, 4), games=1000)
    >>> result.win_shares           # per board × players × agent, with a 95 % interval
    >>> result.similarity           # how alike the boards play, from the agents' profiles
    >>> result.cities               # how often each city is reached, and in the winner's network
    >>> result.failures             # the turns with no legal action, the face-up resets that stopped
    >>> playtest.joined(result, playtest.study(boards=(changed,), players=4))   # a changed rule beside them

``agents`` are bots of the Ticket to Ride registry (by default ``AGENTS``, the study's
four) or bots of your own, as ``sim.simulate`` takes them; ``boards`` are variant names
or rules values (a changed rule is a board of its own: ``replace(ttr.rules.USA,
name="usa-bonus-20", longest_route_bonus=20)``); ``players`` is the player counts of
every board, or a mapping from each board's name to its own (``{"usa": (2, 3, 4),
"europe": (4,)}``), by default every count the board allows.

**Line-ups.** At each player count the seats are shared among the agents as evenly as
possible, in every way (``lineups``): with 4 agents, 2 or 3 players play every choice of
2 or 3 of them, 4 players all four, 5 players all four with each one doubled in turn.
Each line-up plays the same number of games and goes round the table (in game ``i`` seat
``s`` is played by the line-up's agent ``(s + i) % players``, as in ``sim.simulate``), so
every agent plays every seat equally often. The games of a setting are rounded up to a
whole number of line-ups × seats (1,000 games of 2 players with 4 agents: 6 line-ups × 2
seats, so 1,008); the result says how many were played.

**Seeds.** The games of a board at ``n`` players are numbered through its line-ups; game
``i`` is seeded ``"{seed}/{n}/{i}"``, the same on every board: a changed rule deals the
very cards of the printed one, as the rule explorer compares rules. A change no agent reads
(the longest-route bonus) plays the very same games; every changed rule is played, not
scored anew as ``sim.rescore`` does, because agents may read the points (Destination
Hungry and Route Focus weigh routes by the route-points table), so a new table changes
their moves. The same arguments give the same result whatever executor, and however many
workers, play them: the games run as ``sim``'s (on the shared pool, one worker, threads
or Dask), all settings in one run under one progress bar. ``joined`` makes one study of
several played with the same agents and seed (a changed rule beside the printed ones).

**What each game yields** is measured where it is played (``sim.simulate``'s
``measure=``, here ``measure_game``): the history is replayed with its events to read
each seat's route points after each of its turns, its passes (a turn with no legal
action) and the face-up resets that stopped in its turns, and the tickets' points are
split into won and lost.

**Win share** (``win_shares``): a seat's share of a game's win is 1, ``1/w`` when ``w``
players share first place, else 0; an agent's win share is the mean over the seats it
played (an even share is ``1/players``). Its interval is the normal approximation on
those per-seat shares, mean ± z · standard deviation / √seats (z = 1.96 for 95 %),
clipped to 0–1; its half-width is at most z · 0.5 / √seats: with four agents and 1,000
games a setting, ±4.4 percentage points at 2 players (504 seats each), ±3.1 at 4.

**Map similarity** (``similarity``): a board's performance profile is its win shares per
agent × player count; two boards are as far apart as the root mean square of the
differences of their profiles over the player counts both were played with (a share: 0
where every agent fares alike on both).

**City attractiveness** (``cities``): per board and player count, how many claimed routes
reach each city in a game, on average (``claimed``: every player's; a share of games
would be near 1 for most cities from 4 players on and tell them apart no more), and the
share of games in which it is in the winner's network (``winner``: a winner's own routes;
a shared win counts each winner's network by its share). ``rank_correlation`` compares
the cities' order between each two player counts of a board (Spearman's ρ).

**The game arc** (``arcs``): each agent's route points after each of its own turns,
mean, standard deviation and quartiles over its seats; a game that has ended keeps its
final route points for the turns after its end.

**Failure states** (``failures``): per board and player count, the passes (a player with
no legal action: a recorded ``Pass``) and the face-up resets that could not succeed
(``face_up_reset_stopped``), and in how many games each happened.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Callable, Sequence

from . import sim, texts
from .engines import engine_of
from .texts import InputError
from .ttr import ENGINE as TTR
from .ttr import Map, TtrRules, load_map
from .ttr.maps import builtin_maps

#: The four agents of the NYU study, by their keys in the bots' registry.
AGENTS = ("destination_hungry", "route_focus", "one_step_thinking", "long_route_exploiting")
#: The confidence of the win shares' intervals.
CONFIDENCE = 0.95
#: What the study shows of each agent's score, as means per seat (``Study.parts``).
PARTS = ("route_points", "ticket_points_won", "ticket_points_lost", "longest_route_bonus", "station_points", "total",
         "win_share")
#: The two measures of a city's attractiveness (``Study.cities``).
CITY_MEASURES = ("claimed", "winner")
#: A city the games seldom reach (``Study.findings``): fewer claimed routes a game than this
#: share of the board's median city. The least reached city of the printed USA and Europe
#: boards has 0.21–0.37 of the median (48 games a setting, every player count); Switzerland's
#: least reached border points 0.02–0.06 (a country ticket is reached at any of its points)
SELDOM = 0.15


def lineups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every way to share ``players`` seats among ``agents`` as evenly as possible: each
    agent plays ``players // len(agents)`` seats, and every choice of the agents that
    play one more (with more agents than seats: every choice of ``players`` agents). A
    line-up lists the agents in the order given, those with a further seat again after."""
    base, extra = divmod(players, len(agents))
    shared = []
    for more in itertools.combinations(agents, extra):
        seats = {agent: base + (agent in more) for agent in agents}
        shared.append(tuple(agent for turn in range(base + 1) for agent in agents if seats[agent] > turn))
    return shared


@dataclass(frozen=True)
class Setting:
    """One board at one player count: its line-ups and how many games each plays (a
    whole number of rounds of the table)."""

    rules: TtrRules
    players: int
    lineups: tuple[tuple[str, ...], ...]
    games_per_lineup: int

    @classmethod
    def planned(cls, rules: TtrRules, players: int, agents: Sequence[str], games: int) -> Setting:
        """At least ``games`` games of ``agents`` on a board at ``players``: each line-up
        the same number of games, a whole number of rounds of the table."""
        shared = tuple(lineups(agents, players))
        return cls(rules, players, shared, math.ceil(games / (len(shared) * players)) * players)

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def games(self) -> int:
        return len(self.lineups) * self.games_per_lineup

    def tasks(self, seed: int | str, own_bots: bytes, workers: int) -> list[tuple[sim.Plan, range]]:
        """The setting's games as ``sim`` tasks: each line-up a plan of its own, the
        games numbered through the line-ups (so each number, and seed, is one game)."""
        tasks = []
        for index, lineup in enumerate(self.lineups):
            plan = sim.Plan(TTR.key, self.rules, self.players, f"{seed}/{self.players}", lineup, own_bots,
                            measure=MEASURE)
            first = index * self.games_per_lineup
            tasks += [(plan, range(first + chunk.start, first + chunk.stop))
                      for chunk in sim.chunks_of(self.games_per_lineup, workers)]
        return tasks


def measure_game(game: Any) -> list[dict]:
    """What the study reads of a finished game, per seat (``sim.simulate``'s ``measure``):
    the history replayed with its events gives the seat's route points after each of its
    turns, its passes and the face-up resets that stopped in its turns (each event counts
    for the player the engine names in it; the deal before the first turn is no one's
    turn and not counted); the final scores give its ticket points won and lost."""
    players = range(game.players)
    points = [0 for _ in players]
    arcs: list[list[int]] = [[] for _ in players]
    passes, resets_stopped = [0 for _ in players], [0 for _ in players]
    replay = game.copy()
    replay.rewind(0)
    for action in game.history:
        for event in replay.apply(action):
            if event.kind == "route_claimed":
                points[event.player] += event.points
            elif event.kind == "turn_ended":
                arcs[event.player].append(points[event.player])
            elif event.kind == "passed":
                passes[event.player] += 1
            elif event.kind == "face_up_reset_stopped":
                resets_stopped[event.player] += 1
    scores = game.final_scores()
    return [{"route_points_by_turn": tuple(arcs[seat]), "passes": passes[seat],
             "resets_stopped": resets_stopped[seat],
             "ticket_points_won": sum(ticket.points for ticket in scores[seat].tickets if ticket.points > 0),
             "ticket_points_lost": -sum(ticket.points for ticket in scores[seat].tickets if ticket.points < 0)}
            for seat in players]


MEASURE = sim.pickled_measure(measure_game)


def study(boards: Sequence[str | TtrRules] = ("usa", "europe"),
          players: Sequence[int] | Mapping[str, Sequence[int]] | None = None, games: int = 1000,
          agents: Sequence[sim.BotSpec] = AGENTS, seed: int | str = 1, workers: int | None = None,
          executor: Executor | None = None, progress: bool = True, confidence: float = CONFIDENCE) -> Study:
    """Play the study (see the module's docstring) and return its ``Study``: ``games``
    games per board and player count (rounded up to whole line-ups), every argument
    checked before any game. ``workers`` and ``executor`` as for ``sim.simulate``."""
    import pandas as pd

    rules_of = boards_checked(boards)
    names, own_bots = agents_checked(agents)
    sim.check_games(games)
    sim.check_where(workers, executor)
    if not isinstance(confidence, float) or not 0 < confidence < 1:
        raise InputError("error.study_confidence", confidence=repr(confidence))
    settings = [Setting.planned(rules, count, names, games)
                for rules, counts in players_checked(players, rules_of) for count in counts]
    for setting in settings:  # a player count or rules the board cannot play are refused here, at once
        TTR.new_game(setting.rules, players=setting.players, seed=f"{seed}/0")
    total = sum(setting.games for setting in settings)
    size = sim.pool_size(total, workers)
    sent_bots = sim.pickled_bots(own_bots)
    tasks = [task for setting in settings for task in setting.tasks(seed, sent_bots, size)]
    rows: dict[tuple[str, int], list[dict]] = {(setting.variant, setting.players): [] for setting in settings}
    bar_format = texts.text("label.study_progress", settings=texts.quantity("setting", len(settings)),
                            agents=texts.quantity("agent", len(names)))
    with sim.progress_bar(total=total, bar_format=bar_format, disable=not progress) as bar:
        for done in sim.chunk_results(tasks, sim.executor_for(size, executor)):
            rows[done[0]["variant"], done[0]["players"]].extend(done)
            bar.update(len(done) // done[0]["players"])
    table = pd.concat([pd.DataFrame(rows[key]).sort_values(["game", "seat"]) for key in rows], ignore_index=True)
    table["win_share"] = split_wins(table)
    return Study(table, names, tuple(settings), seed, confidence)


def joined(*studies: Study) -> Study:
    """Studies of the same agents, seed and confidence as one, so that its tables and
    figures compare the boards of all of them: a changed rule or a new board played after
    the printed ones (``joined(printed, changed).similarity``). Refused: anything but
    studies, studies of other agents, seeds or confidences, a board played at the same
    player count in two of them, and one name for two different rules."""
    import pandas as pd

    if not studies or not all(isinstance(one, Study) for one in studies):
        raise InputError("error.study_join_not_studies", given=", ".join(type(one).__name__ for one in studies))
    first = studies[0]
    for other in studies[1:]:
        for what in ("agents", "seed", "confidence"):
            if getattr(other, what) != getattr(first, what):
                raise InputError("error.study_join_differs", what=what, first=repr(getattr(first, what)),
                                 other=repr(getattr(other, what)))
    settings = [setting for one in studies for setting in one.settings]
    rules_of: dict[str, TtrRules] = {}
    played: set[tuple[str, int]] = set()
    for setting in settings:
        if rules_of.setdefault(setting.variant, setting.rules) != setting.rules:
            raise InputError("error.study_board_twice", board=repr(setting.variant))
        if (setting.variant, setting.players) in played:
            raise InputError("error.study_join_played_twice", board=repr(setting.variant), players=setting.players)
        played.add((setting.variant, setting.players))
    table = pd.concat([one.table for one in studies], ignore_index=True)
    return Study(table, first.agents, tuple(settings), first.seed, first.confidence)


def boards_checked(boards: Any) -> dict[str, TtrRules]:
    """Each board's rules by its name; refused: a board of another game, a name twice."""
    if isinstance(boards, (str, TtrRules)):
        boards = (boards,)
    if not isinstance(boards, Sequence) or not boards:
        raise InputError("error.study_no_boards", boards=repr(boards))
    rules_of: dict[str, TtrRules] = {}
    for board in boards:
        engine, rules = engine_of(board)
        if engine is not TTR:
            raise InputError("error.study_not_ttr", variant=repr(board))
        if rules.name in rules_of:
            raise InputError("error.study_board_twice", board=repr(rules.name))
        rules_of[rules.name] = rules
    return rules_of


def agents_checked(agents: Any) -> tuple[tuple[str, ...], dict]:
    """The agents' names (each a bot ``sim.simulate`` takes) and the caller's own bots;
    refused: no agent, an unknown one, one named twice."""
    if isinstance(agents, str) or callable(agents):
        agents = (agents,)
    if not isinstance(agents, Sequence) or not agents:
        raise InputError("error.study_no_agents", agents=repr(agents))
    names, own_bots = sim.seat_names(TTR, list(agents), len(agents))
    twice = [name for index, name in enumerate(names) if name in names[:index]]
    if twice:
        raise InputError("error.study_agent_twice", agent=repr(twice[0]))
    return names, own_bots


def players_checked(players: Any, rules_of: dict[str, TtrRules]) -> list[tuple[TtrRules, tuple[int, ...]]]:
    """Each board with its player counts: the same for every board, each board's own (a
    mapping that names every board), or by default every count the board allows."""
    if players is None:
        return [(rules, tuple(range(rules.min_players, rules.max_players + 1))) for rules in rules_of.values()]
    if isinstance(players, Mapping):
        if set(players) != set(rules_of):
            raise InputError("error.study_players_boards", boards=", ".join(rules_of),
                             given=", ".join(map(str, players)))
        return [(rules, counts_checked(players[name])) for name, rules in rules_of.items()]
    counts = counts_checked(players)
    return [(rules, counts) for rules in rules_of.values()]


def counts_checked(counts: Any) -> tuple[int, ...]:
    """Player counts: one, or a sequence of different ones (the board checks each)."""
    if isinstance(counts, int):
        counts = (counts,)
    if not isinstance(counts, Sequence) or not counts or len(set(counts)) != len(counts):
        raise InputError("error.study_players", players=repr(counts))
    return tuple(counts)


# --- what the games say -------------------------------------------------------------------------------

def split_wins(table: Any) -> Any:
    """Each row's share of its game's win: 1 for a sole winner, ``1/w`` for each of ``w``
    players sharing first place, else 0."""
    winners = table.groupby(["variant", "players", "game"])["won"].transform("sum")
    return table["won"] / winners


def failure_counts(rows: Any) -> dict[str, int]:
    """For the rows of one board and player count: the games, the passes (a player with
    no legal action) and the games with one, the face-up resets that could not succeed
    and the games with one."""
    per_game = rows.groupby("game")[["passes", "resets_stopped"]].sum()
    return {"games": len(per_game), "passes": int(per_game.passes.sum()),
            "games_with_pass": int((per_game.passes > 0).sum()),
            "resets_stopped": int(per_game.resets_stopped.sum()),
            "games_with_reset_stopped": int((per_game.resets_stopped > 0).sum())}


def confidence_interval(shares: Any, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The interval of the mean of ``shares`` (each seat's share of its game's win): the
    normal approximation, mean ± z · standard deviation / √n, clipped to 0–1; no interval
    (NaN) from fewer than two seats."""
    import numpy as np

    values = np.asarray(shares, dtype=float)
    if len(values) < 2:
        return math.nan, math.nan
    mean = values.mean()
    half = NormalDist().inv_cdf(0.5 + confidence / 2) * values.std(ddof=1) / math.sqrt(len(values))
    return max(0.0, mean - half), min(1.0, mean + half)


def route_ends(board: Map) -> dict[int, tuple[str, str]]:
    """Each route's two cities, by its id."""
    return {route.id: (route.a, route.b) for route in board.routes}


def city_attractiveness(rows: Any, board: Map) -> dict[str, dict[str, float]]:
    """For the rows of one board and player count, each city's ``claimed``: the claimed
    routes that reach it per game, and ``winner``: the share of games in which it is in
    the winner's network (a shared win counts each winner's network by its share)."""
    ends = route_ends(board)
    claimed = dict.fromkeys(board.cities, 0.0)
    winner = dict.fromkeys(board.cities, 0.0)
    games = rows.game.nunique()
    for routes, share in zip(rows.routes, rows.win_share):
        network = set()
        for route in routes:
            for city in ends[route]:
                claimed[city] += 1
                network.add(city)
        for city in network:
            winner[city] += share
    return {"claimed": {city: count / games for city, count in claimed.items()},
            "winner": {city: count / games for city, count in winner.items()}}


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    """Spearman's rank correlation of two lists: the Pearson correlation of their ranks,
    tied values sharing their mean rank (pandas), as ``scipy.stats.spearmanr`` works it
    out without its second of importing; NaN where one is constant (no order to compare)."""
    import pandas as pd

    if len(set(first)) < 2 or len(set(second)) < 2:
        return math.nan
    return float(pd.Series(first, dtype=float).rank().corr(pd.Series(second, dtype=float).rank()))


def arc_rows(arcs: Sequence[Sequence[int]], turns: int) -> dict[str, Any]:
    """Mean, standard deviation and quartiles of the route points after each turn
    ``1 … turns`` over ``arcs`` (each a seat's route points after each of its turns; a
    seat keeps its last value once its game has ended)."""
    import numpy as np

    grid = np.array([list(arc) + [arc[-1] if arc else 0] * (turns - len(arc)) for arc in arcs], dtype=float)
    return {"turn": np.arange(1, turns + 1), "mean": grid.mean(axis=0), "sd": grid.std(axis=0),
            "q25": np.quantile(grid, 0.25, axis=0), "q75": np.quantile(grid, 0.75, axis=0)}


class Study:
    """A playtesting study's games (``table``: one row per seat per game, ``sim``'s
    columns, the measured ones and ``win_share``) and what they say, each a pandas table
    worked out when first asked for; ``*_table()`` methods show them in the reader's
    language, and ``zuzlab.viz.study_plots`` draws them."""

    def __init__(self, table: Any, agents: tuple[str, ...], settings: tuple[Setting, ...], seed: int | str,
                 confidence: float):
        self.table, self.agents, self.settings = table, agents, settings
        self.seed, self.confidence = seed, confidence

    def __repr__(self) -> str:
        played = ", ".join(f"{setting.variant} {setting.players}p × {setting.games}" for setting in self.settings)
        return f"<Study of {', '.join(self.agents)}: {played} (seed {self.seed!r})>"

    # --- where things are -----------------------------------------------------------------------

    @property
    def boards(self) -> dict[str, TtrRules]:
        """The boards' rules by name, in the order given."""
        return {setting.variant: setting.rules for setting in self.settings}

    def players_of(self, board: str) -> tuple[int, ...]:
        return tuple(setting.players for setting in self.settings if setting.variant == board)

    def board_named(self, board: str | TtrRules | None) -> str:
        """A board of the study by its name (or rules; None: the first); another is refused."""
        name = next(iter(self.boards)) if board is None else getattr(board, "name", board)
        if name not in self.boards:
            raise InputError("error.study_no_board", board=repr(name), boards=", ".join(self.boards))
        return name

    def rows_of(self, board: str, players: int) -> Any:
        """The table's rows of one board at one player count (refused if not played)."""
        if players not in self.players_of(board):
            raise InputError("error.study_not_played", board=repr(board), players=repr(players),
                             played=", ".join(map(str, self.players_of(board))))
        table = self.table
        return table[(table.variant == board) & (table.players == players)]

    # --- what the games say ---------------------------------------------------------------------

    @functools.cached_property
    def win_shares(self) -> Any:
        """Per board × players × agent: the seats played, the win share (ties split), its
        interval (``low``, ``high``) and the even share (``1/players``)."""
        import pandas as pd

        rows = []
        for setting in self.settings:
            played = self.rows_of(setting.variant, setting.players)
            for agent in self.agents:
                shares = played.win_share[played.bot == agent].to_numpy()
                low, high = confidence_interval(shares, self.confidence)
                rows.append({"variant": setting.variant, "players": setting.players, "agent": agent,
                             "seats": len(shares), "share": shares.mean(), "low": low, "high": high,
                             "even": 1 / setting.players})
        return pd.DataFrame(rows)

    @functools.cached_property
    def parts(self) -> Any:
        """Each agent's mean score parts (``PARTS``) per board and player count."""
        import pandas as pd

        rows = []
        for setting in self.settings:
            played = self.rows_of(setting.variant, setting.players)
            for agent in self.agents:
                means = played[played.bot == agent][list(PARTS)].mean()
                rows.append({"variant": setting.variant, "players": setting.players, "agent": agent, **means})
        return pd.DataFrame(rows)

    @functools.cached_property
    def profiles(self) -> Any:
        """Each board's performance profile: its win shares by (players, agent)."""
        return self.win_shares.pivot(index="variant", columns=["players", "agent"], values="share") \
            .reindex(list(self.boards))

    @functools.cached_property
    def similarity(self) -> Any:
        """The distance between each two boards' profiles: the root mean square of their
        win shares' differences over the player counts both were played with."""
        import pandas as pd

        profiles = self.profiles
        names = list(self.boards)
        distance = pd.DataFrame(math.nan, index=names, columns=names)
        for first, second in itertools.product(names, names):
            both = profiles.loc[first].notna() & profiles.loc[second].notna()
            if both.any():
                difference = profiles.loc[first][both] - profiles.loc[second][both]
                distance.loc[first, second] = math.sqrt((difference ** 2).mean())
        return distance

    @functools.cached_property
    def cities(self) -> Any:
        """Per board, player count and city: the claimed routes that reach it per game
        (``claimed``) and the share of games in which it is in the winner's network
        (``winner``)."""
        import pandas as pd

        frames = []
        for setting in self.settings:
            shares = city_attractiveness(self.rows_of(setting.variant, setting.players), load_map(setting.rules.map))
            frame = pd.DataFrame(shares).rename_axis("city").reset_index()
            frame.insert(0, "players", setting.players)
            frame.insert(0, "variant", setting.variant)
            frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    @functools.cached_property
    def rank_correlation(self) -> Any:
        """Per board, each two of its player counts and each measure of ``cities``: the
        rank correlation of the cities' attractiveness (Spearman's ρ)."""
        import pandas as pd

        cities, rows = self.cities, []
        for board in self.boards:
            for first, second in itertools.combinations(self.players_of(board), 2):
                one = cities[(cities.variant == board) & (cities.players == first)].set_index("city")
                other = cities[(cities.variant == board) & (cities.players == second)].set_index("city")
                for measure in CITY_MEASURES:
                    rows.append({"variant": board, "players": first, "compared_with": second, "measure": measure,
                                 "rho": spearman(list(one[measure]), list(other[measure].reindex(one.index)))})
        return pd.DataFrame(rows, columns=["variant", "players", "compared_with", "measure", "rho"])

    @functools.cached_property
    def arcs(self) -> Any:
        """Per board, player count, agent and turn (the agent's own, from 1): its route
        points after that turn, mean, standard deviation (``sd``) and quartiles."""
        import pandas as pd

        frames = []
        for setting in self.settings:
            played = self.rows_of(setting.variant, setting.players)
            turns = max(len(arc) for arc in played.route_points_by_turn)
            for agent in self.agents:
                arcs = list(played.route_points_by_turn[played.bot == agent])
                frame = pd.DataFrame(arc_rows(arcs, turns))
                frame.insert(0, "agent", agent)
                frame.insert(0, "players", setting.players)
                frame.insert(0, "variant", setting.variant)
                frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    @functools.cached_property
    def failures(self) -> Any:
        """Per board and player count: the games, the passes (a player with no legal
        action) and the games with one, the face-up resets that could not succeed and the
        games with one."""
        import pandas as pd

        return pd.DataFrame([{"variant": setting.variant, "players": setting.players,
                              **failure_counts(self.rows_of(setting.variant, setting.players))}
                             for setting in self.settings])

    def findings(self, board: str | TtrRules | None = None, players: int | None = None) -> list[texts.Phrase]:
        """What a board's designer reads first, at ``players`` (by default the board's
        first player count): each agent whose win share is clearly above an even share
        (its whole interval above it: one style dominates), or that none is; and the
        cities the games seldom reach (fewer claimed routes a game than ``SELDOM`` of the
        board's median city), or else the least reached one."""
        name = self.board_named(board)
        players = self.players_of(name)[0] if players is None else players
        self.rows_of(name, players)  # refused if not played
        shares = self.win_shares[(self.win_shares.variant == name) & (self.win_shares.players == players)]
        ahead = shares[shares.low > shares.even].sort_values("share", ascending=False)
        even = texts.share(1 / players)
        found = [texts.Phrase("say.study_finding_ahead", {
            "agent": texts.bot_name(row.agent), "share": texts.share(row.share), "low": texts.share(row.low),
            "high": texts.share(row.high), "even": even}) for row in ahead.itertuples()]
        if not found:
            found.append(texts.Phrase("say.study_finding_balanced", {"even": even}))
        cities = self.cities[(self.cities.variant == name) & (self.cities.players == players)].sort_values("claimed")
        median = cities.claimed.median()
        seldom = cities[cities.claimed < SELDOM * median]
        if len(seldom):
            found.append(texts.Phrase("say.study_finding_seldom", {
                "cities": texts.listing([f"{row.city} ({_written_mean(row.claimed)})" for row in seldom.itertuples()]),
                "median": _written_mean(median)}))
        else:
            least = cities.iloc[0]
            found.append(texts.Phrase("say.study_finding_every_city", {
                "city": least.city, "claimed": _written_mean(least.claimed), "median": _written_mean(median)}))
        return found

    # --- shown in the reader's language -----------------------------------------------------------

    def board_title(self, board: str) -> str:
        """A board (its rules) by its name for a reader; a board of one's own (not a
        built-in map) by its map's title."""
        rules = self.boards[board]
        if rules.map not in builtin_maps():
            return load_map(rules.map).title
        return texts.render(texts.variant_title(rules))

    def _shown(self, frame: Any, columns: Mapping[str, tuple[str, Callable[[Any], str]]]) -> Any:
        """``frame`` for a reader: its boards, player counts and agents in words as the
        index, and its ``columns``, each name → (its label, how its values are written)."""
        shown = frame.copy()
        index = [name for name in ("variant", "players", "agent") if name in shown]
        if "variant" in shown:
            shown["variant"] = [self.board_title(board) for board in shown.variant]
        if "agent" in shown:
            shown["agent"] = [texts.bot_name(agent) for agent in shown.agent]
        shown = shown.set_index(index)[list(columns)]
        shown.index.names = [texts.text(f"label.study_{name}") for name in index]
        shown.columns = [label for label, _ in columns.values()]
        return shown.style.format({label: written for label, written in columns.values()})

    def win_share_table(self) -> Any:
        """``win_shares`` for a reader: win share, its interval, seats played."""
        shares = self.win_shares
        frame = shares.assign(interval=[texts.text("label.study_interval_range", low=texts.share(low),
                                                   high=texts.share(high))
                                        for low, high in zip(shares.low, shares.high)])
        return self._shown(frame, {
            "share": (texts.text("label.study_win_share"), _written_share),
            "interval": (texts.text("label.study_interval", level=texts.share(self.confidence)), str),
            "seats": (texts.text("label.study_seats"), _written_count)})

    def parts_table(self) -> Any:
        """``parts`` for a reader: each agent's mean score parts (station points where a
        board has stations)."""
        stations = any(rules.stations_per_player for rules in self.boards.values())
        return self._shown(self.parts, {
            part: (texts.text(PART_LABELS[part]), _written_share if part == "win_share" else _written_mean)
            for part in PARTS if part != "station_points" or stations})

    def similarity_table(self) -> Any:
        """``similarity`` for a reader: boards by their names, distances as shares."""
        shown = self.similarity.copy()
        shown.index = shown.columns = [self.board_title(board) for board in shown.index]
        return shown.style.format(_written_share, na_rep="–")

    def rank_correlation_table(self) -> Any:
        """``rank_correlation`` for a reader: ρ per board, two player counts and measure."""
        frame = self.rank_correlation.assign(measure=[texts.text(f"label.study_city_{measure}")
                                                      for measure in self.rank_correlation.measure])
        return self._shown(frame, {"compared_with": (texts.text("label.study_compared_with"), str),
                                   "measure": (texts.text("label.study_measure"), str),
                                   "rho": (texts.text("label.study_rho"), _written_rho)})

    def failure_table(self) -> Any:
        """``failures`` for a reader: the counts of the two failure states."""
        return self._shown(self.failures, {
            name: (texts.text(f"label.study_{name}"), _written_count)
            for name in ("games", "passes", "games_with_pass", "resets_stopped", "games_with_reset_stopped")})


#: each part of ``PARTS`` by its label for a reader
PART_LABELS = {"route_points": "label.part_route_points", "ticket_points_won": "label.study_ticket_points_won",
               "ticket_points_lost": "label.study_ticket_points_lost",
               "longest_route_bonus": "label.part_longest_route_bonus",
               "station_points": "label.study_station_points", "total": "label.part_total",
               "win_share": "label.study_win_share"}


def _written_mean(value: float) -> str:
    return texts.render(texts.number(value, 1))


def _written_share(value: float) -> str:
    return "–" if math.isnan(value) else texts.render(texts.share(value))


def _written_count(value: float) -> str:
    return texts.render(texts.number(value))


def _written_rho(value: float) -> str:
    return "–" if math.isnan(value) else texts.render(texts.number(value, 2))
