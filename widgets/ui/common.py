"""Shared pieces of the tutor's widgets: the feedback box, card items, action buttons, pickers.

Everything a learner reads is built with :func:`truco.i18n._` and named placeholders. Rules
knowledge stays in the engine: these helpers only turn engine values into display data.

>>> import truco
>>> v = truco.variant("mineiro")
>>> card_label(v, v.card("7h"))
'7 of hearts (Copas), second manilha'
>>> item = card_item(v, v.card("4c"))
>>> sorted(item), item["code"], item["enabled"]
(['code', 'enabled', 'label', 'svg'], '4c', True)
"""
from __future__ import annotations

import os
import re
import sys

from collections.abc import Callable, Iterable
from functools import lru_cache
from html import escape

import ipywidgets as W

import truco
from truco.i18n import BIDI_CONTROLS, Phrase, capitalize_first, get_language
from .feedback import FEEDBACK, TONE_STYLES, FeedbackBox, feedback_box, set_feedback, tone_icon
from .first import FeedbackFirst, mark_feedback
from ..language.i18n import N_, _

from ..language.session import apply_session_language, rtl
from ..cards.svg import SPECIAL_HIGHLIGHTS, card_back_svg, card_svg

__all__ = [
    "ActionButtons", "TutorWidget", "button", "rtl", "card_item", "card_label", "card_html", "back_item",
    "feedback_box", "full_sentence", "get_variant", "kind_name", "seat_label", "seat_name",
    "sentence",
    "set_feedback",
    "special_word",
    "special_highlight", "team_label", "variant_picker", "vira_highlight", "vira_word",
    "tone_icon", "BENCH_CLICK", "BENCH_FEEDBACK", "READY", "FEEDBACK", "TONE_STYLES",
]

READY = "tutor-ready"
BENCH_CLICK, BENCH_FEEDBACK = "tutor-bench-click", "tutor-bench-feedback"

# The special cards' place among the specials, in words (index 0 = the strongest).
_SPECIAL_WORDS = {
    "manilha": (N_("top manilha"), N_("second manilha"), N_("third manilha"),
                N_("fourth manilha")),
    "brava": (N_("top carta brava"), N_("second carta brava"), N_("third carta brava"),
              N_("fourth carta brava")),
    "pieza": (N_("top pieza"), N_("second pieza"), N_("third pieza"), N_("fourth pieza"),
              N_("fifth pieza")),
    "mata": (N_("top mata"), N_("second mata"), N_("third mata"), N_("fourth mata")),
}
_KIND_NAMES = {"common": N_("common card"), "manilha": N_("manilha"),
               "brava": N_("carta brava"), "pieza": N_("pieza"), "mata": N_("mata")}
def sentence(text: str) -> str:
    """``text`` as the start of a sentence: its first letter a capital (card names and team
    names start in lower case: "king of clubs: level 8" becomes "King of clubs: level 8").

    >>> sentence("team B scores 1 point."), sentence("4 of clubs (Zap)"), sentence("")
    ('Team B scores 1 point.', '4 of clubs (Zap)', '')
    """
    return capitalize_first(text)  # the first letter, after any directional isolate


def full_sentence(text: str) -> str:
    """``text`` as a whole sentence: a capital first, a full stop at the end if it has none
    (for the engine's error messages, which are clauses: "unknown variant 'x'").

    >>> full_sentence("compare Truco Mineiro with another variant")
    'Compare Truco Mineiro with another variant.'
    """
    text = sentence(text.strip())
    last = text.rstrip("".join(BIDI_CONTROLS))
    return text if not last or last[-1] in ".!?…。" else text + "."


def get_variant(variant) -> truco.Variant:
    """A :class:`truco.Variant` from a name or a variant (unknown names raise ValueError)."""
    return truco.variant(variant)


def kind_name(kind: str) -> str:
    """A level kind (common, manilha, brava ...) in words."""
    return _(_KIND_NAMES.get(kind, kind))


def special_word(variant, card, vira=None) -> str | None:
    """'second manilha' for the second special card, None for a common card."""
    ranking = variant.ranking(vira)
    kind = ranking.kind[card.id]
    if kind == "common" or kind is None:
        return None
    specials = [c for c in ranking.specials() if ranking.kind[c.id] == kind]
    index = specials.index(card) if card in specials else -1
    words = _SPECIAL_WORDS.get(kind, ())
    if 0 <= index < len(words):
        return _(words[index])
    return kind_name(kind)


