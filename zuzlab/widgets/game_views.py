"""Play the Card Game and Railroad Ink in a notebook, as a first-time player would need.

- ``CardGameView``: the table (every card named; your hand and on-the-track pile shown,
  the others' secret), your tickets marked fulfilled or not by your pile, a legend, your
  moves as buttons and menus (disabled, with the reason, when they cannot be used now), a
  train wreck framed on the table; bots for the other players.
- ``InkGameView``: the dice of the round (a result rolled twice shows "×2"), the special
  routes and the Deep Blue dice as separate groups, your board on a canvas: pick a
  result, turn or mirror it (the preview says how in words), click a square to draw it; a
  refused drawing is explained, and so is water drawn against an exit (allowed).
- ``InkScoreView``: a Railroad Ink score in words, part by part.

Both end with the final scores in place of the controls.
"""

from __future__ import annotations

import html
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..ink.expert import ExpertBot, compare
from .. import cardgame, ink, sim, texts
from ..cardgame.scoring import settle_game
from ..core import Event, PlayerView, seeded_random
from ..viz import InkCanvas, table_figure, tile_preview_scene
from ..viz.cardgame_table import CARD_COLORS, TEXT_ON, card_chip, update_table_figure
from ..viz.ttr_map import bokeh_widget
from .ink_replay import drawing_words
from .narration import follow_language, keep_prompt, label, markup, set_words
from .playing import GameView


#: side texts: smaller and set closer than a widget's default (one line a button high)
_SMALL = "font-size:90%;line-height:1.4"


def _small(content: str) -> str:
    """HTML set smaller and closer (empty stays empty)."""
    return f"<div style='{_SMALL}'>{content}</div>" if content else ""


def _reason(text: str) -> str:
    """Why a control cannot be used now, as HTML to show beside it."""
    return _small(f"<i style='color:#555'>{html.escape(text)}</i>") if text else ""


def _note(text: str) -> widgets.HTML:
    return widgets.HTML(_reason(text))


class _CompactView(GameView):
    """A game view whose narration, messages and reasons are set small and close, beside a board."""

    reason_html = staticmethod(_reason)

    def _show_texts(self) -> None:
        super()._show_texts()
        self.narration.value, self.message.value = _small(self.narration.value), _small(self.message.value)


