"""The hand notation (one line a hand, round-trips) and the per-seat observation.

A hand is written as its deal, then the actions in order (a card code is a play; words are
joined by '-'):

>>> from truco import Game
>>> g = Game.from_deal("paulista", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], vira="3s")
>>> for a in ["play 4c", "raise", "accept", "play 2s"]:
...     _ = g.apply(a)
>>> text = g.notation(); text
'paulista 2p dealer=1 score=0-0 vira=3s hands=4c,7h,As/3d,2s,Kc : 4c raise accept 2s'
>>> from_notation(text).notation() == text
True
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BadArgument, IllegalAction
from .i18n import _
from .reasons import Reason


def header(game, dealer, score, vira, dealt, redealt=False) -> str:
    v = game.variant
    opts = ",".join(f"{k}={val}" for k, val in v.option_values().items()
                    if val != getattr(_preset(v.name), k))
    name = f"{v.name}[{opts}]" if opts else v.name
    parts = [name, f"{game.n}p", f"dealer={dealer}", f"score={score[0]}-{score[1]}"]
    if vira is not None:
        parts.append(f"vira={vira.code}")
    parts.append("hands=" + "/".join(",".join(c.code for c in h) for h in dealt))
    if redealt:  # a Truc hand dealt again after an accepted redeal: no second redeal
        parts.append("redealt")
    return " ".join(parts)


def _preset(name):
    from .presets import PRESETS
    return PRESETS[name]


def _value(text: str):
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return text


def parse_header(text: str) -> dict:
    """The deal described by a notation's header, as keyword arguments for ``from_deal``."""
    from .presets import variant
    words = text.split()
    if not words:
        raise BadArgument(_("an empty hand notation"), reason=Reason.BAD_NOTATION)
    name, _sep, opts = words[0].partition("[")
    options = {}
    for item in filter(None, opts.rstrip("]").split(",")):
        key, _eq, val = item.partition("=")
        options[key] = _value(val)
    fields = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    try:
        a, b = fields["score"].split("-")
        deal = dict(variant=variant(name, **options),
                    hands=[h.split(",") for h in fields["hands"].split("/")],
                    vira=fields.get("vira"), dealer=int(fields["dealer"]), score=(int(a), int(b)))
        if "redealt" in words[1:]:
            deal["redealt"] = True
        return deal
    except (KeyError, ValueError) as err:
        if getattr(err, "reason", None):
            raise
        raise BadArgument(_("{text!r} is not a hand notation: expected e.g. 'mineiro 2p dealer=1 "
                            "score=0-0 hands=4c,7h,As/3d,2s,Kc : 4c 3d'").format(text=text),
                          reason=Reason.BAD_NOTATION) from None


def from_notation(text: str, seed=None):
    """Rebuild a game from one hand's notation, replaying its actions."""
    from .game import Game
    head, _sep, actions = text.partition(" : ")
    deal = parse_header(head)
    redealt = deal.pop("redealt", False)
    game = Game.from_deal(seed=seed, **deal)
    if redealt:
        game._mark_redealt()
    for i, token in enumerate(actions.split()):
        word = token.replace("-", " ")
        try:
            game.apply(word if " " in word or word in game._table else f"play {word}")
        except IllegalAction as err:
            raise IllegalAction(_("action {n} ({token}) of the notation is illegal: {why}")
                                .format(n=i + 1, token=token, why=err), reason=err.reason) \
                from None
    return game


@dataclass(frozen=True)
class Observation:
    """What one seat can see. Other players' cards are never in it."""

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


def observe(game, player: int) -> Observation:
    if player.__class__ is not int or not 0 <= player < game.n:
        raise BadArgument(_("there is no player {player!r} in a game of {n}").format(
            player=player, n=game.n), reason=Reason.NO_SUCH_PLAYER)
    team = player & 1
    blind = game._special == "iron" and game.variant.iron_hand_blind
    partners = ()
    if game._special == "hand_of" and game._score[team] >= game.variant.hand_of:
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
        special_hand=game._special,
        legal_actions=tuple(_blind(a, game, player) if blind else a.text
                            for a in game.legal_actions()) if to_act else ())


def _blind(action, game, player) -> str:
    """A play in a blind hand is named by the card's position, never by the card."""
    if action.card is None:
        return action.text
    return f"play #{game._hands[player].index(action.card) + 1}"
