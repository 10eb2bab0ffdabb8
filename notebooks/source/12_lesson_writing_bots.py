# %% [markdown] en
# # Lesson: write a Ticket to Ride bot

# %% [markdown] de
# # Lektion: Schreib einen Bot für Zug um Zug

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text bots.goals

# %% [markdown] text bots.what

# %%
from collections import Counter
from zuzlab import ttr
from zuzlab.core import HiddenInformation, PlayerView
from zuzlab.lessons.writing_bots import check_bot, plan, route_points

# a position set up for the lesson: your hand, your two tickets, one route of your opponent's
game = ttr.new_game("usa", players=2, seed=1)
game.set_up(hands={0: {"red": 4, "blue": 2, "green": 1, "locomotive": 1}},
            face_up=["red", "yellow", "locomotive", "black", "white"],
            tickets={0: [("Denver", "El Paso"), ("Kansas City", "Houston")], 1: [("Seattle", "New York")]},
            claimed={("Denver", "Oklahoma City"): 1}, current=0)
seen = PlayerView(game, 0)   # the game as the bot of player 0 sees it
viz.show(viz.map_figure(game, player=0))

# %% [markdown] text bots.look

# %%
me = seen.current_player
print(seen.hands[me])
print([str(seen.map.ticket(ticket)) for ticket in seen.tickets[me]])
actions = seen.legal_actions()
Counter(type(action).__name__ for action in actions)

# %%
claims = [action for action in actions if isinstance(action, ttr.ClaimRoute)]
claim = claims[0]
route = seen.map.route(claim.route)
print(claim)
print(route.a, route.b, route.length, route_points(seen, claim.route))

# %%
try:
    seen.hands[1]   # your opponent's cards: hidden from your bot
except HiddenInformation as refusal:
    print(refusal)

# %% check
assert len(claims) > 100 and ttr.DrawBlind() in actions and ttr.DrawTickets() in actions
assert Counter(type(action).__name__ for action in actions)["DrawFaceUp"] == 5
assert route_points(seen, claim.route) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}[route.length]   # the printed table

# %% [markdown] text bots.skeleton

# %%
def skeleton(game, rng):
    actions = game.legal_actions()
    return rng.choice(actions)   # any legal move, at random


finished = ttr.play_game("usa", players=2, seed=4, bots=[skeleton, "random"])
finished.final_scores()

# %% check
again = ttr.replay("usa", players=2, seed=4, actions=finished.history)   # every move legal: the game replays
assert finished.is_over and again.is_over and again.final_scores().totals == finished.final_scores().totals

# %% [markdown] text bots.step1

# %%
def step1_bot(game, rng):
    actions = game.legal_actions()
    # your code here: claim the longest route you can (see the hints above)
    return rng.choice(actions)

# %%
check_bot("beat_random", step1_bot)

# %% [markdown] text bots.step2

# %%
def step2_bot(game, rng):
    actions = game.legal_actions()
    my_plan = plan(game)
    # your code here: claim the routes of your plan, draw the colours it needs
    return rng.choice(actions)

# %%
check_bot("beat_tickets", step2_bot)

# %% [markdown] text bots.stretch_agents

# %%
check_bot("beat_agents", step2_bot)

# %% [markdown] text bots.stretch_ink

# %%
from zuzlab import ink
from zuzlab.lessons.writing_bots import score_after

ink_game = ink.new_game("ink", players=1, seed=2)
print(len(ink_game.legal_actions()), ink_game.legal_actions()[0])

# %%
def ink_bot(game, rng):
    actions = game.legal_actions()
    # your code here: the drawing with the best score_after(game, action)
    return rng.choice(actions)

# %%
check_bot("ink_score", ink_bot)

# %% [markdown] text bots.league

# %% [markdown] text bots.discuss
