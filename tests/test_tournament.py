"""The class's bot tournament (``zuzlab.lessons.tournament``, in ``lessons/league.py``): the schedule is fair (seats
rotate on one deal), a student's bot plays in a worker that names each fault with the
student's line, the game goes on with a safe move, and the same seed gives the same
tournament. A bot "from a notebook cell" is made with ``exec``: cloudpickle sends it by
value, as it sends a function defined in a notebook."""

import random
import textwrap
from collections import Counter

import pytest

from zuzlab import ink, texts
from zuzlab.lessons import load_bots, tournament
from zuzlab.lessons.entrants import Limits
from zuzlab.lessons.league import schedule

CLAIM_LONGEST = """
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    claims = [action for action in game.legal_actions() if isinstance(action, ClaimRoute)]
    if claims:
        return max(claims, key=lambda action: game.map.route(action.route).length)
    return game.legal_actions()[0]
"""

#: the class of the 8-bot tournament: five that play, three broken on purpose
CLASS = {
    "anna": CLAIM_LONGEST,
    "ben": """
def bot(game, rng):
    return rng.choice(list(game.legal_actions()))
""",
    "carla": """
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    claims = [action for action in game.legal_actions() if isinstance(action, ClaimRoute)]
    return rng.choice(claims) if claims else game.legal_actions()[0]
""",
    "illegal": """
from zuzlab.ttr import ClaimRoute


def bot(game, rng):
    if game.turn > 3:
        return ClaimRoute(1, "red")
    return game.legal_actions()[0]
""",
    "crash": """
def bot(game, rng):
    actions = game.legal_actions()
    if len(actions) > 20:
        return actions[100]
    return actions[0]
""",
    "loop": """
def bot(game, rng):
    if game.turn > 5:
        while True:
            pass
    return game.legal_actions()[0]
""",
}


def cell_bot(source: str, name: str = "bot"):
    """A bot as a notebook cell makes it: its module is not importable, so it travels by value."""
    namespace = {"__name__": "a_notebook_cell"}
    exec(compile(textwrap.dedent(source), "<cell>", "exec"), namespace)
    return namespace[name]


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    for name, source in CLASS.items():
        (folder / f"{name}.py").write_text(source)
    return folder


@pytest.fixture(scope="module")
def eight(class_folder):
    """8 bots (3 broken), two runs from one seed."""
    bots = load_bots(class_folder).entrants + ["random", "tickets"]
    return [tournament(bots, "usa", players=2, rounds=1, seed=5, progress=False) for _ in range(2)]


# --- the schedule ----------------------------------------------------------------------------

def test_each_round_seats_every_bot_once_and_fills_the_last_table():
    names = [f"bot{number}" for number in range(7)]
    tables = schedule(names, players=3, rounds=4, seed=1, filler="random")
    for round_number in range(4):
        seated = [bot for table in tables if table.round == round_number for bot in table.bots]
        assert sorted(bot for bot in seated if bot != "random") == names
        assert seated.count("random") == 2 and all(len(table.bots) == 3 for table in tables)
    assert schedule(names, 3, 4, 1, "random") == tables
    assert schedule(names, 3, 4, 2, "random") != tables


def test_lessons_tournament_is_the_function_also_once_the_league_is_loaded():
    import zuzlab.lessons.league  # noqa: F401 - what check_bot loads
    from zuzlab import lessons

    assert lessons.tournament.__module__ == "zuzlab.lessons" and callable(lessons.tournament)


def test_a_table_plays_one_deal_once_per_seat_rotation():
    result = tournament(["tickets", "random", "balanced", "long_routes"], "usa", players=2, rounds=2, seed=3,
                        progress=False)
    games = result.games
    for _, table in games.groupby(["round", "table"]):
        assert table.seed.nunique() == 1  # one deal
        for bot, rows in table.groupby("bot"):
            assert sorted(rows.seat) == [0, 1], bot  # each seat once
    # every table of a round plays the same deal
    assert (games.groupby("round").seed.nunique() == 1).all()
    assert len(result.played) == 2 * 2 * 2 and not result.faults


# --- the standings ------------------------------------------------------------------------

