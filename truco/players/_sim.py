"""A compact model of the rest of a hand, for the computer players and the coach.

The engine's :class:`truco.Game` is the authority on the rules; this model re-plays only the
part a player searches over (the cards of the tricks still to play and the raise ladder) on
small integers, so thousands of simulated deals fit in a few milliseconds. The trick and hand
resolutions come from the engine itself (the variant's ranking and
:func:`truco.resolve.hand_status`), and ``tests/engine/test_players.py`` plays random positions
in both, checking they agree.

A card is its strength in the hand's ranking (higher is stronger; equal strengths tie). Actions
are a strength (play a card of that strength) or one of the negative codes below.
"""
from __future__ import annotations

from functools import lru_cache

from ..resolve import hand_status, top_of_trick

RAISE, ACCEPT, REFUSE, FOLD = -1, -2, -3, -4
PLAY_PH, ANSWER_PH, OVER_PH = 0, 1, 2
WORDS = {RAISE: "raise", ACCEPT: "accept", REFUSE: "refuse", FOLD: "fold"}
CODES = {w: c for c, w in WORDS.items()}


class Rules:
    """What the model needs of a variant for one hand (the vira fixes the ranking)."""

    def __init__(self, variant, vira=None):
        self.variant = variant
        ranking = variant.ranking(vira) if variant.uses_vira else variant.ranking()
        self.strength = ranking.strength
        self.deck = variant.deck
        strengths = sorted(ranking.strength[c.id] for c in self.deck)
        top = strengths[-1]
        self.top = top
        # btab[s]: the chance a card of strength s beats one other card of the deck (ties half).
        others = len(strengths) - 1
        below = [0] * (top + 2)
        equal = [0] * (top + 2)
        for s in strengths:
            equal[s] += 1
        run = 0
        for s in range(top + 1):
            below[s] = run
            run += equal[s]
        self.btab = [(below[s] + 0.5 * max(equal[s] - 1, 0)) / others for s in range(top + 1)]
        self.all_tie = variant.all_tie
        self.tie_lead_mano = variant.tie_lead == "mano"
        self.base = variant.base_value
        self.target = variant.target
        ladder = [variant.base_value] + [v for _n, v in variant.ladder]
        self.ladder_values = frozenset(ladder)
        self.next_rung = {a: b for a, b in zip(ladder, ladder[1:] + [None])}
        self.top_value = ladder[-1]
        self.power_cache = _CachedPower()

    def raise_value(self, value):
        """The rung above ``value``, None at the top or off the ladder (after mon reste)."""
        return self.next_rung.get(value)


@lru_cache(maxsize=512)
def rules_for(variant, vira_code):
    """The :class:`Rules` of ``variant`` under ``vira_code``, built once and remembered."""
    return Rules(variant, vira_code)


