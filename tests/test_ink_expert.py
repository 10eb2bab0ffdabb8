"""The expert Railroad Ink player (Monte Carlo rollouts over the dice to come): stronger
than lookahead at a small budget, always legal, reproducible, and its budget checked.
Its strength at the usual budget is measured by ``benchmarks/bench_ink.py``, not here."""

import random
import statistics

import pytest

from zuzlab import ink
from zuzlab.ink.bots import expert
from zuzlab.ink.expert import ExpertBot, side_value

SEEDS = range(8)


@pytest.mark.slow
def test_the_expert_beats_lookahead_on_fixed_seeds_at_a_small_budget():
    expert_totals = [ink.play_game(seed=s, bots=expert(8, 6)).final_scores().totals[0] for s in SEEDS]
    lookahead_totals = [ink.play_game(seed=s, bots="lookahead").final_scores().totals[0] for s in SEEDS]
    assert statistics.mean(expert_totals) > statistics.mean(lookahead_totals) + 5
    assert sum(e > look for e, look in zip(expert_totals, lookahead_totals)) >= 6


@pytest.mark.parametrize("variant", ["ink", "ink-river", "ink-lake"])
def test_every_drawing_of_the_expert_is_accepted_by_the_engine(variant):
    game = ink.new_game(variant, seed=7)
    bot, rng = expert(2, 3, 2), random.Random(7)
    while not game.is_over:
        action = bot(game, rng)
        assert action in game.legal_actions() or game.canonical(action) in game.legal_actions()
        game.apply(action)  # the engine checks it again
    assert game.round == game.rules.rounds and game.final_scores().totals[0] == ink.score(game.boards[0]).total


@pytest.mark.slow
def test_the_same_seed_and_budget_give_the_same_game():
    first = ink.play_game(seed=3, bots=expert(3, 4))
    again = ink.play_game(seed=3, bots=expert(3, 4))
    assert first.history == again.history
    assert ink.play_game(seed=3, bots="expert").history == ink.play_game(seed=3, bots="expert").history
    # and in another process, whose strings hash differently (no set or dict order leaks into the choice)
    import os
    import subprocess
    import sys

    code = "from zuzlab import ink; from zuzlab.ink.bots import expert; " \
           "print([str(a) for a in ink.play_game(seed=3, bots=expert(3, 4)).history])"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout.strip()
    assert other == str([str(a) for a in first.history])


def test_estimates_put_the_two_finalists_first_compared_on_the_same_games_and_the_bot_draws_one_of_them():
    from zuzlab.ink.expert import PAIRED_GAMES

    game = ink.new_game(seed=11)
    estimates = ExpertBot(6, 5).estimates(game, random.Random(1))
    assert len(estimates) >= 5
    best, runner_up = estimates[:2]
    assert best.expected >= runner_up.expected and best.games == runner_up.games == PAIRED_GAMES
    assert ExpertBot(6, 5)(game, random.Random(1)) in (best.action, runner_up.action)


def test_the_last_round_is_searched_not_sampled():
    game = ink.new_game(seed=4)
    bot, rng = expert(2, 3), random.Random(4)
    while game.round < game.rules.rounds:
        game.apply(bot(game, rng))
    seen = ExpertBot(50, 4).estimates(game, random.Random(0))
    again = ExpertBot(1, 4).estimates(game, random.Random(7))
    assert seen == again and all(e.games == 1 for e in seen)  # no dice left to sample: more rollouts change nothing
    assert [e.expected for e in seen] == sorted((e.expected for e in seen), reverse=True)
    while not game.is_over:  # the expert reaches the score its search promised
        game.apply(ExpertBot(1, 4)(game, random.Random(0)))
    assert game.final_scores().totals[0] == seen[0].expected


def test_a_budget_below_one_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="at least 1 rollout and 1 candidate, not 0 and 8"):
        ExpertBot(0, 8)
    with pytest.raises(ValueError, match="not 4 and 0"):
        expert(4, 0)
    with pytest.raises(ValueError, match="a width of at least 1, not 0"):
        expert(4, 4, 0)


