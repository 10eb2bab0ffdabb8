# %% [markdown] en
# # Europe

# %% [markdown] de
# # Europa

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text europe.differences

# %%
from zuzlab import ttr
viz.show(viz.map_figure("europe"))

# %% [markdown] text europe.tunnels

# %% [markdown] text europe.tunnel_demo

# %%
game = ttr.new_game("europe", players=2, seed=3)
game.set_up(hands={0: {"blue": 3, "locomotive": 1}}, deck_top=["blue", "locomotive", "red"], current=0)
start = game.copy()
claim = ttr.ClaimRoute(("München", "Venezia"), "blue")
view = zw.TtrGameView(game, human=0)
view.act(claim)   # the scenario's move: claim the tunnel
view

# %% check
scenario = start.copy()   # the scenario again, whatever you have decided in the view since
revealed = next(e for e in scenario.apply(claim) if e.kind == "tunnel_revealed")
assert revealed.revealed == ["blue", "locomotive", "red"] and revealed.extra == 2
assert scenario.pending.kind == "tunnel" and scenario.pending.extra == 2 and ttr.GiveUpTunnel() in scenario.legal_actions()
assert view.game.history[0] == scenario.history[0]   # the view's game began with this claim

# %% [markdown] text europe.ferries

# %% [markdown] text europe.ferry_demo

# %%
ferry_game = ttr.new_game("europe", players=2, seed=3).set_up(hands={0: {"red": 2}})
ferry = ferry_game.map.route_between("Amsterdam", "London")
try:
    ferry_game.apply(ttr.ClaimRoute(ferry.id, "red", 0))
except ttr.RuleViolation as refusal:
    print(texts.refusal(refusal))
    refused = refusal

# %% check
assert refused.rule == "ferry"

# %% [markdown] text europe.stations

# %% [markdown] text europe.station_demo

# %%
station_game = ttr.new_game("europe", players=2, seed=3)
board = station_game.map
station_game.set_up(claimed={("Bruxelles", "Frankfurt"): 0, ("Berlin", "Danzig"): 0, board.route_between("Frankfurt", "Berlin", "red").id: 1},
                    tickets={0: [("Bruxelles", "Danzig")], 1: []}, stations={"Frankfurt": 0}, over=True)
scores = station_game.final_scores()
(city, borrowed), = scores[0].borrowed
fig = viz.map_figure(station_game, player=0)
viz.mark_routes(fig, board, [borrowed], texts.text("label.borrowed", city=city))
viz.show(fig)
scores

# %% check
assert city == "Frankfurt" and {borrowed.a, borrowed.b} == {"Frankfurt", "Berlin"}
assert scores[0].tickets[0].completed and scores[0].station_points == 2 * 4   # two stations never built

# %% [markdown] text europe.choice

# %%
from zuzlab.algorithms import best_station_use, station_choice_steps
player = 0
args = (board.places, station_game.routes_of(player), [board.ticket(t) for t in station_game.tickets[player]],
        [c for c, o in station_game.stations.items() if o == player],
        [board.route(r) for r, o in station_game.claimed.items() if o != player])
zw.StepPlayer(station_choice_steps(*args), zw.MapStepView(station_game, width=760, height=470))

# %% check
assert list(station_choice_steps(*args))[-1].result == best_station_use(*args)
assert len(scores[player].borrowed) == len(best_station_use(*args).borrowed) == 1
