# %% [markdown] en
# # Lesson: the longest route

# %% [markdown] de
# # Lektion: die längste Strecke

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text longest.trails

# %%
from zuzlab import ttr
from zuzlab.algorithms import longest_trail_steps
usa = ttr.load_map("usa")
loop = [r for r in usa.routes if r.id in (31, 34, 18, 21, 58, 56)]  # Denver, Kansas City, Omaha, Chicago, Saint Louis
trail = ttr.longest_trail(loop)
zw.say("trail", length=texts.quantity("train", trail.length), cities=" – ".join(trail.cities))
def longest_path(routes):
    """Every path that never visits a city twice (fine for a handful of routes)."""
    best = 0
    def walk(city, seen, length, used):
        nonlocal best
        best = max(best, length)
        for r in routes:
            if r.id not in used and city in r.cities:
                other = r.b if city == r.a else r.a
                if other not in seen:
                    walk(other, seen | {other}, length + r.length, used | {r.id})
    for city in {c for r in routes for c in r.cities}:
        walk(city, {city}, 0, set())
    return best
zw.say("path", length=texts.quantity("train", longest_path(loop)))
assert trail.length >= longest_path(loop)

# %% [markdown] text longest.hard

# %%
for trains in (15, 25, 35, 45):
    network = usa.random_network(trains=trains, seed=1)
    steps = sum(1 for s in longest_trail_steps(network) if s.kind == "extend")
    zw.say("search_size", trains=texts.quantity("train", trains), routes=texts.quantity("route", len(network)), steps=texts.quantity("step", steps))

# %% [markdown] text longest.watch

# %%
network = usa.random_network(trains=45, seed=2)
zw.StepPlayer(longest_trail_steps(network), zw.MapStepView("usa"))

# %%
assert list(longest_trail_steps(network))[-1].best_length == ttr.longest_route(network)

# %% [markdown] text longest.challenge

# %%
whole = ttr.longest_trail(usa.routes)
zw.say("whole_map", length=texts.quantity("train", whole.length), routes=texts.quantity("route", len(whole.edges)))
view = zw.MapStepView("usa")
view.overlay({"best": list(whole.edges)})
view.widget

# %%
assert whole.length == 285 and sum(r.length for r in whole.edges) == 285
assert all({a, b} == {r.a, r.b} for a, b, r in zip(whole.cities, whole.cities[1:], whole.edges))