class CardGameView(_CompactView):
    """The Card Game against bots; ``view.widget`` shows it.

    Beside the table: your tickets, marked fulfilled or not by your on-the-track pile as
    it stands, and a legend of the cards. Controls that cannot be used now stay visible,
    disabled, with the reason beside them; a train wreck is framed on the table.
    """

    engine, opponents = cardgame.ENGINE, ("random",)

    def __init__(self, game: cardgame.Game, human: int = 0, bot: str | Callable | Sequence | None = None,
                 seed: int | str = 0):
        """``bot`` plays the other seats: one bot (a name of ``cardgame.ENGINE.bots``, "random"
        by default, or a bot itself) for every other seat, or one per seat."""
        super().__init__(game, human, bot, seed)
        self.figure = table_figure(game, reveal=human)
        self.table = bokeh_widget(self.figure)
        self.status = widgets.HTML()
        self.tickets = widgets.HTML(layout=widgets.Layout(width="52%"))
        self.legend = widgets.HTML(layout=widgets.Layout(width="46%"))
        self.face_up = widgets.HBox()
        self.deck = widgets.Button(icon="clone", layout=widgets.Layout(width="auto"))
        self.deck.on_click(lambda _: self.act(cardgame.DrawBlind()))
        self.play_menu = widgets.Dropdown(layout=widgets.Layout(width="480px"))
        self.play = widgets.Button(button_style="success")
        self.play.on_click(lambda _: self.play_menu.value is not None and self.act(self.play_menu.value))
        self.draw_tickets = widgets.Button(icon="ticket", layout=widgets.Layout(width="auto"))
        self.draw_tickets.on_click(lambda _: self.act(cardgame.DrawTickets()))
        self.keep_boxes = widgets.VBox()
        self.keep = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.keep_reason = widgets.HTML()
        self.keep.on_click(lambda _: self.act(cardgame.KeepTickets(self.ticked())))
        self.controls = widgets.VBox()
        self.widget = widgets.VBox([self.status, self.table, widgets.HBox([self.tickets, self.legend]),
                                    self.controls, self.message, self.narration])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    def _ipython_display_(self):
        from IPython.display import display

        # the Bokeh widget draws from the figure as it was made and only hears of changes
        # while it is shown: moves played before it is (first or again) shown would be missing
        self.table.update_from_model(self.figure)
        display(self.widget)

    # --- what the table shows -------------------------------------------------------------

    def recent_wrecks(self) -> list:
        """The train wrecks since your last move (yours and the bots'), to frame on the table."""
        since = self._marks[-1][1] if self._marks else 0
        return [event for event in self.log[since:] if event.kind == "train_wreck"]

    def show(self) -> None:
        game, me = self.game, self.human
        # at the end every hand and pile is turned up: the final scores come from them
        update_table_figure(self.figure, game, reveal=True if game.is_over else me, wrecks=self.recent_wrecks(),
                            you=me)
        self._show_texts()
        self.tickets.value = self._tickets_html()
        self.legend.value = _small(markup(texts.text("explain.card.table")))
        for button, key in ((self.deck, "draw_deck"), (self.play, "play_cards"), (self.draw_tickets, "draw_tickets"),
                            (self.keep, "keep")):
            button.description = label(key)
        if game.is_over:
            self.status.value = f"<b>{label('game_over')}</b>"
            self.controls.children = [widgets.HTML(f"<h4>{label('final_score')}</h4>"
                                                   + _small(self.final_scores()._repr_html_()))]
            return
        deck = label("card_deck_left", cards=texts.quantity("card", len(game.cards.deck)))
        whose = (label("card_your_turn", player=me) if game.current_player == me
                 else label("to_play", player=game.current_player))
        self.status.value = f"<b>{html.escape(whose)}</b> {html.escape(deck)}"
        pending = game.pending
        if isinstance(pending, cardgame.ChooseTickets):
            self.controls.children = self._ticket_choice(pending)
        else:
            self.controls.children = [*self._draw_rows(pending), *self._play_rows(pending), *self._ticket_rows(pending),
                                      self.help_row]

    def _tickets_html(self) -> str:
        """Your tickets, each marked fulfilled or not by your on-the-track pile as it stands."""
        game, me = self.game, self.human
        held = [game.data.ticket(t) for t in game.tickets[me]]
        if not held:
            return f"<b>{label('your_tickets')}</b>: {label('none_yet')}"
        best = settle_game(game).fulfilments[me]  # as the final scoring counts them, Big City cards weighed
        done = {t.id for t in best.fulfilled}
        summary = label("card_tickets_final" if game.is_over else "card_tickets_now", done=len(done), total=len(held),
                        points=texts.quantity("point", best.score))
        missed = label("card_ticket_missed" if game.is_over else "card_ticket_open")
        lines = []
        for ticket in held:
            mark = (f"<span style='color:#1b5e20'>✔ {label('card_ticket_done')}</span>" if ticket.id in done
                    else f"<span style='color:#9e9e9e'>✘ {missed}</span>")
            chips = "".join(card_chip(color) for color in ticket.colors)
            lines.append(f"<li>{html.escape(ticket.origin)}–{html.escape(ticket.destination)}, "
                         f"{html.escape(texts.render(texts.quantity('point', ticket.points)))}: {chips} {mark}</li>")
        return _small(f"<b>{label('your_tickets')}</b><br>{html.escape(summary)}"
                      f"<ul style='margin:2px 0;padding-left:18px'>{''.join(lines)}</ul>")

    # --- the controls, each disabled with its reason when it cannot be used now ----------

    def _ticket_choice(self, pending: cardgame.ChooseTickets) -> list:
        boxes = []
        for ticket_id in pending.tickets:
            ticket = self.game.data.ticket(ticket_id)
            text = label("card_ticket", route=f"{ticket.origin}–{ticket.destination}",
                         points=texts.quantity("point", ticket.points), colors=list(ticket.colors))
            box = widgets.Checkbox(value=False, description=text, indent=False, layout=widgets.Layout(width="560px"))
            box.ticket = ticket_id
            box.observe(lambda _: self._check_keep(pending.keep_min), "value")
            boxes.append(box)
        self.keep_boxes.children = boxes
        self._check_keep(pending.keep_min)
        return [widgets.HTML(f"<b>{keep_prompt(pending.keep_min)}</b>"), self.keep_boxes,
                widgets.HBox([self.keep, self.keep_reason]), self.help_row]

    def ticked(self) -> tuple[int, ...]:
        """The tickets ticked to keep."""
        return tuple(box.ticket for box in self.keep_boxes.children if box.value)

    def _check_keep(self, keep_min: int) -> None:
        too_few = len(self.ticked()) < keep_min
        self.keep.disabled = too_few
        self.keep_reason.value = _reason(label("card_tick_at_least", tickets=texts.quantity("ticket", keep_min))
                                         if too_few else "")

    def _draw_rows(self, pending: Any) -> list:
        game = self.game
        second = isinstance(pending, cardgame.SecondCard)
        legal = set(game.legal_actions())
        buttons, notes = [], []
        for color in dict.fromkeys(c for c in game.cards.face_up if c):
            button = widgets.Button(description=texts.term(color), layout=widgets.Layout(width="auto"),
                                    style={"button_color": CARD_COLORS.get(color, "#cccccc"),
                                           "text_color": TEXT_ON.get(color, "black")})
            button.on_click(lambda _, c=color: self.act(cardgame.DrawFaceUp(c)))
            button.disabled = cardgame.DrawFaceUp(color) not in legal
            if button.disabled and second:
                button.tooltip = texts.refusal(cardgame.RuleViolation("face_up_wild_second", card=color))
                notes.append(button.tooltip)
            buttons.append(button)
        self.deck.disabled = cardgame.DrawBlind() not in legal
        self.face_up.children = buttons
        heading = label("second_card" if second else "card_draw")
        rows = [widgets.HBox([widgets.HTML(f"<b>{heading}</b>&nbsp;"), self.face_up, self.deck])]
        return rows + [_note(n) for n in notes]

    def _play_rows(self, pending: Any) -> list:
        game = self.game
        if isinstance(pending, cardgame.SecondCard):
            plays, reason = [], label("card_second_first")
        else:
            plays = [a for a in game.legal_actions() if isinstance(a, (cardgame.PlaySet, cardgame.PlayMixed))]
            reason = "" if plays else self._why_no_play()
        self.play_menu.options = [(self._play_label(a), a) for a in plays]
        self.play_menu.value = plays[0] if plays else None
        self.play.disabled = not plays
        row = [self.play_menu, self.play] if plays else [self.play, _note(reason)]
        return [widgets.HTML(f"<b>{label('card_play')}</b>"), widgets.HBox(row)]

    def _ticket_rows(self, pending: Any) -> list:
        game = self.game
        if isinstance(pending, cardgame.SecondCard):
            reason = label("card_second_first")
        else:
            reason = "" if game.ticket_deck else texts.refusal(cardgame.RuleViolation("no_tickets"))
        self.draw_tickets.disabled = bool(reason)
        return [widgets.HBox([widgets.HTML(f"<b>{label('card_or_tickets')}</b>&nbsp;"), self.draw_tickets,
                              *([_note(reason)] if reason else [])])]

    def _why_no_play(self) -> str:
        """Why no set and no three single cards can be played now, in words."""
        game, me, rules = self.game, self.human, self.game.rules
        hand = game.hands[me]
        locomotives = hand[cardgame.data.WILD]
        reasons = []
        pairs = [c for c in game.data.colors if hand[c] >= rules.set_min_cards]
        if not pairs:
            reasons.append(label("card_no_set", count=rules.set_min_cards))
        for color in pairs:
            rival = max(range(game.players), key=lambda p: -1 if p == me else game.largest_set(p, color))
            reasons.append(label("card_set_beaten", color=color, player=rival,
                                 have=texts.quantity("card", hand[color] + locomotives),
                                 rival=texts.quantity("card", game.largest_set(rival, color))))
        free = [c for c in game.data.colors if hand[c] and not any(
            game.yards[p][c] for p in range(game.players) if p != me)]
        reasons.append(label("card_no_mixed", count=len(free)))
        return label("card_no_play", reasons="; ".join(reasons))

    def _play_label(self, action: Any) -> str:
        game = self.game
        if isinstance(action, cardgame.PlaySet):
            text = label("play_set", **set_words(action.color, action.cards, action.locomotives))
            victims = [(p, game.yard_size(p, action.color)) for p in range(game.players)
                       if p != self.human and game.yards[p][action.color]]
            if victims:
                hit = [texts.phrase("wrecked_cards", player=p, cards=texts.quantity("card", n)) for p, n in victims]
                text = label("card_play_wrecks", play=text, victims=texts.listing(hit))
            return text
        return label("play_mixed", colors=texts.listing(action.colors))

    # --- a hint --------------------------------------------------------------------------

    #: the bot whose move the hint gives, with its reason (``zuzlab.cardgame.bots``)
    adviser = "collector"

    def hint(self) -> str | None:
        """What the collector bot would do in your place, and why; it sees only what you
        may see."""
        game = self.game
        if game.is_over:
            return texts.text("hint.over")
        if game.current_player != self.human:
            return texts.text("bot.no_hint")
        bot = cardgame.make_bot(self.adviser)
        action, (reason, params) = bot.decide(PlayerView(game, self.human),
                                              seeded_random(game.seed, "hint", len(game.history)))
        return texts.text("hint.card_advice", bot=texts.bot_name(self.adviser), move=self._move_words(action),
                          why=texts.Phrase(f"hint.card_why_{reason}", self._reason_params(params)))

    def _move_words(self, action: Any) -> Any:
        """A move in words of the reader's language (the tickets to keep by their cities
        and points, as the tick boxes name them)."""
        if isinstance(action, cardgame.KeepTickets):
            if not action.tickets:
                return texts.Phrase("hint.card_keep_nothing", {})
            kept = [self.game.data.ticket(t) for t in action.tickets]
            return label("move_keep", tickets=texts.listing([
                texts.Phrase("label.card_ticket_named", {"route": f"{ticket.origin}–{ticket.destination}",
                                                          "points": texts.quantity("point", ticket.points)})
                for ticket in kept]))
        if isinstance(action, cardgame.PlayMixed):  # "one blue, one white and one yellow card"
            return texts.Phrase("hint.card_move_mixed", {"colors": texts.listing(
                [texts.Phrase("hint.card_one_of", {"color": color}) for color in action.colors])})
        return action

    @staticmethod
    def _reason_params(params: dict) -> dict:
        """A bot's reason's parameters as a text takes them: numbers of cards as "3 cards",
        the rivals a wreck hits as "player 1 (3 cards)"."""
        worded = dict(params)
        for name in ("pile", "hand", "to_draw", "size", "laid"):
            if name in worded:
                worded[name] = texts.quantity("card", worded[name])
        if "victims" in params:
            worded["victims"] = texts.listing([texts.phrase("wrecked_cards", player=p, cards=texts.quantity("card", n))
                                               for p, n in sorted(params["victims"].items())])
        return worded


