"""The coach: how good the learner's position is, and what to do, with the numbers.

:func:`advise` reads only the learner's :class:`truco.Observation` and answers with an
:class:`Advice`:

- the chance of winning the hand, if both sides play the rest of the hand's cards as well as
  possible (as if each could see the other's cards, in every deal of the unseen cards). With
  two players every hand the opponent could hold is counted once (exact); with four or six
  players deals are sampled;
- for each card the learner may play: the chance it takes the current trick (no opponent still
  to play holds a card that beats it) or ties it, and the chance of winning the hand after it;
- a suggested action with its reason in one sentence.

>>> import truco
>>> from truco import coach
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
>>> a = coach.advise(g.observation(0))
>>> a.exact, a.deals, round(a.win, 3)                  # every hand of 3 of the 37 unseen cards
(True, 7770, 0.949)
>>> [(c.code, round(c.trick_win, 2)) for c in a.cards]  # the Zap always takes the trick
[('4c', 1.0), ('3h', 0.58), ('5s', 0.0)]
>>> a.action, a.reason
('raise', 'Raise: you win this hand in 95% of the deals.')

Pure Python, no Jupyter import.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from math import comb

from .i18n import Percent, _, ngettext
from .players._base import only_reason
from .players._side import (answer_envido, answer_flor, answer_mon_reste, decide_special,
                            envido_chance_sampled, envido_stakes, flor_chance_vs,
                            flor_duty_reason, my_envido, my_flor)
from .players._sim import RAISE_AT, RERAISE_AT, accept_threshold
from .players._view import View
from .players.basic import BasicPlayer
from .resolve import hand_status, top_of_trick

__all__ = ["Advice", "CardOdds", "advise", "solve"]

SAMPLES = {4: 400, 6: 150}  # deals sampled with four and six players


@dataclass(frozen=True)
class CardOdds:
    """One card the learner may play now, with its chances.

    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> zap = advise(g.observation(0)).cards[0]
    >>> zap.name, zap.trick_win, round(zap.hand_win, 2)
    ('4 of clubs (Zap)', 1.0, 0.78)
    """

    code: str
    name: str
    trick_win: float  # no opponent still to play this trick can beat or tie it
    trick_tie: float  # an opponent can tie it, none can beat it
    hand_win: float  # the hand is won after playing it (best play afterwards)


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one seat's position (no suggestion when it is not its turn).

    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> a = advise(g.observation(1))                      # seat 0 is to play
    >>> a.seat, a.action, a.cards, round(a.win, 2)
    (1, None, (), 0.33)
    """

    seat: int
    exact: bool  # every possible deal counted (two players) or a sample
    deals: int  # deals of the unseen cards counted
    win: float  # chance the learner's side wins the hand (best play from here)
    nobody: float  # chance nobody wins it (every trick tied, where that scores nothing)
    cards: tuple = ()  # CardOdds for each card the learner may play now, strongest first
    action: str | None = None  # the suggested action, when it is the learner's turn
    reason: str = ""
    seconds: float = 0.0

    def summary(self) -> str:
        """The chance of winning the hand in one sentence, saying what it was counted over.

        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> advise(g.observation(0)).summary()
        'You win this hand against 95% of the 7,770 hands the others could hold, if both sides
        play the rest well.'
        """
        if self.exact:
            return ngettext(
                "You win this hand against {pct} of the {n} hand the others could hold, if "
                "both sides play the rest well.",
                "You win this hand against {pct} of the {n} hands the others could hold, if "
                "both sides play the rest well.", self.deals).format(pct=Percent(self.win),
                                                                     n=self.deals)
        return ngettext("You win this hand in {pct} of {n} sampled deal of the cards you cannot "
                        "see, if everyone plays the rest well.",
                        "You win this hand in {pct} of {n} sampled deals of the cards you cannot "
                        "see, if everyone plays the rest well.", self.deals).format(
            pct=Percent(self.win), n=self.deals)