def card_label(variant, card, vira=None, extra: str | None = None) -> str:
    """The accessible name: the engine's card name plus the card's kind, e.g.
    '7 of hearts (Copas), second manilha'; ``extra`` is appended the same way."""
    label = variant.card_name(card, vira)
    word = special_word(variant, card, vira)
    if word:
        label = _("{name}, {kind}").format(name=label, kind=word)
    if extra:
        label = _("{name}, {kind}").format(name=label, kind=extra)
    return label


def special_hand_lines(variant, special) -> list[str]:
    """A line naming the hand of ten / eleven or the iron hand, if this hand is one."""
    if special == "hand_of":
        return [_("This is the hand of {n}.").format(n=variant.hand_of)]
    if special == "iron":
        return [_("This is the iron hand.")]
    return []


def four_colour_requested() -> bool:
    """Four-colour suits for colour-blind learners: ``?colours=4`` in the page's address
    (Voilà hands the query string to the kernel as ``QUERY_STRING``)."""
    return _four_colour(os.environ.get("QUERY_STRING", "")[:500])


@lru_cache(maxsize=64)
def _four_colour(query: str) -> bool:
    from urllib.parse import parse_qs
    values = parse_qs(query).get("colours", [])
    return bool(values) and values[-1].strip() == "4"


def card_item(variant, card, vira=None, *, highlight=None, enabled=True, extra=None,
              width=64, four_colour=None, reveal=True) -> dict:
    """A CardRow item for an engine card, with its SVG and accessible name.

    With ``reveal=False`` the name is the plain card name (no nickname or kind), for
    quizzes where the kind is the answer."""
    if four_colour is None:
        four_colour = four_colour_requested()
    args = (variant, card, vira, highlight, bool(enabled), extra, width, bool(four_colour),
            bool(reveal), get_language())
    try:
        item = _cached_card_item(*args)
    except TypeError:  # an unhashable argument: build it without the cache
        item = _card_item(*args)
    return dict(item)  # a copy: the cached one is never changed


@lru_cache(maxsize=4096)
def _cached_card_item(*args) -> dict:
    """Pure (the language is part of the key), so cached: a click that redraws a row of
    forty cards looks up forty items instead of naming and drawing each card again."""
    return _card_item(*args)


def _card_item(variant, card, vira, highlight, enabled, extra, width, four_colour, reveal,
               _language) -> dict:
    if reveal:
        label = card_label(variant, card, vira, extra)
    else:
        label = card.name() if not extra else _("{name}, {kind}").format(name=card.name(),
                                                                         kind=extra)
    return {"code": card.code, "label": label, "enabled": enabled,
            "svg": card_svg(card, highlight=highlight, width=width, label=label,
                            four_colour=four_colour)}


def back_item(code: str, label: str | None = None, *, enabled=True, width=64) -> dict:
    """A face-down CardRow item: ``code`` must not reveal the card (e.g. 'back-1')."""
    label = label or _("face-down card")
    return {"code": code, "label": label, "enabled": bool(enabled),
            "svg": card_back_svg(width, label=label)}


def card_html(variant, card, vira=None, *, highlight=None, width=48, caption=None) -> str:
    """A card as inline HTML (for tables and status lines), with an optional caption."""
    svg = card_svg(card, highlight=highlight, width=width, label=card_label(variant, card, vira))
    if caption is None:
        return f'<span class="tutor-inline-card">{svg}</span>'
    return (f'<figure class="tutor-inline-card" style="display:inline-block;margin:0 .3em;'
            f'text-align:center">{svg}<figcaption style="font-size:.8em">'
            f'{escape(caption)}</figcaption></figure>')


def vira_word(variant) -> str:
    """What the card turned up is called in ``variant`` (the engine's
    ``variant.turned_up_word``): the vira, or the muestra."""
    return _("Muestra") if variant.turned_up_word == "muestra" else _("Vira")


def vira_highlight(variant) -> str:
    """The highlight (and ribbon word) of the card turned up: "muestra" or "vira" (the
    engine's ``variant.turned_up_word``)."""
    return variant.turned_up_word or "vira"


