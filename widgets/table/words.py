"""What the card table says: seat names, short log lines, speech bubbles, action labels and
the end-of-hand summary's facts. Pure functions over engine values (no widget here).

Every text goes through gettext. Cards are named in words (``variant.card_name``), never by
their codes; the rules' explanations are the engine's verdicts (``verdict.explain()``).

>>> import truco
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]],
...                          dealer=1)
>>> start = HandStart.of(g)
>>> for a in ["raise", "accept", "play 4c", "play 3d"]:
...     _e = g.apply(a)
>>> [event_line(e, g.variant, learner=0, vira=None, trick_no=1) for e in g.log[1:]]
... # doctest: +NORMALIZE_WHITESPACE
['You call Truco: the hand is worth 4 if accepted; refused, your side scores 2.',
 'Player 1 accepts: the hand is now worth 4.', 'You play the 4 of clubs (Zap).',
 'Player 1 plays the 3 of diamonds.', 'Trick 1: you win it with the 4 of clubs (Zap).']
>>> [bubble_text(e, g.variant) for e in g.log[1:3]]
['Truco!', 'Accepted!']
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..language.i18n import N_, _, ngettext

from ..ui.common import team_label

__all__ = ["HandStart", "HandSummary", "action_label", "bubble_text", "bubbles", "event_line",
           "gesture_face", "gesture_text", "gesture_words", "hand_summary", "review_line",
           "seat_label", "short_text", "team_title"]

# Game words said as they are, capitalised, in a speech bubble (the variant's own words).
_SAID = ("envido", "real envido", "falta envido", "quiero", "no quiero", "son buenas", "flor",
         "contraflor", "contraflor al resto", "con flor quiero", "con flor me achico",
         "mon reste")
_CALLS = frozenset({"raise", "accept", "refuse", "fold", "decide", "envido", "flor",
                    "son_buenas", "redeal", "mon reste", "mon_reste", "signal"})


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_label(seat: int, learner: int) -> str:
    """'You' for the learner's seat, else 'Player 2'."""
    return _("You") if seat == learner else _("Player {seat}").format(seat=seat)


def team_title(team: int) -> str:
    """'Team A' / 'Team B' (the engine's team name, as a title)."""
    return _upper(team_label(team))


def short_text(verdict) -> str:
    """A verdict's explanation without its trailing 'Rule: ...' sentence (the rule is for the
    end-of-hand summary; the log stays short)."""
    text = verdict.explain()
    try:
        rule = " " + _("Rule: {rule}.").format(rule=verdict.rule())
    except (KeyError, AttributeError):  # a verdict with no rule of its own
        return text
    return text[:-len(rule)] if text.endswith(rule) else text


def card_words(variant, card, vira) -> str:
    return variant.card_name(card, vira)


