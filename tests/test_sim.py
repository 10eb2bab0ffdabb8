"""Batch simulation: the tidy table, its seeds, rule changes, executors (a process pool,
threads, a Dask cluster) and the refusals of bad arguments."""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pandas as pd
import pytest

from zuzlab import ink, sim, ttr
from zuzlab.core import play_with_bots


@pytest.fixture(scope="module")
def usa_table():
    return sim.simulate("usa", players=4, games=12, seed=3, progress=False)


@pytest.fixture(scope="module")
def cards_table():
    """Card Games of random bots."""
    return sim.simulate("cardgame", players=4, games=40, seed=7, progress=False)


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


def test_a_dask_cluster_runs_it_unchanged(usa_table):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        table = sim.simulate("usa", players=4, games=12, seed=3, executor=client.get_executor(), progress=False)
    pd.testing.assert_frame_equal(usa_table, table)


def test_a_changed_ruleset_changes_the_games():
    bonus_20 = replace(ttr.rulesets.USA, name="usa-bonus-20", longest_route_bonus=20)
    table = sim.simulate(bonus_20, players=3, games=6, seed=1, progress=False)
    assert set(table.variant) == {"usa-bonus-20"}
    assert set(table.longest_route_bonus) == {0, 20}


def test_a_change_to_the_points_only_rescores_the_same_games(usa_table):
    """The bots never read the scoring table, so the same seeds play the same moves; only
    the route points (and so the totals) follow the new table."""
    flat = replace(ttr.rulesets.USA, name="usa-flat", route_points={1: 1, 2: 2, 3: 4, 4: 6, 5: 8, 6: 11})
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
    assert len(cards) == 9 and set(cards.bot) == {"random"}


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
    ({"variant_or_ruleset": "monopoly"}, "no game variant called 'monopoly'; known: usa"),
    ({"variant_or_ruleset": "switzerland", "players": 4}, "switzerland is played by 2–3 players, not 4"),
    ({"variant_or_ruleset": "usa", "bots": ["tickets"] * 3}, "4 players need 4 bots, not 3"),
    ({"variant_or_ruleset": "usa", "bots": "greedy"}, "no ttr bot called 'greedy'; known: random, tickets"),
    ({"variant_or_ruleset": "usa", "games": 0}, "games must be a whole number ≥ 1, not 0"),
])
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        sim.simulate(**kwargs, progress=False)
