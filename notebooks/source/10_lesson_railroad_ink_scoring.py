# %% [markdown] en
# # Lesson: Railroad Ink scoring as a graph

# %% [markdown] de
# # Lektion: die Wertung von Railroad Ink als Graph

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text ink10.goals

# %% [markdown] text ink10.board

# %%
from zuzlab import ink
from zuzlab.lessons import check, solution_fold
from zuzlab.lessons.ink_tracks import Tracks
from zuzlab.widgets.ink_lesson import InkLessonView, describe, exit_table, lesson_steps
board = ink.Board.from_anu("A5A14 A4A21 B2A31 A4A41 A5A50 A1B30 A1C30 B1D35 A3D41 A4D51 A4D61 A0B03 A1C00")
picture = viz.InkCanvas(48)
picture.show(board)
picture

# %%
tracks = Tracks(board)
print(len(tracks.pieces))
# the overpass on A3 is two pieces: its railway is the second
overpass_railway = tracks.at("A3")[1]
overpass_railway.tracks, overpass_railway.exits

# %%
# the station on D3 is one piece: railway north, highway east
station = tracks.at("D3")[0]
[piece.square for piece in tracks.neighbours(station)], tracks.facing(station, "west")

# %% [markdown] text ink10.tracks_api

# %% [markdown] text ink10.errors_watch

# %%
zw.StepPlayer(lesson_steps(board, "errors"), InkLessonView(board, "errors"),
              describe=describe,
              jump=lambda step: step.kind == "error", jump_label="lesson10_next_error")

# %% [markdown] text ink10.errors_task

# %%
def ink_errors(board):
    tracks = Tracks(board)
    raise NotImplementedError   # your code here: count the open ends

# %%
check("ink_errors", ink_errors)

# %% [markdown] text ink10.networks_watch

# %%
zw.StepPlayer(lesson_steps(board, "networks"), InkLessonView(board, "networks"),
              describe=describe, jump=lambda step: step.kind == "network",
              jump_label="lesson10_next_network")

# %% [markdown] text ink10.exit_table

# %%
exit_table()

# %% [markdown] text ink10.networks_task

# %%
def ink_networks(board):
    tracks = Tracks(board)
    # your code here: one number per network, its different exits
    raise NotImplementedError

# %%
check("ink_networks", ink_networks)

# %% [markdown] text ink10.railway_watch

# %%
played = ink.play_game(seed=15, bots="greedy").boards[0]
zw.StepPlayer(lesson_steps(played, "railway"), InkLessonView(played, "railway"),
              describe=describe, jump=lambda step: step.kind == "better",
              jump_label="lesson10_next_better")

# %% [markdown] text ink10.railway_task

# %%
def ink_longest_railway(board):
    tracks = Tracks(board)
    raise NotImplementedError   # your code here: the most squares on one railway path

# %%
check("ink_longest_railway", ink_longest_railway)

# %% [markdown] text ink10.compare

# %%
solution_fold("ink_errors")

# %%
solution_fold("ink_networks")

# %%
solution_fold("ink_longest_railway")

# %% [markdown] text ink10.discuss
