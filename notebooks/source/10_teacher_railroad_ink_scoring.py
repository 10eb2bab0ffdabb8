# %% [markdown] en
# # Teacher's notebook: Railroad Ink scoring as a graph

# %% [markdown] de
# # Notebook für Lehrkräfte: die Wertung von Railroad Ink als Graph

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text ink10.teacher_intro

# %% [markdown] text ink10.teacher_errors

# %%
from zuzlab import ink, lessons
from zuzlab.lessons import solutions
from zuzlab.lessons.ink_tracks import Tracks
lessons.show_code(solutions.count_errors)

# %%
lessons.check("ink_errors", solutions.count_errors)

# %% [markdown] text ink10.teacher_networks

# %%
lessons.show_code(solutions.network_exits)

# %%
lessons.check("ink_networks", solutions.network_exits)

# %%
import networkx as nx
board = ink.Board.from_anu("A5A14 A4A21 B2A31 A4A41 A5A50 A1B30 A1C30"
                          " B1D35 A3D41 A4D51 A4D61 A0B03 A1C00")
components = nx.connected_components(Tracks(board).graph())
from_networkx = sorted(len({exit for piece in piece_set for exit in piece.exits})
                       for piece_set in components)
assert from_networkx == solutions.network_exits(board)
from_networkx

# %% [markdown] text ink10.teacher_railway

# %%
lessons.show_code(solutions.longest_railway)

# %%
lessons.check("ink_longest_railway", solutions.longest_railway)

# %% [markdown] text ink10.teacher_mistake

# %%
lessons.show_code(solutions.joined_by_square)

# %%
lessons.check("ink_networks", solutions.joined_by_square)

# %% [markdown] text ink10.teacher_pitfalls

# %% [markdown] text ink10.teacher_discussion
