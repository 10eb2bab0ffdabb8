"""Play the Card Game and Railroad Ink in a notebook.

- ``CardGameView``: the table (your hand and on-the-track pile shown, the others'
  secret), your moves as buttons and menus, bots for the other players.
- ``InkGameView``: the dice of the round, your board on a canvas: pick a result, turn or
  mirror it, click a square to draw it; a refused drawing is explained.
"""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from .. import cardgame, ink, texts
from ..viz.ttr_map import bokeh_widget
from ..viz import InkCanvas, table_figure, tile_preview_scene
from ..viz.cardgame_table import table_scene
from .narration import follow_language, label
from .playing import GameView


class CardGameView(GameView):
    """The Card Game against bots; ``view.widget`` shows it."""

    def __init__(self, game: cardgame.Game, human: int = 0, bot: Callable | None = None, seed: int | str = 0):
        super().__init__(game, human, bot, seed)
        self.figure = table_figure(game, reveal=human)
        self.table = bokeh_widget(self.figure)
        self.controls = widgets.VBox()
        self.status = widgets.HTML()
        self.widget = widgets.VBox([self.status, self.table, self.controls, self.message, self.narration])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    def refresh(self) -> None:
        game, me = self.game, self.human
        source = self.figure.select_one({"name": "cards"}).data_source
        source.data = table_scene(game, reveal=me)
        self._show_texts()
        if game.is_over:
            self.status.value = f"<b>{label('game_over')}</b>"
            self.controls.children = [widgets.HTML(game.final_scores()._repr_html_())]
            return
        self.status.value = f"<b>{label('to_play', player=game.current_player)}</b>"
        legal = game.legal_actions()
        pending = game.pending

        def button(text: str, action: Any, style: str = "") -> widgets.Button:
            b = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _: self.act(action))
            return b

        if pending and pending.kind == "keep_tickets":
            boxes = []
            for ticket_id in pending.tickets:
                box = widgets.Checkbox(value=True, description=str(game.data.ticket(ticket_id)),
                                       indent=False, layout=widgets.Layout(width="460px"))
                box.ticket = ticket_id
                boxes.append(box)
            keep = widgets.Button(description=label("keep"), button_style="info", layout=widgets.Layout(width="auto"))
            keep.on_click(lambda _: self.act(cardgame.KeepTickets(tuple(b.ticket for b in boxes if b.value))))
            self.controls.children = [widgets.HTML(f"<b>{label('keep_at_least', count=pending.keep_min)}</b>"),
                                      *boxes, keep]
            return
        draws = [button(texts.term(c), cardgame.DrawFaceUp(c)) for c in dict.fromkeys(game.cards.face_up) if c]
        draws.append(button(label("draw_deck"), cardgame.DrawBlind()))
        rows = [widgets.HBox([widgets.Label(label("second_card" if pending else "your_move")), *draws])]
        if not pending:
            sets = [a for a in legal if isinstance(a, (cardgame.PlaySet, cardgame.PlayMixed))]
            menu = widgets.Dropdown(options=[(self._play_label(a), a) for a in sets] or [(label("no_play"), None)],
                                    layout=widgets.Layout(width="420px"))
            play = widgets.Button(description=label("play_cards"), button_style="success")
            play.on_click(lambda _: menu.value is not None and self.act(menu.value))
            rows.append(widgets.HBox([menu, play]))
            rows.append(widgets.HBox([button(label("draw_tickets"), cardgame.DrawTickets())]))
        self.controls.children = rows

    @staticmethod
    def _play_label(action: Any) -> str:
        if isinstance(action, cardgame.PlaySet):
            return label("play_set", cards=action.cards, color=action.color, locomotives=action.locomotives)
        return label("play_mixed", colors=list(action.colors))


class InkGameView(GameView):
    """Railroad Ink on a canvas: pick a result, turn or mirror it, click a square."""

    def __init__(self, game: ink.Game, human: int = 0, bot: Callable | None = None, seed: int | str = 0):
        super().__init__(game, human, bot or ink.bots.greedy_action, seed)
        self.board_canvas = InkCanvas(scale=52)
        self.board_canvas.canvas.on_mouse_down(self.click)
        self.tiles = widgets.ToggleButtons(style={"button_width": "auto"})
        self.orientation = 0
        self.turn = widgets.Button(icon="redo", layout=widgets.Layout(width="44px"))
        self.mirror = widgets.Button(icon="exchange-alt", layout=widgets.Layout(width="44px"))
        self.preview = widgets.HTML()
        self.preview_canvas = InkCanvas(scale=40, squares=1)
        self.finish = widgets.Button(button_style="warning")
        self.score = widgets.HTML()
        self.status = widgets.HTML()
        self.turn.on_click(lambda _: self.rotate(1))
        self.mirror.on_click(lambda _: self.flip())
        self.finish.on_click(lambda _: self.act(ink.FinishRound()))
        self.tiles.observe(lambda _: self._show_preview(), "value")
        side = widgets.VBox([self.status, self.tiles, widgets.HBox([self.preview_canvas.canvas, widgets.VBox([widgets.HBox([self.turn, self.mirror]),
                                                                         self.preview])]),
                             self.finish, self.score, self.message, self.narration],
                            layout=widgets.Layout(width="420px"))
        self.widget = widgets.HBox([self.board_canvas.canvas, side])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    # turning the chosen tile: 0–3 turn it, 4–7 are the mirrored ones
    def rotate(self, quarter_turns: int) -> None:
        self.orientation = (self.orientation // 4) * 4 + (self.orientation + quarter_turns) % 4
        self._show_preview()

    def flip(self) -> None:
        self.orientation = (self.orientation + 4) % 8
        self._show_preview()

    def click(self, x: float, y: float) -> bool:
        """Draw the chosen result on the square under the click."""
        square = self.board_canvas.square_at(x, y)
        if square is None or not self.tiles.value:
            return False
        return self.act(ink.Place(self.tiles.value, square, self.orientation))

    def _show_preview(self) -> None:
        code = self.tiles.value
        edges = ink.variant(code, self.orientation).edges if code else ()
        words = ", ".join(f"{texts.term(side)}: {texts.term(ink.tiles.KIND_NAMES[e])}"
                          for side, e in zip(("north", "east", "south", "west"), edges) if e)
        self.preview.value = f"{label('orientation')} {self.orientation} – {words}" if code else ""
        self.preview_canvas.draw(tile_preview_scene(ink.variant(code, self.orientation)) if code else [])

    def refresh(self) -> None:
        game, me = self.game, self.human
        board = game.boards[me]
        now = ink.score(board, game.rules.loop_rule, game.rules.lake_squares_are_centre)
        self.board_canvas.show(board, errors=[(e.square, e.side) for e in now.error_details])
        self.finish.description = label("finish_round")
        self.turn.tooltip, self.mirror.tooltip = label("turn_tile"), label("mirror_tile")
        self._show_texts()
        self.score.value = f"<b>{label('score_now')}</b> " + html.escape(
            ", ".join(f"{texts.term(name)} {value}" for name, value in now.breakdown().items()))
        if game.is_over:
            self.status.value = f"<b>{label('game_over')}</b>"
            self.tiles.options = []
            return
        self.status.value = f"<b>{label('ink_round', round=game.round, rounds=game.rules.rounds)}</b>"
        options = [(texts.render(texts.tile(code)), code) for code in dict.fromkeys(game.drawable(me))]
        previous = self.tiles.value
        self.tiles.options = options
        codes = [code for _, code in options]
        self.tiles.value = previous if previous in codes else (codes[0] if codes else None)
        self._show_preview()