def event_line(event, variant, *, learner: int, vira, trick_no: int = 0) -> str | None:
    """One short line of the log for ``event`` (None for events the log leaves out).

    ``vira`` is the hand's vira or muestra (None without one); ``trick_no`` the number of a
    trick event within its hand."""
    kind, verdict = event.kind, event.verdict
    if kind == "deal":
        if event.seat == learner:
            return _("Hand {n}: you deal.").format(n=event.hand)
        return _("Hand {n}: {player} deals.").format(
            n=event.hand, player=seat_label(event.seat, learner))
    if kind == "play":
        card = card_words(variant, event.action.card, vira)
        if event.seat == learner:
            return _("You play the {card}.").format(card=card)
        return _("{player} plays the {card}.").format(player=seat_label(event.seat, learner),
                                                      card=card)
    if kind == "trick":
        return _trick_line(verdict, variant, learner, trick_no)
    if kind == "hand":
        if getattr(verdict, "kind", None) != "hand":  # a refusal or a fold: already said
            return None
        if verdict.winner is None:
            return _("Nobody wins the hand.")
        return ngettext("{team} wins the hand and scores {n} point.",
                        "{team} wins the hand and scores {n} points.", verdict.points).format(
            team=team_title(verdict.winner), n=verdict.points)
    if kind == "game":
        return _("Game over: {team} wins, {won} to {lost}.").format(
            team=team_label(verdict.winner), won=verdict.score[verdict.winner],
            lost=verdict.score[1 - verdict.winner])
    if kind in _BET_LINES and verdict is not None and getattr(verdict, "reason", "") in \
            _BET_LINES[kind]:
        you, other = _BET_LINES[kind][verdict.reason]
        facts = dict(team=team_label(verdict.winner) if verdict.winner is not None else "",
                     rung=variant.rung_name(verdict.value), value=verdict.value,
                     before=verdict.before, points=verdict.points,
                     player=seat_label(event.seat, learner))
        return _(you if event.seat == learner else other).format(**facts)
    reason = getattr(verdict, "reason", "")
    if reason in _SIDE_YOU and getattr(verdict, "kind", "") == "side" and \
            getattr(verdict, "seat", None) == learner:
        team = verdict.winner if verdict.winner is not None else verdict.seat & 1
        facts = dict(verdict.facts, team=team_label(team), points=verdict.points)
        if "bet" in facts:
            facts["bet"] = _(facts["bet"].title())
        return _(_SIDE_YOU[reason]).format(**facts)
    if reason in _TRUC_LINES and hasattr(verdict, "target"):
        you, other = _TRUC_LINES[reason]
        facts = dict(player=seat_label(event.seat, learner), value=verdict.value,
                     before=verdict.before, target=verdict.target, points=verdict.points,
                     team=team_label(verdict.team), other=team_label(1 - verdict.team))
        return _(you if event.seat == learner else other).format(**facts)
    if verdict is not None:
        return short_text(verdict)
    return event.explain()


# Envido and flor said to the learner (the engine's verdicts, truco.side_verdicts, name every
# seat "Player n"; the learner is "you" here), with the same facts.
_SIDE_YOU = {
    "envido_called": N_("You call {bet}: {stake} at stake if accepted; refused, {team} scores "
                        "{refused}."),
    "envido_refused": N_("You do not want it: {team} scores {points}."),
    "envido_accepted": N_("You want it: {stake} at stake."),
    "declared": N_("You have {envido}."),
    "envido_buenas": N_("You win the envido with {best}, the others having said son buenas: "
                        "{team} scores {points}."),
    "son_buenas": N_("You say son buenas: you cannot win the envido."),
    "envido_won": N_("You win the envido with {best} against {other}: {team} scores "
                     "{points}."),
    "flor_sung": N_("You announce flor ({flor})."),
    "flor_alone": N_("No flor of the other side answers yours: {team} scores {points}."),
    "flor_duel": N_("Your flor of {best} beats {other}: {team} scores {points}."),
    "flor_backs_down": N_("You say con flor me achico: your side concedes the flores."),
    "flor_achico": N_("The flores were conceded to you: {team} scores {points}."),
    "contraflor_called": N_("You call {bet}: {stake} at stake if accepted; refused, {team} "
                            "scores {refused}."),
    "contraflor_accepted": N_("You accept the {bet}: con flor quiero."),
    "contraflor_refused": N_("Your {bet} is refused: {team} scores {points}."),
    "contraflor_won": N_("Your flor of {best} beats {other} and wins the contraflor: {team} "
                         "scores {points}."),
    "contraflor_resto_won": N_("Your flor of {best} beats {other} and wins the contraflor al "
                               "resto: {team} scores {points}."),
}