def test_the_playout_policy_likes_reaching_an_exit_and_dislikes_an_error():
    # a straight highway (A4) on A1, turned north–south: its north end meets the top exit
    exit_north = ("xH", "e", "e", "e")
    blank_north = ("t", "e", "e", "e")  # the blank side of a tile drawn above: the end would be an error
    vertical = next(o for o in range(8) if ink.tiles.TURNED_TILES["A4", o].edges[0] == ink.tiles.HIGHWAY)
    assert side_value("A4", vertical, exit_north, 1) > side_value("A4", vertical, ("e", "e", "e", "e"), 1)
    assert side_value("A4", vertical, ("e", "e", "e", "e"), 1) > side_value("A4", vertical, blank_north, 1)


def test_each_estimate_keeps_its_games_scores_so_two_drawings_can_be_compared_game_by_game():
    from zuzlab.ink.expert import compare

    from zuzlab.ink.expert import PAIRED_GAMES

    game = ink.new_game(seed=11)
    best, runner_up, *_ = ExpertBot(8, 6).estimates(game, random.Random(1))
    assert len(best.scores) == best.games == PAIRED_GAMES and sum(best.scores) / PAIRED_GAMES == best.expected
    comparison = compare(best, runner_up)
    differences = [a - b for a, b in zip(best.scores, runner_up.scores)]
    assert comparison.difference == statistics.fmean(differences) >= 0
    assert comparison.error == pytest.approx(statistics.stdev(differences) / PAIRED_GAMES ** 0.5)
    assert comparison.clear == (comparison.difference > 2 * comparison.error)
    alike = compare(best, best)
    assert alike.same_every_game and alike.difference == alike.error == 0 and not alike.clear


def test_the_experts_table_says_each_drawing_and_its_orientation_in_words():
    from zuzlab import texts
    from zuzlab.widgets.ink_replay import estimates_table

    estimates = ExpertBot(4, 6).estimates(ink.new_game(seed=3), random.Random(3))
    table = estimates_table(estimates).value
    assert "orientation" not in table and "mean final score" in table
    first = estimates[0].action
    words = texts.text(f"label.ink_orientation_{first.orientation}")
    assert f"{texts.render(texts.tile(first.tile))} on {first.square}, {words}" in table
    try:
        texts.set_language("de")
        german = estimates_table(estimates).value
        assert "mittlere Schlusswertung" in german and "ihre" not in german and "Ausrichtung" not in german
    finally:
        texts.set_language("en")


# --- the search's parts --------------------------------------------------------------------------

def _best_score_on(board, index, code, orientations):
    """The best score ``code`` on square ``index`` gives over ``orientations`` (the engine's ``score``)."""
    from zuzlab.ink.board import Placement

    best = None
    for orientation in orientations:
        trial = board.copy()
        trial.squares[index] = Placement(code, orientation)
        total = ink.score(trial).total
        best = total if best is None else max(best, total)
    return best


#: A board after a seeded game of the greedy bot: A6 (the top right corner) is empty, with a
#: highway end to the south and a blank side to the west, the border on its other two sides
CORNER = ("A5A03S0A11B0A23A0A30A4A50B1B04A5B11B2B21A4B31A4B41A5B50B2B60A2C20A2C31S5C40A2C51B1C64A5D12B1D23"
          "A0D31B1D44A2D50A3E13A4E21S4E33A2E41A2E52A0G22A0G33A5G42A5G53")