class HandSim:
    """The rest of one hand: hands as strengths, the trick under way, the raise ladder."""

    __slots__ = ("R", "n", "hands", "tseats", "tstr", "best", "top", "tmask", "tricks", "cur",
                 "value", "rr", "pending", "special", "phase", "winner", "points", "mano",
                 "dealer", "score", "to_target", "captains")
    # The slots' types (declarations only, no class attributes).
    R: Rules
    n: int
    hands: list[list[int]]  # each seat's cards, as strengths
    tseats: list[int]  # the trick under way: who played, in order ...
    tstr: list[int]  # ... and the strengths played
    best: int  # the trick's top strength so far (-2 before its first card)
    top: int  # the index in the trick of the first card of that strength
    tmask: int  # the bit set of teams holding that strength
    tricks: list[int | None]  # each finished trick's winning team, None for a tie
    cur: int
    value: int
    rr: int | None  # the team that may raise next (None: either)
    pending: tuple[int, int, int] | None  # a raise waiting: (seat, value if accepted, resume)
    special: str | None
    phase: int
    winner: int | None
    points: int
    mano: int
    dealer: int
    score: tuple[int, ...]
    to_target: bool
    captains: bool

    def copy(self) -> "HandSim":
        """An independent copy (hands, trick and tricks copied), to search from."""
        s = HandSim.__new__(HandSim)
        s.R, s.n, s.hands = self.R, self.n, [h[:] for h in self.hands]
        s.tseats, s.tstr = self.tseats[:], self.tstr[:]
        s.best, s.top, s.tmask, s.tricks = self.best, self.top, self.tmask, self.tricks[:]
        s.cur, s.value, s.rr, s.pending = self.cur, self.value, self.rr, self.pending
        s.special, s.phase, s.winner, s.points = self.special, self.phase, self.winner, self.points
        s.mano, s.dealer, s.score = self.mano, self.dealer, self.score
        s.to_target, s.captains = self.to_target, self.captains
        return s

    # --- what may be done -----------------------------------------------------------------
    def may_raise(self) -> bool:
        """Whether the seat to act may raise (or raise again, answering) now."""
        if self.special or self.to_target:
            return False
        if self.phase == ANSWER_PH:
            pending = self.pending
            assert pending is not None  # the answer phase answers a raise
            return self.R.raise_value(pending[1]) is not None
        rr = self.rr
        return (self.phase == PLAY_PH and self.R.raise_value(self.value) is not None
                and (rr is None or rr == self.cur & 1))

    def may_fold(self) -> bool:
        """Whether the seat to act may go to the deck (with captains, only they may)."""
        return not self.captains or self.cur == self.dealer or self.cur == self.mano

    def legal(self) -> list:
        """The model actions of the seat to act: its card strengths (strongest first), then
        RAISE and FOLD; ACCEPT, REFUSE and maybe RAISE when answering; none once over."""
        if self.phase == PLAY_PH:
            acts = sorted(set(self.hands[self.cur]), reverse=True)
            if self.may_raise():
                acts.append(RAISE)
            if self.may_fold():
                acts.append(FOLD)
            return acts
        if self.phase == ANSWER_PH:
            acts = [ACCEPT, REFUSE]
            if self.may_raise():
                acts.append(RAISE)
            return acts
        return []

    def answerer(self, seat: int) -> int:
        """The seat that answers a raise by ``seat``: the next seat, or with captains the
        other side's captain."""
        if self.captains:
            return self.dealer if (self.dealer ^ seat) & 1 else self.mano
        return (seat + 1) % self.n

    def hand_points(self, team) -> int:
        """What the hand scores ``team`` if it wins it now (all it lacks when played to the
        target; nothing for nobody)."""
        if team is None:
            return 0
        if self.to_target:
            return max(self.R.target - self.score[team], 0)
        return self.value

    # --- doing it ---------------------------------------------------------------------------
    def apply(self, a: int) -> None:
        """Do model action ``a`` for the seat to act: play a card of that strength, or raise,
        accept, refuse or fold."""
        if a >= 0:
            self.play(a)
        elif a == RAISE:
            seat = self.cur
            if self.phase == ANSWER_PH:
                pending = self.pending
                assert pending is not None  # the answer phase answers a raise
                _r, self.value, resume = pending
            else:
                resume = seat
            self.pending = (seat, self.R.raise_value(self.value), resume)
            self.phase = ANSWER_PH
            self.cur = self.answerer(seat)
        elif a == ACCEPT:
            pending = self.pending
            assert pending is not None  # accept answers a raise
            _r, self.value, resume = pending
            self.rr = self.cur & 1
            self.pending = None
            self.phase = PLAY_PH
            self.cur = resume
        elif a == REFUSE:
            self.pending = None
            self.end(1 - (self.cur & 1), self.value)
        else:  # FOLD
            other = 1 - (self.cur & 1)
            self.end(other, self.hand_points(other) or self.value)

    def end(self, winner, points) -> None:
        """End the hand: ``winner`` (a team or None) scores ``points``."""
        self.phase = OVER_PH
        self.winner, self.points = winner, points

    def play(self, s: int) -> None:
        """The seat to act plays a card of strength ``s``; a complete trick is resolved and,
        unless it decides the hand, its winner leads the next."""
        seat = self.cur
        self.hands[seat].remove(s)
        team = seat & 1
        if s > self.best:
            self.best, self.top, self.tmask = s, len(self.tseats), 1 << team
        elif s == self.best:
            self.tmask |= 1 << team
        self.tseats.append(seat)
        self.tstr.append(s)
        if len(self.tseats) < self.n:
            self.cur = (seat + 1) % self.n
            return
        mask, seats = self.tmask, self.tseats
        if mask & (mask - 1):
            winner = None
            leader = self.mano if self.R.tie_lead_mano else seats[0]
        else:
            leader = seats[self.top]
            winner = leader & 1
        self.tricks.append(winner)
        decided, won, _reason = hand_status(self.tricks, self.R.all_tie, self.mano & 1,
                                            self.dealer & 1)
        if decided:
            self.end(won, self.hand_points(won))
            return
        self.tseats, self.tstr = [], []
        self.best, self.top, self.tmask = -2, 0, 0
        self.cur = leader

    def trick_leader(self) -> int:
        """The seat that led (or leads) the trick under way."""
        return self.tseats[0] if self.tseats else self.cur