def test_standings_split_shared_wins_and_rate_the_stronger_bot_higher():
    result = tournament({"strong": "tickets", "weak": "random"}, "usa", players=2, rounds=6, seed=2,
                        progress=False)
    standings = result.standings().set_index("bot")
    assert standings.loc["strong", "win_share"] + standings.loc["weak", "win_share"] == pytest.approx(1.0)
    assert standings.loc["strong", "rating"] > standings.loc["weak", "rating"]
    assert standings.loc["strong", "rating_low"] > standings.loc["weak", "rating_high"]
    assert list(standings.games) == [12, 12]
    strong = result.games[result.games.bot == "strong"]
    assert standings.loc["strong", "score"] == pytest.approx(strong.total.mean())
    assert standings.loc["strong", "route_points"] == pytest.approx(strong.route_points.mean())
    shown = result._repr_html_()
    for label in ("Win share", "Mean score", "Route points", "Rating (95 % interval)", "Faults"):
        assert f"<th>{label}</th>" in shown


def test_a_filler_is_not_ranked_even_when_its_bot_is_entered_too():
    result = tournament(["random", "tickets", "balanced"], "usa", players=2, rounds=2, seed=1, progress=False)
    assert set(result.games.bot) == {"random", "tickets", "balanced", "random (filler)"}
    standings = result.standings().set_index("bot")
    assert list(standings.games) == [4, 4, 4] and "random (filler)" not in standings.index


def test_a_game_that_does_not_end_is_left_out_and_said(monkeypatch):
    from zuzlab.lessons import league as module

    monkeypatch.setattr(module, "MOST_DECISIONS", 30)
    result = tournament(["random", "tickets"], "usa", players=2, rounds=1, seed=1, progress=False)
    assert [game.finished for game in result.played] == [False, False] and result.games.empty
    assert "Games 0, 1 did not end within 30 decisions and are left out of the standings." in result._repr_html_()


def test_a_tied_game_counts_half_a_win_each_way():
    result = tournament(["random", "tickets"], "usa", players=2, rounds=1, seed=1, progress=False)
    rows = result.games.copy()
    rows["place"] = 1  # as if both tied for first
    pairs = result.comparisons(rows)
    assert Counter(pairs) == Counter({("random", "tickets"): 2, ("tickets", "random"): 2})


def test_a_game_is_replayed_from_the_table():
    result = tournament(["random", "tickets"], "usa", players=2, rounds=1, seed=4, progress=False)
    game = result.game(1)
    rows = result.games[result.games.game == 1].sort_values("seat")
    assert game.is_over and list(game.final_scores().totals) == list(rows.total)
    with pytest.raises(texts.InputError, match="no game 7 in this tournament; the games are numbered 0 to 1"):
        result.game(7)


