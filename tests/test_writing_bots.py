"""Lesson 12, writing a bot (``zuzlab.lessons.writing_bots``): each step's check passes
the example bot of that step and fails the one before it (the marks are set between them),
and the helpers a student is handed say what the kit says."""

import random

import pytest

from zuzlab import ink, texts, ttr
from zuzlab.ink.scoring import score
from zuzlab.lessons import solutions
from zuzlab.lessons.writing_bots import STEPS, check_bot, plan, route_points, score_after
from zuzlab.ttr.advice import TicketPlan


@pytest.mark.slow
@pytest.mark.parametrize("step, better, worse", [
    ("beat_random", solutions.longest_claim_bot, solutions.skeleton_bot),
    ("beat_tickets", solutions.ticket_plan_bot, solutions.longest_claim_bot),
    ("beat_agents", solutions.ticket_plan_bot, solutions.longest_claim_bot),
    ("ink_score", solutions.ink_score_bot, solutions.skeleton_bot),
])
def test_a_step_passes_the_better_bot_and_fails_the_worse(step, better, worse):
    passed, failed = check_bot(step, better), check_bot(step, worse)
    assert passed.passed and passed.value >= STEPS[step].mark
    assert not failed.passed and failed.value < STEPS[step].mark
    assert not passed.faults and not failed.faults
    assert passed.summary().startswith("✓") and failed.summary().startswith("✗")
    assert len(passed.games) == STEPS[step].deals * max(1, STEPS[step].players) * max(1, len(STEPS[step].opponents))


@pytest.mark.slow
def test_a_check_names_the_faults_of_a_broken_bot():
    namespace = {"__name__": "a_notebook_cell"}
    exec(compile("def broken(game, rng):\n    return game.legal_actions()[999]\n", "<cell>", "exec"), namespace)
    result = check_bot("beat_random", namespace["broken"])
    assert not result.passed and result.faults
    assert "IndexError" in result._repr_html_() and "line 2 of your cell" in result._repr_html_()


@pytest.mark.slow
def test_a_bot_named_like_its_opponent_is_told_apart():
    def random(game, rng):  # noqa: A001 - a student may call it so
        return solutions.longest_claim_bot(game, rng)

    result = check_bot("beat_random", random)
    assert result.bot == "random_you" and result.passed


@pytest.mark.parametrize("call, message", [
    (lambda: check_bot("beat_everyone", solutions.skeleton_bot), "no step 'beat_everyone'; the steps are: beat_random"),
    (lambda: check_bot("beat_random", "my_bot"), "needs your bot function itself"),
    (lambda: check_bot("beat_random", 3), "not 3"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(texts.InputError, match=message):
        call()


def test_the_helpers_say_what_the_kit_says():
    game = ttr.play_game("usa", players=2, seed=3, bots="tickets")
    game = ttr.replay("usa", players=2, seed=3, actions=game.history[:40])
    assert plan(game).routes() == TicketPlan(game).routes()
    offered = (1, 2)
    assert plan(game, offered).tickets == TicketPlan(game, more=offered).tickets
    points = {route.length: route_points(game, route.id) for route in game.map.routes}
    assert points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}  # the printed table of the USA
    board_game = ink.new_game("ink", players=1, seed=2)
    rng = random.Random(1)
    for action in rng.sample(list(board_game.legal_actions()), 5):
        after = board_game.copy()
        after.apply(action)
        rules = board_game.rules
        assert score_after(board_game, action) == score(after.boards[0], rules.loop_rule,
                                                       rules.lake_squares_are_centre).total