# --- the double-dummy solver -------------------------------------------------------------------
class _Solver:
    """Best play of the cards left, every hand known: +1 the team wins, 0 nobody, -1 it loses.

    Positions are memoized across deals (many deals share the same later positions)."""

    def __init__(self, rules, n, team, mano, dealer) -> None:
        self.n, self.team = n, team
        self.all_tie = rules.all_tie
        self.tie_mano = rules.tie_lead_mano
        self.mano, self.mano_team, self.dealer_team = mano, mano & 1, dealer & 1
        self.memo: dict = {}

    def value(self, hands, trick, tricks, cur) -> int:
        """The result for ``self.team`` with ``cur`` to play a card: ``hands`` the strengths
        each seat holds (sorted), ``trick`` the ((seat, strength), ...) under way, ``tricks``
        the finished tricks' winning teams. A trick each, seat 0 leads the last:

        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> view = View(g.observation(0))
        >>> zap, three, five = (view.strength(g.variant.card(c)) for c in ("4c", "3s", "5s"))
        >>> solver = _Solver(view.rules, 2, 0, 0, 1)    # for team 0; seat 0 mano, 1 dealer
        >>> (solver.value(((zap,), (three,)), (), (0, 1), 0),
        ...  solver.value(((five,), (three,)), (), (0, 1), 0))
        (1, -1)
        """
        key = (hands, trick, tricks, cur)
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        maximize = cur & 1 == self.team
        best = -2 if maximize else 2
        n = self.n
        hand = hands[cur]
        seen = set()
        for i, s in enumerate(hand):
            if s in seen:
                continue
            seen.add(s)
            rest = hand[:i] + hand[i + 1:]
            new_hands = hands[:cur] + (rest,) + hands[cur + 1:]
            new_trick = trick + ((cur, s),)
            if len(new_trick) < n:
                v = self.value(new_hands, new_trick, tricks, (cur + 1) % n)
            else:
                v = self.after_trick(new_hands, new_trick, tricks)
            if maximize:
                if v > best:
                    best = v
                    if v == 1:
                        break
            elif v < best:
                best = v
                if v == -1:
                    break
        memo[key] = best
        return best

    def after_trick(self, hands, trick, tricks) -> int:
        """The result for ``self.team`` once ``trick`` is complete: the hand ends or its
        winner (on a tie, the rule's leader) leads the next trick. Two threes tie the
        second trick: the first trick's winner takes the hand.

        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> view = View(g.observation(0))
        >>> zap, three, five = (view.strength(g.variant.card(c)) for c in ("4c", "3s", "5s"))
        >>> solver = _Solver(view.rules, 2, 0, 0, 1)    # for team 0; seat 0 mano, 1 dealer
        >>> tied = ((0, three), (1, three))
        >>> (solver.after_trick(((zap,), (five,)), tied, (0,)),
        ...  solver.after_trick(((zap,), (five,)), tied, (1,)))
        (1, -1)
        """
        _best, top, mask = top_of_trick([(seat & 1, s) for seat, s in trick])
        if mask & (mask - 1):
            winner = None
            leader = self.mano if self.tie_mano else trick[0][0]
        else:
            leader = trick[top][0]
            winner = leader & 1
        tricks = tricks + (winner,)
        decided, won, _r = hand_status(list(tricks), self.all_tie, self.mano_team,
                                       self.dealer_team)
        if decided:
            return 0 if won is None else (1 if won == self.team else -1)
        return self.value(hands, (), tricks, leader)


def solve(sim, team) -> int:
    """The double-dummy result of a model position for ``team``: +1, 0 or -1 (every hand is
    known; both sides play the cards left as well as possible; no more raises).

    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> view = View(g.observation(0))
    >>> strengths = [view.strength(g.variant.card(c)) for c in ("Kd", "Qs", "6c")]
    >>> sim = view.sim({1: strengths})                    # seat 1's cards, as if seen
    >>> solve(sim, 0), solve(sim, 1)
    (1, -1)
    """
    solver = _Solver(sim.R, sim.n, team, sim.mano, sim.dealer)
    hands = tuple(tuple(sorted(h, reverse=True)) for h in sim.hands)
    trick = tuple(zip(sim.tseats, sim.tstr))
    return solver.value(hands, trick, tuple(sim.tricks), _card_turn(sim))


