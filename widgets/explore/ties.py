"""TieExplorer: set each trick's result and see who wins the hand, and why, per variant.

>>> t = TieExplorer("mineiro")
>>> t.set_trick(0, "tie"), t.set_trick(1, "B"), t.winner
(True, True, 1)
>>> t.quiz(); t.answer(t.expected_answer()), t.score, t.asked
(True, 1, 1)

Where players of a variant disagree about three tied tricks, the engine has a rule option
(``all_tie``); the explorer offers its values as a choice, and the table of variants gives
every rule's outcome:

>>> t = TieExplorer("mineiro")
>>> [t.set_trick(i, "tie") for i in range(3)] and t.winner
1
>>> t.set_rule("nobody"), t.winner, t.variant.all_tie
(True, None, 'nobody')

In a class (see :mod:`widgets.classroom`) the quiz deals from the class's seed, each answer is
stored before its feedback, and a reloaded page replays the stored answers.

Lesson 4 ends with it, as its Explore step (:mod:`widgets.steps.tasks.explore`): free play in
the learner's variant, without the quiz (``with_quiz=False``) or the variant menu
(``pick_variant=False``), storing nothing (``recorder=None``):

>>> t = TieExplorer("truc", recorder=None, pick_variant=False, with_quiz=False)
>>> t.quiz_button.layout.display, t.set_trick(0, "tie"), t.set_trick(1, "B"), t.winner
('none', True, True, 1)
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

import truco
from truco import Undecided, resolve
from truco.i18n import capitalize_first, sequence
from ..language.i18n import _

from ..classroom.recording import FROM_APP, resolve_recorder
from ..ui.common import ActionButtons, TutorWidget, button, get_variant, team_label, variant_picker
from ..steps.tasks.hands import deal_results

__all__ = ["TieExplorer"]

RESULTS = ("A", "B", "tie")  # what a learner sets per trick (None clears it)
_TEAM = {"A": 0, "B": 1, "tie": None}
ANSWERS = ("A", "B", "nobody")
ALL_TIE = "all_tie"  # the engine's rule option for a hand whose three tricks are all tied
RULES_CSS = ("<style>.tutor-tie-rules .widget-radio-box label{display:flex;"
             "align-items:flex-start;height:auto;min-height:var(--jp-widgets-radio-item-height);"
             "line-height:1.35;padding:.15em 0;white-space:normal}"
             ".tutor-tie-rules .widget-radio-box input{float:none;flex:none;order:-1;height:auto;"
             "margin-block:.2em 0;margin-inline:1px .5em}"
             ".tutor-tie-rules{flex-wrap:wrap;max-width:100%}</style>")


def rule_values(variant) -> tuple:
    """The values of ``variant``'s all-tie rule option (empty when it has none)."""
    return tuple(dict(variant.options).get(ALL_TIE, ()))


def all_tie_rule(variant, value) -> str:
    """The engine's own words for the all-tie rule ``value`` of ``variant``."""
    return resolve.hand(variant.with_options(**{ALL_TIE: value}), [None, None, None],
                        0, 1).rule()


def _sentence(text: str) -> str:
    """A rule shown on its own, as a sentence: with a capital letter."""
    return capitalize_first(text)


def _result_name(result) -> str:
    return {"A": _("team A"), "B": _("team B"), "tie": _("tied"), None: _("not played")}[result]


