"""What one seat can see of a game: :class:`Observation` (other players' cards are never in
it), built by :func:`observe`.

>>> from truco import Game
>>> obs = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]]).observation(0)
>>> obs.hand, obs.may_raise, obs.envido_bets, dict(obs.options)["target"]
(('7e', '6e', '1o'), None, (), 30)
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BadArgument
from .i18n import _
from .reasons import Reason

ENVIDO_WORDS = ("envido", "real envido", "falta envido")
# The log's kinds that are not bets: dealing, playing and the tricks' and hands' results.
_NOT_BETS = ("deal", "play", "trick", "hand", "game", "signal")


@dataclass(frozen=True)
class Observation:
    """What one seat can see. Other players' cards are never in it.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> _ = g.apply("raise"); obs = g.observation(1)
    >>> obs.pending_raise, obs.bets, obs.legal_actions
    ((0, 4), ((0, 'raise'),), ('accept', 'refuse', 'raise'))
    """

    player: int
    team: int
    variant: str
    phase: str
    current_player: int | None
    hand: tuple | None  # own cards (codes); None when played blind
    hand_size: tuple  # cards left per seat
    partner_hands: tuple  # ((seat, codes), ...) where the rules show a partner's cards
    vira: str | None
    trick: tuple  # ((seat, code), ...) of the trick under way
    tricks: tuple  # results so far (team or None)
    played: tuple  # ((seat, code), ...) every card played face up this hand
    score: tuple
    hand_value: int
    pending_raise: tuple | None
    dealer: int
    mano: int
    special_hand: str | None
    legal_actions: tuple  # texts, when this seat is to act
    # What the players would otherwise have to guess (added fields, with defaults):
    bets: tuple = ()  # ((seat, action text), ...) every bet and answer made this hand, in order
    envido_bets: tuple = ()  # ((seat, word), ...) the envido bets of this hand, in order
    envido_declared: tuple = ()  # ((seat, points), ...) envido points declared this hand
    may_raise: int | None = None  # the team that may raise next; None: either (no raise yet)
    options: tuple = ()  # ((option, value), ...) the variant's rule options and their values


def observe(game, player: int) -> Observation:
    """What ``player`` sees of ``game`` now (``game.observation`` adds the signals of a game
    that has them).

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 4))
    >>> obs = observe(g, 1); obs.phase, obs.hand, obs.special_hand, obs.legal_actions
    ('decide', ('3d', '2s', 'Kc'), 'hand_of', ())
    >>> observe(g, 2)
    Traceback (most recent call last):
    ...
    truco.errors.BadArgument: there is no player 2 in a game of 2
    """
    if player.__class__ is not int or not 0 <= player < game.n:
        raise BadArgument(_("there is no player {player!r} in a game of {n}").format(
            player=player, n=game.n), reason=Reason.NO_SUCH_PLAYER)
    team = player & 1
    specials = game.special_hands  # truco.special_hands: the blind iron hand, and the side
    blind = specials is not None and specials.blind()  # at its hand of ten / eleven
    partners: tuple[tuple[int, tuple[str, ...]], ...] = ()
    if specials is not None and specials.shows_partners(game, player):
        partners = tuple((s, tuple(c.code for c in game._hands[s])) for s in range(game.n)
                         if s != player and s & 1 == team)
    played = tuple((e.seat, e.action.card.code) for e in game.log
                   if e.hand == game.hand_no and e.kind == "play")
    to_act = game.current_player == player
    return Observation(
        player=player, team=team, variant=game.variant.name, phase=game.phase,
        current_player=game.current_player,
        hand=None if blind else tuple(c.code for c in game._hands[player]),
        hand_size=tuple(len(h) for h in game._hands), partner_hands=partners,
        vira=game.vira.code if game.vira is not None else None,
        trick=tuple((s, c.code) for s, c in game.current_trick), tricks=game.tricks,
        played=played, score=game.score, hand_value=game.hand_value,
        pending_raise=game.pending_raise, dealer=game.dealer, mano=game.mano,
        special_hand=game.special_hand,
        legal_actions=tuple(_blind(a, game, player) if blind else a.text
                            for a in game.legal_actions()) if to_act else (),
        **_bets(game), may_raise=game._raise_right,
        options=tuple(game.variant.option_values().items()))


def _bets(game) -> dict:
    """The bets of this hand from the log: every bet and answer, the envido bets, and the
    envido points declared (public: everyone heard them)."""
    bets, envido_bets, declared = [], [], []
    hand = game.hand_no
    for event in reversed(game.log):
        if event.hand != hand:
            break
        if event.kind in _NOT_BETS:
            continue
        if event.action is not None:
            bets.append((event.seat, event.action.text))
            if event.action.kind in ENVIDO_WORDS:
                envido_bets.append((event.seat, event.action.kind))
        elif event.verdict is not None and event.verdict.reason is Reason.DECLARED:
            declared.append((event.seat, event.verdict.facts["envido"]))
    return {"bets": tuple(reversed(bets)), "envido_bets": tuple(reversed(envido_bets)),
            "envido_declared": tuple(reversed(declared))}


def _blind(action, game, player) -> str:
    """A play in a blind hand is named by the card's position, never by the card."""
    if action.card is None:
        return action.text
    return f"play #{game._hands[player].index(action.card) + 1}"