# The Truc specials said by the player who acts (the engine's verdicts name every seat
# "Player n"; the learner is "you" here).
_TRUC_LINES = {
    "redeal_proposed": (
        N_("You propose a redeal: if the dealer accepts, everyone gets three new cards."),
        N_("{player} proposes a redeal: if the dealer accepts, everyone gets three new "
           "cards.")),
    "redeal_accepted": (
        N_("You accept the redeal: everyone gets three new cards."),
        N_("{player}, the dealer, accepts the redeal: everyone gets three new cards.")),
    "redeal_refused": (
        N_("You refuse the redeal: the hand is played with the cards dealt."),
        N_("{player}, the dealer, refuses the redeal: the hand is played with the cards "
           "dealt.")),
    "mon_reste": (
        N_("You say mon reste: the hand is raised to {value}, all your side lacks to reach "
           "{target}; if {other} folds, your side scores {before}."),
        N_("{player} says mon reste: the hand is raised to {value}, all {team} lacks to reach "
           "{target}; if {other} folds, {team} scores {before}.")),
    "mon_reste_refused": (
        N_("You fold against mon reste: {other} scores {points}."),
        N_("{player} folds against mon reste: {other} scores {points}.")),
    "mon_reste_answered": (
        N_("You answer mon reste too: whoever wins this hand wins the game."),
        N_("{player} answers mon reste too: whoever wins this hand wins the game.")),
}


# The truco ladder's events said by the player who acts: (to the learner, of another player).
_BET_LINES = {
    "raise": {"raised": (N_("You call {rung}: the hand is worth {value} if accepted; "
                            "refused, your side scores {before}."),
                         N_("{player} calls {rung}: the hand is worth {value} if accepted; "
                            "refused, their side scores {before}."))},
    "accept": {"accepted": (N_("You accept: the hand is now worth {value}."),
                            N_("{player} accepts: the hand is now worth {value}."))},
    "refuse": {"refused": (N_("You refuse {rung}: {team} scores {points}."),
                           N_("{player} refuses {rung}: {team} scores {points}."))},
    "fold": {"fold": (N_("You go to the deck: {team} scores {points}."),
                      N_("{player} goes to the deck: {team} scores {points}."))},
}


def _trick_line(verdict, variant, learner: int, trick_no: int) -> str:
    seats = verdict.seats or list(range(len(verdict.plays)))
    if verdict.winner is None:
        return _("Trick {k} is tied ({word}).").format(k=trick_no, word=_(variant.tie_word))
    if verdict.reason == "partners_share_top":
        return _("Trick {k}: {team} wins it with two equal cards.").format(
            k=trick_no, team=team_label(verdict.winner))
    seat = seats[verdict.top]
    card = card_words(variant, verdict.winning_card, verdict.vira)
    if seat == learner:
        return _("Trick {k}: you win it with the {card}.").format(k=trick_no, card=card)
    return _("Trick {k}: {player} wins it with the {card}.").format(
        k=trick_no, player=seat_label(seat, learner), card=card)


def bubble_text(event, variant) -> str | None:
    """What the seat of ``event`` says aloud ("Truco!", "Quiero", "Envido", "Flor", "33"),
    None for events that are not calls (plays, tricks, results)."""
    kind, verdict, action = event.kind, event.verdict, event.action
    if event.seat is None or kind not in _CALLS:
        return None
    word = action.kind if action is not None else None
    if word == "raise" and verdict is not None and hasattr(verdict, "value"):
        return _("{rung}!").format(rung=variant.rung_name(verdict.value))
    if kind == "decide":
        return _("We play!") if word == "accept" else _("We run!")
    if word == "accept":
        return _("Accepted!")
    if word == "refuse":
        return _("Refused!")
    if word == "fold":
        return _("To the deck!")
    if word == "redeal":
        return _("Redeal?")
    if word in _SAID:
        return _("{word}!").format(word=_upper(_(word)))
    reason = getattr(verdict, "reason", "")
    if reason == "declared":
        return str(verdict.facts.get("envido", ""))
    if reason == "flor_sung":
        return _("{word}!").format(word=_upper(_("flor")))
    return None


def bubbles(events, variant, hand: int) -> dict:
    """{seat: what it said last} among ``events`` of hand ``hand``: the speech bubbles of the
    calls made since the learner's last action (the next action clears them)."""
    said = {}
    for event in events:
        words = bubble_text(event, variant) if event.hand == hand else None
        if words:
            said[event.seat] = words
    return said


# A partner's signals (four-player French Truc) are gestures: their names here, what each
# shows is the engine's (truco.truc.SIGNALS) and its sentence the signal's verdict.
_GESTURES = {"smile": N_("Smile"), "wink": N_("Wink"), "shrug": N_("Shrug")}


