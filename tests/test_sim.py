"""Batch simulation: the tidy table, its seeds, rule changes, where the games run (the
shared process pool and its size, in-process, threads, a Dask cluster), the caller's own
bots, and the refusals of bad arguments."""

import os
import re
import subprocess
import sys
import textwrap
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import loky
import pandas as pd
import pytest

from zuzlab import cardgame, engines, ink, sim, ttr
from zuzlab.core import play_with_bots


@pytest.fixture(scope="module")
def usa_table():
    return sim.simulate("usa", players=4, games=12, seed=3, progress=False)


@pytest.fixture(scope="module")
def cards_table():
    """Card Games of random bots."""
    return sim.simulate("cardgame", players=4, games=40, seed=7, bots="random", progress=False)


def test_one_row_per_player_per_game(usa_table):
    assert len(usa_table) == 12 * 4
    assert list(usa_table.groupby("game").size().unique()) == [4]
    assert {"bot", "route_points", "ticket_points", "longest_route_bonus", "total", "won", "turns"} <= set(usa_table)
    parts = usa_table.route_points + usa_table.ticket_points + usa_table.longest_route_bonus + usa_table.station_points
    assert (parts == usa_table.total).all()
    assert (usa_table.groupby("game")["won"].sum() >= 1).all()  # every game has a winner
    assert (usa_table[usa_table.won].place == 1).all()


def test_a_row_is_the_game_its_seed_plays(usa_table):
    """Game 5, seat 2: replayed by hand from its seed, with the bots moved round the table."""
    row = usa_table[(usa_table.game == 5) & (usa_table.seat == 2)].iloc[0]
    default = ["tickets", "long_routes", "balanced", "tickets"]  # the strategies in turn, for 4 seats
    seats = [default[(seat + 5) % 4] for seat in range(4)]
    assert row.seed == "3/5" and row.bot == seats[2]
    game = ttr.new_game("usa", players=4, seed=row.seed)
    play_with_bots(game, [ttr.make_bot(name) for name in seats], row.seed, "sim")
    assert game.final_scores()[2].total == row.total and game.turn == row.turns


def test_the_same_arguments_give_the_same_table_on_any_executor(usa_table):
    with ThreadPoolExecutor(2) as threads:
        again = sim.simulate("usa", players=4, games=12, seed=3, executor=threads, progress=False)
    pd.testing.assert_frame_equal(usa_table, again)
    other_seed = sim.simulate("usa", players=4, games=12, seed=4, progress=False)
    assert not other_seed.total.equals(usa_table.total)


@pytest.mark.parametrize("where", ["in this process", "2 pool workers", "3 threads"])
def test_the_same_table_wherever_the_games_run(usa_table, where):
    """``usa_table`` came from the default pool, one game a task; here the games are cut
    into other chunks and played elsewhere."""
    with ThreadPoolExecutor(3) as threads:
        how = {"in this process": {"workers": 1}, "2 pool workers": {"workers": 2},
               "3 threads": {"executor": threads}}[where]
        table = sim.simulate("usa", players=4, games=12, seed=3, progress=False, **how)
    pd.testing.assert_frame_equal(usa_table, table)


class Rotating:
    """A bot with a memory: its n-th move is legal action n (modulo their number). It
    plays the same only if every seat of every game starts it afresh."""

    def __init__(self):
        self.moves = 0

    def __call__(self, game, rng):
        actions = game.legal_actions()
        self.moves += 1
        return actions[self.moves % len(actions)]


def first_choice(game, rng):
    return game.legal_actions()[0]


def tickets(game, rng):
    """Not the registry's ticket bot, though named like it."""
    return game.legal_actions()[0]


def test_own_bots_play_beside_named_ones_and_start_afresh_each_game():
    rotating = Rotating()
    bots = [rotating, first_choice, "random"]
    here = sim.simulate("cardgame", players=3, games=24, seed=5, bots=bots, workers=1, progress=False)
    assert set(here.bot) == {"Rotating", "first_choice", "random"} and rotating.moves == 0
    pool = sim.simulate("cardgame", players=3, games=24, seed=5, bots=bots, workers=2, progress=False)
    pd.testing.assert_frame_equal(here, pool)
    game = cardgame.new_game("cardgame", players=3, seed="5/7")  # game 7: seat s plays bots[(s + 7) % 3]
    play_with_bots(game, [first_choice, cardgame.make_bot("random"), Rotating()], "5/7", "sim")
    assert tuple(here[here.game == 7].total) == tuple(game.final_scores().totals)