def test_the_move_filter_never_drops_the_best_move_on_squares_whose_sides_are_all_decided():
    from zuzlab.ink.board import _legal
    from zuzlab.ink.expert import meaningful
    from zuzlab.ink.tiles import BASE_CODES

    boards = [ink.Board.from_anu(CORNER)] + [ink.play_game(seed=s, bots="greedy").boards[0] for s in range(6)]
    dropped = 0
    for board in boards:
        for index, placement in enumerate(board.squares):
            context = board.context(index) if placement is None else None
            if context is None or "e" in context:
                continue
            for code in BASE_CODES:
                legal, kept = _legal(code, context, True), meaningful(code, context, True)
                assert set(kept) <= set(legal)
                if legal:
                    assert kept, (board.to_anu(), index, code)
                    assert _best_score_on(board, index, code, kept) == _best_score_on(board, index, code, legal), \
                        (board.to_anu(), index, code, legal, kept)
                dropped += len(legal) - len(kept)
    # on A6 the highway T joins the highway end below it in three ways; turned with its
    # blank side to the west (no error) it is best, and the two that point a highway at
    # the blank side are left out
    corner = ink.Board.from_anu(CORNER)
    assert meaningful("A3", corner.context(ink.square_index("A6")), True) == (0,)
    assert dropped > 10  # the filter does leave moves out


def test_the_move_filter_keeps_every_legal_drawing_on_a_square_with_an_empty_neighbour():
    from zuzlab.ink.board import _legal
    from zuzlab.ink.expert import meaningful

    board = ink.Board.from_anu(CORNER)
    for index, placement in enumerate(board.squares):
        if placement is None and "e" in board.context(index):
            for code in ("A0", "A2", "B2", "S0"):
                assert meaningful(code, board.context(index), True) == _legal(code, board.context(index), True)


def _every_order(board, codes, rules):
    """The best score of every order of drawing ``codes`` (each where it fits, or skipped
    when it fits nowhere), found by trying them all with the engine's legality and score."""
    from zuzlab.ink.board import legal_placements

    best = ink.score(board).total if not legal_placements(board, codes) else None
    for code, index, orientation in legal_placements(board, codes):
        after = board.copy()
        after.place(code, index, orientation)
        rest = list(codes)
        rest.remove(code)
        found = _every_order(after, rest, rules)
        best = found if best is None else max(best, found)
    return best


def test_the_last_round_search_finds_the_best_order_of_the_last_dice():
    from zuzlab.ink.expert import last_round

    # one railway runs in from the left exit on B0; the railway T fits only after the
    # curve has turned the railway down to C0, and the straight only below the T
    board = ink.Board.from_anu("A1B01")
    rules = ink.rules.INK
    dice = ["A1", "A2", "A0"]
    found = last_round(board, dice, [], rules, width=1000)
    order, total = found[0]
    assert total == _every_order(board, dice, rules)
    replayed = board.copy()
    for code, index, orientation in order:  # the order found is one the rules allow, drawing by drawing
        assert replayed.placement_problem(code, index, orientation, explain=False) is None
        replayed.place(code, index, orientation)
    assert ink.score(replayed).total == total and len(order) == 3


def test_the_hint_says_how_many_drawings_the_expert_tried_and_in_the_last_round_that_every_order_was_scored():
    from zuzlab import texts
    from zuzlab.ink.expert import Estimate
    from zuzlab.widgets.game_views import why_best

    where = {"tile": "T", "square": "B0", "how": "as printed"}
    best, runner_up = ink.Place("B1", "B0", 2), ink.Place("A0", "F0", 3)
    compared = why_best(Estimate(best, 21.0, 4, (20, 22, 21, 21)), Estimate(runner_up, 20.5, 4, (20, 21, 20, 21)),
                        where, tried=7)
    assert "tried 7 drawings" in compared and "on the same 4 games, with the same dice for both" in compared
    assert "21.0 points on average" in compared and "with 20.5 points" in compared
    searched = why_best(Estimate(best, 40.0, 1, (40.0,)), Estimate(runner_up, 38.0, 1, (38.0,)), where, tried=5)
    assert "in every order" in searched and "can end with 40 points" in searched and "at most 38 points" in searched
    assert "This drawing brings 2 points more." in searched
    tied = why_best(Estimate(best, 40.0, 1, (40.0,)), Estimate(runner_up, 40.0, 1, (40.0,)), where, tried=5)
    assert "Both can end with the same score" in tied and "the one it tried first" in tied
    try:
        texts.set_language("de")
        german = why_best(Estimate(best, 40.0, 1, (40.0,)), Estimate(runner_up, 38.0, 1, (38.0,)), where, tried=5)
        assert "in jeder Reihenfolge ausprobiert" in german and "bringt sie höchstens 38 Punkte." in german
    finally:
        texts.set_language("en")


