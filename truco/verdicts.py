"""Verdicts: every resolution returns one, with a stable reason code and the rule in words.

Explanations are built lazily (on ``explain()``) in the current language, so the engine's hot
path only stores the facts.
"""
from __future__ import annotations

from .i18n import N_, Phrase, _, capitalize_first, chain, ngettext, sequence
from .ranking import BRAVA, COMMON, MANILHA, MATA, PIEZA
from .reasons import GAME_RULES, RULES, TEXTS, Reason
from .reasons import SAME_SIDE_RAISED_LAST as SAME_SIDE_RAISED_LAST  # re-exported


def _first_upper(text: str) -> str:
    return capitalize_first(text)


def team_name(team) -> Phrase:
    """'team A' or 'team B', a noun phrase (capitalized where a message opens with it).

    >>> str(team_name(0)), str(team_name(1))
    ('team A', 'team B')
    """
    return Phrase(_("team A") if team == 0 else _("team B"))


class Verdict:
    """Base verdict: ``kind``, ``reason`` (a stable code), ``winner`` (team or None), ``points``.

    >>> truco.resolve.fold(variant("mineiro"), 4, 0)
    <BetVerdict fold winner=1 points=4>
    """

    __slots__ = ("kind", "reason", "winner", "points")

    def __init__(self, kind: str, reason: str, winner=None, points: int = 0):
        self.kind, self.reason, self.winner, self.points = kind, reason, winner, points

    def rule(self) -> str:  # pragma: no cover - overridden
        """The rule behind the verdict, a clause in the current language (each kind its own).

        >>> truco.resolve.fold(variant("mineiro"), 4, 0).rule()
        "a side that goes to the deck gives the other side the hand's current value"
        """
        return ""

    def explain(self) -> str:  # pragma: no cover - overridden
        """What happened and why, in sentences (also ``str(verdict)``).

        >>> print(truco.resolve.fold(variant("mineiro"), 4, 0))
        Team A goes to the deck: team B scores 4. Rule: a side that goes to the deck gives the
        other side the hand's current value.
        """
        return self.rule()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.reason} winner={self.winner} points={self.points}>"

    def __str__(self) -> str:
        return self.explain()

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self):
        return (self.kind, self.reason, self.winner, self.points)


def _special_rule(variant, kind: str) -> str:
    if kind == MANILHA:
        if variant.specials == "vira":
            return _("manilhas rank by suit: clubs (Zap) > hearts (Copas) > spades (Espadilha) > "
                     "diamonds (Pica-fumo)")
        return _("the manilhas rank 4 of clubs (Zap) > 7 of hearts (Copas) > ace of spades "
                 "(Espadilha) > 7 of diamonds (Pica-fumo)")
    if kind == BRAVA:
        return _("the cartas bravas rank ancho de espadas > ancho de bastos > siete de espadas > "
                 "siete de oros")
    return _("the piezas (2 > 4 > 5 > 11 > 10 of the muestra's suit) beat the matas (ancho de "
             "espadas > ancho de bastos > siete de espadas > siete de oros)")


MATAS_RULE = N_("the matas rank ancho de espadas > ancho de bastos > siete de espadas > siete "
                "de oros")


def muestra_rule(ranking, top_kind, other_kind) -> str:
    """Uruguay: why one special card beats another, for this muestra (``ranking.vira``).

    >>> ranking = variant("uruguayo").ranking("5o")
    >>> muestra_rule(ranking, "pieza", "mata")
    'every pieza beats the matas'
    >>> muestra_rule(ranking, "pieza", "pieza")
    "the piezas rank 2 > 4 > 12 > 11 > 10 of the muestra's suit (the 12 takes the place of the 5,
    the muestra turned up)"
    """
    if top_kind == MATA:  # a mata against a mata: the matas' own order
        return _(MATAS_RULE)
    if other_kind == MATA:
        return _("every pieza beats the matas")
    muestra = ranking.vira
    ranks = [c.rank for c in ranking.specials() if ranking.kind[c.id] == PIEZA]
    order = chain(str(r) for r in ranks)  # "2 > 4 > 5 > 11 > 10", left to right everywhere
    if 12 in ranks:  # the muestra is itself a pieza rank: the 12 stands in for it
        return _("the piezas rank {order} of the muestra's suit (the 12 takes the place of the "
                 "{rank}, the muestra turned up)").format(order=order, rank=muestra.rank)
    return _("the piezas rank {order} of the muestra's suit").format(order=order)