def score_lines(score: Any, expansion: str | None = None) -> list[tuple[str, int]]:
    """A Railroad Ink score in words, part by part: only the parts the game has (a river
    or a lake only with its expansion)."""
    parts = [("exits", score.exit_points), ("highway", score.longest_highway),
             ("railway", score.longest_railway), ("centre", score.centre)]
    if expansion:
        parts.append((expansion, getattr(score, expansion)))
    parts += [("errors", -score.errors), ("total", score.total)]
    return [(label(f"ink_score_{name}"), value) for name, value in parts]


def score_html(score: Any, expansion: str | None = None) -> str:
    rows = "".join(
        f"<tr><td style='padding:0 12px 0 0'>{html.escape(name)}</td>"
        f"<td style='text-align:right'>{html.escape(texts.render(texts.quantity('point', value)))}</td></tr>"
        for name, value in score_lines(score, expansion))
    return f"<table style='border-collapse:collapse;{_SMALL}'>{rows}</table>"


class InkScoreView:
    """A Railroad Ink score as a small table in words ("exit networks: 12 points"),
    following the language switch. ``expansion``: "river" or "lake" adds that part."""

    def __init__(self, score: Any, expansion: str | None = None):
        self.score, self.expansion = score, expansion
        self.widget = widgets.HTML()
        self.refresh()
        follow_language(self.refresh)

    def refresh(self) -> None:
        self.widget.value = score_html(self.score, self.expansion)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


