# %% [markdown] en
# # Teacher's notebook: the longest route (lesson 05)

# %% [markdown] de
# # Notebook für Lehrkräfte: die längste Strecke (Lektion 05)

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text longest.teacher_intro

# %% [markdown] text longest.teacher_plan

# %% [markdown] text longest.teacher_solutions

# %%
from zuzlab import ttr, lessons
from zuzlab.algorithms import longest_trail
from zuzlab.lessons import solutions as lesson   # the teaching versions the checker uses
from zuzlab.lessons.longest_route import whole_map_drawing
from zuzlab.viz import lesson_plots

usa = ttr.load_map("usa")
lessons.show_code(lesson.odd_cities_reference)

# %%
odd_cities = lesson.odd_cities_reference
lessons.check("odd_cities", odd_cities)

# %%
lessons.show_code(lesson.longest_route_reference)

# %%
longest_route = lesson.longest_route_reference
lessons.check("longest_route", longest_route)

# %%
lessons.show_code(lesson.longest_route_fast_reference)

# %%
longest_route_fast = lesson.longest_route_fast_reference
lessons.check("longest_route_fast", longest_route_fast)

# %%
lessons.show_code(lesson.one_track_each)

# %%
lessons.show_code(lesson.whole_map_reference)

# %%
whole_map = lesson.whole_map_reference
whole = lessons.check("whole_map", whole_map)
whole

# %% [markdown] text longest.teacher_pitfalls

# %% [markdown] text longest.teacher_discuss

# %% [markdown] text longest.teacher_answers

# %%
both = longest_trail(usa.routes)
one = longest_trail(lesson.one_track_each(usa.routes))
for version, trail in (("longest_answer_both", both), ("longest_answer_one", one)):
    zw.say("longest_answer", version=texts.text(f"say.{version}"),
           length=texts.quantity("train", trail.length),
           routes=texts.quantity("route", len(trail.edges)))
# a real trail: its routes add up
assert sum(r.length for r in one.edges) == one.length
assert all({a, b} == {r.a, r.b}
           for a, b, r in zip(one.cities, one.cities[1:], one.edges))

# %%
whole_map_drawing(whole)

# %%
both_title = texts.text("say.longest_answer_both")
viz.show(lesson_plots.trail_figure(usa, both.edges, both.cities, width=900, height=560,
                                   zoom=False, title=both_title))
