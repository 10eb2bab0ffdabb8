# %% [markdown] en
# # Lesson: connecting tickets

# %% [markdown] de
# # Lektion: Zielkarten verbinden

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text connect.components

# %%
from zuzlab import ttr
from zuzlab.algorithms import (components, connected, connectivity_steps, shortest_route,
    shortest_route_steps, ticket_plan, ticket_plan_steps)
usa = ttr.load_map("usa")
network = usa.random_network(trains=45, seed=6)
start = network[0].a
zw.StepPlayer(connectivity_steps(network, start), zw.MapStepView("usa"))

# %%
reached = list(connectivity_steps(network, start))[-1].result
assert reached == next(piece for piece in components(network) if start in piece)
sorted(reached)

# %% [markdown] text connect.shortest

# %%
zw.StepPlayer(shortest_route_steps(usa.routes, "Los Angeles", "New York"), zw.MapStepView("usa"))

# %%
plan = shortest_route(usa.routes, "Los Angeles", "New York")
assert list(shortest_route_steps(usa.routes, "Los Angeles", "New York"))[-1].result.length == plan.length
zw.say("plan", length=texts.quantity("train", plan.length), cities=" – ".join(plan.cities))

# %% [markdown] text connect.steiner

# %%
cities = ["Seattle", "Miami", "Denver", "Boston", "Los Angeles"]
zw.StepPlayer(ticket_plan_steps(usa.routes, cities), zw.MapStepView("usa"))

# %%
tree = ticket_plan(usa.routes, cities)
one_by_one = sum(shortest_route(usa.routes, cities[0], c).length for c in cities[1:])
zw.say("steiner", tree=texts.quantity("train", tree.length), start=cities[0], one_by_one=texts.quantity("train", one_by_one))
assert tree.length <= one_by_one
assert list(ticket_plan_steps(usa.routes, cities))[-1].result == tree