def new_sim(rules, n, hands, *, trick=(), tricks=(), cur, value, rr=None, pending=None,
            special=None, mano, dealer, score=(0, 0), to_target=False, captains=False,
            phase=PLAY_PH) -> HandSim:
    """A model position. ``hands`` are lists of strengths per seat, ``trick`` is
    ``((seat, strength), ...)`` of the trick under way."""
    s = HandSim.__new__(HandSim)
    s.R, s.n, s.hands = rules, n, [list(h) for h in hands]
    s.tseats, s.tstr = [seat for seat, _x in trick], [x for _s, x in trick]
    best, top, mask = top_of_trick([(seat & 1, x) for seat, x in trick])
    s.best, s.top, s.tmask = best, top, mask
    s.tricks = list(tricks)
    s.cur, s.value, s.rr, s.pending = cur, value, rr, pending
    s.special, s.phase, s.winner, s.points = special, phase, None, 0
    s.mano, s.dealer, s.score = mano, dealer, tuple(score)
    s.to_target, s.captains = to_target, captains
    return s


# --- a quick estimate of a hand's chances (the rules of thumb of the basic player) -------------
def trick_chance(b: float, n: int) -> float:
    """The chance a card that beats a random card with probability ``b`` takes a trick for its
    side, against ``n // 2`` random opposing cards, with random partners' cards to help."""
    k = n // 2
    if k == 1:
        return b
    partner_help = 1.0 - 1.0 / (k + 1)
    return 1.0 - (1.0 - b ** k) * partner_help ** (k - 1)


_STATUS: dict = {}


def _status(done: tuple, all_tie, mano_team, dealer_team):
    key = (done, all_tie, mano_team, dealer_team)
    got = _STATUS.get(key)
    if got is None:
        got = _STATUS[key] = hand_status(list(done), all_tie, mano_team, dealer_team)[:2]
    return got


def _hand_chance(tricks, outcomes, all_tie, mano_team, dealer_team, team) -> float:
    """P(team wins the hand) given results so far and independent (win, tie) chances per
    trick to come."""
    last = len(outcomes)
    other = 1 - team

    def go(done, i):
        """P(team wins) with ``done`` the results so far and ``outcomes[i:]`` to come."""
        decided, won = _status(done, all_tie, mano_team, dealer_team)
        if decided:
            return 1.0 if won == team else 0.0
        if i == last:  # the model ran out of cards: count it half
            return 0.5
        w, t = outcomes[i]
        lose = 1.0 - w - t
        r = 0.0
        if w > 0:
            r += w * go(done + (team,), i + 1)
        if t > 0:
            r += t * go(done + (None,), i + 1)
        if lose > 0:
            r += lose * go(done + (other,), i + 1)
        return r

    return go(tuple(tricks), 0)


