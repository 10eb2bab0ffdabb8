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

# %%
assert view.game.round == 1 and len(view.game.rolled) == 4 and not view.game.history   # nothing drawn for you
assert view.chosen in view.game.rolled and view.orientation == 0

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

# %%
print(board.to_anu())   # the board as an interchange string
assert ink.score(ink.Board.from_anu(board.to_anu())).total == score.total

# %% [markdown] text ink.expert

# %%
import random
from zuzlab.ink.expert import ExpertBot
from zuzlab.widgets.ink_replay import estimates_table
first = ink.new_game(seed=3)
thinking = ExpertBot(rollouts=24, candidates=8)
estimates_table(thinking.estimates(first, random.Random(3)))

# %%
expert_game = ink.play_game(seed=3, bots=ink.bots.expert(rollouts=16, candidates=16))
zw.say("ink_expert_game", points=texts.quantity("point", expert_game.final_scores().totals[0]),
       greedy=texts.quantity("point", ink.play_game(seed=3, bots="greedy").final_scores().totals[0]))
zw.replay_player(expert_game)