class TieExplorer(TutorWidget):
    """Trick results in, the engine's hand verdict out (``truco.resolve.hand``).

    ``set_trick(i, result)``: trick ``i`` (0, 1 or 2) is won by "A", "B", is a "tie", or
    None (cleared). ``quiz()`` deals decided results; ``answer("A"|"B"|"nobody")`` answers.
    Team A is the mano's side and team B the dealer's (``mano``/``dealer`` change that).
    ``set_rule(value)`` picks the variant's all-tie rule (``rule_values(variant)``), as the
    radio buttons do.
    ``recorder=`` records the answers: an object with ``seed``, ``save(...)`` and
    ``replay(...)`` (the Recorder protocol of :mod:`widgets.classroom.session`), or None;
    by default the app layer's (:func:`widgets.classroom.recording.recorder_for`).
    ``with_quiz=False`` leaves the quiz out (its button and score; ``quiz()`` still works from
    Python), ``pick_variant=False`` the variant menu (the all-tie rule stays).
    """

    def __init__(self, variant="mineiro", seed=None, mano=0, dealer=1, *,
                 recorder=FROM_APP, with_quiz: bool = True, pick_variant: bool = True):
        super().__init__()
        self.with_quiz = bool(with_quiz)
        self.variant = get_variant(variant)
        if mano not in (0, 1) or dealer not in (0, 1):
            raise ValueError(_("mano and dealer are teams: 0 (team A) or 1 (team B)"))
        self.mano, self.dealer = mano, dealer
        # in a class: its seed, answers stored
        self.recorder = resolve_recorder(recorder, "ties", seed, self.say)
        self.seed = seed if self.recorder is None else self.recorder.seed
        self._rng = random.Random(self.seed)
        self.dealt = 0  # quiz questions dealt so far
        self.tricks: list = [None, None, None]
        self.verdict = None  # the engine's HandVerdict when the tricks decide the hand
        self.problem = None  # why they do not (Undecided or ValueError message)
        self.score = 0
        self.asked = 0
        self.in_quiz = False
        self.quiz_answered = False
        self._explained = False  # the feedback shows the engine's explanation (with the tricks)
        self.toggles = []
        for i in range(3):
            toggle = W.ToggleButtons(options=[(_("team A"), "A"), (_("team B"), "B"),
                                              (_("tie"), "tie"), ("-", "")], value="",
                                     description=_("Trick {n}").format(n=i + 1))
            toggle.observe(lambda change, i=i: self._on_toggle(i, change), names="value")
            self.toggles.append(toggle)
        self.variant_picker = variant_picker(self.variant)
        self.variant_picker.observe(self._on_variant_pick, names="value")
        # The all-tie rule of the variant, when its players disagree: one radio button per
        # rule, in the engine's words; hidden for a variant with a single rule.
        self.rule_picker = W.RadioButtons(options=[], style={"description_width": "initial"},
                                          layout=W.Layout(width="auto"))
        self.rule_picker.observe(self._on_rule_pick, names="value")
        self.rule_picker.add_class("tutor-tie-rules")
        # A rule is a sentence: on a phone it wraps, and each radio button's line grows with
        # it (ipywidgets gives each a one-line height, and the lines would overlap); the
        # button sits at the start of its line, on the right in a right-to-left language.
        self._rules_style = W.HTML(RULES_CSS, layout=W.Layout(display="none"))
        self.buttons = ActionButtons(self._on_button, lambda m: self.say(m, "error"))
        self.quiz_button = button(_("Quiz me"), self._on_quiz_button, bench=with_quiz)
        self.clear_button = button(_("Clear"), self.reset)
        self.table = W.HTML()
        self.score_html = W.HTML()
        # The quiz's answers stand apart from the controls, under their question, and look
        # like answers (filled buttons), not like "Quiz me" and "Clear".
        question = _("Who wins the hand?")  # outside the f-string, where Babel sees it
        self.answers = W.VBox([W.HTML(f"<strong>{escape(question)}</strong>"),
                               self.buttons.box])
        self.answers.add_class("tutor-answers")
        self.answers.layout.display = "none"
        if not pick_variant:
            self.variant_picker.layout.display = "none"
        if not self.with_quiz:
            self.quiz_button.layout.display = "none"
            self.score_html.layout.display = "none"
        self._root([self.variant_picker, self.rule_picker, *self.toggles,
                    W.HBox([self.quiz_button, self.clear_button]), self.answers, self.feedback,
                    self.table, self.score_html, self._rules_style])
        self._update()
        if self.recorder is not None:
            self.recorder.replay(self._replay)

    # --- explorer ----------------------------------------------------------------------------
    def set_variant(self, variant) -> None:
        try:
            self.variant = get_variant(variant)
        except ValueError as err:
            self.say(str(err), "error")
            return
        if self.in_quiz and not self.quiz_answered:
            self.in_quiz = False  # a new variant abandons the question (not counted)
        self._update()

    def set_rule(self, value) -> bool:
        """Play the variant with its all-tie rule ``value`` (one of ``rule_values``), as the
        radio buttons do; a new rule abandons an unanswered question. False if refused."""
        try:
            chosen = self.variant.with_options(**{ALL_TIE: value})
        except ValueError as err:  # the engine names the rules there are
            self.say(str(err), "error")
            self._sync_pickers()
            return False
        self.set_variant(chosen)
        return True

    def set_trick(self, i, result) -> bool:
        """Set trick ``i`` (0-2) to "A", "B", "tie" or None. Returns False if refused."""
        if self.in_quiz and not self.quiz_answered:
            self.say(_("Answer the question first: who wins this hand?"), "error")
            self._sync_toggles()
            return False
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < 3:
            self.say(_("There are three tricks: 0, 1 and 2."), "error")
            self._sync_toggles()
            return False
        if result == "":
            result = None
        if result is not None and result not in RESULTS:
            self.say(_("A trick is won by A or B, or tied (tie)."), "error")
            self._sync_toggles()
            return False
        self.in_quiz = False
        self.tricks[i] = result
        self._update()
        return True

    def reset(self) -> None:
        self.in_quiz = False
        self.tricks = [None, None, None]
        self._update()

    @property
    def winner(self):
        """The winning team (0, 1) or None; None also while the hand is not decided."""
        return None if self.verdict is None else self.verdict.winner

    # --- quiz --------------------------------------------------------------------------------
    def _on_quiz_button(self) -> None:
        """A click on "Quiz me": refused where the quiz is left out (the button is hidden, but
        a forged click could still come)."""
        if not self.with_quiz:
            self.say(_("That button is not available now."), "error")
            return
        self.quiz()

    def quiz(self) -> None:
        """Deal trick results that decide the hand, and ask who wins it (a question left
        unanswered is skipped, not counted)."""
        self.dealt += 1
        # Every result that decides a hand, from the engine: most have a tied trick, and the
        # all-tied hand is weighted up so that it comes up.
        results = deal_results(self.variant, self._rng, mano=self.mano, dealer=self.dealer)
        tricks = [{0: "A", 1: "B", None: "tie"}[t] for t in results]
        self.tricks = tricks + [None] * (3 - len(tricks))
        self.in_quiz, self.quiz_answered = True, False
        self._update()

    def expected_answer(self) -> str | None:
        """The right answer to the question on screen ("A", "B" or "nobody")."""
        if not self.in_quiz or self.verdict is None:
            return None
        return {0: "A", 1: "B", None: "nobody"}[self.verdict.winner]

    def answer(self, who) -> bool:
        """What clicking an answer button does. Returns True when right."""
        if not self.in_quiz:
            self.say(_("There is no question: press Quiz me first."), "error")
            return False
        if self.quiz_answered:
            self.say(_("This question is answered already: press Quiz me for another."),
                     "error")
            return False
        if who not in ANSWERS:
            self.say(_("Answer A, B or nobody."), "error")
            return False
        right = who == self.expected_answer()
        if self.recorder is not None:  # stored before the learner is told
            problem = self.recorder.save(self.dealt, self.variant.name, " ".join(
                t or "-" for t in self.tricks), who, self.expected_answer(), right)
            if problem is not None:
                self.say(problem, "error")
                return False
        self.quiz_answered = True
        self.asked += 1
        if right:
            self.score += 1
            self.say(_("Right!"), "right", [self.verdict.explain()])
        else:
            self.say(_("No."), "wrong", [self.verdict.explain()])
        self._explained = True
        self._draw()
        return right

    def _replay(self, saved) -> bool:
        """Answer again, without storing it, a quiz answer stored before a reload."""
        if saved.variant != self.variant.name and saved.variant in truco.VARIANT_NAMES:
            self.set_variant(saved.variant)
        while self.dealt < saved.item:
            self.quiz()
        if self.dealt != saved.item or self.quiz_answered:
            return False
        self.answer(saved.answer)
        return True

    # --- internals ---------------------------------------------------------------------------
    def _played(self) -> list:
        """The results in order, up to the first trick not set."""
        out = []
        for t in self.tricks:
            if t is None:
                break
            out.append(t)
        return out

    def _judge(self, variant):
        """(verdict, problem message) of the current tricks under ``variant``."""
        played = self._played()
        if any(t is not None for t in self.tricks[len(played):]):
            return None, _("Trick {n} is not set: tricks are played in order.").format(
                n=len(played) + 1)
        try:
            return resolve.hand(variant, [_TEAM[t] for t in played], self.mano,
                                self.dealer), None
        except Undecided as err:
            return None, _("The hand goes on: {why}.").format(why=err)
        except ValueError as err:
            return None, str(err)

    def _update(self) -> None:
        self.verdict, self.problem = self._judge(self.variant)
        if self.in_quiz and not self.quiz_answered:
            self.say(_("Who wins this hand in {variant}?").format(variant=_(self.variant.title)))
            self._explained = False
        elif not self.in_quiz:
            if self.verdict is not None:
                self.say(self.verdict.explain(), "info")
            else:
                self.say(self.problem or "", "info")
            self._explained = self.verdict is not None
        self._draw()

    def tricks_in_feedback(self) -> bool:
        """Whether the feedback already lists the trick results (the engine's explanation of
        the hand does), so the line above the table leaves them out: they are shown once."""
        return self._explained

    def _sync_toggles(self) -> None:
        self._syncing = True
        try:
            for toggle, result in zip(self.toggles, self.tricks):
                toggle.value = result or ""
                toggle.disabled = self.in_quiz and not self.quiz_answered
        finally:
            self._syncing = False

    def _on_variant_pick(self, change) -> None:
        if not getattr(self, "_syncing", False):
            self.set_variant(change["new"])

    def _on_rule_pick(self, change) -> None:
        if not getattr(self, "_syncing", False) and change["new"] is not None:
            self.set_rule(change["new"])

    def _sync_pickers(self) -> None:
        """The variant menu and the all-tie rule buttons show the variant played now."""
        v = self.variant
        values = rule_values(v)
        self._syncing = True
        try:
            if self.variant_picker.value != v.name:
                self.variant_picker.value = v.name
            picker = self.rule_picker
            if len(values) > 1:
                options = tuple((_sentence(all_tie_rule(v, value)), value) for value in values)
                if tuple(picker.options) != options:
                    picker.options = options
                picker.value = v.all_tie
                picker.description = _(v.title)
                picker.layout.display = None
            else:
                picker.layout.display = "none"
        finally:
            self._syncing = False

    def _outcome(self, variant) -> str:
        """What the tricks set mean for the hand in ``variant``, in a few words."""
        verdict, problem = self._judge(variant)
        if verdict is None:
            return problem or ""
        if verdict.winner is None:
            return _("nobody wins: {rule}").format(rule=verdict.rule())
        return _("{team} wins: {rule}").format(team=team_label(verdict.winner),
                                               rule=verdict.rule())

    def _outcomes(self, variant) -> list[str]:
        """The outcome under ``variant``'s rules, then under each other all-tie rule it offers
        when that changes the outcome (players disagree: the learner sees both)."""
        found = [self._outcome(variant)]
        for value in rule_values(variant):
            if value != variant.all_tie:
                other = self._outcome(variant.with_options(**{ALL_TIE: value}))
                if other not in found:
                    found.append(other)
        return found

    def _on_toggle(self, i: int, change) -> None:
        if getattr(self, "_syncing", False):
            return
        self.set_trick(i, change["new"])

    def _on_button(self, text: str) -> None:
        self.answer(text)

    def _draw(self) -> None:
        self._sync_toggles()
        self._sync_pickers()
        actions = []
        if self.in_quiz and not self.quiz_answered:
            actions = [("A", _("Team A")), ("B", _("Team B")), ("nobody", _("Nobody"))]
        self.buttons.show(actions)
        for b in self.buttons.box.children:
            b.button_style = "primary"
        self.answers.layout.display = None if actions else "none"
        # The every-variant table says something only once a trick is set (before, each row
        # read "not decided yet after 0 tricks"), and never gives a quiz's answer away.
        hide = self.in_quiz and not self.quiz_answered or not any(self.tricks)
        rows = []
        if not hide:
            for name in truco.VARIANT_NAMES:
                # the variant explored here with the rule chosen for it; the others as preset
                v = self.variant if name == self.variant.name else truco.variant(name)
                outcomes = "<br>".join(escape(o) for o in self._outcomes(v))
                mark = ' class="tutor-current"' if v.name == self.variant.name else ""
                rows.append(f"<tr{mark}><th>{escape(_(v.title))}</th>"
                            f"<td>{outcomes}</td></tr>")
        results = sequence([_result_name(t) for t in self.tricks])
        mano = _("the mano's side") if self.mano == 0 else _("not mano")
        if self.tricks_in_feedback():  # the engine's explanation lists them already
            head = escape(_("Team A is {mano}; the dealer is on {dealer}.").format(
                mano=mano, dealer=team_label(self.dealer)))
        else:
            head = escape(_("Tricks: {results}. Team A is {mano}; the dealer is on {dealer}.")
                          .format(results=results, mano=mano, dealer=team_label(self.dealer)))
        self.table.value = (f"<p>{head}</p>" + (f'<table class="tutor-variants">'
                                                 f'{"".join(rows)}</table>' if rows else ""))
        self.score_html.value = escape(_("Quiz score: {score} of {asked}").format(
            score=self.score, asked=self.asked))