def _still_to_play(sim: HandSim) -> list:
    """The seats still to play in the trick under way, in order."""
    n, lead = sim.n, sim.tseats[0]
    return [(lead + k) % n for k in range(len(sim.tseats), n)]


def power(sim: HandSim, seat: int, btab) -> float:
    """An estimate of the chance ``seat``'s side wins the hand, from its own cards only.

    ``btab[s]`` is the chance a card of strength ``s`` beats one unseen card.
    """
    n, team = sim.n, seat & 1
    mine = sorted(sim.hands[seat], reverse=True)
    outcomes = []
    if sim.tseats and seat not in sim.tseats:  # this trick is under way and I still play in it
        opp = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 != team), default=-1)
        ours = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 == team), default=-1)
        left = _still_to_play(sim)
        opp_after = sum(1 for st in left[left.index(seat) + 1:] if st & 1 != team)
        if opp_after == 0:
            if ours > opp:
                outcomes.append((1.0, 0.0))
                mine = mine[:-1]
            else:
                beat = [x for x in mine if x > opp]
                if beat:
                    outcomes.append((1.0, 0.0))
                    mine.remove(min(beat))
                elif opp in mine:
                    outcomes.append((0.0, 1.0))
                    mine.remove(opp)
                else:
                    outcomes.append((0.0, 0.0))
                    mine = mine[:-1]
        elif mine:
            card = mine[0]
            if max(card, ours) > opp:
                outcomes.append((btab[max(card, ours)] ** opp_after, 0.0))
            else:
                outcomes.append((0.0, 0.0))
            mine = mine[1:]
    elif sim.tseats:  # I played in this trick: it is decided by those still to play
        opp = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 != team), default=-1)
        ours = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 == team), default=-1)
        left = _still_to_play(sim)
        opp_after = sum(1 for st in left if st & 1 != team)
        if ours > opp:
            outcomes.append((btab[ours] ** opp_after, 0.0))
        elif ours == opp:
            outcomes.append((0.0, btab[ours] ** opp_after))
        else:
            mates = sum(1 for st in left if st & 1 == team)
            outcomes.append((0.0 if not mates else 1.0 / 3.0, 0.0))
    for x in mine:
        outcomes.append((trick_chance(btab[x], n), 0.0))
    return _hand_chance(sim.tricks, outcomes, sim.R.all_tie, sim.mano & 1, sim.dealer & 1, team)


# --- the basic player's card play and raising -------------------------------------------------
def _would_decide(sim, team, result):
    done = sim.tricks + [result]
    return hand_status(done, sim.R.all_tie, sim.mano & 1, sim.dealer & 1)


def choose_card(sim: HandSim, seat: int, btab) -> tuple[int, str]:
    """(strength, rule of thumb) for the card ``seat`` should play now."""
    mine = sorted(set(sim.hands[seat]), reverse=True)
    if len(mine) == 1:
        return mine[0], "last" if len(sim.hands[seat]) == 1 else "same"
    team = seat & 1
    n = sim.n
    if sim.tseats:
        opp = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 != team), default=-1)
        ours = max((x for st, x in zip(sim.tseats, sim.tstr) if st & 1 == team), default=-1)
        left = _still_to_play(sim)
        opp_after = any(st & 1 != team for st in left[left.index(seat) + 1:])
        if ours > opp and not opp_after:
            return mine[-1], "partner_wins"
        beat = [x for x in mine if x > opp]
        if beat:
            if opp_after:
                strong = [x for x in beat if btab[x] >= 0.75]
                pick = min(strong) if strong else max(beat)
                if ours > opp and btab[ours] >= btab[pick]:
                    return mine[-1], "partner_wins"
                return pick, "win_cheap"
            return min(beat), "win_cheap"
        if opp in mine and not opp_after:
            decided, won, _r = _would_decide(sim, team, None)
            if not decided or won == team:
                return opp, "tie"
        return mine[-1], "throw_low"
    # leading a trick
    if not sim.tricks:
        if n > 2 and len(mine) >= 2:
            return mine[0] if btab[mine[0]] < 0.9 else mine[1], "lead_first"
        return (mine[1] if len(mine) >= 2 else mine[0]), "lead_middle"
    if any(t is None for t in sim.tricks):
        return mine[0], "lead_best_after_tie"
    if sim.tricks.count(team) > sim.tricks.count(1 - team):
        return mine[-1], "lead_low_ahead"
    return mine[0], "lead_best_behind"