def special_highlight(variant, card, vira=None) -> str | None:
    """The highlight of a special card, named after its kind in the engine's ranking
    ("manilha", "brava", "pieza" or "mata"); None for a common card."""
    kind = variant.ranking(vira).kind[card.id]
    return kind if kind in SPECIAL_HIGHLIGHTS else None


def team_label(team: int) -> Phrase:
    """A side as a noun phrase: 'team A' or 'team B' (capitalized where a message opens with
    it, see :class:`truco.i18n.Phrase`)."""
    return Phrase(_("team A") if team == 0 else _("team B"))


# Where each seat sits seen from the learner's (seats follow play, counter-clockwise: the next
# player sits on the learner's right), as noun phrases for a sentence. Index: seats after the
# learner's.
_SEATS_FROM_LEARNER = {
    2: (N_("you"), N_("your opponent")),
    4: (N_("you"), N_("the opponent on your right"), N_("your partner"),
        N_("the opponent on your left")),
    6: (N_("you"), N_("the opponent on your right"), N_("your partner on your right"),
        N_("the opponent opposite you"), N_("your partner on your left"),
        N_("the opponent on your left")),
}


def seat_name(seat: int, learner: int | None = None, players: int = 2) -> Phrase:
    """A seat as a noun phrase to put in a sentence, in the language's own grammar: "player
    1 (team B)" (Portuguese "o jogador 1 (equipe B)", with its article) or, when the widget
    knows the learner's seat (``learner``, with ``players`` at the table), where the player
    sits for them: "you", "your partner", "the opponent on your left" ... A message opening
    with it shows it capitalized (:class:`truco.i18n.Phrase`). "you" takes its own verbs: a
    widget that names the learner so gives them sentences of their own ("You are to act.").
    For a caption or a list item, :func:`seat_label`.

    >>> seat_name(1), seat_name(3, learner=0, players=4), seat_name(2, learner=0, players=4)
    ('player 1 (team B)', 'the opponent on your left', 'your partner')
    >>> _("{player} is to act.").format(player=seat_name(1))
    'Player 1 (team B) is to act.'
    """
    if learner is not None and players in _SEATS_FROM_LEARNER:
        return Phrase(_(_SEATS_FROM_LEARNER[players][(seat - learner) % players]))
    # Translators: a player as a noun phrase inside a sentence ("{player} is to act.", "You
    # are {player}."), with its article where the language has one (pt_BR "o jogador {seat}
    # ({team})", es_AR "el jugador {seat} ({team})"). A sentence that opens with it shows it
    # with a capital. Write the sentences around it so that no preposition has to merge with
    # the article: "{player} joga agora" rather than "É a vez de {player}".
    return Phrase(_("player {seat} ({team})").format(seat=seat, team=team_label(seat & 1)))


def seat_label(seat: int) -> str:
    """A seat as a caption or a list item, never inside a sentence: 'Player 1 (team B)'."""
    return _("Player {seat} ({team})").format(seat=seat, team=team_label(seat & 1))


def button(label: str, on_click: Callable[[], object], *, bench: bool = False) -> W.Button:
    """A button that is always valid to click (new deal, reset ...)."""
    # As wide as its label, at the start of its line: in a VBox a button would otherwise
    # stretch across the whole page.
    b = W.Button(description=label, layout=W.Layout(width="auto", align_self="flex-start"))
    b.on_click(lambda _b: on_click())
    if bench:
        b.add_class(BENCH_CLICK)
    return b


def variant_picker(current, names: Iterable[str] | None = None,
                   description: str | None = None) -> W.Dropdown:
    """A dropdown of variant names (titles shown); its value is a name. Validate on change."""
    names = list(names if names is not None else truco.VARIANT_NAMES)
    options = [(_(truco.variant(n).title), n) for n in names]
    value = current.name if isinstance(current, truco.Variant) else str(current)
    return W.Dropdown(options=options, value=value if value in names else names[0],
                      description=description if description is not None else _("Variant"),
                      style={"description_width": "initial"})