def gesture_words(game, obs, learner: int) -> dict:
    """{seat: [(gesture, the engine's sentence), ...]} for the signals ``obs`` shows the
    learner this hand (a partner's only: the observation never holds the opponents')."""
    seen = list(getattr(obs, "signals", ()) or ())
    if not seen:
        return {}
    said = {}
    for event in game.log:
        if event.hand != game.hand_no or event.kind != "signal" or event.verdict is None:
            continue
        sign = getattr(event.verdict, "sign", None)
        if (event.seat, sign) in seen:
            seen.remove((event.seat, sign))
            said.setdefault(event.seat, []).append((sign, short_text(event.verdict)))
    return said


def gesture_text(variant, sign: str) -> str:
    """'Smile: 7': the gesture and the rank it shows (the engine's table of signals)."""
    from truco.truc import SIGNALS
    rank = SIGNALS.get(sign)
    card = next((c for c in variant.deck if c.rank == rank), None)
    word = _(_GESTURES[sign]) if sign in _GESTURES else sign
    if card is None:
        return word
    return _("{gesture}: {rank}").format(gesture=word, rank=card.rank_name())


def gesture_face(sign: str) -> str:
    """A small face making the gesture (drawn, not an emoji: no font needed)."""
    eyes = ('<circle cx="11" cy="13" r="2"/><circle cx="21" cy="13" r="2"/>')
    mouth = '<path d="M10 19q6 6 12 0" fill="none" stroke="#1b1b1b" stroke-width="2"/>'
    extra = ""
    if sign == "wink":
        eyes = ('<circle cx="11" cy="13" r="2"/><path d="M18 13.5q3 -3 6 0" fill="none" '
                'stroke="#1b1b1b" stroke-width="2" stroke-linecap="round"/>')
    elif sign == "shrug":
        mouth = '<path d="M11 21h10" stroke="#1b1b1b" stroke-width="2" stroke-linecap="round"/>'
        extra = ('<path d="M8 8.5l5 -1.5M24 8.5l-5 -1.5" stroke="#1b1b1b" stroke-width="1.8" '
                 'stroke-linecap="round"/>')
    return ('<svg class="tt-face" viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" '
            'focusable="false"><circle cx="16" cy="16" r="14.5" fill="#ffd43b" stroke="#1b1b1b" '
            f'stroke-width="1.5"/><g fill="#1b1b1b">{eyes}</g>{mouth}{extra}</svg>')


def action_label(variant, text: str, obs, preview) -> str:
    """A button's label for the action ``text``, saying what it is worth: the figures are the
    engine's ``preview`` of it (``game.preview(text)``, a :class:`truco.preview.Preview`;
    None for a card's play, which scores nothing by itself)."""
    v = variant
    if text.startswith("play "):  # (no figures: a blind play's "play #2" has no preview)
        code = text[5:]
        if code.startswith("#"):
            return _("Play a card you cannot see")
        return _("Play the {card}").format(card=v.card_name(code, obs.vira))
    if text == "raise" and preview.if_accepted is not None:
        value = preview.if_accepted
        return _("Ask {rung} ({value})").format(rung=v.rung_name(value), value=value)
    if obs.phase == "decide":
        # (the engine's preview has no figures for this decision: the special hand's own)
        if text == "accept":
            return _("Play the hand of {n} (worth {value})").format(
                n=v.hand_of, value=v.hand_of_value)
        if text == "refuse":
            return _("Run (the opponents score {points})").format(points=v.hand_of_refused)
    if text == "accept" and obs.pending_raise and preview.if_accepted is not None:
        return _("Accept ({value})").format(value=preview.if_accepted)
    if text == "refuse":
        return _("Refuse")
    if text == "fold":
        return _("Go to the deck")
    if text == "redeal":
        return _("Propose a redeal")
    return _upper(_(text))