@pytest.mark.slow
def test_a_bot_from_a_notebook_cell_plays_in_the_pool(tmp_path):
    """A function defined in ``__main__`` (a notebook cell, a script) cannot be pickled by
    name: the pool's workers get it by value. The bot checks that it plays in a worker."""
    script = textwrap.dedent("""
        import os
        from zuzlab import sim

        HOME = os.getpid()

        def cautious(game, rng):
            assert os.getpid() != HOME, "played in the notebook's own process"
            return game.legal_actions()[0]

        pool = sim.simulate("cardgame", players=3, games=30, seed=2, bots=[cautious, "random", "random"],
                            progress=False)
        HOME = None  # now it may play here
        here = sim.simulate("cardgame", players=3, games=30, seed=2, bots=[cautious, "random", "random"],
                            workers=1, progress=False)
        assert pool.equals(here) and "cautious" in set(pool.bot)
        print("played", len(pool) // 3, "games")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(Path(sim.__file__).parents[1])})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "played 30 games"


@pytest.mark.slow
def test_the_pool_is_kept_between_runs():
    sim.simulate("cardgame", players=3, games=30, seed=1, progress=False, workers=2)
    pool = sim.shared_pool(2)
    sim.simulate("cardgame", players=3, games=30, seed=2, progress=False, workers=2)
    # the same executor (its workers started once); which processes answer is loky's business:
    # it may replace a worker whose memory grew, so the test does not ask for the same ids
    assert sim.shared_pool(2) is pool


def test_a_run_in_this_process_does_not_even_import_loky(monkeypatch):
    """loky is the pool's (and is not installed in the browser): ``workers=1``, or a run too
    short for a second worker, plays in this process without it."""
    monkeypatch.setitem(sys.modules, "loky", None)  # ``import loky`` fails
    one_worker = sim.simulate("switzerland", players=2, games=2 * sim.CHUNK, seed=2, workers=1, progress=False)
    short = sim.simulate("switzerland", players=2, games=sim.CHUNK, seed=2, progress=False)
    assert len(one_worker) == 4 * sim.CHUNK and short.equals(one_worker[one_worker.game < sim.CHUNK])


@pytest.mark.slow
def test_the_pool_has_a_worker_per_cpu_quota_and_no_more_than_the_games_need(monkeypatch):
    """``loky.cpu_count`` stands for the CPU quota (a container's cgroup limit); a worker
    is started for each CHUNK games at most, and one worker means this process."""
    monkeypatch.setattr(loky, "cpu_count", lambda: 3)
    assert [sim.pool_size(games) for games in (1000, 30, 21, 12, sim.CHUNK, 1)] == [3, 3, 3, 2, 1, 1]
    assert sim.pool_size(1000, workers=8) == 8 and sim.pool_size(15, workers=8) == 2
    started = []
    with ThreadPoolExecutor(3) as threads:  # stands in for the pool the run asks for
        monkeypatch.setattr(sim, "shared_pool", lambda workers: started.append(workers) or threads)
        sim.simulate("cardgame", players=3, games=40, seed=1, progress=False)
        monkeypatch.setattr(loky, "cpu_count", lambda: 1)  # a one-CPU Binder: no pool at all
        sim.simulate("cardgame", players=3, games=40, seed=1, progress=False)
    assert started == [3]


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or (os.cpu_count() or 1) < 2,
                    reason="needs Linux CPU affinity and 2 cores")
def test_the_pool_size_follows_the_cpus_this_process_may_use():
    """Pinned to one CPU, as a container's quota would, the process gets no pool although
    ``os.cpu_count()`` still counts every core."""
    script = "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); " \
             "from zuzlab import sim; print(os.cpu_count() > 1, sim.pool_size(1000))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(Path(sim.__file__).parents[1])})
    assert done.stdout.split() == ["True", "1"], done.stderr


@pytest.mark.slow
def test_workers_start_fresh_not_forked_from_a_process_with_threads(monkeypatch):
    """A Jupyter kernel runs threads, and a fork of it may deadlock (Python 3.12 warns;
    3.14 no longer forks by default). The pool's workers are new interpreters: they
    do not have what this process set up before starting them."""
    sim.shared_pool(2).shutdown(wait=True)  # so that this test starts the workers
    monkeypatch.setattr(sys, "zuzlab_test_marker", True, raising=False)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        # recorded, not raised: os.fork() swallows its warning when the filter says "error"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            table = sim.simulate("cardgame", players=3, games=30, seed=1, progress=False, workers=2)
    finally:
        stop.set()
        thread.join()
    assert len(table) == 90
    assert not [str(warning.message) for warning in caught if "fork()" in str(warning.message)]
    pool = sim.shared_pool(2)
    assert not any(pool.submit(eval, "hasattr(__import__('sys'), 'zuzlab_test_marker')").result() for _ in range(4))


@pytest.mark.slow
def test_a_dask_cluster_runs_it_unchanged(usa_table):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        table = sim.simulate("usa", players=4, games=12, seed=3, executor=client.get_executor(), progress=False)
    pd.testing.assert_frame_equal(usa_table, table)


def test_changed_rules_change_the_games():
    bonus_20 = replace(ttr.rules.USA, name="usa-bonus-20", longest_route_bonus=20)
    table = sim.simulate(bonus_20, players=3, games=6, seed=1, progress=False)
    assert set(table.variant) == {"usa-bonus-20"}
    assert set(table.longest_route_bonus) == {0, 20}


def test_a_change_to_the_points_only_rescores_the_same_games(usa_table):
    """The bots never read the scoring table, so the same seeds play the same moves; only
    the route points (and so the totals) follow the new table."""
    flat = replace(ttr.rules.USA, name="usa-flat", route_points={1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 11})
    table = sim.simulate(flat, players=4, games=12, seed=3, progress=False)
    assert (table.routes == usa_table.routes).all() and (table.turns == usa_table.turns).all()
    lengths = {route.id: route.length for route in ttr.load_map("usa").routes}
    points = dict(flat.route_points)
    for row in table.itertuples():
        assert row.route_points == sum(points[lengths[route]] for route in row.routes)
    assert (table.route_points <= usa_table.route_points).all() and not table.total.equals(usa_table.total)


def test_railroad_ink_and_the_card_game():
    short = replace(ink.rules.INK, name="ink-3-rounds", rounds=3)
    table = sim.simulate(short, players=2, games=4, seed=1, bots=["greedy", "random"], progress=False)
    parts = ["exits", "longest_highway", "longest_railway", "centre", "river", "lake", "errors"]
    assert (table[parts].sum(axis=1) == table.total).all() and set(table.turns) == {3}
    assert (table.groupby("bot").total.mean()["greedy"] > table.groupby("bot").total.mean()["random"])
    cards = sim.simulate("cardgame", players=3, games=3, seed=1, progress=False)
    assert len(cards) == 9 and set(cards.bot) == {"collector", "wrecker"}


def test_players_level_on_everything_share_first_place(monkeypatch):
    """Two Railroad Ink players who draw alike on the same dice tie on points and on every
    tie-breaker: both are first and both win, in every game, as the game's own final
    scores say."""
    def first_drawing(game, rng):  # the same choice on the same board and dice
        return game.legal_actions()[0]

    monkeypatch.setitem(ink.bots.BOTS, "first", lambda: first_drawing)
    with ThreadPoolExecutor(1) as threads:
        table = sim.simulate("ink", players=2, games=3, seed=2, bots="first", executor=threads, progress=False)
    assert (table.place == 1).all() and table.won.all()
    assert (table.groupby("game").total.nunique() == 1).all()
    game = ink.play_game("ink", players=2, seed="2/1", bots="first")
    assert game.final_scores().places == (1, 1) and game.final_scores().winners == (0, 1)
    assert tuple(table[table.game == 1].total) == tuple(game.final_scores().totals)


@pytest.mark.parametrize("table", ["usa_table", "cards_table"])
def test_places_follow_the_totals(table, request):
    """A place is 1 + the players with more points, at most 1 + those level too (the
    tie-breakers order them); only level players share a place; first place wins."""
    for _, rows in request.getfixturevalue(table).groupby("game"):
        for row in rows.itertuples():
            higher, level = (rows.total > row.total).sum(), (rows.total == row.total).sum() - 1
            assert higher + 1 <= row.place <= higher + 1 + level and row.place <= row.players
        assert (rows.groupby("place").total.nunique() == 1).all()
        assert (rows.won == (rows.place == 1)).all()


def test_win_rates_per_bot(usa_table):
    rates = sim.win_rates(usa_table)
    assert set(rates.index) == {"tickets", "long_routes", "balanced"}
    assert rates["long_routes"] == usa_table[usa_table.bot == "long_routes"].won.mean()


@pytest.mark.parametrize("kwargs,message", [
    ({"variant_or_rules": "monopoly"}, "no game variant called 'monopoly'; known: usa"),
    ({"variant_or_rules": "switzerland", "players": 4}, "switzerland is played by 2–3 players, not 4"),
    ({"variant_or_rules": "usa", "bots": ["tickets"] * 3}, "4 players need 4 bots, not 3"),
    ({"variant_or_rules": "usa", "bots": "greedy"}, "no Ticket to Ride bot called 'greedy'; known: random, tickets"),
    ({"variant_or_rules": "usa", "games": 0}, "games must be a whole number ≥ 1, not 0"),
    ({"variant_or_rules": "usa", "bots": 4}, "bots must be a bot or a list of one bot per seat, not 4"),
    ({"variant_or_rules": "usa", "bots": ["tickets", None, "random", "random"]},
     "a bot is the name of a Ticket to Ride bot .* or a function bot\\(game, rng\\) -> action, not None"),
    ({"variant_or_rules": "usa", "bots": [first_choice, "random", lambda g, r: 0, lambda g, r: 1]},
     "two different bots are both called '<lambda>'"),
    ({"variant_or_rules": "usa", "bots": tickets}, "your bot .* has the name of the Ticket to Ride bot 'tickets'"),
    ({"variant_or_rules": "usa", "workers": 0}, "workers must be a whole number ≥ 1 .*, not 0"),
    ({"variant_or_rules": "usa", "workers": 2, "executor": ThreadPoolExecutor(1)},
     "give workers or an executor, not both"),
])
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sim.simulate(**kwargs, progress=False)


# --- scoring the same games anew -------------------------------------------------------------

def test_a_change_of_the_points_scores_the_same_games_anew_as_playing_them_would():
    """``rescore`` replays each game's actions under the changed points: the very table
    ``simulate`` gives when it plays the games again, for each change that is scored only."""
    bots = ["long_routes", "tickets", "balanced", "random"]
    printed = sim.simulate("usa", players=4, games=6, seed=2, bots=bots, progress=False, workers=1, keep_actions=True)
    assert "actions" in printed and printed.attrs["rules"] is ttr.rules.USA
    for change in (dict(route_points={1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 11}), dict(longest_route_bonus=20),
                   dict(tie_breakers=("longest_route",))):
        rules = replace(ttr.rules.USA, name="changed", **change)
        played = sim.simulate(rules, players=4, games=6, seed=2, bots=bots, progress=False, workers=1)
        rescored = sim.rescore(printed, rules)
        assert rescored.drop(columns="actions").equals(played), change
    assert not sim.rescore(printed, replace(ttr.rules.USA, longest_route_bonus=0)).total.equals(printed.total)


def changed_value(value):
    """Another value of a rules field's kind: a whole number 3 more, a flag turned, a
    table's points (pairs, as the frozen rules keep a mapping) one more each, any other
    tuple reversed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 3
    if value and all(isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], int) for pair in value):
        return {key: points + 1 for key, points in value}
    return tuple(reversed(value))