def test_exits_within_reach_count_the_exits_an_open_network_could_still_join_through_empty_squares():
    from zuzlab.ink.expert import exits_within_reach

    open_end = ink.Board.from_anu("A4A10")  # a highway from the top exit on A1, open to the south
    assert ink.score(open_end).exit_points == 0 and exits_within_reach(open_end) == 45  # every exit still in reach
    # the highway turned west on A1 and ended at the board's edge on A0: no end is open, the
    # network keeps its one exit, which scores nothing
    closed = ink.Board.from_anu("A5A10A4A01")
    assert ink.score(closed).errors == 0 and exits_within_reach(closed) == 0


# --- how the rollouts are spent --------------------------------------------------------------

def test_sequential_halving_compares_the_last_two_in_on_the_most_games():
    game = ink.new_game(seed=11)
    bot = ExpertBot(8, 12)
    ranked = bot._ranked(game, random.Random(1))
    counts = [len(values) for _, values in ranked]
    assert len(ranked) == 12 and len({move for move, _ in ranked}) == 12
    # 12 → 6 → 3 → 2: the two last in have the most games, then each stage's out, the later out with more
    assert counts[0] == counts[1] and counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    assert counts[-6:] == [counts[-1]] * 6  # the first half out, after the first stage only
    assert sum(counts) <= 8 * 12  # within the budget: 8 rollouts a drawing on average
    means = [statistics.fmean(value for value, _ in outcomes) for _, outcomes in ranked]
    assert means[0] >= means[1]  # of the last two, the better first (by the rollouts' values)


def test_rollouts_shared_out_among_a_pool_give_the_same_estimates_and_their_start_travels_by_pickle():
    import pickle
    from concurrent.futures import ThreadPoolExecutor

    from zuzlab.ink.expert import Decision, rollout

    game = ink.new_game(seed=11)
    alone = ExpertBot(6, 8).estimates(game, random.Random(2))
    with ThreadPoolExecutor(2) as pool:
        shared = ExpertBot(6, 8, pool=pool, workers=2).estimates(game, random.Random(2))
    assert shared == alone
    decision = Decision.of(game, ExpertBot()._moves(game)[1])
    first = ExpertBot()._moves(game)[0][0]
    travelled = pickle.loads(pickle.dumps(decision))  # what a worker process receives
    assert rollout(travelled, first, "7/0") == rollout(decision, first, "7/0")


def test_a_worker_count_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1 worker, not 0"):
        ExpertBot(4, 4, workers=0)


def test_the_playout_likes_squares_alike_under_the_boards_symmetries_alike():
    from zuzlab.ink.expert import PLAYOUT_PLACES, _square_kind

    def turned(index):  # a quarter turn of the 7 × 7 board
        row, column = divmod(index, 7)
        return column * 7 + (6 - row)

    def mirrored(index):
        row, column = divmod(index, 7)
        return row * 7 + (6 - column)

    kinds = [_square_kind(i) for i in range(49)]
    assert sorted(set(kinds)) == list(range(10)) and kinds[0] == 0 and kinds[24] == 9  # a corner, the middle
    for i in range(49):
        assert kinds[turned(i)] == kinds[mirrored(i)] == kinds[i]
    for places in PLAYOUT_PLACES:
        assert all(places[turned(i)] == places[i] for i in range(49))


def test_the_playout_draws_nothing_when_nothing_fits_and_only_meaningful_drawings_otherwise():
    from zuzlab.ink.board import Board
    from zuzlab.ink.expert import Sheet, meaningful

    rng = random.Random(3)
    empty = Sheet(Board(), True)
    for _ in range(20):
        code, index, orientation = empty.policy_move(["A0", "A4", "B1"], rng, 6)
        assert orientation in meaningful(code, empty.contexts[index], True)  # beside an exit, joining it
    full = Board()
    full.squares = [ink.board.Placement("A1", 0)] * 49
    assert Sheet(full, True).policy_move(["A0"], rng, 0) is None
