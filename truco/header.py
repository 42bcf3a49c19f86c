"""The first half of a hand's notation: its deal (variant and options, players, dealer, score,
vira, hands), written, read back and checked (:func:`check_deal`, :func:`check_score`, as
``Game.from_deal`` asks them). :mod:`truco.notation` adds the actions and replays them.

>>> parse_header("mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc")["dealer"]
1
"""
from __future__ import annotations

from .errors import BadArgument, CardError
from .i18n import _, format_list
from .reasons import Reason


def header(game, dealer, score, vira, dealt, redealt=False) -> str:
    """The header of a hand's notation: the variant with the rule options that differ from
    its preset, the players, the dealer, the score, the vira and the hands dealt (cards).

    >>> v = variant("argentino", flor=True)
    >>> hands = [[v.card(c) for c in hand] for hand in (["7e", "6e", "1o"], ["4b", "5b", "12c"])]
    >>> header(Game(v, seed=1), 1, (3, 5), None, hands)
    'argentino[flor=True] 2p dealer=1 score=3-5 hands=7e,6e,1o/4b,5b,12c'
    """
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


def check_score(v, score) -> tuple[int, int]:
    """``score`` as a pair of whole numbers from 0 to below the target, or BadArgument.

    >>> check_score(variant("mineiro"), [3, 9])
    (3, 9)
    >>> try: check_score(variant("mineiro"), (3, 12))
    ... except BadArgument as err: print(err.reason, "-", err)
    bad_score - the score must be two whole numbers from 0 to 11, not (3, 12)
    """
    try:
        pair = tuple(score)
    except TypeError:
        pair = ()
    if len(pair) != 2 or any(s.__class__ is not int or not 0 <= s < v.target for s in pair):
        raise BadArgument(_("the score must be two whole numbers from 0 to {top}, not {score!r}")
                          .format(top=v.target - 1, score=score), reason=Reason.BAD_SCORE)
    return (pair[0], pair[1])


def check_deal(v, hands, vira=None) -> tuple:
    """``(hands, vira)`` of a deal given in seat order (card codes or cards) as cards, if it
    is one of variant ``v``: three cards a player, for a number of players it is played by,
    no card twice, a vira where the variant turns one up; else BadArgument or CardError.

    >>> from truco import variant
    >>> check_deal(variant("mineiro"), [["4c", "7h", "As"], ["3d", "2s", "4c"]])
    Traceback (most recent call last):
    ...
    truco.errors.CardError: 4 of clubs is dealt twice
    """
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__iter__") or any(
            isinstance(h, (str, bytes)) or not hasattr(h, "__iter__") for h in hands):
        raise BadArgument(_("the hands must be a list of hands, each a list of card codes, "
                            "not {hands!r}").format(hands=hands), reason=Reason.BAD_HANDS)
    cards = [[v.card(c) for c in hand] for hand in hands]
    n = len(cards)
    if n not in v.players:
        raise BadArgument(_("{variant} is played by {valid} players, not {n!r}").format(
            variant=_(v.title), valid=format_list([str(p) for p in v.players], "or"), n=n),
            reason=Reason.BAD_PLAYERS)
    seen = set()
    for seat, hand in enumerate(cards):
        if len(hand) != 3:
            raise CardError(_("player {seat} must hold 3 cards, not {n}").format(
                seat=seat, n=len(hand)), reason=Reason.BAD_DEAL)
        for c in hand:
            if c in seen:
                raise CardError(_("{card} is dealt twice").format(card=c.name()),
                                reason=Reason.BAD_DEAL)
            seen.add(c)
    if v.uses_vira:
        vira = v._vira(vira)
        if vira in seen:
            raise CardError(_("the vira {card} is also in a hand").format(card=vira.name()),
                            reason=Reason.BAD_DEAL)
    elif vira is not None:
        raise CardError(_("{variant} has no vira").format(variant=_(v.title)),
                        reason=Reason.BAD_DEAL)
    return tuple(tuple(h) for h in cards), vira


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
    """The deal described by a notation's header, as keyword arguments for ``from_deal``;
    BadArgument if it is not one.

    >>> deal = parse_header("argentino[flor=True] 2p dealer=1 score=3-5 hands=7e,6e,1o/4b,5b,12c")
    >>> deal["variant"].flor, deal["score"], deal["hands"][1]
    (True, (3, 5), ['4b', '5b', '12c'])
    >>> try: parse_header("mineiro 2p dealer=1")
    ... except BadArgument as err: print(err.reason)
    bad_notation
    """
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