@pytest.mark.slow
@pytest.mark.parametrize("engine", [engine for engine in engines.ENGINES if engine.scored_only - {"name"}],
                         ids=lambda engine: engine.key)
def test_every_field_an_engine_scores_only_is_scored_anew_as_playing_the_games_would(engine):
    """Each field an engine declares scored only (``Engine.scored_only``: no bot reads it,
    play does not depend on it) gives, changed, the very table by ``rescore`` that
    ``simulate`` gives by playing the games again; a field wrongly declared fails here."""
    preset, players = engine.variants[engine.default_variant], engine.default_players
    printed = sim.simulate(preset, players=players, games=6, seed=2, progress=False, workers=1, keep_actions=True)
    totals_changed = False
    for field in sorted(engine.scored_only - {"name"}):
        rules = replace(preset, name="changed", **{field: changed_value(getattr(preset, field))})
        played = sim.simulate(rules, players=players, games=6, seed=2, progress=False, workers=1)
        rescored = sim.rescore(printed, rules)
        assert rescored.drop(columns="actions").equals(played), field
        totals_changed |= not rescored.total.equals(printed.total)
    assert totals_changed, "no change of a field scored only changed a total"


@pytest.mark.slow
@pytest.mark.parametrize("bot", sorted(set(ttr.ENGINE.bots) - {"expert"}))
def test_what_a_bot_says_it_reads_of_the_scoring_is_all_it_reads(bot):
    """A bot's ``reads_scoring`` (``core.scoring_read``) is true: every scored field it does
    not declare, changed, gives by ``rescore`` the very games ``simulate`` plays (the expert
    is left out: it reads every field but the tie-breakers, and its games take minutes)."""
    bots = [bot, "balanced", bot, "tickets"]
    printed = sim.simulate("usa", players=4, games=3, seed=5, bots=bots, progress=False, workers=1, keep_actions=True)
    unread = sorted(ttr.ENGINE.scored_only - printed.attrs["scoring_read"] - {"name"})
    assert "tie_breakers" in unread
    for field in unread:
        rules = replace(ttr.rules.USA, name="changed", **{field: changed_value(getattr(ttr.rules.USA, field))})
        played = sim.simulate(rules, players=4, games=3, seed=5, bots=bots, progress=False, workers=1)
        assert sim.rescore(printed, rules).drop(columns="actions").equals(played), field