def _beats_commons_rule(kind: str) -> str:
    return {MANILHA: _("manilhas beat every common card"),
            BRAVA: _("the cartas bravas beat every other card"),
            PIEZA: _("the piezas beat every other card"),
            MATA: _("the matas beat every common card")}[kind]


def commons_rule(variant, vira=None) -> str:
    """How the common cards rank in ``variant`` (for ``vira``), high to low.

    >>> commons_rule(truco.variant("argentino"))
    'common cards rank 3 > 2 > 1 > 12 > 11 > 10 > 7 > 6 > 5 > 4; suits do not matter'
    """
    levels = [lv for lv in variant.ranking(vira).levels if lv.kind == COMMON]
    # "3 > 2 > A > K ...": card ranks as on the cards' corners, left to right in every language
    order = chain("=".join(c.code for c in lv.cards) if len({c.rank for c in lv.cards}) > 1
                  else lv.cards[0].code[:-1] for lv in levels)
    return _("common cards rank {order}; suits do not matter").format(order=order)


def trick_reason(ranking, plays, top: int, teams: int) -> Reason:
    """The reason code of a trick's verdict (``top`` and ``teams`` as from
    :func:`truco.resolve.top_of_trick`).

    >>> v = variant("argentino")
    >>> plays = [(0, v.card("3e")), (1, v.card("3o"))]
    >>> trick_reason(v.ranking(), plays, 0, 0b11), trick_reason(v.ranking(), plays[:1], 0, 0b01)
    ('tie', 'higher_common')
    """
    if teams & (teams - 1):  # opponents share the top card
        return Reason.TIE
    strength, kind = ranking.strength, ranking.kind
    top_team, top_card = plays[top]
    best = strength[top_card.id]
    if sum(1 for _t, c in plays if strength[c.id] == best) > 1:
        return Reason.PARTNERS_SHARE_TOP
    if kind[top_card.id] == COMMON:
        return Reason.HIGHER_COMMON
    others = [c for t, c in plays if t != top_team] or [c for _t, c in plays if c is not top_card]
    runner = max(others, key=lambda c: strength[c.id])
    return Reason.SPECIAL_BEATS_COMMON if kind[runner.id] == COMMON else Reason.HIGHER_SPECIAL


