# %% [markdown] en
# # Teacher's notebook: write a Ticket to Ride bot (lesson 12)

# %% [markdown] de
# # Notebook für Lehrkräfte: Schreib einen Bot für Zug um Zug (Lektion 12)

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text bots.teacher_intro

# %% [markdown] text bots.teacher_plan

# %% [markdown] text bots.teacher_solutions

# %%
from zuzlab import ttr, lessons
from zuzlab.lessons import solutions as lesson   # the example bots, one for each step
from zuzlab.lessons.writing_bots import check_bot

lessons.show_code(lesson.skeleton_bot)

# %%
lessons.show_code(lesson.longest_claim_bot)

# %%
step1 = check_bot("beat_random", lesson.longest_claim_bot)
step1

# %%
lessons.show_code(lesson.ticket_plan_bot)

# %%
step2 = check_bot("beat_tickets", lesson.ticket_plan_bot)
step2

# %%
lessons.show_code(lesson.ink_score_bot)

# %%
stretch_b = check_bot("ink_score", lesson.ink_score_bot)
stretch_b

# %% check
assert all(check.passed and not check.faults for check in (step1, step2, stretch_b))

# %% [markdown] text bots.teacher_pitfalls

# %%
import time
from zuzlab.lessons import tournament


def forgets_return(game, rng):
    action = rng.choice(game.legal_actions())   # no return: the bot returns None


def claims_without_cards(game, rng):
    return ttr.ClaimRoute(game.map.routes[0].id, "red")   # the cards are not checked


def always_draws(game, rng):
    return ttr.DrawBlind()   # also when tickets must be chosen


def loops(game, rng):
    while game.turn >= 0:   # always true: an endless loop
        pass


def peeks(game, rng):
    opponent = 1 - game.current_player
    if game.hands[opponent]["locomotive"] > 0:   # hidden: HiddenInformation
        return game.legal_actions()[0]
    return rng.choice(game.legal_actions())


def slow(game, rng):
    time.sleep(0.4)   # stands for slow thinking, e.g. a plan made anew for each of 200 moves
    return rng.choice(game.legal_actions())


# a short thinking time for each game (1 s; a league's is 10 s), so that the slow bot runs out of it soon
pitfalls = tournament([forgets_return, claims_without_cards, always_draws, loops, peeks, slow], "usa",
                      players=2, rounds=1, seed=1, game_seconds=1, progress=False)
pitfalls

# %% check
kinds = {(fault.bot, fault.kind) for fault in pitfalls.faults}
assert {("forgets_return", "not_an_action"), ("claims_without_cards", "illegal"), ("always_draws", "illegal"),
        ("loops", "timeout"), ("peeks", "error"), ("slow", "game_time")} <= kinds
assert all("HiddenInformation" in str(fault) for fault in pitfalls.faults if fault.bot == "peeks")
assert all(game.finished for game in pitfalls.played)

# %% [markdown] text bots.teacher_league

# %%
import inspect
import tempfile
from pathlib import Path
from zuzlab.lessons import load_bots


def as_file(bot):
    """A student's file: the example bot, its function renamed bot."""
    return inspect.getsource(bot).replace(f"def {bot.__name__}(", "def bot(", 1)


folder = Path(tempfile.mkdtemp(prefix="class_"))
files = {
    "anna.py": as_file(lesson.longest_claim_bot),
    "ben.py": as_file(lesson.ticket_plan_bot),
    "carla.py": as_file(lesson.skeleton_bot),
    "dana.py": "def bot(game, rng)\n    return rng.choice(game.legal_actions())\n",
    "emil.py": "def bot(game, rng):\n    actions = game.legal_actions()\n    return rng.choice(action)\n",
}
for name, source in files.items():
    (folder / name).write_text(source, encoding="utf-8")
found = load_bots(folder)
found

# %% check
assert sorted(found.problems) == ["dana.py"] and [bot.name for bot in found.entrants] == ["anna", "ben", "carla", "emil"]

# %%
league = tournament(found, "usa", players=2, rounds=4, seed=1, progress=False)
league

# %% [markdown] text bots.teacher_ratings

# %%
viz.show(league.rating_figure())
viz.show(league.score_figure())

# %%
league.fault_table().head()

# %% check
standings = league.standings()
assert standings.bot[0] in ("anna", "ben") and {fault.bot for fault in league.faults} == {"emil"}
assert len(league.played) == 16 and all(game.finished for game in league.played)

# %% [markdown] text bots.teacher_replay

# %%
anna_game = int(league.games.query("bot == 'anna'").game.iloc[0])
league.replay(anna_game, bot="anna").widget

# %% check
replay = league.replay(anna_game, bot="anna")
assert replay.view.game.is_over and replay.view.game.history == league.game(anna_game).history

# %% [markdown] text bots.teacher_collect

# %% [markdown] text bots.teacher_discuss