def test_games_of_bots_that_weigh_the_route_points_are_played_again_under_other_points():
    """The NYU agents weigh route points in their ticket plans: a change of the points
    table plays their games differently, so ``rescore`` refuses it by name (and the rule
    explorer plays the games again); a change they do not read is still scored anew."""
    bots = ["destination_hungry", "route_focus", "balanced", "tickets"]
    printed = sim.simulate("usa", players=4, games=4, seed=3, bots=bots, progress=False, workers=1, keep_actions=True)
    assert printed.attrs["scoring_read"] == {"route_points"}
    flat = replace(ttr.rules.USA, name="flat", route_points={length: 2 * length for length in range(1, 7)})
    assert not sim.can_rescore(printed, flat)
    with pytest.raises(ValueError, match="not only how they are scored: route_points; play the games with simulate"):
        sim.rescore(printed, flat)
    played = sim.simulate(flat, players=4, games=4, seed=3, bots=bots, progress=False, workers=1, keep_actions=True)
    assert [tuple(a) for a in played.actions] != [tuple(a) for a in printed.actions]  # why: they played otherwise
    no_bonus = replace(ttr.rules.USA, name="no bonus", longest_route_bonus=0)
    assert sim.can_rescore(printed, no_bonus)
    assert sim.rescore(printed, no_bonus).drop(columns="actions").equals(
        sim.simulate(no_bonus, players=4, games=4, seed=3, bots=bots, progress=False, workers=1))
    as_coded = sim.simulate("usa", players=2, games=1, bots="one_step_thinking_faithful", progress=False, workers=1)
    assert as_coded.attrs["scoring_read"] == frozenset()  # as coded it keeps the tickets worth fewest points


