# %% [markdown] en
# # Teacher's notes: connecting tickets

# %% [markdown] de
# # Hinweise für die Lehrkraft: Zielkarten verbinden

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text connect.teacher_intro

# %% [markdown] text connect.teacher_plan

# %% [markdown] text connect.teacher_connected

# %%
from zuzlab import lessons
from zuzlab.lessons import solutions
lessons.show_code(solutions.connected_teaching)

# %%
connected = solutions.connected_teaching
lessons.check("connected", connected)

# %% [markdown] text connect.teacher_shortest

# %%
lessons.show_code(solutions.distances_from)

# %%
lessons.show_code(solutions.shortest_route_teaching)

# %%
distances_from = solutions.distances_from
shortest_route = solutions.shortest_route_teaching
lessons.check("shortest_route", shortest_route)

# %% [markdown] text connect.teacher_three

# %%
lessons.show_code(solutions.connect_three_teaching)

# %%
connect_three = solutions.connect_three_teaching
lessons.check("connect_three", connect_three)

# %% [markdown] text connect.teacher_pitfalls

# %%
from collections import deque

def fewest_routes(routes, a, b):
    """A typical wrong answer: breadth-first search adds the trains of the first way
    found."""
    trains, frontier = {a: 0}, deque([a])
    while frontier:
        city = frontier.popleft()
        for route in routes:
            if city in (route.a, route.b):
                other = route.b if city == route.a else route.a
                if other not in trains:
                    trains[other] = trains[city] + route.length
                    frontier.append(other)
    return trains.get(b)

lessons.check("shortest_route", fewest_routes)

# %% [markdown] text connect.teacher_prompts