RAISE_AT, RERAISE_AT, ACCEPT_MARGIN = 0.70, 0.82, 0.06


def accept_threshold(value_now: int, value_raised: int) -> float:
    """The win chance above which accepting a raise to ``value_raised`` beats refusing it (and
    giving away ``value_now``): (raised - now) / (2 * raised)."""
    return (value_raised - value_now) / (2.0 * value_raised)


def basic_policy(sim: HandSim, btab, legal, rnd=None, estimate=None) -> tuple[int, str, float]:
    """The basic player's choice among ``legal`` model actions: (action, rule, win chance).

    ``rnd`` (a function returning floats in [0, 1), or None for no bluffing) adds the odd bluff.
    """
    seat = sim.cur
    if sim.phase != ANSWER_PH and RAISE not in legal and (rnd is None or FOLD not in legal):
        p = -1.0  # not needed: no bet to make or answer
    else:
        p = (estimate or power)(sim, seat, btab)
    if sim.phase == ANSWER_PH:
        pending = sim.pending
        assert pending is not None  # the answer phase answers a raise
        now, raised = sim.value, pending[1]
        if RAISE in legal and p >= RERAISE_AT:
            return RAISE, "reraise", p
        if p >= accept_threshold(now, raised) + ACCEPT_MARGIN:
            return ACCEPT, "accept", p
        return REFUSE, "refuse", p
    if RAISE in legal:
        if p >= RAISE_AT:
            return RAISE, "raise", p
        if rnd is not None and p >= 0.3 and rnd() < 0.06:
            return RAISE, "bluff", p
    plays = [a for a in legal if a >= 0]
    if not plays:
        return legal[0], "only", p
    if p == 0.0 and FOLD in legal and sim.value > sim.R.base:
        return FOLD, "hopeless", p
    card, why = choose_card(sim, seat, btab)
    if card not in plays:
        card = plays[-1]
    return card, why, p


class _CachedPower:
    """``power`` with the deck's odds (``rules.btab``), remembered per position."""

    __slots__ = ("cache",)
    LIMIT = 300_000

    def __init__(self) -> None:
        self.cache: dict = {}

    def __call__(self, sim: HandSim, seat: int, btab) -> float:
        key = (seat, tuple(sorted(sim.hands[seat])), tuple(sim.tseats), tuple(sim.tstr),
               tuple(sim.tricks), sim.mano, sim.dealer)
        cache = self.cache
        got = cache.get(key)
        if got is None:
            if len(cache) > self.LIMIT:
                cache.clear()
            got = cache[key] = power(sim, seat, btab)
        return got


def rollout(sim: HandSim, btab) -> None:
    """Play the hand out with the basic rules of thumb for every seat (no bluffs).

    ``btab`` must be ``sim.R.btab`` (the deck's odds): estimates are remembered per rules."""
    R = sim.R
    cached = R.power_cache
    while sim.phase != OVER_PH:
        legal = sim.legal()
        if len(legal) == 1:
            sim.apply(legal[0])
            continue
        a, _why, _p = basic_policy(sim, btab, legal, None, cached)
        sim.apply(a)
