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
    bot, rng = expert(2, 3), random.Random(7)
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


def test_estimates_come_best_first_and_the_bot_takes_the_best():
    game = ink.new_game(seed=11)
    estimates = ExpertBot(6, 5).estimates(game, random.Random(1))
    assert len(estimates) >= 5
    assert [e.expected for e in estimates] == sorted((e.expected for e in estimates), reverse=True)
    assert ExpertBot(6, 5)(game, random.Random(1)) == estimates[0].action


def test_the_last_round_is_judged_by_one_exact_playout():
    game = ink.new_game(seed=4)
    bot, rng = expert(2, 3), random.Random(4)
    while game.round < game.rules.rounds:
        game.apply(bot(game, rng))
    seen = {e.expected for e in ExpertBot(50, 4).estimates(game, random.Random(0))}
    again = {e.expected for e in ExpertBot(1, 4).estimates(game, random.Random(0))}
    assert seen == again  # no dice left to sample: more rollouts change nothing


def test_a_budget_below_one_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="at least 1 rollout and 1 candidate, not 0 and 8"):
        ExpertBot(0, 8)
    with pytest.raises(ValueError, match="not 4 and 0"):
        expert(4, 0)


def test_the_playout_policy_likes_reaching_an_exit_and_dislikes_an_error():
    # a straight highway (A4) on A1, turned north–south: its north end meets the top exit
    exit_north = ("xH", "e", "e", "e")
    blank_north = ("t", "e", "e", "e")  # the blank side of a tile drawn above: the end would be an error
    vertical = next(o for o in range(8) if ink.tiles.TURNED_TILES["A4", o].edges[0] == ink.tiles.HIGHWAY)
    assert side_value("A4", vertical, exit_north, 1) > side_value("A4", vertical, ("e", "e", "e", "e"), 1)
    assert side_value("A4", vertical, ("e", "e", "e", "e"), 1) > side_value("A4", vertical, blank_north, 1)


def test_each_estimate_keeps_its_games_scores_so_two_drawings_can_be_compared_game_by_game():
    from zuzlab.ink.expert import compare

    game = ink.new_game(seed=11)
    best, runner_up, *_ = ExpertBot(8, 6).estimates(game, random.Random(1))
    assert len(best.scores) == best.games == 8 and sum(best.scores) / 8 == best.expected
    comparison = compare(best, runner_up)
    differences = [a - b for a, b in zip(best.scores, runner_up.scores)]
    assert comparison.difference == statistics.fmean(differences) >= 0
    assert comparison.error == pytest.approx(statistics.stdev(differences) / 8 ** 0.5)
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
