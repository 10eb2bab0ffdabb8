# %% [markdown] en
# # Ticket to Ride: The Card Game

# %% [markdown] de
# # Zug um Zug: Das Kartenspiel

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text card.idea

# %% [markdown] text card.turn

# %% [markdown] text card.bots

# %%
from zuzlab import cardgame
# your opponents: the collector bot (player 1) and the wrecker bot (player 2)
# (your own seat's entry is not read)
view = zw.CardGameView(cardgame.new_game(players=3, seed=4), human=0, bot=[None, "collector", "wrecker"])
view

# %% check
opening = cardgame.new_game(players=3, seed=4)   # the game as the view began it, whatever you have played since
assert opening.pending.kind == "keep_tickets" and opening.current_player == 0
assert not zw.CardGameView(opening, human=0).ticked()   # nothing chosen for you
assert view.bot_names == {1: "collector", 2: "wrecker"}
assert texts.bot_name("collector") in zw.CardGameView(opening, human=0).hint()   # the hint: the collector's move
assert cardgame.replay(players=3, seed=4, actions=view.game.history) == view.game

# %% [markdown] text card.wreck

# %%
# a scenario: this position is set up, and player 0's move is played for you (a scripted move)
scenario = cardgame.new_game(players=3, seed=2)
scenario.set_up(hands={0: {"red": 4, "blue": 2, "locomotive": 1}, 1: {"yellow": 3, "black": 2},
                       2: {"white": 2, "orange": 2, "locomotive": 1}},
                yards={1: {"red": [2, (1, 1)], "green": [2]}, 2: {"red": [3]}}, current=0)
events = scenario.apply(cardgame.PlaySet("red", 4, 0))
wreck = next(e for e in events if e.kind == "train_wreck")
print(zw.narrate(wreck, scenario))
viz.show(viz.table_figure(scenario, wrecks=[wreck]))

# %% check
assert wreck.player == 0 and wreck.discarded == {1: 4, 2: 3}   # who caused it, whom it hit
assert scenario.yards[0]["red"] == [[4, 0]] and not scenario.yards[1]["red"] and not scenario.yards[2]["red"]
assert scenario.yards[1]["green"] == [[1, 0]] and scenario.track[1]["green"] == 1   # player 1's turn began: one green moved on

# %% [markdown] text card.end

# %%
# a whole game between the two bots and the random bot
bots = ["collector", "wrecker", "random"]
played = cardgame.play_game(players=3, seed=2, bots=bots)
scores = played.final_scores().with_seats(bots)
scores

# %% [markdown] text card.fulfilment

# %% [markdown] text card.fulfilment_small

# %%
tickets = [cardgame.load_data().ticket(i) for i in (3, 20, 46, 40, 38)]
pile = {"orange": 2, "blue": 2, "yellow": 3, "red": 1, "white": 2, "locomotive": 2}
zw.StepPlayer(cardgame.best_fulfilment_steps(tickets, pile), zw.FulfilmentView(tickets, pile), speed=2)

# %%
best = cardgame.best_fulfilment(tickets, pile)
for ticket, cards in zip(best.fulfilled, best.assignment):
    zw.say("ticket_cards", ticket=f"{ticket.origin}–{ticket.destination}", cards=list(cards))

# %% check
assert list(cardgame.best_fulfilment_steps(tickets, pile))[-1].result == best and best.points_fulfilled == 30
# the same search scored the game above: each player's tickets against their on-the-track pile
# (a choice with fewer ticket points counts only where its Big City cards make up for them)
for player in range(3):
    held = [played.data.ticket(t) for t in played.tickets[player]]
    most = cardgame.best_fulfilment(held, played.track[player])
    assert most.score == scores[player].ticket_points or scores[player].most_ticket_points == most
