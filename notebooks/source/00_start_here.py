# %% [markdown] en
# # zuzlab – start here
#
# The switch below changes the language of what the kit shows: its buttons and messages at once, and the tables and maps of every cell you run after it (run a cell again to see it in the other language). Each notebook starts in the language of its set: the ones in `en/` in English, the ones in `de/` in German. For JupyterLab's own menus in German, choose *Settings → Language → German (Germany)*.

# %% [markdown] de
# # zuzlab – hier beginnen
#
# Der Schalter unten wechselt die Sprache dessen, was das Kit zeigt: Knöpfe und Meldungen sofort, Tabellen und Pläne in jeder Zelle, die du danach ausführst (führe eine Zelle noch einmal aus, um sie in der anderen Sprache zu sehen). Jedes Notebook beginnt in der Sprache seiner Reihe: die in `de/` auf Deutsch, die in `en/` auf Englisch. Die Menüs von JupyterLab selbst stellst du unter *Settings → Language → German (Germany)* auf Deutsch um.

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text start.what

# %% [markdown] text start.widgets

# %% [markdown] en
# ## The notebooks
#
# | notebook | what you do |
# |---|---|
# | [Ticket to Ride: USA](01_usa.ipynb) | a game against strategy bots; each rule and each refusal explained |
# | [Europe](02_europe.ipynb) | tunnels, ferries, stations |
# | [Switzerland](03_switzerland.ipynb) | tunnel cards and country tickets |
# | [The Card Game](04_cardgame.ipynb) | rail yard, train wreck, which tickets a pile fulfils |
# | [Lesson: the longest route](05_lesson_longest_route.ipynb) | trails and paths, why it is hard, backtracking |
# | [Lesson: connecting tickets](06_lesson_connecting_tickets.ipynb) | components, shortest paths, Steiner trees |
# | [Railroad Ink](07_railroad_ink.ipynb) | draw the dice's routes, and the scoring part by part |
# | [Railroad Ink Deep Blue](08_deep_blue.ipynb) | rivers and lakes |
# | [Explore rule changes](09_rule_explorer.ipynb) | bots play the same games under two sets of rules; compare |
# | [Lesson: scoring Railroad Ink](10_lesson_railroad_ink_scoring.ipynb) | the board as a graph: errors, networks (breadth-first search), the longest railway |
# | [Playtesting with AI agents](11_playtesting.ipynb) | a published study played again: four agents, which style wins where, and a changed rule of your own |
# | [Lesson: write a bot](12_lesson_writing_bots.ipynb) | a Ticket to Ride bot in steps, each checked by a short tournament; then the class league |
# | [Your own board](13_your_own_board.ipynb) | build a board by clicking, give it tickets, fix its problems, play it, and test its balance beside the USA board |
#
# ## For teachers
#
# Each lesson is planned for a class, with its tasks checked by the kit; its teacher's notebook has the plan of what you do, the solutions (checked), the mistakes to expect and questions for the discussion.
#
# | lesson | teacher's notebook |
# |---|---|
# | [the longest route](05_lesson_longest_route.ipynb) | [teacher's notes: the longest route](05_teacher_longest_route.ipynb) |
# | [connecting tickets](06_lesson_connecting_tickets.ipynb) | [teacher's notes: connecting tickets](06_teacher_connecting_tickets.ipynb) |
# | [scoring Railroad Ink](10_lesson_railroad_ink_scoring.ipynb) | [teacher's notes: scoring Railroad Ink](10_teacher_railroad_ink_scoring.ipynb) |
# | [write a bot](12_lesson_writing_bots.ipynb) | [teacher's notes: write a bot](12_teacher_writing_bots.ipynb) |