class ActionButtons:
    """A row of buttons with fixed meanings, one per action text (created on first use).

    Python keeps which texts are offered now; a click on a button whose action is not offered
    (hidden, disabled, stale, or forged from the browser) calls ``on_reject`` and nothing else.
    """

    def __init__(self, on_action: Callable[[str], object],
                 on_reject: Callable[[str], object] | None = None):
        self.on_action, self.on_reject = on_action, on_reject
        self.box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.buttons: dict[str, W.Button] = {}
        self._offered: frozenset[str] = frozenset()

    @property
    def offered(self) -> frozenset[str]:
        return self._offered

    def button(self, text: str, label: str = "", tooltip: str = "") -> W.Button:
        """The button for ``text``; a new one is made with its label (a button the browser
        draws before its label comes has no name for a screen reader) and hidden until shown."""
        button = self.buttons.get(text)
        if button is None:
            button = W.Button(description=label, tooltip=tooltip or label, disabled=True,
                              layout=W.Layout(width="auto", display="none"))
            # the action it stands for, in any language (tests and styles find it by this)
            button.add_class("tutor-action-" + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-"))
            button.on_click(lambda _b, text=text: self.click(text))
            self.buttons[text] = button
            self.box.children = tuple(self.buttons.values())
        return button

    def show(self, actions: Iterable[tuple[str, str]], tooltips: dict | None = None) -> None:
        """Offer ``actions`` as (action text, label); every other button is hidden."""
        actions = list(actions)
        offered = set()
        for text, label in actions:
            button = self.button(text, label, (tooltips or {}).get(text, label))
            button.description = label
            button.tooltip = (tooltips or {}).get(text, label)
            button.disabled = False
            button.layout.display = None
            offered.add(text)
        for text, button in self.buttons.items():
            if text not in offered:
                button.disabled = True
                button.layout.display = "none"
        self._offered = frozenset(offered)

    def click(self, text: str) -> bool:
        if text not in self._offered:
            if self.on_reject is not None:
                self.on_reject(_("That button is not available now."))
            return False
        self.on_action(text)
        return True

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()
        self.box.close()


def send_now() -> None:
    """Let what was just published leave the kernel before the caller goes on.

    In a Jupyter kernel a widget update is handed to the kernel's output thread, which needs
    the GIL to send it: while the click handler goes on drawing (a row of forty cards), the
    feedback waits. Flushing the kernel's ``sys.stdout`` waits, without the GIL, until that
    thread has sent everything queued before it, so the feedback reaches the learner first.
    Outside a kernel this is a plain flush of standard output."""
    try:
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):  # closed or replaced stdout: nothing to do
        pass


class TutorWidget(FeedbackFirst):
    """Base of every tutor widget: ``widget`` is the displayable root (a VBox with class
    ``tutor-ready``), ``feedback`` its feedback box (:mod:`widgets.ui.feedback`) and
    ``message`` the plain text last shown in it."""

    widget: W.Box
    feedback: FeedbackBox

    def __init__(self):
        apply_session_language()  # the page's ?lang= or the browser's language
        self.message = ""
        self.tone = "info"
        self._said = 0
        self.feedback = mark_feedback(feedback_box())
        self.feedback.add_class(BENCH_FEEDBACK)

    def _root(self, children) -> W.VBox:
        root = W.VBox(children=list(children))
        root.add_class(READY)
        root.add_class("tutor-widget")
        rtl(root)
        self.widget = root
        self.hook()  # a click's feedback leaves before the rest (widgets.ui.first)
        return root

    def say(self, text: str, tone: str = "info", details: Iterable[str] = (), *,
            past: str = "", focus: int = 0) -> None:
        """Show the learner ``text`` first; ``past`` and ``focus``: see
        :meth:`~widgets.ui.feedback.FeedbackBox.show` (a page moving on to its next task)."""
        details = [d for d in details if d]
        self.message = " ".join([past, text, *details]).strip()
        self.tone = tone
        self._said += 1
        set_feedback(self.feedback, text, tone, details, self._said, past=past, focus=focus)
        # The feedback leaves before whatever the caller draws next: during a click, release()
        # pauses (the kernel's output thread sends it) and sends what the click held back
        # (widgets.ui.first); otherwise send_now() waits until it has been sent.
        if not self.release():
            send_now()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Close the root and every widget under it."""
        def walk(w):
            for child in getattr(w, "children", ()):
                walk(child)
            w.close()
        walk(self.widget)