def test_a_change_to_how_the_games_are_played_is_not_scored_anew():
    table = sim.simulate("usa", players=2, games=2, seed=1, progress=False, workers=1, keep_actions=True)
    with pytest.raises(ValueError, match="these changes alter how the games are played, not only how they are "
                                         "scored: trains_per_player, face_up_reset_wilds; "
                                         "play the games with simulate"):
        sim.rescore(table, replace(ttr.rules.USA, trains_per_player=30, face_up_reset_wilds=0))
    with pytest.raises(ValueError, match=r"make it with simulate\(\.\.\., keep_actions=True\)"):
        sim.rescore(sim.simulate("usa", players=2, games=1, progress=False, workers=1), ttr.rules.USA)
    assert sim.changes_to_play(ttr.rules.USA, replace(ttr.rules.USA, name="x", longest_route_bonus=3)) == []


# --- in the reader's language ------------------------------------------------------------------

def test_the_progress_bar_names_the_rules_and_counts_games_in_the_language(capsys):
    from zuzlab import texts

    texts.set_language("de")
    try:
        sim.simulate("usa", players=3, games=2, seed=1, workers=1)
        sim.simulate(replace(ttr.rules.USA, name="usa-flat"), players=3, games=2, seed=1, workers=1,
                     title="flache Tabelle")
    finally:
        texts.set_language("en")
    bars = capsys.readouterr().err
    assert "Zug um Zug: USA, 3 Spieler: 100 %|" in bars and "| 2 von 2 Partien [" in bars
    assert "flache Tabelle, 3 Spieler" in bars
    assert "usa," not in bars and "game/s" not in bars and "players" not in bars  # no ids, no English


