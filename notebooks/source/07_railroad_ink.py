# %% [markdown] en
# # Railroad Ink

# %% [markdown] de
# # Railroad Ink

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text ink.board

# %% [markdown] text ink.drawing

# %%
from zuzlab import ink
view = zw.InkGameView(ink.new_game(seed=11))
view

# %% check
# what the cell above sets up, checked on a fresh copy: the game above may have been played since
fresh = ink.new_game(seed=11)
fresh_view = zw.InkGameView(fresh)
assert fresh.round == 1 and len(fresh.rolled) == 4 and not fresh.history   # nothing drawn for you
assert fresh_view.chosen in fresh.rolled and fresh_view.orientation == 0
assert view.game.seed == fresh.seed and view.game.rules == fresh.rules

# %% [markdown] text ink.scoring

# %%
played = ink.play_game(seed=3, bots="greedy")
board = played.boards[0]
zw.StepPlayer(ink.steps.score_steps(board), zw.InkStepView(board))

# %%
score = ink.score(board)
done = {s.part: s.result for s in ink.steps.score_steps(board) if s.kind == "done"}
assert done["networks"] == score.networks and len(done["errors"]) == score.errors
assert len(done["longest highway"]) == score.longest_highway
zw.InkScoreView(score)   # the same score, part by part

# %% [markdown] text ink.board_string

# %%
print(board.to_anu())   # the board as an interchange string
by_hand = ink.Board.from_anu("A4A10 B2B10 A4C10 A5D10 A4D01 A1B01 A1B21 A0B30 A1A30")   # written by hand
display(zw.InkStepView(by_hand, scale=40).widget)
zw.InkScoreView(ink.score(by_hand))

# %% check
assert ink.score(ink.Board.from_anu(board.to_anu())).total == score.total
hand_score = ink.score(by_hand)
assert (hand_score.exit_points, hand_score.longest_highway, hand_score.longest_railway) == (8, 5, 5)
assert hand_score.errors == 0 and len(hand_score.networks) == 2   # the overpass on B1 keeps the two networks apart

# %% [markdown] text ink.expert

# %%
import random
from zuzlab.ink.expert import ExpertBot
from zuzlab.widgets.ink_replay import estimates_table
first = ink.new_game(seed=3)
thinking = ExpertBot(rollouts=24, candidates=8)
estimates_table(thinking.estimates(first, random.Random(3)))

# %%
expert_game = ink.play_game(seed=3, bots=ink.bots.expert(rollouts=8, candidates=16))
zw.say("ink_expert_game", points=texts.quantity("point", expert_game.final_scores().totals[0]),
       greedy=texts.quantity("point", ink.play_game(seed=3, bots="greedy").final_scores().totals[0]))
zw.replay_player(expert_game)
