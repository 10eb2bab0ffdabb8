# %% [markdown] en
# # Your own board: build it, check it, play it, test it

# %% [markdown] de
# # Dein eigener Spielplan: bauen, prüfen, spielen, testen

# %%
from zuzlab import widgets as zw, viz, texts
viz.setup_notebook()   # BokehJS from the package: works offline
zw.language_switch(LANGUAGE)

# %% [markdown] text board.idea

# %% [markdown] text board.clicks

# %%
from dataclasses import replace
from zuzlab import ttr
from zuzlab.ttr.board_builder import BoardBuilder

yours = BoardBuilder("my_board", texts.text("say.board_yours_title"))
for name, lat, lon in [("Hamburg", 53.55, 10.00), ("Bremen", 53.08, 8.80), ("Hannover", 52.37, 9.73),
                       ("Kiel", 54.32, 10.13), ("Lübeck", 53.87, 10.69), ("Schwerin", 53.63, 11.41),
                       ("Oldenburg", 53.14, 8.21), ("Rostock", 54.09, 12.10), ("Lüneburg", 53.25, 10.41)]:
    yours.add_city(name, lat, lon)
yours.add_route("Hamburg", "Bremen", length=2)   # the first route sets the board's scale: about 50 km a train
for a, b in [("Hamburg", "Hannover"), ("Bremen", "Hannover"), ("Hamburg", "Kiel"), ("Bremen", "Oldenburg"),
             ("Hamburg", "Lüneburg"), ("Lüneburg", "Hannover"), ("Lübeck", "Schwerin"), ("Schwerin", "Rostock")]:
    yours.add_route(a, b)   # length and colour: the builder's suggestions
rules = replace(ttr.rules.USA, name="my_board", map="my_board.json", trains_per_player=15, max_players=3)
view = zw.BoardBuilderView(yours, rules=rules, around=(52.2, 7.6, 54.7, 12.6))
view

# %% [markdown] text board.check

# %%
from IPython.display import Markdown
from zuzlab.ttr import board_check


def listed(problems):
    """The problems as a list to read, or that there are none."""
    if not problems:
        return Markdown(texts.text("say.board_no_problems"))
    return Markdown("\n".join(f"- {texts.render(problem)}" for problem in problems))


listed(board_check.board_problems(yours.data, rules))

# %% check
as_begun = len(yours.data["cities"]) == len(yours.data["routes"]) == 9 and not yours.data["tickets"]
if as_begun:   # a fresh kernel: no tickets yet, two pieces, and so no deal
    assert len(board_check.board_problems(yours.data, rules)) == 3

# %% [markdown] text board.fix

# %%
from zuzlab.ttr import ticket_maker

if board_check.board_problems(yours.data, rules):   # what your clicks have not fixed yet, fixed here in code
    if not yours.routes_between("Lübeck", "Hamburg"):
        yours.add_route("Lübeck", "Hamburg")   # the two pieces joined
    yours.set_tickets(ticket_maker.make_tickets(yours.draft(), trains=rules.trains_per_player, seed=1))
    view.refresh()
problems = board_check.board_problems(yours.data, rules)
listed(problems)

# %% [markdown] text board.tickets

# %%
import pandas as pd

shortest = ticket_maker.train_distances(yours.draft())
pd.DataFrame([{texts.text("label.board_ticket"): f"{ticket['from']}–{ticket['to']}",
               texts.text("label.board_points"): ticket["points"],
               texts.text("label.board_shortest"): shortest[ticket["from"]][ticket["to"]]}
              for ticket in yours.data["tickets"]])

# %% check
if not problems:
    assert all(ticket["points"] == shortest[ticket["from"]][ticket["to"]] for ticket in yours.data["tickets"])

# %% [markdown] text board.play

# %%
from IPython.display import display

if problems:
    zw.say("board_fix_first", count=texts.quantity("problem", len(problems)))
else:
    saved = yours.save("my_board.json")   # a map file: ttr.load_map("my_board.json") reads it back
    board_rules = replace(rules, map=str(saved))
    game_view = zw.TtrGameView(ttr.new_game(board_rules, players=2, seed=1), human=0, bots="balanced")
    display(game_view)

# %% check
if not problems:
    assert ttr.load_map("my_board.json").to_dict() == yours.to_map().to_dict()
    assert game_view.game.map.name == "my_board" and len(game_view.game.map.cities) == len(yours.data["cities"])

# %% [markdown] text board.simulate

# %%
from zuzlab import playtest
from zuzlab.viz import study_plots