# --- refused input --------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: tournament([], "usa"), "at least one bot"),
    (lambda: tournament("random", "usa"), "needs a list of bots"),
    (lambda: tournament(["random", "nobody"], "usa"), "no Ticket to Ride bot called 'nobody'"),
    (lambda: tournament(["random", 3], "usa"), "3 is not a bot"),
    (lambda: tournament(["random", "random"], "usa"), "both called 'random'"),
    (lambda: tournament(["random"], "usa", rounds=0), "rounds must be a whole number of at least 1, not 0"),
    (lambda: tournament(["random"], "usa", players=9), "players"),
    (lambda: tournament(["random"], "usa", filler="nobody"), "no Ticket to Ride bot called 'nobody'"),
    (lambda: tournament(["random"], "usa", decision_seconds=0), "decision_seconds must be a number above 0"),
    (lambda: load_bots("/no/such/folder"), "there is no folder /no/such/folder"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(texts.InputError, match=message):
        call()


def test_an_empty_folder_is_refused(tmp_path):
    with pytest.raises(texts.InputError, match="has no .py files"):
        load_bots(tmp_path)


def test_railroad_ink_worlds_have_the_games_legal_actions():
    """What a student's Railroad Ink bot is shown: the game rebuilt from its observation
    (every board public, the dice to come rolled anew) has the real game's legal actions."""
    game = ink.new_game("ink", players=2, seed=3)
    rng, number = random.Random(0), 0
    while not game.is_over:
        world = ink.Game.from_observation(game.observation(game.current_player), random.Random(number))
        assert list(world.legal_actions()) == list(game.legal_actions())
        assert "seed" not in game.observation(0) and "next_rolls" not in game.observation(0)
        game.apply(game.random_action(rng))
        number += 1


# --- a class of bots in workers (slow: worker processes, some a second each) ------------------

def assert_each_fault_named(result, seconds: str = "1.0") -> Counter:
    """The class's three broken bots (``CLASS``) each made its fault, named with the line of
    its file, and every game finished; the faults counted by bot and kind."""
    kinds = Counter((fault.bot, fault.kind) for fault in result.faults)
    assert set(kinds) == {("illegal", "illegal"), ("crash", "error"), ("loop", "timeout")}
    assert all(game.finished for game in result.played)
    first = {fault.bot: fault for fault, _ in result.first_faults()}
    assert first["illegal"].line == 7 and "line 7 of illegal.py" in str(first["illegal"])
    assert "not allowed now" in str(first["illegal"])
    assert first["crash"].line == 5 and "IndexError" in str(first["crash"])
    assert "line 5 of crash.py" in str(first["crash"]) and "there is no legal action 100" in str(first["crash"])
    assert first["loop"].line in (4, 5) and f"did not decide within {seconds} s" in str(first["loop"])
    # an endless loop costs one decision's limit a game: the bot is stopped for the rest of it
    assert kinds["loop", "timeout"] == sum("loop" in game.seats for game in result.played)
    return kinds


@pytest.mark.slow
def test_eight_bots_three_broken_finish_with_each_fault_named(eight):
    result = eight[0]
    kinds = assert_each_fault_named(result)
    assert len(result.played) == 8
    standings = result.standings().set_index("bot")
    assert standings.loc["crash", "faults"] == kinds["crash", "error"]
    assert set(standings.index) == set(CLASS) | {"random", "tickets"}


@pytest.mark.slow
def test_the_same_seed_gives_the_same_tournament(eight):
    first, again = eight
    assert first.games.drop(columns="seconds").equals(again.games.drop(columns="seconds"))
    # the same faults, word for word; only where an endless loop was stopped may differ
    assert [(f.bot, f.game, f.decision, f.kind, f.kind == "timeout" or str(f)) for f in first.faults] == \
        [(f.bot, f.game, f.decision, f.kind, f.kind == "timeout" or str(f)) for f in again.faults]
    assert [game.actions for game in first.played] == [game.actions for game in again.played]


@pytest.mark.slow
def test_the_faults_speak_german(eight):
    texts.set_language("de")
    try:
        messages = {fault.kind: str(fault) for fault in eight[0].faults}
    finally:
        texts.set_language("en")
    assert "Zeile 5 in crash.py" in messages["error"]
    assert "nicht innerhalb von 1,0 s entschieden" in messages["timeout"]
    assert "zufälliger erlaubter Zug" in messages["illegal"]


#: a class's folder: one good bot and a file for each way a file cannot be loaded
FOLDER = {
    "good.py": CLAIM_LONGEST,
    "syntax.py": "def bot(game, rng)\n    return 1\n",
    "nobot.py": "def my_bot(game, rng):\n    return None\n",
    "notcallable.py": "bot = 3\n",
    "raises.py": "import no_such_module\n",
    "hangs.py": "while True:\n    pass\n",
    "quits.py": "import sys\nsys.exit(1)\n",
}


def assert_each_broken_file_named(folder, load_seconds: float) -> None:
    """``load_bots`` of a folder of ``FOLDER``'s files loads the good bot and names each
    other file's problem, the endless loop stopped after ``load_seconds``."""
    for name, source in FOLDER.items():
        (folder / name).write_text(source)
    found = load_bots(folder, Limits(load_seconds=load_seconds))
    assert [entrant.name for entrant in found.entrants] == ["good"]
    problems = {name: texts.render(problem) for name, problem in found.problems.items()}
    assert problems == {
        "hangs.py": f"loading the file took longer than {load_seconds:g} s (an endless loop outside a function?)",
        "nobot.py": "the file has no function called bot",
        "notcallable.py": "bot is not a function but a value of type int",
        "quits.py": "running the file raised SystemExit: 1 (line 2)",
        "raises.py": "running the file raised ModuleNotFoundError: No module named 'no_such_module' (line 1)",
        "syntax.py": "a syntax error in line 1: expected ':'",
    }


@pytest.mark.slow
def test_a_folder_names_each_broken_file_and_loads_the_rest(tmp_path):
    assert_each_broken_file_named(tmp_path, load_seconds=3.0)


@pytest.mark.slow
def test_a_bot_from_a_cell_that_returns_nothing_or_peeks_is_named_with_its_line():
    forgets = cell_bot("""
        def forgets(game, rng):
            choice = game.legal_actions()[0]
        """, "forgets")
    peeks = cell_bot("""
        def peeks(game, rng):
            deck = game.ticket_deck
            return game.legal_actions()[0]
        """, "peeks")
    result = tournament([forgets, peeks], "usa", players=2, rounds=1, seed=1, progress=False)
    first = {fault.bot: fault for fault, _ in result.first_faults()}
    assert first["forgets"].kind == "not_an_action" and first["forgets"].line == 3
    assert "returned None (NoneType)" in str(first["forgets"]) and "line 3 of your cell" in str(first["forgets"])
    assert first["peeks"].kind == "error" and "HiddenInformation" in str(first["peeks"])
    assert first["peeks"].line == 3
    assert all(game.finished for game in result.played)


@pytest.mark.slow
def test_memory_and_exit_are_faults_not_crashes():
    hungry = cell_bot("""
        def hungry(game, rng):
            hoard = bytearray(4_000_000_000)
            return game.legal_actions()[0]
        """, "hungry")
    quits = cell_bot("""
        def quits(game, rng):
            import os
            os._exit(3)
        """, "quits")
    result = tournament([hungry, quits], "usa", players=2, rounds=1, seed=1, memory_mb=256, progress=False)
    first = {fault.bot: fault for fault, _ in result.first_faults()}
    assert first["hungry"].kind == "error" and "MemoryError" in str(first["hungry"]) and first["hungry"].line == 3
    assert first["quits"].kind == "gone" and "worker stopped" in str(first["quits"])
    assert all(game.finished for game in result.played)


@pytest.mark.slow
def test_railroad_ink_bots_are_compared_on_the_same_dice():
    first_move = cell_bot("""
        def first_move(game, rng):
            return game.legal_actions()[0]
        """, "first_move")
    result = tournament([first_move, "greedy"], "ink", players=1, rounds=3, seed=2, progress=False)
    games = result.games
    assert len(games) == 6 and (games.groupby("round").seed.nunique() == 1).all()
    standings = result.standings().set_index("bot")
    assert standings.loc["greedy", "score"] > standings.loc["first_move", "score"]
    assert standings.loc["greedy", "rating"] > standings.loc["first_move", "rating"]


def test_the_figures_show_every_bot_best_at_the_top():
    result = tournament(["random", "tickets", "balanced"], "usa", players=2, rounds=2, seed=1, progress=False)
    standings = result.standings()
    ratings, scores = result.rating_figure(), result.score_figure()
    best_first = [texts.bot_name(bot) for bot in standings.bot]
    assert list(ratings.y_range.factors) == best_first[::-1] == list(scores.y_range.factors)
    dots = ratings.renderers[1].data_source.data
    assert list(dots["rating"]) == list(standings.rating[::-1])
    shares = result.win_share_figure().renderers[0].data_source.data
    assert list(shares["share"]) == list(standings.win_share[::-1])
    boxes = scores.renderers[1].data_source.data
    assert list(boxes["mean"]) == [result.games[result.games.bot == bot].total.mean() for bot in standings.bot[::-1]]


def test_a_game_is_watched_move_by_move_and_cannot_be_played():
    result = tournament(["random", "tickets"], "usa", players=2, rounds=1, seed=1, progress=False)
    replay = result.replay(0, bot="tickets")
    final = result.game(0)
    assert replay.view.human == result.played[0].seats.index("tickets")
    assert replay.slider.max == len(final.history) and replay.view.game.is_over
    replay.show(40)
    assert replay.view.game.history == final.history[:40] and not replay.view.game.is_over
    assert replay.view.controls.layout.display == "none" and replay.view.help_row not in replay.view.widget.children
    assert "claims" in replay.view.narration.value or "draws" in replay.view.narration.value
    assert not replay.view.act(replay.view.game.legal_actions()[0])
    assert replay.view.game.history == final.history[:40] and "replay" in replay.view.message.value
    replay.forward.click()
    assert replay.slider.value == 41 and replay.where.value == f"move 41 of {len(final.history)}"
    with pytest.raises(texts.InputError, match="'nobody' did not play in game 0; its bots were"):
        result.replay(0, bot="nobody")


@pytest.mark.slow
def test_the_command_runs_a_league_from_a_folder(tmp_path, capsys):
    import pandas as pd

    from zuzlab.lessons.league import main

    (tmp_path / "anna.py").write_text(CLAIM_LONGEST)
    (tmp_path / "broken.py").write_text("def bot(game, rng)\n")
    assert main([str(tmp_path), "--rounds", "2", "--also", "random", "--csv", str(tmp_path / "games.csv")]) == 0
    printed = capsys.readouterr().out
    assert "broken.py: a syntax error in line 1" in printed and "4 games between 2 bots; 0 faults." in printed
    games = pd.read_csv(tmp_path / "games.csv")
    assert sorted(set(games.bot)) == ["anna", "random"] and len(games) == 8
    with pytest.raises(SystemExit):
        main([str(tmp_path / "nowhere")])
    assert "there is no folder" in capsys.readouterr().err
