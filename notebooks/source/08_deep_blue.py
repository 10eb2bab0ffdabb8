# %% [markdown] en
# # Railroad Ink Deep Blue

# %% [markdown] de
# # Railroad Ink Deep Blue

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text blue.rivers

# %%
from zuzlab import ink
# a river from the north edge to the east edge, and a short one with two open ends
rivers = ink.Board()
for tile, square, orientation in [("W1", "A2", 0), ("W1", "B2", 0), ("W0", "C2", 1), ("W1", "C3", 1),
                                  ("W1", "C4", 1), ("W1", "C5", 1), ("W1", "C6", 1), ("W0", "F4", 0)]:
    rivers.place(tile, square, orientation)
river_score = ink.score(rivers)
display(zw.InkScoreView(river_score, "river"))
zw.StepPlayer(ink.steps.river_steps(rivers), zw.InkStepView(rivers))

# %%
best = list(ink.steps.river_steps(rivers))[-1].result
assert best == river_score.scored_river and len(best.squares) == 7 and best.both_ends_at_edge
assert river_score.river == 7 + 3 and river_score.errors == 2   # F4's two open ends

# %% [markdown] text blue.river_game

# %%
river_view = zw.InkGameView(ink.new_game("river", seed=7))
river_view

# %% check
# what the cell above sets up, checked on a fresh copy: the game above may have been played since
fresh_river = ink.new_game("river", seed=7)
zw.InkGameView(fresh_river)
assert fresh_river.rules.expansion == "river" and len(fresh_river.rolled_extra) == 2
assert not fresh_river.history   # nothing drawn for you
assert river_view.game.seed == fresh_river.seed and river_view.game.rules == fresh_river.rules

# %% [markdown] text blue.lakes

# %% [markdown] text blue.fill

# %%
drawings = [("L0", "C3", 2), ("L0", "C4", 2), ("L0", "E3", 0), ("L0", "E4", 0), ("L0", "D2", 1)]
zw.StepPlayer(ink.steps.water_fill_steps(drawings), zw.InkStepView(ink.Board(), scale=44), speed=1)

# %%
lake = ink.Board()
for tile, square, o in drawings[:-1]:
    lake.place(tile, square, o)
filled = [ink.square_name(i) for i in lake.place(*drawings[-1])]   # the same fill, all at once
assert filled == ["D3", "D4"] == list(list(ink.steps.water_fill_steps(drawings))[-1].result)
assert ink.score(lake).lake == 7

# %% [markdown] text blue.piers

# %%
view = zw.InkGameView(ink.new_game("lake", seed=12))
view

# %% check
# what the cell above sets up, checked on a fresh copy: the game above may have been played since
fresh_lake = ink.new_game("lake", seed=12)
zw.InkGameView(fresh_lake)
assert fresh_lake.rules.expansion == "lake" and len(fresh_lake.rolled_extra) == 2 and fresh_lake.rules.rounds == 6
assert not fresh_lake.history   # nothing drawn for you
assert view.game.seed == fresh_lake.seed and view.game.rules == fresh_lake.rules
