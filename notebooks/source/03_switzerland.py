# %% [markdown] en
# # Switzerland

# %% [markdown] de
# # Schweiz

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text swiss.differences

# %%
from zuzlab import ttr
viz.show(viz.map_figure("switzerland"))

# %% [markdown] text swiss.tunnels

# %% [markdown] text swiss.tunnel_demo

# %%
game = ttr.new_game("switzerland", players=3, seed=2).set_up(hands={0: {"white": 2, "tunnel": 1}})
plain = game.map.route_between("Olten", "Zürich")
try:
    game.apply(ttr.ClaimRoute(plain.id, "white", 1))     # 2 white + 1 tunnel card
except ttr.RuleViolation as refusal:
    print(texts.refusal(refusal))
    refused = refusal

# %% check
assert refused.rule == "wild_not_allowed"
assert not plain.tunnel and all(a.wilds == 0 for a in game.legal_actions()
                                if isinstance(a, ttr.ClaimRoute) and not game.map.route(a.route).tunnel)

# %% [markdown] text swiss.countries

# %% [markdown] text swiss.country_demo

# %%
swiss = ttr.new_game("switzerland", players=2, seed=4)
board = swiss.map
italy = [("Zürich", "Pfäffikon"), ("Pfäffikon", "Sargans"), ("Sargans", "Davos"), ("Davos", "Italia 1")]
germany = [board.route_between("Zürich", "Winterthur", "blue").id, board.route_between("Winterthur", "Schaffhausen", "white").id,
           ("Schaffhausen", "Deutschland 2")]
zurich = next(t.id for t in board.tickets if t.origin == "Zürich")
swiss.set_up(claimed={route: 0 for route in italy + germany}, tickets={0: [zurich], 1: []}, over=True)
result = swiss.final_scores()[0].tickets[0]
print(f"{texts.render(result.ticket)} → {result.points:+d}")
viz.show(viz.map_figure(swiss, player=0))

# %% check
assert set(result.reached) == {"Italia", "Deutschland"} and result.points == 11   # the best reached value

# %% [markdown] text swiss.play

# %%
zw.TtrGameView(ttr.new_game("switzerland", players=3, seed=8), human=0)
