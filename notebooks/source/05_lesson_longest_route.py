# %% [markdown] en
# # Lesson: the longest route

# %% [markdown] de
# # Lektion: die längste Strecke

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text longest.goals

# %% [markdown] text longest.game

# %% [markdown] text longest.trails

# %%
import ipywidgets as widgets
from zuzlab import algorithms, ttr
from zuzlab.lessons import check, solution_fold
from zuzlab.lessons import longest_route as lesson
from zuzlab.viz import lesson_plots

usa = ttr.load_map("usa")
six = [usa.route_between("Denver", "Kansas City", "black"),
       usa.route_between("Denver", "Omaha"),
       usa.route_between("Chicago", "Omaha"),
       usa.route_between("Chicago", "Saint Louis", "green"),
       usa.route_between("Kansas City", "Saint Louis", "blue"),
       usa.routes_between("Kansas City", "Omaha")[0]]
trail, path = ttr.longest_trail(six), lesson.longest_path(six)
zw.say("longest_trail", length=texts.quantity("train", trail.length),
       cities=" → ".join(trail.cities))
zw.say("longest_path", length=texts.quantity("train", path.length),
       cities=" → ".join(path.cities))
trail_title = texts.text("label.longest_trail_title",
                         length=texts.quantity("train", trail.length))
path_title = texts.text("label.longest_path_title",
                        length=texts.quantity("train", path.length))
widgets.HBox([
    viz.bokeh_widget(lesson_plots.trail_figure(usa, trail.edges, trail.cities,
                                               title=trail_title)),
    viz.bokeh_widget(lesson_plots.trail_figure(usa, path.edges, path.cities,
                                               title=path_title,
                                               color=lesson_plots.PATH_COLOR)),
])

# %% check
twice = sorted(city for city in set(trail.cities) if trail.cities.count(city) == 2)
assert twice == ["Kansas City", "Omaha"] and len(set(path.cities)) == len(path.cities)
assert (trail.length, path.length, len(six) - len(path.edges)) == (17, 14, 2)

# %% [markdown] text longest.trails_after

# %% [markdown] text longest.hard

# %%
networks = lesson.growing_networks("europe", seed=3)
sizes = [len(network) for network in networks]
plain = [lesson.search_steps(network, pruning=False) for network in networks]
pruned = [lesson.search_steps(network, pruning=True) for network in networks]
viz.show(lesson_plots.growth_figure(sizes, plain, pruned, limit=400_000))

# %% [markdown] text longest.watch

# %%
network = usa.random_network(trains=45, seed=2)
player = zw.StepPlayer(algorithms.longest_trail_steps(network), zw.MapStepView("usa"),
                       jump=lambda step: step.kind == "better",
                       jump_label="longest_next_better")
lesson_plots.with_legend(player)

# %% [markdown] text longest.odd

# %%
def odd_cities(routes):
    raise NotImplementedError

# %% [markdown] text longest.check

# %%
check("odd_cities", odd_cities)

# %% [markdown] text longest.core

# %%
def longest_route(routes):
    routes = list(routes)
    used = [False] * len(routes)   # used[i]: is route i on the trail being walked?

    def walk(city):
        """The longest trail that starts in city and takes only routes not used yet."""
        best = 0
        for i, route in enumerate(routes):
            if used[i] or city not in (route.a, route.b):
                continue   # used already, or not a route at this city
            other = route.b if city == route.a else route.a
            # your code here: use route i, walk on from other, then free route i again
            raise NotImplementedError
        return best

    cities = {route.a for route in routes} | {route.b for route in routes}
    # your code here: the longest walk from any city (0 when there are no routes)
    raise NotImplementedError

# %%
check("longest_route", longest_route)

# %%
solution_fold("longest_route")

# %% [markdown] text longest.discuss_part1

# %% [markdown] text longest.part2

# %% [markdown] text longest.stretch

# %%
def longest_route_fast(routes):
    raise NotImplementedError

# %%
check("longest_route_fast", longest_route_fast)

# %% [markdown] text longest.challenge

# %%
def whole_map(both_tracks):
    raise NotImplementedError

# %%
whole = check("whole_map", whole_map)
whole

# %% [markdown] text longest.after

# %%
lesson.whole_map_drawing(whole)

# %% [markdown] text longest.discuss_part2
