"""The strong player: determinized Monte Carlo search over the cards it cannot see.

For each decision it deals the unseen cards to the other seats many times, in ways consistent
with its observation (the deck less its own cards, the partner cards it may see, the cards
played and the vira; when there are few such deals it takes every one of them). Each deal is
weighted by how likely the opponents' bets are with those cards (a raise on the table is more
likely from a strong hand). In every deal it tries each of its legal actions and plays the hand
out with the basic player's rules of thumb for every seat, scoring the result by the chance of
winning the game after it. The action with the best average is chosen.

The budget is a number of deals (``worlds``) and, optionally, a time limit in seconds.
"""
from __future__ import annotations

import math
import time

from ..i18n import N_, Percent
from ._base import (Player, describe, done_clause, legal_or_error, model_codes, only_reason,
                    reason)
from ._side import (answer_envido, answer_mon_reste, blind_reason, decide_special,
                    envido_chance_sampled, envido_stakes, first_trick_bets, mon_reste_reason,
                    my_envido, redeal_answer, redeal_reason)
from ._sim import (ANSWER_PH, FOLD, OVER_PH, PLAY_PH, RAISE_AT, RERAISE_AT, accept_threshold,
                   power, rollout)
from ._value import outcome_value
from ._view import View


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class StrongPlayer(Player):
    """Determinized Monte Carlo over hidden cards, with a budget of deals (``worlds``, at
    least 1) and an optional ``time_limit`` in seconds.

    >>> StrongPlayer(worlds=0)
    Traceback (most recent call last):
    ValueError: worlds must be at least 1
    """

    name = "strong"
    title = "Strong"

    def __init__(self, variant=None, worlds: int = 96, time_limit: float | None = None,
                 envido_samples: int = 150):
        super().__init__(variant)
        if worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.worlds, self.time_limit, self.envido_samples = worlds, time_limit, envido_samples

    def choose(self, observation, rng) -> tuple[str, str]:
        """(action, reason): a side bet or special decision if one applies, else the action
        whose played-out deals give the best chance of winning the game. Seat 0 below holds
        the Zap and the 3 of hearts against the queen of spades, and seat 1 one unseen card:

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> for action in ("play 5s", "play 6c", "play Qs"): _event = g.apply(action)
        >>> StrongPlayer().choose(g.observation(0), random.Random(1))
        ('raise', 'Raising to 4 comes out best over all 13 deals of the cards you cannot see: your
        side wins the hand in about 100% of them.')
        """
        legal = legal_or_error(observation)
        if len(legal) == 1:
            return legal[0], only_reason(legal[0], observation, self.variant)
        view = View(observation, self.variant)
        blind = [a for a in legal if a.startswith("play #")]
        if blind and view.mine is None and not any(a in legal for a in ("raise", "accept")):
            action = blind[int(rng.random() * len(blind))]
            return action, blind_reason()
        side = self.side(view, rng)
        if side is not None:
            return side
        codes, texts = model_codes(view)
        cands = [c for c in codes if c != FOLD] or codes
        if not cands:
            return legal[0], only_reason(legal[0], observation, self.variant)
        if len(cands) == 1:
            text = texts[cands[0]]
            return text, only_reason(text, observation, self.variant) if len(codes) == 1 \
                else reason(N_("Every other choice is no better than {what}."),
                            N_("{did}: every other choice was no better."), "no_better",
                            what=describe(view, cands[0], texts),
                            did=self._done(view, cands[0], texts))
        values, wins, deals, exact = self.search(view, cands, rng)
        best = max(range(len(cands)), key=lambda i: (values[i], -i))
        text = texts[cands[best]]
        pct = Percent(wins[best])
        what = describe(view, cands[best], texts)
        facts = dict(What=what[:1].upper() + what[1:], n=deals, pct=pct,
                     did=self._done(view, cands[best], texts))
        if exact:
            return text, reason(
                N_("{What} comes out best over all {n} deals of the cards you cannot see: your "
                   "side wins the hand in about {pct} of them."),
                N_("{did}: that came out best over all {n} deals of the cards it could not "
                   "see, its side winning the hand in about {pct} of them."), "search_exact",
                **facts)
        return text, reason(
            N_("{What} came out best over {n} simulated deals of the cards you cannot see: "
               "your side won the hand in about {pct} of them."),
            N_("{did}: that came out best over {n} simulated deals of the cards it could not "
               "see, its side winning the hand in about {pct} of them."), "search", **facts)

    @staticmethod
    def _done(view, code, texts):
        """What the player did, as a clause naming it (for the third-person reason)."""
        text = texts[code]
        value = None
        if text == "raise":
            current = view.pending[1] if view.pending and view.phase == "answer" else view.value
            value = view.rules.raise_value(current)
        return done_clause(text, view.variant, view.obs.vira, value)

    # --- the deals ----------------------------------------------------------------------------
    def deals(self, view, rng):
        """Yields (hands by seat as strengths, weight, exact); exact when the deals are few
        (every class of equally strong hands, weighted by how many card deals give it).

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> for action in ("play 5s", "play 6c", "play Qs"): _event = g.apply(action)
        >>> deals = list(StrongPlayer().deals(View(g.observation(0)), random.Random(1)))
        >>> len(deals), deals[0], sum(weight for _hands, weight, _exact in deals)
        (13, ({1: [12]}, 1.0, True), 35.0)
        """
        if len(view.hidden) == 1 and view.mine is not None:
            seat = view.hidden[0]
            classes = None
            if view.deal_count() <= self.worlds * 4:
                classes = list(view.strength_classes())
            if classes is not None and len(classes) <= self.worlds:
                for strengths, count in classes:
                    yield {seat: list(strengths)}, float(count), True
                return
        for _i in range(self.worlds):
            yield view.deal_strengths(rng), 1.0, False

    def evidence(self, view, sim) -> float:
        """How likely the opponents' bets on the table are, with the cards of this deal
        (1.0 without a bet): after seat 0's raise, a deal giving it the 3 of hearts weighs
        more than one giving it a 4.

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> for action in ("play 5s", "play 6c", "play Qs"): _event = g.apply(action)
        >>> _event = g.apply("raise")
        >>> view = View(g.observation(1))
        >>> three, four = view.strength(g.variant.card("3h")), view.strength(g.variant.card("4h"))
        >>> [round(StrongPlayer().evidence(view, view.sim({0: [s]})), 2) for s in (three, four)]
        [0.21, 0.15]
        """
        btab = view.rules.btab
        w = 1.0
        pending = view.pending
        if pending is not None and pending[0] & 1 != view.team:
            raiser = pending[0]
            at = RAISE_AT if raiser == view.to_play else RERAISE_AT
            p = power(sim, raiser, btab)
            w *= 0.15 + 0.85 * _sigmoid((p - at) / 0.08)
        elif view.rr is not None and view.rr != view.team and view.value > view.rules.base:
            prev = view.variant.value_before(view.value)
            need = accept_threshold(prev, view.value)
            p = max(power(sim, s, btab) for s in range(view.n) if s & 1 != view.team)
            w *= 0.3 + 0.7 * _sigmoid((p - need) / 0.1)
        return w

    def search(self, view, cands, rng):
        """(game chance, hand win rate) per candidate (model action codes), deals used,
        exact or not. Both the 3 of hearts and a raise win every deal; the raise is worth more:

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> for action in ("play 5s", "play 6c", "play Qs"): _event = g.apply(action)
        >>> view = View(g.observation(0))
        >>> values, wins, deals, exact = StrongPlayer().search(
        ...     view, [view.strength(g.variant.card("3h")), -1], random.Random(1))  # -1: raise
        >>> [round(x, 2) for x in values], wins, deals, exact
        ([0.71, 0.78], [1.0, 1.0], 13, True)
        """
        v, team, score = view.variant, view.team, view.score
        btab = view.rules.btab
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        totals = [0.0] * len(cands)
        wins = [0.0] * len(cands)
        wsum, deals, exact = 0.0, 0, False
        for hands, weight, exact in self.deals(view, rng):
            sim0 = view.sim(hands)
            w = weight * self.evidence(view, sim0)
            for j, c in enumerate(cands):
                sim = sim0.copy()
                sim.apply(c)
                rollout(sim, btab)
                totals[j] += w * outcome_value(v, score, team, sim.winner, sim.points)
                if sim.winner == team:
                    wins[j] += w
            wsum += w
            deals += 1
            if deadline is not None and deals >= 8 and time.perf_counter() > deadline:
                exact = False
                break
        wsum = wsum or 1.0
        return [t / wsum for t in totals], [x / wsum for x in wins], deals, exact

    def hand_chance(self, view, rng, sim_of=None) -> float:
        """The chance the seat's side wins the hand from here, all seats playing the basic
        rules of thumb (weighted by the evidence of the bets); ``sim_of(hands)`` builds the
        model position of a deal where it is not the view's own.

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> for action in ("play 5s", "play 6c", "play Qs"): _event = g.apply(action)
        >>> StrongPlayer().hand_chance(View(g.observation(0)), random.Random(1))
        1.0
        """
        btab = view.rules.btab
        wsum = won = 0.0
        for hands, weight, _exact in self.deals(view, rng):
            sim = view.sim(hands) if sim_of is None else sim_of(hands)
            w = weight * self.evidence(view, sim)
            if sim.phase == ANSWER_PH:  # the raise on the table is taken as accepted
                sim.rr = sim.cur & 1
                sim.value, sim.cur = sim.pending[1], sim.pending[2]
                sim.pending, sim.phase = None, PLAY_PH
            rollout(sim, btab)
            wsum += w
            if sim.winner == view.team:
                won += w
            elif sim.phase == OVER_PH and sim.winner is None:
                won += 0.5 * w
        return won / wsum if wsum else 0.5

    # --- side bets and special decisions ------------------------------------------------------
    def side(self, view, rng):
        """(action, reason) for envido, flor, the hand of ten, redeal or mon reste, by sampled
        deals, or None when none applies.

        >>> import random
        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5c", "12o"]])
        >>> _event = g.apply("envido")
        >>> StrongPlayer().side(View(g.observation(1)), random.Random(1))    # 9 of envido
        ('no quiero', 'Your envido wins only about 2% of the time; accepting pays off above 25%.')
        """
        phase, legal = view.phase, view.legal
        if phase == "decide":
            v = view.variant

            def played(hands):
                """The position of the hand of ten played, with ``hands`` dealt."""
                sim = view.sim(hands)
                sim.value, sim.special, sim.phase, sim.cur = (v.hand_of_value, view.special,
                                                             PLAY_PH, view.mano)
                return sim
            return decide_special(view, self.hand_chance(view, rng, played))
        if phase == "redeal":
            return redeal_answer(self.hand_chance(view, rng), 0.45)
        if phase == "mon reste":
            return answer_mon_reste(view, self.hand_chance(view, rng))
        if phase == "envido":
            points = my_envido(view)
            stake, _refused = envido_stakes(view)
            chance = envido_chance_sampled(view, points, rng, self.envido_samples,
                                           bettor=(view.seat - 1) % view.n,
                                           bet_at=0.62 if stake <= 2 else 0.8)
            return answer_envido(view, chance, raise_at=0.85)
        bet = first_trick_bets(view, legal, lambda points: (
            envido_chance_sampled(view, points, rng, self.envido_samples),
            {"bet_at": 0.6, "real_at": 0.82}))
        if bet is not None:
            return bet
        if "redeal" in legal:
            p = self.hand_chance(view, rng)
            if p < 0.33:
                return "redeal", redeal_reason(p)
        if "mon reste" in legal and view.phase in ("play", "answer"):
            p = self.hand_chance(view, rng)
            if p >= 0.88:
                return "mon reste", mon_reste_reason(p)
        return None