def review_line(seat: int, action: str, reason, learner: int, variant, vira) -> str | None:
    """The coach's review of a computer player's choice, in the third person ("Player 2
    played the 6 of spades: all its cards were equally strong."). None when the move was the
    only one allowed, or no reason was given."""
    if not reason:
        return None
    name = seat_label(seat, learner)
    about = getattr(reason, "about", None)
    if about is not None:
        if getattr(reason, "key", "") == "only":
            return None
        return about(name)
    # A custom player whose reason is a plain string: say what it did, then its words.
    if action.startswith("play ") and not action.startswith("play #"):
        return _("{player} played the {card}: {reason}").format(
            player=name, card=variant.card_name(action[5:], vira), reason=reason)
    return _("{player} ({action}): {reason}").format(player=name, action=_(action),
                                                     reason=reason)


@dataclass(frozen=True)
class HandStart:
    """A hand as dealt: kept before the engine deals the next one (``game.dealt`` holds the
    current hand only)."""

    hand: int
    dealt: tuple  # cards by seat
    vira: object
    dealer: int
    mano: int
    score: tuple

    @classmethod
    def of(cls, game, score=None) -> "HandStart":
        return cls(game.hand_no, game.dealt, game.vira, game.dealer, game.mano,
                   tuple(game.score if score is None else score))


@dataclass
class TrickResult:
    number: int
    plays: tuple  # ((seat, card), ...) in play order
    winner_seat: int | None  # the seat whose card took it (None: tied, or partners shared)
    winner_team: int | None
    why: str  # the engine's explanation


@dataclass
class HandSummary:
    """Everything the end-of-hand view shows, worked out from the engine's log."""

    start: HandStart
    tricks: list = field(default_factory=list)  # TrickResult
    plays: list = field(default_factory=list)  # (trick number, seat, card), in play order
    side: list = field(default_factory=list)  # side bets' results, in words
    result: str = ""  # the hand's verdict, explained
    winner: int | None = None
    points: tuple = (0, 0)  # scored by each team in this hand (side bets included)
    score: tuple = (0, 0)  # after the hand
    reviews: list = field(default_factory=list)  # the coach's review of the computers' choices
    game_over: str = ""

    def played_by(self, seat: int) -> list:
        """(trick number, card) of each card ``seat`` played, in order (a trick the hand's
        end cut short included)."""
        return [(k, c) for k, s, c in self.plays if s == seat]

    def won(self, trick_no: int, seat: int) -> bool:
        if trick_no > len(self.tricks):  # the trick was not finished
            return False
        t = self.tricks[trick_no - 1]
        return t.winner_team is not None and (t.winner_seat == seat or (
            t.winner_seat is None and seat & 1 == t.winner_team and any(
                s == seat and c is not None for s, c in t.plays)))


def hand_summary(game, start: HandStart, reviews=()) -> HandSummary:
    """The summary of hand ``start.hand`` of ``game`` (which may have dealt the next)."""
    events = [e for e in game.log if e.hand == start.hand]
    summary = HandSummary(start=start, reviews=list(reviews))
    for e in events:
        if e.kind == "play":
            summary.plays.append((len(summary.tricks) + 1, e.seat, e.action.card))
        elif e.kind == "trick":
            v = e.verdict
            seats = v.seats or list(range(len(v.plays)))
            plays = tuple((s, c) for s, (_t, c) in zip(seats, v.plays))
            winner_seat = seats[v.top] if v.winner is not None and \
                v.reason != "partners_share_top" else None
            summary.tricks.append(TrickResult(len(summary.tricks) + 1, plays, winner_seat,
                                              v.winner, v.explain()))
        elif e.kind in ("envido", "flor") and e.verdict is not None:
            if e.verdict.reason not in ("envido_called", "contraflor_called"):
                summary.side.append(e.verdict.explain())
        elif e.kind == "hand":
            summary.result = e.verdict.explain()
            summary.winner = e.verdict.winner
        elif e.kind == "game":
            summary.game_over = e.verdict.explain()
            if not summary.result:  # the game ended inside the hand (a side bet's points)
                summary.winner = e.verdict.winner
    score = game.score
    summary.score = score
    summary.points = (score[0] - start.score[0], score[1] - start.score[1])
    return summary