def _card_turn(sim) -> int:
    """Whose card comes next (the seat to resume after a raise on the table)."""
    return sim.pending[2] if sim.pending is not None else sim.cur


# --- the coach ----------------------------------------------------------------------------------
def _trick_odds(view, strength) -> tuple[float, float]:
    """(win, tie) chances of the seat's card of ``strength`` in the trick under way: no
    opponent still to play holds a card that beats (or ties) the side's best."""
    team, n = view.team, view.n
    on_table = view.trick
    ours = max([s for seat, s in on_table if seat & 1 == team] + [strength])
    theirs = max((s for seat, s in on_table if seat & 1 != team), default=-1)
    if theirs > ours:
        return 0.0, 0.0
    lead = on_table[0][0] if on_table else view.seat
    order = [(lead + k) % n for k in range(n)]
    after = order[order.index(view.seat) + 1:]
    m = sum(view.sizes[s] for s in after if s & 1 != team)
    S = view.rules.strength
    u = len(view.unseen)
    above = sum(1 for c in view.unseen if S[c.id] > ours)
    equal = sum(1 for c in view.unseen if S[c.id] == ours)
    if m == 0:
        return (1.0, 0.0) if ours > theirs else (0.0, 1.0)
    total = comb(u, m)
    none_above = comb(u - above, m) / total
    none_at_all = comb(u - above - equal, m) / total
    if theirs == ours:
        return 0.0, none_above
    return none_at_all, none_above - none_at_all


def _deals(view, rng, samples):
    """(hands by seat, weight) over the deals of the unseen cards; exact with one hidden seat."""
    if len(view.hidden) == 1 and view.mine is not None:
        seat = view.hidden[0]
        return [({seat: strengths}, count) for strengths, count in view.strength_classes()], True
    return [(view.deal_strengths(rng), 1) for _i in range(samples)], False