class TrickVerdict(Verdict):
    """Who won a trick: ``plays`` is ``((team, card), ...)`` in play order.

    Built from the facts tracked during play (the index of the first top card and the bit set
    of teams sharing the top strength); the reason code is worked out when first asked for.

    >>> t = variant("argentino").trick_verdict([(0, "4e"), (1, "7o"), (0, "4o"), (1, "3c")])
    >>> t.winner, t.reason, t.winning_card.code
    (1, 'special_beats_common', '7o')
    """

    __slots__ = ("variant", "ranking", "plays", "top", "teams", "seats", "_reason")
    _reason: str | None  # the reason code, once worked out (or set)

    def __init__(self, variant, ranking, plays, top: int, teams: int, seats=None):
        self.kind, self.points = "trick", 0
        self.variant, self.ranking, self.plays, self.top, self.teams, self.seats = (
            variant, ranking, plays, top, teams, seats)
        self.winner = None if teams & (teams - 1) else plays[top][0]
        self._reason = None

    def __reduce__(self):
        return (TrickVerdict, (self.variant, self.ranking, self.plays, self.top, self.teams,
                               self.seats))

    @property
    def vira(self):
        """The card turned up for this trick's ranking (None where the variant has none).

        >>> variant("paulista").trick_verdict([(0, "4c"), (1, "5h")], vira="4d").vira
        Card('4d')
        >>> print(variant("mineiro").trick_verdict([(0, "4c"), (1, "5h")]).vira)
        None
        """
        return self.ranking.vira

    @property
    def reason(self) -> str:
        """The stable reason code: ``tie``, ``partners_share_top``, ``higher_common``,
        ``special_beats_common`` or ``higher_special``.

        >>> v = variant("argentino")
        >>> v.trick_verdict([(0, "1e"), (1, "1b")]).reason
        'higher_special'
        >>> v.trick_verdict([(0, "3e"), (1, "2o"), (0, "3o"), (1, "1c")]).reason
        'partners_share_top'
        """
        reason = self._reason
        if reason is None:
            reason = self._reason = trick_reason(self.ranking, self.plays, self.top, self.teams)
        return reason

    @reason.setter
    def reason(self, value: str) -> None:  # a verdict's reason may be set, as on every verdict
        """Set the reason code instead of working it out."""
        self._reason = value

    @property
    def winning_card(self):
        """The card that took the trick (None for a tie).

        >>> variant("argentino").trick_verdict([(0, "3e"), (1, "2o")]).winning_card
        Card('3e')
        >>> print(variant("argentino").trick_verdict([(0, "3e"), (1, "3o")]).winning_card)
        None
        """
        return None if self.winner is None else self.plays[self.top][1]

    @property
    def winning_cards(self) -> tuple:
        """The card(s) that win the trick: the top card, and a partner's equal card with it;
        empty for a tie.

        >>> from truco import variant
        >>> v = variant("argentino")
        >>> [c.code for c in v.trick_verdict([(0, "3e"), (1, "2o"), (0, "3o"), (1, "1c")]).winning_cards]
        ['3e', '3o']
        >>> v.trick_verdict([(0, "3e"), (1, "3o")]).winning_cards
        ()
        """
        if self.winner is None:
            return ()
        strength = self.ranking.strength
        best = strength[self.plays[self.top][1].id]
        return tuple(c for _t, c in self.plays if strength[c.id] == best)

    @property
    def leader_next(self):
        """Index in ``plays`` of the play whose player leads next (the first top card).

        >>> variant("argentino").trick_verdict([(0, "4e"), (1, "3o"), (0, "3e")]).leader_next
        1
        """
        return self.top

    def _name(self, card) -> str:
        return self.variant.card_name(card, self.vira)

    def _runner_up(self):
        ranking = self.variant.ranking(self.vira)
        top_card = self.plays[self.top][1]
        others = [c for t, c in self.plays if c is not top_card and
                  (self.winner is None or t != self.winner)]
        if not others:
            others = [c for _t, c in self.plays if c is not top_card]
        return max(others, key=lambda c: ranking.strength[c.id]) if others else None

    def rule(self) -> str:
        """The ranking rule that decided the trick.

        >>> variant("mineiro").trick_verdict([(0, "3s"), (1, "7h")]).rule()
        'manilhas beat every common card'
        """
        ranking = self.variant.ranking(self.vira)
        top_card = self.plays[self.top][1]
        kind = ranking.kind[top_card.id]
        if self.reason in (Reason.TIE, Reason.PARTNERS_SHARE_TOP):
            return _("the highest card wins the trick; equal top cards of opponents tie it, of "
                     "partners win it for their team")
        if self.reason is Reason.SPECIAL_BEATS_COMMON:
            return _beats_commons_rule(kind)
        if self.reason is Reason.HIGHER_SPECIAL:
            if kind in (PIEZA, MATA):
                other = self._runner_up()
                return muestra_rule(ranking, kind, ranking.kind[other.id])
            return _special_rule(self.variant, kind)
        return commons_rule(self.variant, self.vira)

    def explain(self) -> str:
        """Which card beat which and by which rule, one sentence.

        >>> variant("argentino").trick_verdict([(0, "1e"), (1, "1b")]).explain()
        '1 of espadas (ancho de espadas) beats 1 of bastos (ancho de bastos): the cartas bravas
        rank ancho de espadas > ancho de bastos > siete de espadas > siete de oros.'
        """
        return _first_upper(self._explain())  # a sentence, though it opens with a card's name

    def _explain(self) -> str:
        top_card = self.plays[self.top][1]
        other = self._runner_up()
        if self.reason is Reason.TIE:
            return _("{a} and {b} are equal and were played by opponents: the trick is tied "
                     "({word}).").format(a=self._name(top_card), b=self._name(other),
                                          word=_(self.variant.tie_word))
        if self.reason is Reason.PARTNERS_SHARE_TOP:
            strength = self.ranking.strength
            other = next(c for _t, c in self.plays[self.top + 1:]
                         if strength[c.id] == strength[top_card.id])
            return _("{a} and {b} are equal and both belong to {team}, so {team} wins the trick.") \
                .format(a=self._name(top_card), b=self._name(other), team=team_name(self.winner))
        if other is None:
            return _("{a} wins the trick.").format(a=self._name(top_card))
        return _("{a} beats {b}: {rule}.").format(a=self._name(top_card), b=self._name(other),
                                                  rule=self.rule())

    def _key(self):
        return super()._key() + (tuple((t, c.id) for t, c in self.plays),)