class InkGameView(_CompactView):
    """Railroad Ink on a canvas: pick a result, turn or mirror it, click a square.

    The results come in three groups: this round's dice (each must be drawn while it
    fits; a result rolled twice shows "×2"), the special routes and the Deep Blue dice
    (both optional). The preview says in words how the result is turned; the score so
    far lists only the parts this game scores. At the end the drawing controls give way
    to the final scores.
    """

    engine, opponents = ink.ENGINE, ("greedy",)

    def __init__(self, game: ink.Game, human: int = 0, bot: str | Callable | Sequence | None = None,
                 seed: int | str = 0):
        """``bot`` draws the other players' boards: a bot name of ``zuzlab.ink.bots``
        ("greedy" by default, "expert" …) or a bot itself for every other seat, or one per seat."""
        super().__init__(game, human, bot, seed)
        if not game.is_over:  # this round's roll is told too (the first round's, or a set-up one)
            self.log.append(Event("rolled", game.current_player, round=game.round, results=list(game.rolled),
                                  expansion=list(game.rolled_extra)))
        self.notice: dict | None = None  # water drawn against an exit: allowed, but said once
        self.board_canvas = InkCanvas(scale=52)
        self.board_canvas.canvas.on_mouse_down(self.click)
        self.orientation = 0
        self.groups = {name: widgets.ToggleButtons(style={"button_width": "auto"}, value=None)
                       for name in ("dice", "specials", "extras")}
        self.headings = {name: widgets.HTML() for name in self.groups}
        self._choosing = False
        for group in self.groups.values():
            group.observe(self._on_choice, "value")
        self.turn = widgets.Button(icon="redo", layout=widgets.Layout(width="44px"))
        self.mirror = widgets.Button(icon="exchange-alt", layout=widgets.Layout(width="44px"))
        self.preview = widgets.HTML(layout=widgets.Layout(width="270px"))
        self.preview_canvas = InkCanvas(scale=40, squares=1)
        self.finish = widgets.Button(button_style="warning",
                                     layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.finish_reason = widgets.HTML()
        self.score = widgets.HTML()
        self.final = widgets.HTML()
        self.status = widgets.HTML()
        self.turn.on_click(lambda _: self.rotate(1))
        self.mirror.on_click(lambda _: self.flip())
        self.finish.on_click(lambda _: self.act(ink.FinishRound()))
        self.drawing = widgets.VBox([
            *(widget for name in self.groups for widget in (self.headings[name], self.groups[name])),
            widgets.HBox([self.preview_canvas.canvas, widgets.VBox([widgets.HBox([self.turn, self.mirror]),
                                                                    self.preview])]),
            self.finish, self.finish_reason])
        side = widgets.VBox([self.status, self.drawing, self.final, self.score, self.message,
                             self.help_row, self.narration],
                            layout=widgets.Layout(width="460px"))
        self.widget = widgets.HBox([self.board_canvas.canvas, side])
        self._run_bots()
        self.refresh()
        follow_language(self.refresh)

    # --- choosing a result and turning it -----------------------------------------------------

    @property
    def chosen(self) -> str | None:
        """The result chosen to draw next (a tile code), from whichever group."""
        return next((group.value for group in self.groups.values() if group.value), None)

    def choose(self, code: str | None) -> None:
        """Choose a result to draw (one of the buttons), or none."""
        self._choosing = True
        try:
            for group in self.groups.values():
                group.value = code if code in [value for _, value in group.options] else None
        finally:
            self._choosing = False
        self._show_preview()

    def _on_choice(self, change) -> None:
        if not self._choosing and change["new"]:  # one choice across the three groups
            self.choose(change["new"])

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
        if square is None or not self.chosen:
            return False
        return self.act(ink.Place(self.chosen, square, self.orientation))

    def act(self, action: Any) -> bool:
        """Your drawing (or finishing the round); a drawing that is allowed but may
        surprise (water against an exit) is explained."""
        self.notice = None
        accepted = super().act(action)
        if accepted and isinstance(action, ink.Place):
            self.notice = self._water_at_exit(action)
            self._show_notice()
        return accepted

    def undo(self) -> bool:
        self.notice = None
        return super().undo()

    def _water_at_exit(self, action: Any) -> dict | None:
        """Water drawn against an exit is allowed (only routes must match an exit): the
        words to say so, or None."""
        index = ink.board.square_index(action.square)
        edges = ink.turned(action.tile, action.orientation).edges
        for side, edge in enumerate(edges):
            kind = ink.board.EXIT_AT.get((index, side))
            if edge == ink.tiles.LAKE and kind:
                return {"tile": texts.tile(action.tile), "square": action.square,
                        "kind": ink.tiles.KIND_NAMES[kind], "side": ink.tiles.SIDE_NAMES[side]}
        return None

    def _show_notice(self) -> None:
        if self.notice and self.refused is None:
            words = label("ink_water_at_exit", **self.notice)
            self.message.value = _small(f"<span style='color:#0d47a1'>ℹ {html.escape(words)}</span>")

    def _show_preview(self) -> None:
        code = self.chosen
        if not code:
            self.preview.value = ""
            self.preview_canvas.draw([])
            return
        drawn = ink.turned(code, self.orientation)
        sides: dict[str, list[str]] = {}
        for side, edge in zip(("north", "east", "south", "west"), drawn.edges):
            if edge:
                sides.setdefault(ink.tiles.KIND_NAMES[edge], []).append(side)
        words = "; ".join(label("ink_sides", kind=kind, sides=names) for kind, names in sides.items())
        how = label(f"ink_orientation_{self.orientation}")
        self.preview.value = _small(f"{html.escape(label('ink_preview', orientation=self.orientation, how=how))}"
                                    f"<br>{html.escape(words)}")
        self.preview_canvas.draw(tile_preview_scene(drawn))

    # --- showing the game --------------------------------------------------------------------

    def show(self) -> None:
        game, me = self.game, self.human
        board = game.boards[me]
        now = game.score(me)
        self.board_canvas.show(board, errors=[(e.square, e.side) for e in now.error_details])
        self.finish.description = label("finish_round")
        self.turn.tooltip, self.mirror.tooltip = label("turn_tile"), label("mirror_tile")
        self._show_texts()
        if game.is_over:
            self.status.value = f"<b>{label('game_over')}</b>"
            self.drawing.layout.display = "none"
            self.help_row.layout.display = "none"
            self.score.value = ""
            self.final.value = (f"<h4>{label('final_score')}</h4>{score_html(now, game.rules.expansion)}"
                                + (game.final_scores()._repr_html_() if game.players > 1 else ""))
            self.choose(None)
            return
        self.drawing.layout.display = self.help_row.layout.display = None
        self.final.value = ""
        self.score.value = f"<b>{label('score_now')}</b>{score_html(now, game.rules.expansion)}"
        self.status.value = _small(f"<b>{label('ink_round', round=game.round, rounds=game.rules.rounds)}</b>")
        self._fill_groups()
        self._show_finish()
        self._show_notice()

    def _fill_groups(self) -> None:
        """This round's results as buttons, each once with how often it was rolled."""
        game, me = self.game, self.human
        previous = self.chosen
        groups = {"dice": game.open_results[me], "specials": game.specials_available(me),
                  "extras": game.open_extras[me]}
        self._choosing = True
        try:
            for name, codes in groups.items():
                counts = {code: codes.count(code) for code in codes}
                group = self.groups[name]
                group.value = None
                group.options = [(texts.render(ink.state.tile_times(code, n)), code) for code, n in counts.items()]
                group.layout.display = None if counts else "none"
        finally:
            self._choosing = False
        rules, used = game.rules, len(game.specials_used[me])
        if groups["specials"]:
            specials = label("ink_specials", left=rules.specials_per_game - used)
        elif used >= rules.specials_per_game:
            specials = label("ink_specials_all_used", count=rules.specials_per_game)
        else:
            specials = label("ink_specials_this_round")
        self.headings["dice"].value = _small(f"<b>{label('ink_dice')}</b>") if groups["dice"] else ""
        self.headings["specials"].value = _small(f"<b>{html.escape(specials)}</b>")
        extras = f"ink_extras_{rules.expansion}" if rules.expansion else None
        self.headings["extras"].value = _small(f"<b>{label(extras)}</b>") if extras and groups["extras"] else ""
        drawable = game.drawable(me)
        self.choose(previous if previous in drawable else (groups["dice"] or drawable or [None])[0])

    def _show_finish(self) -> None:
        """Finishing is refused while a rolled result still fits: the button says why."""
        refusal = self.game.finish_refusal(self.human)
        self.finish.disabled = refusal is not None
        self.finish_reason.value = _reason(texts.refusal(refusal) if refusal else label("ink_may_finish"))

    # --- a hint --------------------------------------------------------------------------

    #: the expert's budget for a hint (rollouts a drawing on average, candidates): below its usual 40 × 48,
    #: so that a hint takes about a second where the rollouts are shared out among two CPUs (the last
    #: round's search is the expert's own)
    HINT_BUDGET = (16, 32)

    def hint(self) -> str | None:
        """The drawing the expert would make now (``zuzlab.ink.expert``), and why: the
        final score its sampled games reached after it and after the next best drawing
        (the same dice for both), and whether that difference is more than chance (or the
        two are about equally good); in the last round, the best score each can still end
        with. The result and its orientation are chosen for you, so a click on the square
        draws it."""
        game = self.game
        if game.is_over:
            return texts.text("hint.over")
        rollouts, candidates = self.HINT_BUDGET
        cpus = sim.usable_cpus()  # the learner waits: every CPU plays rollouts, the same ones as one would
        expert = ExpertBot(rollouts, candidates, pool=sim.shared_pool(cpus) if cpus > 1 else None, workers=cpus)
        estimates = expert.estimates(PlayerView(game, self.human),  # never the dice to come
                                     seeded_random(game.seed, "hint", len(game.history)))
        best = estimates[0]
        if not isinstance(best.action, ink.Place):
            return texts.text("hint.ink_finish_expert")
        action = best.action
        self.choose(action.tile)
        self.orientation = action.orientation
        self._show_preview()
        where = dict(tile=texts.tile(action.tile), square=action.square,
                     how=label(f"ink_orientation_{action.orientation}"))
        if len(estimates) == 1:
            return texts.text("hint.ink_place_expert_only", **where)
        return why_best(best, estimates[1], where, tried=len(estimates))


def _as_written(value: float, digits: int) -> float:
    """``value`` rounded as ``texts.number`` writes it (Babel: the decimal text of the
    float, half to even), so that sums of written figures add up for the reader."""
    exact = Decimal(str(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)
    return float(exact)


def why_best(best: Any, runner_up: Any, where: dict, tried: int | None = None) -> str:
    """The expert's hint with its reason: both drawings' mean final scores, and what
    separates them, compared game by game (``zuzlab.ink.expert.compare``): a lead beyond
    chance, a difference within chance (about equally good), or the same score in every
    game (equally good; the expert's first ranking decides). Means that would read the
    same with one decimal get two. ``tried``: how many drawings the expert compared
    before the two best met again on the same games (its last round is a search)."""
    comparison = compare(best, runner_up)
    if comparison.games == 1:  # the last round: no dice left to roll, exact scores
        searched = tried is not None
        tied = "hint.ink_tied_searched" if searched else "hint.ink_tied_exact"
        verdict = tied if comparison.same_every_game else "hint.ink_ahead_exact"
        lead = texts.quantity("point", round(comparison.difference))
        key = "hint.ink_place_expert_searched" if searched else "hint.ink_place_expert_exact"
        return texts.text(key, other_drawing=drawing_words(runner_up.action),
                          expected=texts.quantity("point", round(best.expected)),
                          other=texts.quantity("point", round(runner_up.expected)),
                          verdict=texts.Phrase(verdict, {"difference": lead}), **where)
    digits = 1 if comparison.same_every_game or round(best.expected, 1) != round(runner_up.expected, 1) else 2
    verdict = ("hint.ink_tied" if comparison.same_every_game else "hint.ink_ahead" if comparison.clear
               else "hint.ink_close")
    # the difference of the means as they are written, so it is what a reader works out from them
    shown_difference = _as_written(best.expected, digits) - _as_written(runner_up.expected, digits)
    figures = {"difference": texts.number(shown_difference, digits),
               "error": texts.number(comparison.error, digits), "games": comparison.games}
    if tried is not None:
        return texts.text("hint.ink_place_expert_compared", tried=tried, games=best.games,
                          expected=texts.number(best.expected, digits), other=texts.number(runner_up.expected, digits),
                          other_drawing=drawing_words(runner_up.action), verdict=texts.Phrase(verdict, figures),
                          **where)
    return texts.text("hint.ink_place_expert", games=best.games, expected=texts.number(best.expected, digits),
                      other=texts.number(runner_up.expected, digits), other_drawing=drawing_words(runner_up.action),
                      verdict=texts.Phrase(verdict, figures), **where)
