"""The playtesting study (``zuzlab.playtest``) and ``sim.simulate``'s measurement hook:
the line-ups, the tie split, the intervals, the cities counted by hand, the failure
states of a set-up game, the rank correlation, seeds and executors, the refusals, and the
study's tables and figures in the reader's language. The study's agents here are the
strategy bots; the four agents of the NYU study are its default."""

import html
import math
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from zuzlab import playtest, sim, texts, ttr
from zuzlab.core import random_bot

STRATEGY = ("tickets", "balanced", "random")


@pytest.fixture(scope="module")
def small():
    """USA at 2 and 3 players between three strategy bots: every line-up once round the
    table (6 and 3 games)."""
    return playtest.study(boards=("usa",), players=(2, 3), games=1, agents=STRATEGY, seed=3, workers=1,
                          progress=False)


@pytest.fixture
def german():
    texts.set_language("de")
    yield
    texts.set_language("en")


# --- the line-ups ----------------------------------------------------------------------------------------

def test_the_seats_are_shared_among_the_agents_as_evenly_as_possible_in_every_way():
    agents = ("a", "b", "c", "d")
    assert playtest.lineups(agents, 2) == [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")]
    assert playtest.lineups(agents, 3) == [("a", "b", "c"), ("a", "b", "d"), ("a", "c", "d"), ("b", "c", "d")]
    assert playtest.lineups(agents, 4) == [agents]
    assert playtest.lineups(agents, 5) == [agents + (agent,) for agent in agents]  # each doubled in turn
    assert playtest.lineups(("a", "b"), 5) == [("a", "b", "a", "b", "a"), ("a", "b", "a", "b", "b")]
    setting = playtest.Setting.planned(ttr.rules.USA, 2, agents, games=1000)
    assert setting.games == 1008 and setting.games_per_lineup == 168  # 6 line-ups × 2 seats × 84 rounds


def named_random(name: str):
    """A random player with a name of its own (the table tells agents apart by name)."""
    def bot(game, rng):
        return random_bot(game, rng)

    bot.__name__ = bot.__qualname__ = name
    return bot


def test_every_agent_plays_every_seat_equally_often(small):
    """In the games played (the table), not only in the plan: four agents at 2, 3 and 5
    players (at 5 each doubled in turn), and three strategy bots at 2 and 3 players."""
    agents = [named_random(name) for name in ("north", "east", "south", "west")]
    four = playtest.study(boards=("usa",), players=(2, 3, 5), games=1, agents=agents, seed=1, workers=1,
                          progress=False)
    assert [setting.games for setting in four.settings] == [12, 12, 20]
    for table, agents in ((four.table, 4), (small.table, 3)):
        for players, rows in table.groupby("players"):
            seats = pd.crosstab(rows.seat, rows.bot)
            assert seats.shape == (players, agents) and seats.to_numpy().min() == seats.to_numpy().max(), seats
    five = four.table[four.table.players == 5]
    assert five.groupby("game").bot.nunique().eq(4).all()


# --- win shares ------------------------------------------------------------------------------------------

def tied_game():
    """A finished 3-player game: players 0 and 1 level on points and every tie-breaker
    (a 3-train route each, no tickets, both hold the longest route), player 2 behind."""
    game = ttr.new_game("usa", players=3, seed=1)
    first, second = [route.id for route in game.map.routes if route.length == 3 and not route.parallel][:2]
    return game.set_up(claimed={first: 0, second: 1}, tickets={0: [], 1: [], 2: []}, over=True)


def rows_of(game, bots=("a", "b", "c"), number=0):
    """A finished game's rows as the study's table has them (``sim``'s rows, measured)."""
    rows = sim.with_measured(sim.game_rows(ttr.ENGINE, game, number, list(bots), False), playtest.measure_game(game))
    return pd.DataFrame(rows)


def test_a_two_way_tie_gives_each_winner_half():
    game = tied_game()
    scores = game.final_scores()
    assert scores.winners == (0, 1) and scores[0].total == scores[1].total > scores[2].total
    table = rows_of(game)
    assert list(playtest.split_wins(table)) == [0.5, 0.5, 0.0]
    alone = rows_of(ttr.new_game("usa", players=3, seed=1).set_up(claimed={("Denver", "Omaha"): 2}, over=True))
    assert list(playtest.split_wins(alone)) == [0.0, 0.0, 1.0]


def test_every_game_gives_its_whole_win_away(small):
    """Over each setting the agents' win shares, weighted by the seats they played, make
    one win per game."""
    shares = small.win_shares
    for (_, players), rows in shares.groupby(["variant", "players"]):
        assert math.isclose((rows.share * rows.seats).sum(), rows.seats.sum() / players)
    assert (shares.low <= shares.share).all() and (shares.share <= shares.high).all()
    assert list(shares.even.unique()) == [1 / 2, 1 / 3] and list(shares.seats) == [4, 4, 4, 3, 3, 3]


def test_the_interval_holds_the_true_share_as_often_as_it_says():
    """Seats whose shares are 1, ½ (a two-way tie) or 0 with a known mean of 0.3: the
    95 % interval holds it in a large sample, and in 93–97 % of 600 small samples."""
    rng = np.random.default_rng(7)
    values, weights = [1.0, 0.5, 0.0], [0.2, 0.2, 0.6]  # mean 0.2 + 0.1 = 0.3
    low, high = playtest.confidence_interval(rng.choice(values, 4000, p=weights))
    assert low < 0.3 < high and high - low < 0.03
    held = [low < 0.3 < high for low, high in
            (playtest.confidence_interval(rng.choice(values, 300, p=weights)) for _ in range(600))]
    assert 0.93 <= np.mean(held) <= 0.97
    narrower = playtest.confidence_interval(rng.choice(values, 300, p=weights), confidence=0.5)
    assert narrower[1] - narrower[0] < 0.5 * (high - low) * math.sqrt(4000 / 300)
    assert playtest.confidence_interval([1.0, 1.0, 1.0]) == (1.0, 1.0)
    assert all(math.isnan(end) for end in playtest.confidence_interval([0.5]))


# --- what a game yields ----------------------------------------------------------------------------------

def test_each_seat_keeps_its_route_points_turn_by_turn(small):
    """The route points after a seat's last turn are its route points, never falling;
    it has a value for each of its turns; its ticket points are those won less those lost."""
    table = small.table
    for row in table.itertuples():
        arc = row.route_points_by_turn
        assert arc[-1] == row.route_points and list(arc) == sorted(arc)
        assert len(arc) in (row.turns // row.players, row.turns // row.players + 1)
    assert (table.ticket_points_won - table.ticket_points_lost == table.ticket_points).all()
    arcs = playtest.arc_rows([(1, 3), (2, 2, 5)], turns=4)  # the first seat's game ended after 2 turns
    assert list(arcs["mean"]) == [1.5, 2.5, 4.0, 4.0] and list(arcs["turn"]) == [1, 2, 3, 4]


def no_move_left_game():
    """Two USA players with one train each and every 1-train route claimed: no claim is
    possible. Every ticket is dealt (none to draw); the train cards are in the hands but
    for a face-up row of three red and two locomotives and two locomotives in the deck."""
    rules = replace(ttr.rules.USA, name="one-train-left", last_round_trains=0)
    game = ttr.new_game(rules, players=2, seed=1)
    claimed, left, closed = {}, [44, 44], set()
    for route in sorted(game.map.routes, key=lambda route: (route.length != 1, -route.length)):
        for player in (0, 1):
            fits = route.length == 1 or left[player] - route.length not in (1, -1) and route.length <= left[player]
            if route.id not in closed and fits:
                claimed[route.id], left[player] = player, left[player] - route.length
                closed |= set(route.tracks)
    assert left == [0, 0]
    hand = {color: 12 for color in rules.colors} | {"red": 9}
    return game.set_up(claimed=claimed, tickets={0: [ticket.id for ticket in game.map.tickets], 1: []},
                       hands={0: hand, 1: {"locomotive": 10}}, face_up=["red"] * 3 + ["locomotive"] * 2, current=0)


def test_the_failure_states_of_a_set_up_game_are_counted():
    """Player 0 takes a face-up red card: a locomotive from the deck makes three, and the
    pool (four locomotives, two red) can never deal fewer, so the reset stops. The
    players then draw what is left and, with nothing left to do, pass: the game ends."""
    game = no_move_left_game()
    events = game.apply(ttr.DrawFaceUp("red"))
    assert [(event.kind, event.player) for event in events if event.kind == "face_up_reset_stopped"] == [
        ("face_up_reset_stopped", 0)]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.history[-2:] == [ttr.Pass(), ttr.Pass()] and game.history.count(ttr.Pass()) == 2
    measured = playtest.measure_game(game)
    assert [seat["resets_stopped"] for seat in measured] == [1, 0]
    assert [seat["passes"] for seat in measured] == [1, 1]
    counts = playtest.failure_counts(rows_of(game, bots=("a", "b")))
    assert counts == {"games": 1, "passes": 2, "games_with_pass": 1, "resets_stopped": 1,
                      "games_with_reset_stopped": 1}


def test_the_cities_are_counted_as_by_hand():
    """Game 0: seat 0 (the winner) claims Denver–Omaha and Omaha–Chicago, seat 1
    Denver–Kansas City. Game 1: a shared win, Seattle–Portland and Portland–San Francisco."""
    board = ttr.load_map("usa")
    route = {cities: board.routes_between(*cities)[0].id for cities in (
        ("Denver", "Omaha"), ("Omaha", "Chicago"), ("Denver", "Kansas City"), ("Seattle", "Portland"),
        ("Portland", "San Francisco"))}
    rows = pd.DataFrame({"game": [0, 0, 1, 1], "win_share": [1.0, 0.0, 0.5, 0.5], "routes": [
        (route["Denver", "Omaha"], route["Omaha", "Chicago"]), (route["Denver", "Kansas City"],),
        (route["Seattle", "Portland"],), (route["Portland", "San Francisco"],)]})
    found = playtest.city_attractiveness(rows, board)
    claimed = {city: share for city, share in found["claimed"].items() if share}
    winner = {city: share for city, share in found["winner"].items() if share}
    assert claimed == {"Denver": 1.0, "Omaha": 1.0, "Chicago": 0.5, "Kansas City": 0.5, "Seattle": 0.5,
                       "Portland": 1.0, "San Francisco": 0.5}
    assert winner == {"Denver": 0.5, "Omaha": 0.5, "Chicago": 0.5, "Seattle": 0.25, "Portland": 0.5,
                      "San Francisco": 0.25}
    assert set(found["claimed"]) == set(board.cities)  # a city never reached counts 0


def test_the_rank_correlation_is_spearmans():
    assert playtest.spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == pytest.approx(0.8)  # 1 - 6 · 4 / (5 · 24)
    assert playtest.spearman([1, 2, 3], [30, 20, 10]) == pytest.approx(-1.0)
    assert playtest.spearman([0.1, 0.1, 0.3, 0.2], [1, 2, 4, 3]) == pytest.approx(0.9486832980505138)  # a tie
    assert math.isnan(playtest.spearman([1, 2, 3], [5, 5, 5]))  # no order to compare


@pytest.mark.slow  # scipy.stats takes a second or two to import
def test_the_rank_correlation_is_scipys_with_ties_too():
    from scipy.stats import spearmanr

    rng = np.random.default_rng(3)
    for _ in range(20):
        first, second = rng.integers(0, 6, 30).tolist(), rng.integers(0, 6, 30).tolist()  # many ties
        assert playtest.spearman(first, second) == pytest.approx(spearmanr(first, second).statistic)


def test_the_study_correlates_each_city_with_itself_across_player_counts(small):
    cities = small.cities
    two = cities[cities.players == 2].set_index("city")
    three = cities[cities.players == 3].set_index("city").sort_index()  # another order: paired by name
    found = small.rank_correlation.set_index("measure")
    for measure in playtest.CITY_MEASURES:
        assert found.loc[measure, "rho"] == pytest.approx(
            playtest.spearman(list(two[measure]), list(three[measure].reindex(two.index))))
    assert list(found.players) == [2, 2] and list(found.compared_with) == [3, 3]


def test_a_change_of_the_points_plays_the_very_games_of_the_printed_rules():
    """The same deals on every board: with the longest route worth 20, the same games
    end with the holders of the longest route 10 points further ahead."""
    bonus_20 = replace(ttr.rules.USA, name="usa-bonus-20", longest_route_bonus=20)
    study = playtest.study(boards=("usa", bonus_20), players=2, games=2, agents=("tickets", "balanced"), seed=4,
                           workers=1, progress=False)
    printed, changed = (study.table[study.table.variant == name].reset_index(drop=True) for name in study.boards)
    assert printed.route_points_by_turn.equals(changed.route_points_by_turn)
    assert (changed.total - printed.total == printed.longest_route_bonus).all() and printed.longest_route_bonus.any()


def test_boards_are_as_far_apart_as_their_profiles_over_the_player_counts_both_played(small):
    """USA at 2 and 4 players, Europe at 4 only: only the 4-player shares compare."""
    settings = tuple(playtest.Setting.planned(rules, players, ("a", "b"), games=2)
                     for rules, players in ((ttr.rules.USA, 2), (ttr.rules.USA, 4), (ttr.rules.EUROPE, 4)))
    study = playtest.Study(small.table, ("a", "b"), settings, 1, 0.95)
    study.__dict__["win_shares"] = pd.DataFrame({  # as if played
        "variant": ["usa"] * 4 + ["europe"] * 2, "players": [2, 2, 4, 4, 4, 4], "agent": ["a", "b"] * 3,
        "share": [0.5, 0.5, 0.3, 0.7, 0.4, 0.6]})
    distance = study.similarity
    assert distance.loc["usa", "europe"] == distance.loc["europe", "usa"] == pytest.approx(0.1)
    assert distance.loc["usa", "usa"] == 0 == distance.loc["europe", "europe"]


def test_studies_joined_compare_the_boards_of_each(small):
    """Switzerland played later beside the USA of ``small``: one study of both, whose
    tables are each study's own and whose distance compares the boards where both were
    played (2 players)."""
    swiss = playtest.study(boards=("switzerland",), players=(2,), games=1, agents=STRATEGY, seed=3, workers=1,
                           progress=False)
    both = playtest.joined(small, swiss)
    assert list(both.boards) == ["usa", "switzerland"] and both.players_of("usa") == (2, 3)
    pd.testing.assert_frame_equal(both.win_shares, pd.concat([small.win_shares, swiss.win_shares], ignore_index=True))
    at_two = both.win_shares[both.win_shares.players == 2].pivot(index="variant", columns="agent", values="share")
    expected = math.sqrt(((at_two.loc["usa"] - at_two.loc["switzerland"]) ** 2).mean())
    assert both.similarity.loc["usa", "switzerland"] == pytest.approx(expected) and expected > 0
    assert set(both.rank_correlation.variant) == {"usa"}  # Switzerland at one player count: nothing to correlate


@pytest.mark.parametrize("change, message", [
    ({"agents": ("tickets", "balanced")}, "studies joined must have the same agents"),
    ({"seed": 4}, "studies joined must have the same seed, not 3 and 4"),
    ({"confidence": 0.9}, "studies joined must have the same confidence"),
    ({"settings": "usa 2"}, "the board 'usa' with 2 players is in two of the studies joined"),
    ({"settings": "other usa"}, "the board 'usa' is named twice"),
])
def test_studies_that_do_not_compare_are_not_joined(small, change, message):
    """… refused by name, in German too."""
    from test_german import english_sentence_words

    settings = {"usa 2": (playtest.Setting.planned(ttr.rules.USA, 2, STRATEGY, 1),),
                "other usa": (playtest.Setting.planned(replace(ttr.rules.USA, trains_per_player=40), 4, STRATEGY, 1),)}
    fields = {"agents": small.agents, "seed": small.seed, "confidence": small.confidence,
              "settings": (playtest.Setting.planned(ttr.rules.EUROPE, 4, STRATEGY, 1),)}
    fields.update({key: settings[value] if key == "settings" else value for key, value in change.items()})
    other = playtest.Study(small.table.iloc[:0], fields["agents"], fields["settings"], fields["seed"],
                           fields["confidence"])
    with pytest.raises(ValueError, match=message) as refused:
        playtest.joined(small, other)
    assert not english_sentence_words(refused.value.in_language("de")), refused.value.in_language("de")
    with pytest.raises(ValueError, match="joined takes playtesting studies .* not Study, DataFrame"):
        playtest.joined(small, small.table)


# --- seeds, executors, refusals -------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_study_wherever_it_is_played():
    how = dict(boards=("usa",), players=2, games=2, agents=("tickets", "balanced"), progress=False)
    here = playtest.study(**how, seed=5, workers=1)
    with ThreadPoolExecutor(2) as threads:
        there = playtest.study(**how, seed=5, executor=threads)
    pd.testing.assert_frame_equal(here.table, there.table)
    pd.testing.assert_frame_equal(here.win_shares, there.win_shares)
    assert list(here.table.seed.unique()) == ["5/2/0", "5/2/1"]
    other = playtest.study(**how, seed=6, workers=1)
    assert not other.table.total.equals(here.table.total)


@pytest.mark.parametrize("kwargs, message", [
    ({"agents": ("tickets", "cheater")}, "no Ticket to Ride bot called 'cheater'; known: random, tickets"),
    ({"boards": ("usa", "switzerland"), "players": (2, 5)}, "switzerland is played by 2–3 players, not 5"),
    ({"games": 0}, "games must be a whole number ≥ 1, not 0"),
    ({"agents": ("tickets", "tickets")}, "the agent 'tickets' is named twice"),
    ({"agents": ()}, "agents must name at least one bot"),
    ({"boards": ("usa", "usa")}, "the board 'usa' is named twice"),
    ({"boards": ("usa", "cardgame")}, "a playtesting study is played on Ticket to Ride boards, not 'cardgame'"),
    ({"boards": ()}, "boards must name at least one Ticket to Ride board"),
    ({"players": {"usa": (2,)}, "boards": ("usa", "europe")}, "players must give the player counts of each board"),
    ({"players": (2, 2)}, "players must be a player count or a list of different ones, not \\(2, 2\\)"),
    ({"confidence": 95}, "confidence must be a share between 0 and 1, such as 0.95, not 95"),
    ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "give workers or an executor, not both"),
])
def test_bad_arguments_are_refused_by_name_before_any_game(kwargs, message, monkeypatch):
    """… and in German too: no English sentence (code may stay as it is typed)."""
    from test_german import english_sentence_words

    monkeypatch.setattr(sim, "chunk_results", lambda *args: pytest.fail("a game was played"))
    with pytest.raises(ValueError, match=message) as refused:
        playtest.study(**{"boards": ("usa",), "agents": STRATEGY, **kwargs}, progress=False)
    german = refused.value.in_language("de")
    assert not english_sentence_words(german), german


def test_the_study_plays_the_four_agents_of_the_nyu_study_by_default():
    assert playtest.AGENTS == ("destination_hungry", "route_focus", "one_step_thinking", "long_route_exploiting")
    import inspect

    assert inspect.signature(playtest.study).parameters["agents"].default is playtest.AGENTS


# --- sim.simulate's measurement hook -----------------------------------------------------------------------

def turns_and_hand(game):
    """A measure: each seat's actions in the history and its hand's size at the end."""
    return [{"cards_left": sum(game.hands[seat].values()), "claims": sum(
        1 for action in game.history if isinstance(action, ttr.ClaimRoute))} for seat in range(game.players)]


def test_a_measure_adds_each_seats_columns_wherever_the_games_run():
    plain = sim.simulate("usa", players=2, games=3, seed=2, workers=1, progress=False)
    measured = sim.simulate("usa", players=2, games=3, seed=2, workers=1, progress=False, measure=turns_and_hand)
    assert list(measured.columns) == [*plain.columns, "cards_left", "claims"]
    pd.testing.assert_frame_equal(measured[plain.columns], plain)  # the usual columns unchanged
    game = ttr.play_game("usa", players=2, seed="2/1", bots=["long_routes", "tickets"])  # game 1, bots moved round
    assert list(measured[measured.game == 1].cards_left) == [sum(hand.values()) for hand in game.hands]
    with ThreadPoolExecutor(2) as threads:
        again = sim.simulate("usa", players=2, games=3, seed=2, executor=threads, progress=False,
                             measure=turns_and_hand)
    pd.testing.assert_frame_equal(measured, again)


@pytest.mark.parametrize("measure, message", [
    (5, "measure must be a function measure\\(game\\) giving one mapping of columns per seat, not 5"),
    (lambda game: [{"x": 1}], "measure\\(game\\) must give a list of 2 mappings of columns, one per seat"),
    (lambda game: [{"total": 1}, {"total": 2}], "measure\\(game\\) gives the column 'total', which the table has"),
])
def test_a_measure_that_gives_no_column_per_seat_is_refused(measure, message):
    with pytest.raises(ValueError, match=message):
        sim.simulate("usa", players=2, games=1, seed=2, workers=1, progress=False, measure=measure)


# --- shown in the reader's language ------------------------------------------------------------------------

def test_the_study_tables_write_their_labels_and_numbers_in_the_language(small, german):
    shares = small.win_share_table()
    assert shares.data.index.names == ["Spielplan", "Spieler", "Agent"]
    assert list(shares.data.columns) == ["Sieganteil", "Konfidenzintervall (95\xa0%)", "gespielte Plätze"]
    assert ("Zug um Zug: USA", 2, "ausgewogener Bot") in shares.data.index
    page = shares.to_html()
    assert re.search(r">\d+\xa0%<", page) and re.search(r">\d+\xa0%–\d+\xa0%<", page)
    parts = small.parts_table()
    assert "gewonnene Zielkartenpunkte" in parts.data.columns and "Bahnhofspunkte" not in parts.data.columns
    assert re.search(r">-?\d+,\d<", parts.to_html())  # 62,9
    assert list(small.failure_table().data.columns)[1] == "Passen (kein erlaubter Zug)"
    assert small.rank_correlation_table().data.iloc[0, 1] == "gebaute Strecken an der Stadt je Partie"


def test_the_progress_bar_counts_the_studys_games_in_the_language(capsys, german):
    playtest.study(boards=("usa",), players=2, games=1, agents=("tickets", "random"), seed=1, workers=1)
    bar = capsys.readouterr().err
    assert "Spieltest-Studie, 1 Versuch, 2 Agenten: 100 %|" in bar and "| 2 von 2 Partien [" in bar


def test_the_figures_speak_the_readers_language(small, german):
    from bokeh.models import ColorBar, CustomJSTickFormatter

    from zuzlab.viz import study_plots

    shares = study_plots.win_share_figure(small)
    data = shares.select_one({"name": "shares"}).data_source.data
    assert data["x"][0] == ("2 Spieler", texts.bot_name("tickets")) and all(re.fullmatch(r"\d+\xa0%", s)
                                                                 for s in data["share_written"])
    assert shares.title.text == "Sieganteil je Agent: Zug um Zug: USA"
    assert [item.label.value for item in shares.legend[0].items] == [texts.bot_name(a) for a in small.agents]
    axis = shares.yaxis[0].formatter
    assert isinstance(axis, CustomJSTickFormatter) and axis.args["lang"] == "de"
    heat = study_plots.city_heat_map(small, "usa", 3, "winner")
    cities = heat.select_one({"name": "cities"}).data_source.data
    assert (min(cities["heat_size"]), max(cities["heat_size"])) == study_plots.CITY_SIZES  # the least to the most
    assert heat.title.text == "Jede Stadt im Streckennetz des Siegers: Zug um Zug: USA, 3 Spieler, 3 Partien"
    assert "percent" in heat.select_one({"type": ColorBar}).formatter.code
    assert heat.select_one({"type": ColorBar}).title == "Anteil der Partien im Streckennetz des Siegers"
    assert not any(legend.visible for legend in heat.legend)  # the map's double routes: not what it shows
    arc = study_plots.game_arc_figure(small, "usa", 2)
    assert arc.xaxis[0].axis_label == "eigener Spielzug"
    assert len(arc.select({"name": "arc:tickets"})) == 1
    similar = study_plots.similarity_figure(small)
    assert similar.select_one({"name": "figures"}).data_source.data["written"] == ["0\xa0%"]


def test_every_agents_line_stands_out_from_the_white_of_the_figure():
    """The game arc draws each agent as a line on white: a colour of contrast below 2:1
    (the palette's yellow, about 1.2:1) hardly shows; the first four agents' colours, as
    the NYU study's four agents get them, all show."""
    from zuzlab.viz import study_plots

    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    contrast = [(1.05) / (luminance(colour) + 0.05) for colour in study_plots.AGENT_PALETTE[:4]]
    assert min(contrast) >= 2, contrast
    assert len(set(study_plots.AGENT_PALETTE)) == len(study_plots.AGENT_PALETTE)


def test_the_distance_table_widens_for_long_board_names_and_its_note(small, german):
    """A changed rule named in German is long, and the note starts right of the rows'
    names: the figure grows so that both fit, and is never narrower than asked."""
    from zuzlab.viz import study_plots

    long_named = replace(ttr.rules.USA, name="USA, Bonus 20 für die längste Strecke")
    settings = tuple(playtest.Setting.planned(rules, 2, STRATEGY, 1) for rules in (ttr.rules.USA, long_named))
    study = playtest.Study(small.table, STRATEGY, settings, 3, 0.95)
    study.__dict__["win_shares"] = pd.DataFrame({  # as if played
        "variant": ["usa"] * 3 + [long_named.name] * 3, "players": [2] * 6, "agent": list(STRATEGY) * 2,
        "share": [0.5, 0.5, 0.0, 0.6, 0.4, 0.0]})
    short, long = study_plots.similarity_figure(small), study_plots.similarity_figure(study)
    assert long.width > short.width >= 600
    assert study_plots.similarity_figure(study, width=1200).width == 1200


@pytest.mark.parametrize("draw, message", [
    (lambda study, plots: plots.win_share_figure(study, "europe"), "die Studie hat keinen Spielplan 'europe'"),
    (lambda study, plots: plots.game_arc_figure(study, "usa", 4), "die Studie hat 'usa' nicht mit 4 Spielern"),
    (lambda study, plots: plots.city_heat_map(study, "usa", 2, "hub"), "measure muss eines von claimed, winner"),
])
def test_a_figure_of_what_the_study_did_not_play_is_refused(small, german, draw, message):
    from zuzlab.viz import study_plots

    with pytest.raises(ValueError, match=message):
        draw(small, study_plots)


# --- a board of one's own beside a printed one ------------------------------------------------------

def with_results(study, shares, claimed):
    """``study`` as if its games had given these win shares (agent → share, low, high at 3
    players) and claimed routes a game at each city (city → count)."""
    study.__dict__["win_shares"] = pd.DataFrame([
        {"variant": "usa", "players": 3, "agent": agent, "share": share, "low": low, "high": high, "even": 1 / 3}
        for agent, (share, low, high) in shares.items()])
    study.__dict__["cities"] = pd.DataFrame([{"variant": "usa", "players": 3, "city": city, "claimed": count,
                                              "winner": 0.5} for city, count in claimed.items()])
    return study


def test_the_findings_name_a_dominating_style_and_the_cities_seldom_reached(small):
    texts.set_language("en")
    study = with_results(playtest.Study(small.table, STRATEGY, small.settings, 3, 0.95),
                         {"tickets": (0.2, 0.1, 0.3), "balanced": (0.6, 0.45, 0.75), "random": (0.2, 0.1, 0.3)},
                         {"Miami": 0.1, "Denver": 2.0, "Omaha": 2.4, "Helena": 1.6, "Duluth": 0.2})
    ahead, seldom = map(texts.render, study.findings("usa", 3))
    assert ahead.startswith(f"{texts.bot_name('balanced')} wins 60% of its seats (45%–75%)")
    assert "an even share of 33%" in ahead
    assert seldom == "Seldom reached: Miami (0.1) and Duluth (0.2) claimed routes a game, where the median city " \
                     "has 1.6."


def test_the_findings_say_when_no_style_dominates_and_name_the_least_reached_city(small, german):
    study = with_results(playtest.Study(small.table, STRATEGY, small.settings, 3, 0.95),
                         {"tickets": (0.3, 0.2, 0.4), "balanced": (0.4, 0.3, 0.5), "random": (0.3, 0.2, 0.4)},
                         {"Miami": 0.9, "Denver": 2.0, "Omaha": 2.4})
    balanced, every_city = map(texts.render, study.findings("usa", 3))
    third = texts.render(texts.share(1 / 3))  # "33 %", the space a narrow one that does not break
    assert balanced == f"Kein Agent gewinnt deutlich mehr als den gleichen Anteil ({third}): Keine Spielweise " \
                       "beherrscht den Spielplan."
    assert every_city == "Jede Stadt wird angefahren: am seltensten Miami, mit 0,9 gebauten Strecken je Partie " \
                         "(die mittlere Stadt: 2,0)."


def test_a_board_of_ones_own_is_shown_beside_a_printed_one_on_one_scale():
    from bokeh.models import Div

    from generated_board import GENERATED
    from zuzlab.viz import study_plots

    texts.set_language("en")
    study = playtest.study(boards=("usa", GENERATED), players=3, games=6, agents=STRATEGY, seed=3, workers=1,
                           progress=False)
    layout = study_plots.boards_side_by_side(study, players=3)
    key, boards = layout.children
    assert all(texts.bot_name(agent) in key.text for agent in STRATEGY)  # the agents' colours named once
    columns = boards.children
    assert len(columns) == 2
    heads = [column.children[0] for column in columns]
    assert all(isinstance(head, Div) for head in heads) and "Deutschland (generated)" in heads[1].text
    for head, board in zip(heads, ("usa", "generated")):
        for found in study.findings(board, 3):
            assert html.escape(texts.render(found)) in head.text
    share, heat, arc = ([column.children[row].children[0] for column in columns] for row in (1, 2, 3))
    assert share[0].y_range.end == share[1].y_range.end > 0
    assert [len(fig.x_range.factors) for fig in share] == [3, 3]  # three agents at three players
    assert arc[0].y_range is arc[1].y_range
    assert set(heat[1].select_one({"name": "cities"}).data_source.data["name"]) == set(
        ttr.load_map(GENERATED.map).cities)
    with pytest.raises(ValueError, match="has no board 'europe'"):
        study_plots.boards_side_by_side(study, boards=("usa", "europe"))