def advise(observation, variant=None, *, samples: int | None = None, seed=0,
           progress=None) -> Advice:
    """The coach's advice for the seat of ``observation`` (see the module's docstring).

    ``variant`` gives the rule options (the observation names the variant only); ``samples``
    the deals sampled with more than two players (:data:`SAMPLES` by default);
    ``progress(done, total)`` is called as the deals are counted (for a progress bar).

    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> _event = g.apply("play 5s")
    >>> a = advise(g.observation(1))                      # every card of seat 1 takes the 5
    >>> a.action, [c.trick_win for c in a.cards]
    ('play 6c', [1.0, 1.0, 1.0])
    """
    start = time.perf_counter()
    rng = random.Random(seed)
    view = View(observation, variant)
    if samples is None:
        samples = SAMPLES.get(view.n, 400)
    team = view.team
    deals, exact = _deals(view, rng, samples)
    S = view.rules.strength
    legal = view.legal
    mine_plays = []
    if view.mine is not None:
        for text in legal:
            if text.startswith("play ") and not text.startswith("play #"):
                card = view.variant.card(text[5:])
                mine_plays.append((S[card.id], card))
    mine_plays.sort(key=lambda x: -x[0])
    strengths = sorted({s for s, _c in mine_plays}, reverse=True)
    base = view.sim()
    turn = _card_turn(base)
    my_turn = turn == view.seat and strengths and view.phase in ("play", "answer", "decide")
    wins = {s: 0.0 for s in strengths}
    ties = {s: 0.0 for s in strengths}
    win = nobody = 0.0
    total = 0.0
    solver = _Solver(view.rules, view.n, team, view.mano, view.dealer)
    trick = tuple(view.trick)
    tricks = tuple(view.tricks)
    n_deals = len(deals)
    counted = sum(w for _h, w in deals)
    step = max(1, n_deals // 50)
    for k, (hands, weight) in enumerate(deals):
        sim = view.sim(hands)
        full = tuple(tuple(sorted(h, reverse=True)) for h in sim.hands)
        total += weight
        if my_turn and view.mine is not None:
            for s in strengths:
                hand = full[view.seat]
                i = hand.index(s)
                new_hands = full[:view.seat] + (hand[:i] + hand[i + 1:],) + full[view.seat + 1:]
                new_trick = trick + ((view.seat, s),)
                if len(new_trick) < view.n:
                    v = solver.value(new_hands, new_trick, tricks, (view.seat + 1) % view.n)
                else:
                    v = solver.after_trick(new_hands, new_trick, tricks)
                if v == 1:
                    wins[s] += weight
                elif v == 0:
                    ties[s] += weight
        elif full[turn]:
            v = solver.value(full, trick, tricks, turn)
            if v == 1:
                win += weight
            elif v == 0:
                nobody += weight
        if progress is not None and (k % step == 0 or k == n_deals - 1):
            progress(k + 1, n_deals)
    total = total or 1.0
    cards = []
    if my_turn and view.mine is not None:
        best = max(strengths, key=lambda s: (wins[s], ties[s], -s))
        win, nobody = wins[best] / total, ties[best] / total
        for s, card in mine_plays:
            tw, tt = _trick_odds(view, s)
            cards.append(CardOdds(card.code, view.variant.card_name(card, observation.vira),
                                  tw, tt, wins[s] / total))
    else:
        win, nobody = win / total, nobody / total
    action, reason = _suggest(view, win, cards, rng)
    return Advice(seat=view.seat, exact=exact, deals=counted, win=win, nobody=nobody,
                  cards=tuple(cards), action=action, reason=reason,
                  seconds=time.perf_counter() - start)


def _suggest(view, win, cards, rng):
    """(action, reason) for the learner, from the coach's numbers; (None, '') when it is not
    the learner's turn."""
    legal = view.legal
    if not legal:
        return None, ""
    pct = Percent(win)
    phase = view.phase
    if len(legal) == 1:
        return legal[0], only_reason(legal[0], view.obs, view.variant)
    if phase == "decide":
        return decide_special(view, win)
    if phase == "mon reste":
        return answer_mon_reste(view, win)
    if phase == "envido":
        stake, _refused = envido_stakes(view)
        chance = envido_chance_sampled(view, my_envido(view), rng, 300,
                                       bettor=(view.seat - 1) % view.n,
                                       bet_at=0.62 if stake <= 2 else 0.8)
        return answer_envido(view, chance)
    if phase == "flor":
        points = my_flor(view)
        return answer_flor(view, points, flor_chance_vs(view, points))
    if "flor" in legal:
        return "flor", flor_duty_reason()
    if phase == "answer" and view.pending is not None:
        need = accept_threshold(view.value, view.pending[1])
        if "raise" in legal and win >= RERAISE_AT:
            return "raise", _("Raise again: you win this hand in {pct} of the deals.").format(
                pct=pct)
        if win >= need:
            return "accept", _("Accept: you win this hand in {pct} of the deals, and "
                               "accepting pays off above {need}.").format(
                pct=pct, need=Percent(need))
        return "refuse", _("Refuse: you win this hand in only {pct} of the deals, and "
                           "accepting pays off above {need}.").format(
            pct=pct, need=Percent(need))
    if phase == "play" and cards:
        side = BasicPlayer(view.variant).side(view, None)
        if side is not None and side[0] != "mon reste":
            return side
        if "raise" in legal and win >= RAISE_AT:
            return "raise", _("Raise: you win this hand in {pct} of the deals.").format(
                pct=pct)
        best = max(cards, key=lambda c: (round(c.hand_win, 9), c.trick_win + c.trick_tie / 2,
                                         -view.rules.strength[view.variant.card(c.code).id]))
        return f"play {best.code}", _(
            "Play the {card}: after it you win the hand in {pct} of the deals, the best of "
            "your cards; it takes this trick in {trick} of them.").format(
            card=best.name, pct=Percent(best.hand_win), trick=Percent(best.trick_win))
    action, reason = BasicPlayer(view.variant).choose(view.obs, rng)
    return action, reason
