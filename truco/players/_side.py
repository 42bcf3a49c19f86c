"""Decisions outside the tricks: envido and flor, the hand of ten, redeal and mon reste.

Each takes a :class:`~truco.players._view.View` and the win chances the calling player
estimated (its own way), and returns ``(action text, reason)`` or None when it has no opinion.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache
from math import exp

from ..cards import Card
from ..i18n import N_, Percent
from ..odds import envido_distribution
from ..points import envido, flor
from ..resolve_side import envido_stakes as envido_stakes_of
from ..resolve_side import falta_envido
from ._base import reason
from ._value import game_chance

ENVIDO_WORDS = ("envido", "real envido", "falta envido")


def dealt_cards(view):
    """The seat's three cards as dealt: those it holds and those it played this hand."""
    if view.mine is None:
        return None
    played = [c for s, c in view.played if s == view.seat]
    return view.mine + played


def muestra(view):
    """The muestra turned up (a card code) where the variant has one, else None."""
    return view.obs.vira if view.variant.specials == "muestra" else None


def my_envido(view):
    """The envido of the seat's three cards as dealt (None if it cannot see them all)."""
    cards = dealt_cards(view)
    return None if cards is None or len(cards) != 3 else envido(cards, muestra(view))


def my_flor(view):
    """The flor points of the seat's cards as dealt (None without flor, or unseen cards)."""
    cards = dealt_cards(view)
    return None if cards is None or len(cards) != 3 else flor(cards, muestra(view))


@lru_cache(maxsize=128)
def _envido_cdf(variant, muestra_code):
    dist = envido_distribution(variant, muestra_code)
    points = sorted(dist)
    cum, run = [], 0.0
    for p in points:
        run += float(dist[p])
        cum.append(run)
    return points, cum


