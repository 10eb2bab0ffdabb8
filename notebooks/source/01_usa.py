# %% [markdown] en
# # Ticket to Ride: USA

# %% [markdown] de
# # Zug um Zug: USA

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text usa.goal

# %%
from zuzlab import ttr
viz.show(viz.map_figure("usa"))

# %% [markdown] text usa.turn

# %% [markdown] en
# A forbidden move is refused, and the game stays as it was:

# %% [markdown] de
# Ein verbotener Zug wird abgelehnt, das Spiel bleibt, wie es war:

# %%
game = ttr.new_game("usa", players=4, seed=21)
before = game.copy()
try:
    game.apply(ttr.KeepTickets(game.pending.tickets[:1]))   # only one of the three opening tickets
except ttr.RuleViolation as refusal:
    print(texts.refusal(refusal))

# %% check
assert game == before

# %% [markdown] text usa.locomotive

# %%
# a position set up for the rule: a locomotive lies face up, you drew your first card from the deck
demo = ttr.new_game("usa", players=2, seed=21)
demo.set_up(face_up=["locomotive", "red", "blue", "green", "black"])
demo.apply(ttr.DrawBlind())                         # the first card, from the deck
try:
    demo.apply(ttr.DrawFaceUp("locomotive"))        # the face-up locomotive as the second card
except ttr.RuleViolation as refusal:
    print(texts.refusal(refusal))

# %% check
assert demo.pending.kind == "second_card" and ttr.DrawFaceUp("red") in demo.legal_actions()

# %% [markdown] text usa.try

# %%
view = zw.TtrGameView(ttr.new_game("usa", players=4, seed=21), human=0)
view

# %% check
opening = ttr.new_game("usa", players=4, seed=21)   # the game as the view began it, whatever you have played since
assert opening.pending.kind == "keep_tickets" and opening.current_player == 0 and opening.in_setup
assert not any(box.value for box in zw.TtrGameView(opening, human=0).keep_boxes.children)   # nothing chosen for you
assert ttr.replay("usa", players=4, seed=21, actions=view.game.history) == view.game

# %% [markdown] text usa.end

# %%
bots = ["balanced", "tickets", "long_routes", "balanced"]
finished = ttr.play_game("usa", players=4, seed=5, bots=bots)
scores = finished.final_scores().with_seats(bots)
scores

# %% check
best = max(s.total for s in scores.players)
assert all(scores[w].total == best for w in scores.winners)
longest = max(s.longest_route.length for s in scores.players)
assert all((s.longest_route_bonus == 10) == (s.longest_route.length == longest) for s in scores.players)
