# %% [markdown] en
# # Explore rule changes

# %% [markdown] de
# # Regeländerungen erkunden

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text explore.idea

# %% [markdown] text explore.worked

# %%
from dataclasses import replace
from zuzlab import sim, ttr
from zuzlab.viz import sim_plots

bots = ["long_routes", "tickets", "balanced", "random"]
printed = sim.simulate("usa", players=4, games=100, seed=1, bots=bots, keep_actions=True)
sim.mean_parts(printed)   # each bot's mean score parts and share of wins

# %%
parts = printed.groupby("bot").mean(numeric_only=True)
rates = sim.win_rates(printed)
assert parts.route_points.idxmax() == "long_routes"     # long routes bring by far the most route points …
assert parts.route_points["long_routes"] > 1.3 * parts.route_points.drop("long_routes").max()
assert parts.ticket_points["tickets"] > parts.ticket_points["long_routes"]   # … fewer ticket points …
assert 0.2 < rates["long_routes"] < 0.45 and rates["random"] < 0.05         # … and about a third of the wins
zw.explain("explore.finding", won=int(printed[printed.bot == "long_routes"].won.sum()), games=printed.game.nunique(),
           long_points=parts.route_points["long_routes"], other_points=parts.route_points.drop("long_routes").max(),
           long_tickets=round(float(parts.ticket_points["long_routes"])),
           ticket_tickets=round(float(parts.ticket_points["tickets"])))

# %%
printed_points = dict(ttr.rules.USA.route_points)        # length → points, as printed
flat_points = {**printed_points, 4: 6, 5: 8, 6: 11}          # long routes flattened
per_train = texts.number(printed_points[6] / 6, 1)
zw.explain("explore.change", six=printed_points[6], per_train=per_train, one_train=printed_points[1],
           four_flat=flat_points[4], five_flat=flat_points[5], six_flat=flat_points[6])

# %%
flat = replace(ttr.rules.USA, name="usa-flat", route_points=flat_points)
flattened = sim.rescore(printed, flat)   # the same games, scored anew
compared = {"printed": printed, "flat": flattened}
variant = lambda key: texts.text(f"say.variant_{key}")   # the name a reader sees
shown = {variant(key): table for key, table in compared.items()}
viz.show(sim_plots.win_rate_bars(shown))
viz.show(sim_plots.histograms(shown, "total"))

# %%
rates = {name: sim.win_rates(table)["long_routes"] for name, table in compared.items()}
assert rates["flat"] < rates["printed"]
zw.say("flat_table_rates", printed=texts.share(rates["printed"]), flat=texts.share(rates["flat"]))

# %% check
played_again = sim.simulate(flat, players=4, games=10, seed=1, bots=bots, progress=False)
assert played_again.equals(flattened[flattened.game < 10].drop(columns="actions"))   # playing them gives the very same games

# %%
import pandas as pd

candidates = {
    "bonus_0": replace(ttr.rules.USA, name="usa-bonus-0", longest_route_bonus=0),
    "bonus_20": replace(ttr.rules.USA, name="usa-bonus-20", longest_route_bonus=20),
    "linear": replace(ttr.rules.USA, name="usa-linear", route_points={n: n for n in range(1, 7)}),
}
for name, rules in candidates.items():
    compared[name] = sim.rescore(printed, rules)   # the same games, scored anew
win_rates = pd.DataFrame({name: sim.win_rates(table) for name, table in compared.items()})
long_routes = win_rates.loc["long_routes"]
table_effect = long_routes["printed"] - long_routes["flat"]
for bonus in ("bonus_0", "bonus_20"):   # a smaller or a larger bonus matters less than half as much …
    assert abs(long_routes[bonus] - long_routes["printed"]) < table_effect / 2
assert long_routes["linear"] < long_routes["flat"] < 0.65 * long_routes["printed"]   # … as the table
shown_rates = win_rates.rename(columns=variant, index=texts.bot_name).rename_axis(texts.text("label.explore_bot"))
shown_rates = shown_rates.style.format(lambda rate: texts.render(texts.share(rate)))
display(shown_rates.set_caption(texts.text("label.sim_win_rates")))
zw.explain("explore.candidates", per_train=per_train, one_train=printed_points[1],
           **{key: texts.share(long_routes[name]) for key, name in [
               ("printed", "printed"), ("bonus_0", "bonus_0"), ("bonus_20", "bonus_20"),
               ("flat", "flat"), ("linear", "linear")]})

# %% [markdown] text explore.agents

# %%
# the NYU study's agent in the long-route bot's seat
agent_bots = ["long_route_exploiting", "tickets", "balanced", "random"]
with_agent = sim.simulate("usa", players=4, games=100, seed=1, bots=agent_bots, keep_actions=True)
agent_runs = {"printed": with_agent,
              # it never reads the bonus: the same games
              "bonus_0": sim.rescore(with_agent, candidates["bonus_0"]),
              "bonus_20": sim.rescore(with_agent, candidates["bonus_20"]),
              # it reads the table: played again
              "flat": sim.simulate(flat, players=4, games=100, seed=1, bots=agent_bots)}
agent_rates = pd.Series({name: sim.win_rates(table)["long_route_exploiting"] for name, table in agent_runs.items()})
side_by_side = pd.DataFrame({texts.bot_name("long_routes"): long_routes[agent_rates.index],
                             texts.bot_name("long_route_exploiting"): agent_rates}).rename(index=variant)
shown_side_by_side = side_by_side.style.format(lambda rate: texts.render(texts.share(rate)))
display(shown_side_by_side.set_caption(texts.text("label.explore_win_rate")))

# %% check
bonus_effect = agent_rates["bonus_20"] - agent_rates["bonus_0"]
assert bonus_effect > abs(agent_rates["printed"] - agent_rates["flat"])   # the bonus is its lever

# %%
viz.show(sim_plots.route_claims_figure("usa", printed))

# %% [markdown] text explore.try

# %%
explorer = zw.RuleExplorer("usa", games=40, players=4)
explorer

# %%
explorer.controls["longest_route_bonus"].value = 20    # the question we started with
tables = explorer.simulate()                              # what the button does
assert list(tables) == [texts.text("label.explore_base"), texts.text("label.explore_changed")]

# %% [markdown] text explore.card

# %%
cards_explorer = zw.RuleExplorer("cardgame", games=40, players=3)   # the collector and the wrecker bots in turn
cards_explorer

# %% check
assert cards_explorer.seat_bots() == ["collector", "wrecker", "collector"]

# %% [markdown] text explore.ink

# %%
zw.RuleExplorer("ink", games=20, players=1)   # played by the expert at a quick budget