def test_mean_parts_writes_its_numbers_and_labels_in_the_language(usa_table):
    from zuzlab import texts

    texts.set_language("de")
    try:
        shown = sim.mean_parts(usa_table)
        page = shown.to_html()
    finally:
        texts.set_language("en")
    assert shown.data.index.name == "Bot" and "ausgewogener Bot" in shown.data.index
    assert list(shown.data.columns) == ["Streckenpunkte", "Zielkartenpunkte", "Bonus längste Strecke", "gesamt",
                                        "Siegquote"]
    cells = re.findall(r'class="data row\d+ col(\d)" >([^<]*)<', page)
    assert all(re.fullmatch(r"-?\d+,\d", text) for col, text in cells if col != "4")  # 62,9
    assert all(re.fullmatch(r"\d+\xa0%", text) for col, text in cells if col == "4")  # 32 %


@pytest.mark.slow
def test_figures_write_axis_numbers_and_tooltips_in_the_language(usa_table):
    from bokeh.models import ColorBar, CustomJSTickFormatter

    from zuzlab import texts
    from zuzlab.viz import sim_plots

    texts.set_language("de")
    try:
        histogram = sim_plots.histograms({"gedruckte Regeln": usa_table}, "total")
        bars = sim_plots.win_rate_bars({"gedruckte Regeln": usa_table})
        claims = sim_plots.route_claims_figure("usa", usa_table)
    finally:
        texts.set_language("en")
    for axis in (*histogram.xaxis, *histogram.yaxis, *bars.yaxis, claims.select_one({"type": ColorBar})):
        assert isinstance(axis.formatter, CustomJSTickFormatter) and axis.formatter.args["lang"] == "de"
    assert "percent" in histogram.yaxis[0].formatter.code and "percent" not in histogram.xaxis[0].formatter.code
    written = bars.renderers[0].data_source.data["rate_written"]
    assert written and all(re.fullmatch(r"\d+\xa0%", text) for text in written)
    assert claims.title.text.startswith("Wie oft jede Strecke gebaut wurde (Zug um Zug: USA, 12 Partien)")


def test_the_claims_map_fades_the_printed_routes_to_one_grey(usa_table):
    from zuzlab.viz import sim_plots

    claims = sim_plots.route_claims_figure("usa", usa_table)
    cars = claims.select_one({"name": "cars"}).glyph
    assert cars.fill_color == cars.line_color == sim_plots.FADED_ROUTE  # no route colour shows through the claims