def envido_chance_table(view, points: int, seat=None) -> float:
    """The chance ``points`` win the envido for the seat's side, from the odds of a random hand
    (each opponent a random hand; partners' hands help; ties go to the seat nearest the mano).
    ``seat``: another seat than the view's own, holding those points."""
    seat = view.seat if seat is None else seat
    team = seat & 1
    pts, cum = _envido_cdf(view.variant, muestra(view))
    i = bisect_left(pts, points)
    below = cum[i - 1] if i > 0 else 0.0
    j = bisect_right(pts, points)
    equal = (cum[j - 1] if j > 0 else 0.0) - below
    n = view.n
    order = [(view.mano + k) % n for k in range(n)]
    first = order.index(seat)
    single = []
    for k, other in enumerate(order):
        if other & 1 == team:
            continue
        single.append(below + (equal if k > first else 0.0))
    p = 1.0
    for q in single:
        p *= q
    mates = n // 2 - 1
    if mates:
        p = 1.0 - (1.0 - p) * (1.0 - 1.0 / (n // 2 + 1)) ** mates
    return p


def _sigmoid(x: float) -> float:
    return 0.0 if x < -30 else 1.0 / (1.0 + exp(-x))


def envido_chance_sampled(view, points: int, rng, samples: int = 120, bettor=None,
                          bet_at: float = 0.62) -> float:
    """The chance ``points`` win the envido for the seat's side, over deals of the unseen cards
    consistent with what the seat has seen (each opponent's played cards count in their
    envido). With ``bettor`` (an opponent who has just bet), each deal is weighted by how likely
    that bet is with its cards: a player bets with good points (above ``bet_at`` of winning)."""
    n, m = view.n, muestra(view)
    order = [(view.mano + k) % n for k in range(n)]
    played: dict[int, list[Card]] = {}
    for s, c in view.played:
        played.setdefault(s, []).append(c)
    wins = total = 0.0
    for _i in range(samples):
        deal = view.deal(rng)
        best_seat, best, w = None, -1, 1.0
        for seat in order:
            if seat == view.seat:
                e = points
            else:
                held = deal.get(seat) or view.partner.get(seat) or []
                cards = held + played.get(seat, [])
                if len(cards) != 3:
                    continue
                e = envido(cards, m)
                if seat == bettor:
                    c = envido_chance_table(view, e, seat)
                    w = 0.08 + 0.92 * _sigmoid((c - bet_at) / 0.05)
            if e > best:
                best_seat, best = seat, e
        total += w
        if best_seat is not None and best_seat & 1 == view.team:
            wins += w
    return wins / total if total else 0.5


def envido_stakes(view) -> tuple[int, int]:
    """(points at stake if the envido on the table is accepted, points the bettors score if it
    is refused), as the engine works them out (:func:`truco.resolve_side.envido_stakes`) from
    the bets the observation lists."""
    made = getattr(view.obs, "envido_bets", ())
    if not made:
        return envido_stakes_of([ENVIDO_WORDS[0]])
    bettor = made[-1][0]
    return envido_stakes_of([word for _seat, word in made],
                            lambda: falta_envido(view.variant, view.score, bettor & 1))


def answer_envido(view, chance: float, *, raise_at=0.8, margin=0.0):
    """Quiero, no quiero, or a higher envido bet, by the chance of winning it."""
    stake, refused = envido_stakes(view)
    legal = view.legal
    if "flor" in legal:
        return "flor", reason(N_("With flor you sing it: flor cancels the envido and scores 3."),
                              N_("{player} sang its flor: flor cancels the envido and scores "
                                 "3."), "flor")
    if chance >= raise_at:
        for word in ("real envido", "envido", "falta envido"):
            if word in legal and (word != "falta envido" or chance >= 0.9):
                return word, reason(
                    N_("Your envido wins about {pct} of the time: you raise the bet with "
                       "{word}."),
                    N_("{player} raised the bet with {word}: its envido would win about "
                       "{pct} of the time."), "envido_raise", pct=Percent(chance),
                    word=word)
    need = (stake - refused) / (2 * stake)
    v, team = view.variant, view.team
    mine, theirs = view.score[team], view.score[1 - team]
    accept = chance * game_chance(v, mine + stake, theirs) + \
        (1 - chance) * game_chance(v, mine, theirs + stake)
    refuse = game_chance(v, mine, theirs + refused)
    if accept >= refuse and chance >= need + margin:
        return "quiero", reason(
            N_("Your envido wins about {pct} of the time; accepting pays off above {need}."),
            N_("{player} said quiero: its envido would win about {pct} of the time, and "
               "accepting pays off above {need}."), "quiero", pct=Percent(chance),
            need=Percent(need))
    return "no quiero", reason(
        N_("Your envido wins only about {pct} of the time; accepting pays off above {need}."),
        N_("{player} said no quiero: its envido would win only about {pct} of the time, and "
           "accepting pays off above {need}."), "no_quiero", pct=Percent(chance),
        need=Percent(need))


def bet_envido(view, points: int, chance: float, rnd=None, *, bet_at=0.62, real_at=0.8):
    """An envido bet to open (or None), by the chance of winning it."""
    legal = view.legal
    if chance >= real_at and "real envido" in legal:
        return "real envido", reason(
            N_("{points} of envido wins about {pct} of the time: real envido."),
            N_("{player} called real envido: its {points} of envido would win about {pct} of "
               "the time."), "real_envido", points=points, pct=Percent(chance))
    if (chance >= bet_at or (rnd is not None and rnd() < 0.04)) and "envido" in legal:
        return "envido", reason(
            N_("{points} of envido wins about {pct} of the time: envido."),
            N_("{player} called envido: its {points} of envido would win about {pct} of the "
               "time."), "envido", points=points, pct=Percent(chance))
    return None


def answer_flor(view, points, chance: float):
    """Answer another flor or a contraflor by the chance our flor is the higher."""
    legal = set(view.legal)
    pct = Percent(chance)
    if "contraflor" in legal and chance >= 0.75:
        return "contraflor", reason(
            N_("Your flor of {points} is likely the higher ({pct}): contraflor."),
            N_("{player} called contraflor: its flor of {points} was likely the higher "
               "({pct})."), "contraflor", points=points, pct=pct)
    if "flor" in legal and chance >= 0.2:
        return "flor", reason(
            N_("Your flor of {points} is worth comparing ({pct}): you sing it too."),
            N_("{player} sang its flor of {points} too: it was worth comparing ({pct})."),
            "flor_too", points=points, pct=pct)
    if "con flor quiero" in legal and chance >= 0.55:
        return "con flor quiero", reason(
            N_("Your flor of {points} wins about {pct} of the time: you accept."),
            N_("{player} accepted: its flor of {points} would win about {pct} of the time."),
            "flor_accept", points=points, pct=pct)
    if "quiero" in legal and chance >= 0.6:
        return "quiero", reason(
            N_("Your flor of {points} wins about {pct} of the time: you accept."),
            N_("{player} accepted: its flor of {points} would win about {pct} of the time."),
            "flor_accept", points=points, pct=pct)
    if "con flor me achico" in legal:
        return "con flor me achico", reason(
            N_("Your flor of {points} wins only about {pct} of the time: you back down."),
            N_("{player} backed down: its flor of {points} would win only about {pct} of "
               "the time."), "flor_achico", points=points, pct=pct)
    return None


def first_trick_bets(view, legal, envido_chance):
    """What every player does alike about flor and envido in the first trick: answer a flor,
    sing one's own flor, then bet envido when ``envido_chance(points)`` (the player's own
    estimate) is good enough. ``envido_chance`` returns ``(chance, options)``, the options
    passed on to :func:`bet_envido`. None when none of this applies."""
    if view.phase == "flor":
        points = my_flor(view)
        return answer_flor(view, points, flor_chance_vs(view, points))
    if "flor" in legal:
        return "flor", flor_duty_reason()
    if any(w in legal for w in ("envido", "real envido", "falta envido")):
        points = my_envido(view)
        if points is not None:
            chance, options = envido_chance(points)
            return bet_envido(view, points, chance, **options)
    return None


def flor_chance_vs(view, points) -> float:
    """A rough chance our flor beats another flor (flor points of random flor hands)."""
    if points is None:
        return 0.0
    return min(max((points - 20) / 18.0, 0.0), 1.0)


def decide_special(view, chance: float):
    """Play the hand of ten (eleven) or run, comparing the chances of winning the game."""
    v = view.variant
    team = view.team
    mine, theirs = view.score[team], view.score[1 - team]
    play = chance * game_chance(v, mine + v.hand_of_value, theirs) + \
        (1 - chance) * game_chance(v, mine, theirs + v.hand_of_value)
    run = game_chance(v, mine, theirs + v.hand_of_refused)
    pct = Percent(chance)
    if play >= run:
        return "accept", reason(
            N_("You win this hand about {pct} of the time: playing it is worth more than "
               "running."),
            N_("{player} chose to play the hand: its side would win it about {pct} of the "
               "time, worth more than running."), "play_special", pct=pct)
    return "refuse", reason(
        N_("You win this hand only about {pct} of the time: running costs less."),
        N_("{player} chose to run: its side would win the hand only about {pct} of the "
           "time, and running costs less."), "run_special", pct=pct)


def answer_mon_reste(view, chance: float):
    """Say mon reste too (the hand decides the game) or fold (they score the value before)."""
    v = view.variant
    team = view.team
    mine, theirs = view.score[team], view.score[1 - team]
    before = view.value
    fold = game_chance(v, mine, theirs + before)
    pct = Percent(chance)
    if chance >= fold:
        return "mon reste", reason(
            N_("You win this hand about {pct} of the time, better than your chances in the "
               "game after folding: mon reste."),
            N_("{player} answered mon reste: it would win the hand about {pct} of the time, "
               "better than its chances in the game after folding."), "mon_reste_answer",
            pct=pct)
    return "refuse", reason(
        N_("You win this hand only about {pct} of the time: folding keeps the game alive."),
        N_("{player} folded: it would win the hand only about {pct} of the time, and folding "
           "keeps the game alive."), "mon_reste_fold", pct=pct)


# --- reasons shared by the players -------------------------------------------------------------
def flor_duty_reason():
    """The reason for singing a flor the rules oblige the seat to sing."""
    return reason(N_("You hold flor: you must sing it before your first card."),
                  N_("{player} sang its flor: a flor must be sung before one's first card."),
                  "flor_duty")


def blind_reason():
    """The reason for playing a card the seat cannot see."""
    return reason(N_("You cannot see your cards: any of them is as good as another."),
                  N_("{player} could not see its cards: any of them was as good as another."),
                  "blind")


def redeal_answer(p: float, take_below: float):
    """Take the redeal (accept) below ``take_below``, else keep the hand (refuse)."""
    pct = Percent(p)
    if p < take_below:
        return "accept", reason(
            N_("Your hand wins only about {pct} of the time: you take the redeal."),
            N_("{player} took the redeal: its hand would win only about {pct} of the time."),
            "take_redeal", pct=pct)
    return "refuse", reason(
        N_("Your hand wins about {pct} of the time: you keep it."),
        N_("{player} kept its hand: it would win about {pct} of the time."), "keep_hand",
        pct=pct)


def redeal_reason(p: float):
    """The reason for asking for a redeal with a hand that wins about ``p`` of the time."""
    return reason(N_("Your hand wins only about {pct} of the time: you ask for a redeal."),
                  N_("{player} asked for a redeal: its hand would win only about {pct} of "
                     "the time."), "ask_redeal", pct=Percent(p))


def mon_reste_reason(p: float):
    """The reason for saying mon reste with a hand that wins about ``p`` of the time."""
    return reason(N_("Your hand wins about {pct} of the time: mon reste, for the rest of the "
                     "game."),
                  N_("{player} said mon reste: its hand would win about {pct} of the time."),
                  "mon_reste", pct=Percent(p))
