# %% [markdown] en
# # Playtesting with AI agents: the NYU study played again

# %% [markdown] de
# # Spieltest mit KI-Agenten: die NYU-Studie nachgespielt

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text study.paper

# %% [markdown] text study.agents

# %% [markdown] text study.size

# %%
from zuzlab import playtest
from zuzlab.viz import study_plots

GAMES = 48   # games a setting: enough for a notebook; the text gives the figures of 1,000
paper = playtest.study(boards=("usa", "europe"), players={"usa": (2, 3, 4), "europe": (4,)}, games=GAMES, seed=1)
paper.win_share_table()

# %%
viz.show(study_plots.win_share_figure(paper, "usa"))

# %% [markdown] text study.styles

# %%
paper.parts_table()

# %% check
shares = paper.win_shares.set_index(["variant", "players", "agent"]).sort_index().share
parts = paper.parts.set_index(["variant", "players", "agent"]).sort_index()
for board, players in shares.index.droplevel("agent").unique():
    assert shares[board, players][["long_route_exploiting", "one_step_thinking"]].sum() > 2 / players   # the two leaders
    assert parts.loc[(board, players)].route_points.idxmax() == "long_route_exploiting"   # long routes, most route points
lost = parts.ticket_points_lost.xs("destination_hungry", level="agent")
assert lost["usa", 4] > lost["usa", 2] + 5   # Destination Hungry loses more tickets as the board fills up

# %% [markdown] text study.arc

# %%
viz.show(study_plots.game_arc_figure(paper, "usa", players=4))

# %% [markdown] text study.cities

# %%
viz.show(study_plots.city_heat_map(paper, "usa", players=4))
paper.rank_correlation_table()

# %% check
assert (paper.rank_correlation.query("measure == 'claimed'").rho > 0.7).all()   # 1,000 games: 0.92–0.96

# %% [markdown] text study.failures

# %%
paper.failure_table()

# %% check
assert paper.failures.passes.sum() == 0 == paper.failures.resets_stopped.sum()   # 1,000 games: none either

# %% [markdown] text study.beyond

# %%
from dataclasses import replace
from zuzlab import ttr

printed_points = dict(ttr.rules.USA.route_points)        # length → points, as printed
bonus_20 = replace(ttr.rules.USA, name=texts.text("say.study_board_bonus_20"), longest_route_bonus=20)
flat = replace(ttr.rules.USA, name=texts.text("say.study_board_flat"), route_points={**printed_points, 4: 6, 5: 8, 6: 11})
changed = playtest.study(boards=(bonus_20, flat), players=4, games=GAMES, seed=1)
swiss = playtest.study(boards=("switzerland",), players=(2, 3), games=GAMES, seed=1)
everything = playtest.joined(paper, changed, swiss)   # one study: every board in one table
viz.show(study_plots.win_share_figure(everything, bonus_20))
viz.show(study_plots.win_share_figure(everything, flat))

# %%
def same_games(board):
    """How many of the board's 4-player games are the very games of the printed rules:
    the same claims, turn by turn."""
    printed, other = (everything.rows_of(name, 4).reset_index(drop=True) for name in ("usa", board))
    return int((printed.route_points_by_turn == other.route_points_by_turn).groupby(printed.game).all().sum())

games_at_4 = everything.rows_of("usa", 4).game.nunique()
zw.say("study_same_games", same=same_games(bonus_20.name), flat_same=same_games(flat.name), games=games_at_4)

# %% check
assert same_games(bonus_20.name) == games_at_4 > same_games(flat.name)   # no agent reads the bonus; two read the table

# %% [markdown] text study.switzerland

# %%
viz.show(study_plots.win_share_figure(everything, "switzerland"))
viz.show(study_plots.city_heat_map(everything, "switzerland", measure="winner"))

# %% [markdown] text study.similarity

# %%
viz.show(study_plots.similarity_figure(everything))

# %% check
distance = everything.similarity   # a bigger bonus (the very same games) moves the profile less than a board
assert distance.loc["usa", bonus_20.name] < distance.loc["usa", "switzerland"]

# %% [markdown] text study.quirks

# %%
faithful = playtest.study(boards=("usa",), players=4, games=GAMES, seed=1,
                          agents=[f"{agent}_faithful" for agent in playtest.AGENTS])
described = paper.parts.query("variant == 'usa' and players == 4").set_index("agent")
coded = faithful.parts.set_index("agent")
for agent in playtest.AGENTS:
    as_coded = coded.loc[f"{agent}_faithful"]
    zw.say("study_quirk", agent=texts.bot_name(agent),
           described=texts.share(described.win_share[agent]), coded=texts.share(as_coded.win_share),
           won_described=texts.number(described.ticket_points_won[agent], 1),
           won_coded=texts.number(as_coded.ticket_points_won, 1),
           routes_described=texts.number(described.route_points[agent], 1),
           routes_coded=texts.number(as_coded.route_points, 1))

# %% check
assert coded.route_points["route_focus_faithful"] > described.route_points["route_focus"] + 2   # paths by routes
assert coded.ticket_points_won["long_route_exploiting_faithful"] < described.ticket_points_won["long_route_exploiting"] - 2

# %% [markdown] text study.yours

# %%
# your rule change, e.g. {"cards_per_color": 4} or {"longest_route_bonus": 0}
# (any field of ttr.rules.USA)
changes = {}
yours = replace(ttr.rules.USA, name=texts.text("say.study_board_yours"), **changes)
mine = playtest.study(boards=(yours,), players=4, games=GAMES, seed=1)
compared = playtest.joined(paper, mine)
viz.show(study_plots.win_share_figure(compared, yours))
display(compared.similarity_table(), compared.failure_table())
