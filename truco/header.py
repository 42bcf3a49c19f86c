"""The first half of a hand's notation: its deal (variant and options, players, dealer, score,
vira, hands), written and read back. :mod:`truco.notation` adds the actions and replays them.

>>> parse_header("mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc")["dealer"]
1
"""
from __future__ import annotations

from .errors import BadArgument
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