# %% [markdown] de
# ## Die Notebooks
#
# | Notebook | was du tust |
# |---|---|
# | [Zug um Zug: USA](01_usa.ipynb) | eine Partie gegen Strategie-Bots; jede Regel und jede Ablehnung erklärt |
# | [Europa](02_europe.ipynb) | Tunnel, Fähren, Bahnhöfe |
# | [Schweiz](03_switzerland.ipynb) | Tunnelkarten und Länder-Zielkarten |
# | [Das Kartenspiel](04_cardgame.ipynb) | Verschiebebahnhof, Zugunglück, welche Zielkarten ein Stapel erfüllt |
# | [Lektion: die längste Strecke](05_lesson_longest_route.ipynb) | Kantenzüge und Pfade, warum es schwer ist, Backtracking |
# | [Lektion: Zielkarten verbinden](06_lesson_connecting_tickets.ipynb) | Zusammenhangskomponenten, kürzeste Wege, Steinerbäume |
# | [Railroad Ink](07_railroad_ink.ipynb) | die Routen der Würfel zeichnen, und die Wertung Teil für Teil |
# | [Railroad Ink Deep Blue](08_deep_blue.ipynb) | Flüsse und Seen |
# | [Regeländerungen erkunden](09_rule_explorer.ipynb) | Bots spielen dieselben Partien unter zwei Regelwerken; vergleichen |
# | [Lektion: Railroad Ink werten](10_lesson_railroad_ink_scoring.ipynb) | das Spielbrett als Graph: Fehler, Netze (Breitensuche), die längste Eisenbahn |
# | [Spieltest mit KI-Agenten](11_playtesting.ipynb) | eine veröffentlichte Studie nachgespielt: vier Agenten, welche Spielweise wo gewinnt, und eine eigene Regeländerung |
# | [Lektion: Schreib einen Bot](12_lesson_writing_bots.ipynb) | ein Bot für Zug um Zug in Schritten, jeder mit einem kurzen Turnier geprüft; dann die Klassenliga |
# | [Dein eigener Spielplan](13_your_own_board.ipynb) | einen Spielplan per Klick bauen, ihm Zielkarten geben, seine Probleme beheben, ihn spielen und neben dem USA-Spielplan auf Ausgewogenheit testen |
#
# ## Für Lehrkräfte
#
# Jede Lektion ist für eine Klasse geplant, ihre Aufgaben prüft das Kit; das Notebook für die Lehrkraft enthält den Ablauf mit dem, was du tust, die (geprüften) Lösungen, die zu erwartenden Fehler und Fragen für das Gespräch.
#
# | Lektion | Notebook für die Lehrkraft |
# |---|---|
# | [die längste Strecke](05_lesson_longest_route.ipynb) | [für die Lehrkraft: die längste Strecke](05_teacher_longest_route.ipynb) |
# | [Zielkarten verbinden](06_lesson_connecting_tickets.ipynb) | [für die Lehrkraft: Zielkarten verbinden](06_teacher_connecting_tickets.ipynb) |
# | [Railroad Ink werten](10_lesson_railroad_ink_scoring.ipynb) | [für die Lehrkraft: Railroad Ink werten](10_teacher_railroad_ink_scoring.ipynb) |
# | [Schreib einen Bot](12_lesson_writing_bots.ipynb) | [für die Lehrkraft: Schreib einen Bot](12_teacher_writing_bots.ipynb) |

# %% [markdown] en
# ## Ticket to Ride: USA

# %% [markdown] de
# ## Zug um Zug: USA

# %%
from zuzlab import ttr

usa = ttr.load_map("usa")
viz.show(viz.map_figure(usa))

# %% check
assert (len(usa.cities), len(usa.routes), len(usa.tickets)) == (36, 100, 30)

# %% [markdown] text start.game

# %%
bots = ["balanced", "tickets", "long_routes", "balanced"]
game = ttr.play_game("usa", players=4, seed=7, bots=bots)
scores = game.final_scores().with_seats(bots)
viz.show(viz.map_figure(game, player=scores.winners[0], you=False))
scores

# %%
winner = scores[scores.winners[0]]
zw.say("start_longest", player=winner.player, length=texts.quantity("train", winner.longest_route.length),
       cities=" – ".join(winner.longest_route.cities))

# %% check
for player in scores.players:
    assert player.total == player.route_points + player.ticket_points + player.longest_route_bonus
assert winner.longest_route.length == ttr.longest_route(game.routes_of(winner.player))

# %%
again = ttr.replay("usa", players=4, seed=7, actions=game.history)   # same seed, same moves: the same game
saved = ttr.load_game(game.to_json())   # a saved game, loaded back: its actions are replayed and checked
zw.say("start_replayed", played=scores.totals, again=again.final_scores().totals, saved=saved.final_scores().totals)

# %% check
assert again.final_scores().totals == scores.totals == saved.final_scores().totals
