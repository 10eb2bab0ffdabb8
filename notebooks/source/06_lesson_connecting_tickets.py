# %% [markdown] en
# # Lesson: connecting tickets

# %% [markdown] de
# # Lektion: Zielkarten verbinden

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text connect.goals

# %% [markdown] text connect.components

# %%
from zuzlab import algorithms, ttr
from zuzlab.lessons import check, solution_fold
usa = ttr.load_map("usa")
network = usa.random_network(trains=45, seed=6)
start, goal = network[0].a, "Boston"
trains = sum(route.length for route in network)
zw.say("l06_network", routes=texts.quantity("route", len(network)),
       trains=texts.quantity("train", trains), start=start, goal=goal)
zw.StepPlayer(algorithms.connectivity_steps(network, start, goal), zw.PlanStepView("usa"),
              jump=lambda step: step.kind == "reach", jump_label="l06_next_reached")

# %% [markdown] text connect.task_connected

# %%
def connected(routes, a, b):
    neighbours = {}   # city → the cities one route away (a route goes both ways)
    for route in routes:
        neighbours.setdefault(route.a, []).append(route.b)
        neighbours.setdefault(route.b, []).append(route.a)
    reached = {a}
    frontier = [a]   # the frontier: reached, but its neighbours not looked at yet
    # your code here: the flood fill (hint 2), then: is b among the cities reached?
    raise NotImplementedError

# %%
check("connected", connected)

# %%
solution_fold("connected")

# %% [markdown] text connect.shortest

# %%
zw.StepPlayer(algorithms.shortest_route_steps(usa.routes, "Los Angeles", "New York"),
              zw.PlanStepView("usa"),
              jump=lambda step: step.kind == "settle", jump_label="l06_next_settled")

# %% [markdown] text connect.task_shortest

# %%
import heapq

def shortest_route(routes, a, b):
    neighbours = {}   # city → (neighbour, trains) for each route at the city
    for route in routes:
        neighbours.setdefault(route.a, []).append((route.b, route.length))
        neighbours.setdefault(route.b, []).append((route.a, route.length))
    settled = set()   # the cities whose fewest trains are known for good
    heap = [(0, a)]   # (trains from a, city): heapq.heappop takes the nearest out first
    while heap:
        trains, city = heapq.heappop(heap)
        # your code here: skip a city settled already; at b, return its trains;
        # else settle it and push each neighbour not settled yet (trains from a)
        raise NotImplementedError
    return None   # the heap is empty: the routes do not join a and b

# %%
check("shortest_route", shortest_route)

# %%
solution_fold("shortest_route")

# %% [markdown] text connect.steiner

# %%
cities = ["Seattle", "Miami", "Denver", "Boston", "Los Angeles"]
zw.StepPlayer(algorithms.ticket_plan_steps(usa.routes, cities), zw.PlanStepView("usa"),
              jump=lambda step: step.kind in ("bridge", "link", "prune", "done"),
              jump_label="l06_next_phase")

# %%
tree = algorithms.ticket_plan(usa.routes, cities)
one_by_one = sum(algorithms.shortest_route(usa.routes, cities[0], city).length
                 for city in cities[1:])
zw.say("l06_steiner", tree=texts.quantity("train", tree.length), start=cities[0],
       one_by_one=texts.quantity("train", one_by_one))

# %% [markdown] text connect.task_three

# %%
def connect_three(routes, cities):
    raise NotImplementedError

# %%
check("connect_three", connect_three)

# %% [markdown] text connect.discuss