GAMES = 48   # games a setting: enough for a first look, in seconds
if problems:
    zw.say("board_fix_first", count=texts.quantity("problem", len(problems)))
else:
    study = playtest.study(boards=("usa", board_rules), players=2, games=GAMES, seed=1)
    viz.show(study_plots.boards_side_by_side(study, players=2))

# %% check
if not problems:
    assert len(study.findings("my_board", 2)) == 2 and set(study.boards) == {"usa", "my_board"}

# %% [markdown] text board.in_code

# %%
britain = BoardBuilder("britain", texts.text("say.board_britain_title"))
for name, lat, lon in [
        ("London", 51.51, -0.13), ("Dover", 51.13, 1.31), ("Calais", 50.95, 1.86), ("Southampton", 50.91, -1.40),
        ("Plymouth", 50.38, -4.14), ("Bristol", 51.45, -2.59), ("Cardiff", 51.48, -3.18), ("Oxford", 51.75, -1.26),
        ("Cambridge", 52.21, 0.12), ("Norwich", 52.63, 1.30), ("Birmingham", 52.49, -1.89),
        ("Holyhead", 53.31, -4.63), ("Dublin", 53.35, -6.26), ("Liverpool", 53.41, -2.99),
        ("Manchester", 53.48, -2.24), ("Leeds", 53.80, -1.55), ("York", 53.96, -1.08), ("Newcastle", 54.98, -1.62),
        ("Carlisle", 54.89, -2.94), ("Stranraer", 54.90, -5.03), ("Belfast", 54.60, -5.93),
        ("Glasgow", 55.86, -4.25), ("Edinburgh", 55.95, -3.19), ("Aberdeen", 57.15, -2.09),
        ("Inverness", 57.48, -4.22)]:
    britain.add_city(name, lat, lon)
britain.add_route("London", "Oxford", length=2)   # the board's scale: about 40 km a train
for a, b in [("London", "Dover"), ("London", "Southampton"), ("London", "Cambridge"), ("Cambridge", "Norwich"),
             ("London", "Norwich"), ("Oxford", "Birmingham"), ("Oxford", "Bristol"), ("Southampton", "Bristol"),
             ("Southampton", "Plymouth"), ("Plymouth", "Bristol"), ("Bristol", "Cardiff"), ("Cardiff", "Birmingham"),
             ("Birmingham", "Cambridge"), ("Birmingham", "Manchester"), ("Birmingham", "Liverpool"),
             ("Liverpool", "Manchester"), ("Liverpool", "Holyhead"), ("Manchester", "Leeds"), ("Leeds", "York"),
             ("York", "Newcastle"), ("Newcastle", "Edinburgh"), ("Newcastle", "Carlisle"), ("Carlisle", "Manchester"),
             ("Carlisle", "Glasgow"), ("Carlisle", "Stranraer"), ("Glasgow", "Stranraer"), ("Glasgow", "Edinburgh"),
             ("Edinburgh", "Aberdeen"), ("Glasgow", "Inverness"), ("Aberdeen", "Inverness"), ("Dublin", "Belfast"),
             ("Norwich", "York")]:
    britain.add_route(a, b)
for _ in range(3):
    britain.add_route("London", "Birmingham")   # a triple route: three tracks side by side
britain.add_route("Dover", "Calais", tunnel=True)   # the Channel Tunnel
britain.add_route("Holyhead", "Dublin", ferry_locomotives=1)   # ferries: a locomotive each
britain.add_route("Stranraer", "Belfast", ferry_locomotives=1)
britain.set_tickets(ticket_maker.make_tickets(britain.draft(), trains=35, seed=1))
britain_rules = replace(ttr.rules.EUROPE_SEED_TICKETS, name="britain", map=str(britain.save("britain.json")),
                        trains_per_player=35)
listed(board_check.board_problems("britain.json", britain_rules))

# %%
viz.show(viz.map_figure(ttr.load_map("britain.json")))

# %% [markdown] text board.compare

# %%
both = playtest.study(boards=("usa", britain_rules), players=3, games=GAMES, seed=1)
viz.show(study_plots.boards_side_by_side(both, players=3))

# %% check
assert board_check.board_problems("britain.json", britain_rules) == []
board = ttr.load_map("britain.json")
assert len(board.routes_between("London", "Birmingham")) == 3
distances = ticket_maker.train_distances(board)
assert all(ticket.points == distances[ticket.origin][ticket.destinations[0]] for ticket in board.tickets)
assert all(texts.render(found) for found in both.findings("britain", 3))

# %% [markdown] text board.next
