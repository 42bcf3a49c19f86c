"""One seat's view of the game, built from its :class:`truco.Observation` only.

A :class:`View` turns an observation into the compact model's terms (strengths, the trick, the
ladder) and deals the cards it cannot see, in ways consistent with what it has seen: the unseen
cards are the deck less its own hand, the partner cards the rules show, every card played this
hand and the vira. Nothing here ever touches a :class:`truco.Game`.
"""
from __future__ import annotations

from collections.abc import Iterator
from math import comb

from ..presets import variant as get_variant
from ._sim import ANSWER_PH, PLAY_PH, new_sim, rules_for

PHASES = {"play": PLAY_PH, "answer": ANSWER_PH}


def resolve_variant(obs, variant=None):
    """The rules value for an observation: ``variant`` when it is the observed variant (the
    observation names the variant but not its rule options), else the named preset."""
    if variant is not None:
        v = get_variant(variant)
        if v.name == obs.variant:
            return v
    return get_variant(obs.variant)


class View:
    """What ``obs.player`` knows, in the model's terms."""

    def __init__(self, obs, variant=None):
        v = resolve_variant(obs, variant)
        self.obs, self.variant = obs, v
        self.rules = R = rules_for(v, obs.vira)
        S = R.strength
        self.n = n = len(obs.hand_size)
        self.seat, self.team = obs.player, obs.team
        card = v.card
        self.mine = None if obs.hand is None else [card(c) for c in obs.hand]
        self.partner = {s: [card(c) for c in codes] for s, codes in obs.partner_hands}
        self.played = [(s, card(c)) for s, c in obs.played]
        known = {c.id for _s, c in self.played}
        if self.mine is not None:
            known.update(c.id for c in self.mine)
        for cards in self.partner.values():
            known.update(c.id for c in cards)
        if obs.vira is not None:
            known.add(card(obs.vira).id)
        self.unseen = [c for c in v.deck if c.id not in known]
        self.hidden = [s for s in range(n)
                       if s not in self.partner and (s != self.seat or self.mine is None)]
        self.sizes = obs.hand_size
        self.trick = [(s, S[card(c).id]) for s, c in obs.trick]
        self.tricks = list(obs.tricks)
        self.value = obs.hand_value
        self.special = obs.special_hand
        self.mano, self.dealer, self.score = obs.mano, obs.dealer, tuple(obs.score)
        self.captains = v.captains and n == 4
        # After mon reste is answered with mon reste the hand is worth what the side further
        # from the target lacks, and the winner scores what it lacks (the observation does not
        # say mon reste was played: the value tells).
        # On the seat's turn its legal actions tell (no raise of any kind is left); otherwise
        # a value equal to the larger lack is taken for it, a guess (``guessed`` says so).
        lack = max(v.target - self.score[0], v.target - self.score[1])
        legal = obs.legal_actions
        self.guessed = False
        mon_reste_game = False
        if v.mon_reste and self.value != R.base and obs.phase not in ("answer", "mon reste") \
                and "raise" not in legal and "mon reste" not in legal:
            if self.value not in R.ladder_values:
                mon_reste_game = True
            elif self.value == lack:
                mon_reste_game = self.guessed = True
        self.to_target = self.special == "iron" or mon_reste_game
        self.to_play = self._to_play()
        self.legal = tuple(obs.legal_actions)
        pending = obs.pending_raise
        self.pending = None if pending is None else (pending[0], pending[1], self.to_play)
        self.rr = self._raise_right()

    # --- public facts -------------------------------------------------------------------------
    def _to_play(self) -> int:
        """The seat whose card comes next in the trick (the engine's resume seat)."""
        n, S = self.n, self.rules.strength
        if self.trick:
            return (self.trick[-1][0] + 1) % n
        done = len(self.tricks)
        if done == 0:
            return self.mano
        last = self.played[(done - 1) * n: done * n]
        best, top, mask = -2, 0, 0
        for i, (seat, c) in enumerate(last):
            x = S[c.id]
            if x > best:
                best, top, mask = x, i, 1 << (seat & 1)
            elif x == best:
                mask |= 1 << (seat & 1)
        if mask & (mask - 1):
            return self.mano if self.rules.tie_lead_mano else last[0][0]
        return last[top][0]

    def _raise_right(self):
        """Which side may raise next (None: either). The observation does not say; the
        seat's own legal actions do, on its turn."""
        if self.value == self.rules.base and self.pending is None:
            return None
        if self.obs.phase == "play" and self.obs.current_player == self.seat:
            return self.team if "raise" in self.legal else 1 - self.team
        return None

    @property
    def phase(self) -> str:
        """The observation's phase ("play", "answer", "envido", ...)."""
        return self.obs.phase

    def strength(self, card) -> int:
        """``card``'s strength in this hand's ranking (higher is stronger)."""
        return self.rules.strength[card.id]

    # --- model positions ------------------------------------------------------------------------
    def sim(self, hands: dict | None = None):
        """The model position with the known hands and ``hands`` ({seat: strengths}) for the
        rest (seats left out hold nothing: fine for a decision of a seat whose cards are in)."""
        S = self.rules.strength
        full: list[list[int]] = [[] for _s in range(self.n)]
        if self.mine is not None:
            full[self.seat] = [S[c.id] for c in self.mine]
        for s, cards in self.partner.items():
            full[s] = [S[c.id] for c in cards]
        if hands:
            for s, strengths in hands.items():
                full[s] = list(strengths)
        obs = self.obs
        phase = PHASES.get(obs.phase)
        if phase is None:
            phase = ANSWER_PH if self.pending is not None else PLAY_PH
        if phase == ANSWER_PH:
            cur = obs.current_player if obs.phase == "answer" else None
        else:
            cur = obs.current_player if obs.phase == "play" else self.to_play
        sim = new_sim(self.rules, self.n, full, trick=self.trick, tricks=self.tricks,
                      cur=self.to_play if cur is None else cur, value=self.value, rr=self.rr,
                      pending=self.pending, special=self.special, mano=self.mano,
                      dealer=self.dealer, score=self.score, to_target=self.to_target,
                      captains=self.captains, phase=phase)
        if phase == ANSWER_PH and cur is None:
            sim.cur = sim.answerer(self.pending[0])
        return sim

    def btab(self) -> list:
        """For each strength, the chance a card of it beats one card this seat cannot see."""
        S, top = self.rules.strength, self.rules.top
        counts = [0] * (top + 1)
        for c in self.unseen:
            counts[S[c.id]] += 1
        total = max(len(self.unseen), 1)
        out, below = [], 0
        for x in range(top + 1):
            out.append((below + 0.5 * counts[x]) / total)
            below += counts[x]
        return out

    # --- the cards it cannot see ----------------------------------------------------------------
    def deal(self, rng) -> dict:
        """One random deal of the unseen cards to the hidden seats: {seat: [cards]}."""
        pool = self.unseen[:]
        need = sum(self.sizes[s] for s in self.hidden)
        last = len(pool)
        rand = rng.random
        for i in range(need):
            j = i + int(rand() * (last - i))
            pool[i], pool[j] = pool[j], pool[i]
        out, k = {}, 0
        for s in self.hidden:
            m = self.sizes[s]
            out[s] = pool[k:k + m]
            k += m
        return out

    def deal_strengths(self, rng) -> dict:
        """One random deal as :meth:`deal` gives, each card as its strength."""
        S = self.rules.strength
        return {s: [S[c.id] for c in cards] for s, cards in self.deal(rng).items()}

    def deal_count(self) -> int:
        """How many different deals of the unseen cards to the hidden seats there are."""
        left, total = len(self.unseen), 1
        for s in self.hidden:
            total *= comb(left, self.sizes[s])
            left -= self.sizes[s]
        return total

    def strength_classes(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every deal to the one hidden seat (two-player games), grouped by strengths: yields
        (sorted strengths, how many card deals give them)."""
        if len(self.hidden) != 1:
            raise ValueError("exact grouping needs exactly one hidden seat")
        m = self.sizes[self.hidden[0]]
        S = self.rules.strength
        counts: dict[int, int] = {}
        for c in self.unseen:
            counts[S[c.id]] = counts.get(S[c.id], 0) + 1
        levels = sorted(counts)
        for combo in _multisets(levels, m):
            weight = 1
            for x in set(combo):
                weight *= comb(counts[x], combo.count(x))
            if weight:
                yield combo, weight


def _multisets(levels, m):
    """Sorted m-multisets of ``levels`` (strongest first)."""
    if m == 0:
        yield ()
        return
    levels = sorted(levels, reverse=True)
    for idx in _multiset_indices(len(levels), m):
        yield tuple(levels[i] for i in idx)


def _multiset_indices(k, m, start=0):
    if m == 0:
        yield ()
        return
    for i in range(start, k):
        for rest in _multiset_indices(k, m - 1, i):
            yield (i,) + rest


__all__ = ["View", "resolve_variant"]