class HandVerdict(Verdict):
    """Who won a hand from its trick results (``tricks``: team or None per trick).

    >>> h = truco.resolve.hand(variant("mineiro"), [0, 1, 1], points=2)
    >>> h, h.tricks
    (<HandVerdict two_tricks winner=1 points=2>, (0, 1, 1))
    """

    __slots__ = ("tricks",)

    def __init__(self, reason, winner, tricks, points=0):
        self.kind, self.reason, self.winner, self.points = "hand", reason, winner, points
        self.tricks = tuple(tricks)

    def rule(self) -> str:
        """The rule that decided the hand.

        >>> truco.resolve.hand(variant("mineiro"), [None, 1]).rule()
        'when the first trick is tied, the next trick won decides the hand'
        """
        return _(RULES[self.reason])

    def explain(self) -> str:
        """The tricks' results, the hand's winner and the rule, and what it scores.

        >>> truco.resolve.hand(variant("mineiro"), [0, 1, 1], points=2).explain()
        'Tricks: team A, team B, team B. Team B wins the hand: a side that wins two tricks wins
        the hand. Team B scores 2 points.'
        """
        results = sequence(_("tied") if t is None else team_name(t) for t in self.tricks)
        if self.winner is None:
            return _("Tricks: {results}. Nobody wins the hand: {rule}.").format(
                results=results, rule=self.rule())
        text = _("Tricks: {results}. {team} wins the hand: {rule}.").format(
            results=results, team=_first_upper(team_name(self.winner)), rule=self.rule())
        if self.points:
            text += " " + _first_upper(ngettext(
                "{team} scores {n} point.", "{team} scores {n} points.", self.points).format(
                    team=team_name(self.winner), n=self.points))
        return text

    def _key(self):
        return super()._key() + (self.tricks,)


class BetVerdict(Verdict):
    """A raise, its acceptance or refusal, a fold, or a hand-of-ten decision: ``team`` is the
    side that acted, ``value`` the hand's value at stake, ``before`` its value before the raise.

    >>> r = truco.resolve.refusal(variant("mineiro"), 4, 2, 1)
    >>> r, r.team, r.value, r.before
    (<BetVerdict refused winner=0 points=2>, 1, 4, 2)
    """

    __slots__ = ("variant", "value", "before", "team")

    def __init__(self, kind, reason, variant, team, value, before, winner=None, points=0):
        self.kind, self.reason, self.winner, self.points = kind, reason, winner, points
        self.variant, self.team, self.value, self.before = variant, team, value, before

    def rule(self) -> str:
        """The betting rule applied.

        >>> truco.resolve.acceptance(variant("mineiro"), 4, 1).rule()
        'after an accepted raise, only the side that accepted may raise next'
        """
        return _(RULES[self.reason])

    def explain(self) -> str:
        """What the side did, what it scores, and the rule.

        >>> truco.resolve.refusal(variant("mineiro"), 4, 2, 1).explain()
        'Team B refuses Truco: team A scores 2. Rule: refusing a raise ends the hand: the raisers
        score the value before the raise.'
        """
        fmt = dict(team=team_name(self.team), other=team_name(1 - self.team), value=self.value,
                   before=self.before, rung=self.variant.rung_name(self.value),
                   points=self.points)
        return _first_upper(_(TEXTS[self.reason]).format(**fmt)) + " " + _(
            "Rule: {rule}.").format(rule=self.rule())

    def _key(self):
        return super()._key() + (self.team, self.value, self.before)


class GameVerdict(Verdict):
    """The end of a game: who won, the final score, and why (``reason``: ``target_reached``,
    ``mon_reste`` or ``iron_hand``).

    >>> GameVerdict("target_reached", 1, (9, 12), 12).explain()
    'Team B wins the game, 12 to 9: the first side to reach 12 points wins the game.'
    """

    __slots__ = ("score", "target")

    def __init__(self, reason, winner, score, target):
        self.kind, self.reason, self.winner = "game", reason, winner
        self.score, self.target = (score[0], score[1]), target
        self.points = self.score[winner]

    def rule(self) -> str:
        """The rule that ended the game, with its target.

        >>> GameVerdict("target_reached", 0, (30, 21), 30).rule()
        'the first side to reach 30 points wins the game'
        """
        return _(GAME_RULES[self.reason]).format(target=self.target)

    def explain(self) -> str:
        """The winner, the final score and the rule, one sentence.

        >>> GameVerdict("target_reached", 0, (12, 4), 12).explain()
        'Team A wins the game, 12 to 4: the first side to reach 12 points wins the game.'
        """
        return _("{team} wins the game, {won} to {lost}: {rule}.").format(
            team=_first_upper(team_name(self.winner)), won=self.score[self.winner],
            lost=self.score[1 - self.winner], rule=self.rule())

    def _key(self):
        return super()._key() + (self.score,)
