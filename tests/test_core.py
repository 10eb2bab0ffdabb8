"""What every engine shares through ``core.GameState``: whose turn, the end of the game,
the final scores (refused before the end, worked out once) and loading a save."""

import pytest

from zuzlab import cardgame, ink, ttr
from zuzlab.core import PlayerView, RuleViolation, play_randomly, seeded_random

NEW_GAMES = {
    "ttr": lambda: ttr.new_game("usa", players=2, seed=5),
    "cardgame": lambda: cardgame.new_game("cardgame", players=2, seed=5),
    "ink": lambda: ink.new_game("ink", players=2, seed=5),
}


@pytest.mark.parametrize("engine", NEW_GAMES)
def test_final_scores_only_at_the_end_and_then_always_the_same(engine):
    game = NEW_GAMES[engine]()
    before = game.to_dict()
    with pytest.raises(RuleViolation, match="The game is not over yet: final scores come at the end"):
        game.final_scores()
    assert game.to_dict() == before and game.current_player == 0 and not game.is_over
    play_randomly(game, seed=5)
    assert game.is_over and game.current_player is None
    scores = game.final_scores()
    assert game.final_scores() is scores  # worked out once
    with pytest.raises(RuleViolation, match="The game is over: no more actions"):
        game.apply(game.history[-1])
    assert type(game).from_dict(game.to_dict()).final_scores().totals == scores.totals


@pytest.mark.parametrize("engine", NEW_GAMES)
def test_a_bot_asks_whose_decision_it_is_only_while_the_game_goes_on(engine):
    game = NEW_GAMES[engine]()
    rng = seeded_random(5, "test")
    for _ in range(3):
        game.apply(game.random_action(rng))
        mover = game.current_player
        assert game.player_to_move() == mover and PlayerView(game, mover).player_to_move() == mover
    play_randomly(game, seed=5)
    for asked in (game, PlayerView(game, 0)):
        with pytest.raises(RuleViolation, match="The game is over: no more actions"):
            asked.player_to_move()
