"""The named variants. Each is a :class:`Variant` value; options are replaced with ``variant()``.

>>> "mineiro" in VARIANT_NAMES and "truc-sackson" in VARIANT_NAMES
True
>>> variant("chinchon")
Traceback (most recent call last):
...
truco.errors.UnknownVariant: unknown variant 'chinchon'; valid names: mineiro, paulista, ...
"""
from __future__ import annotations

from .errors import UnknownVariant
from .i18n import N_, _
from .variants import BRAVAS, BRAZIL_COMMONS, SPANISH_COMMONS, Variant
from .reasons import Reason

TIE_LEAD = ("tie_lead", ("leader", "mano"))
# Falta envido while the leader is in the malas: what the leader lacks to win (RULES.md), what
# the envido's winner lacks to reach the buenas (gotruco, pytruco), or the whole game (a common
# Argentine convention).
FALTA = ("falta_envido", ("leader", "chico", "game"))
FLOR_STAKES = ("flor_stakes", ("published", "gotruco"))
# Real play: going to the deck answers a pending raise or envido (the raise and the envido count
# as refused, and the other side scores the hand's value).
DECK_ANSWERS = ("deck_answers", (False, True))
FOLD_ALONE = ("fold_alone", (False, True))

PRESETS: dict[str, Variant] = {}


def _add(v: Variant) -> None:
    PRESETS[v.name] = v


_add(Variant(
    name="mineiro", title=N_("Truco Mineiro"), region=N_("Minas Gerais, Brazil"),
    deck_name="french40", players=(2, 4), specials="fixed",
    special_cards=("4c", "7h", "As", "7d"), common_order=BRAZIL_COMMONS,
    base_value=2, ladder=((N_("Truco"), 4), (N_("Seis"), 6), (N_("Dez"), 10), (N_("Doze"), 12)),
    target=12, all_tie="dealer", hand_of=10, hand_of_value=4, hand_of_refused=2,
    tie_word=N_("empate"),
    options=(("all_tie", ("dealer", "nobody")), ("iron_hand_blind", (False, True)), TIE_LEAD)))

_add(Variant(
    name="paulista", title=N_("Truco Paulista"), region=N_("São Paulo and most of Brazil"),
    deck_name="french40", players=(2, 4), specials="vira", special_cards=(),
    common_order=BRAZIL_COMMONS, base_value=1,
    ladder=((N_("Truco"), 3), (N_("Seis"), 6), (N_("Nove"), 9), (N_("Doze"), 12)),
    target=12, all_tie="nobody", hand_of=11, hand_of_value=3, hand_of_refused=1,
    iron_hand_blind=True, tie_word=N_("empate"),
    options=(("all_tie", ("nobody", "mano")), ("iron_hand_blind", (True, False)), TIE_LEAD)))

_add(Variant(
    name="argentino", title=N_("Truco Argentino"), region=N_("Argentina"),
    deck_name="spanish40", players=(2, 4, 6), specials="bravas", special_cards=BRAVAS,
    common_order=SPANISH_COMMONS, base_value=1,
    ladder=((N_("Truco"), 2), (N_("Retruco"), 3), (N_("Vale cuatro"), 4)),
    target=30, all_tie="mano", tie_word=N_("parda"), games_to_win=2,
    envido=True, flor=False, malas_buenas=True,
    options=(("target", (30, 15)), ("flor", (False, True)), ("all_tie", ("mano", "nobody")),
             ("envido_cap", (None, 4)), FALTA, FLOR_STAKES, DECK_ANSWERS, FOLD_ALONE, TIE_LEAD)))

_TRUC_LADDER = ((N_("Truc"), 2), (N_("Two more"), 4), (N_("Two more"), 6), (N_("Two more"), 8),
                (N_("Two more"), 10), (N_("Two more"), 12))

_add(Variant(
    name="truc", title=N_("Truc (French)"), region=N_("France"),
    deck_name="piquet32", players=(2, 4), specials="none", special_cards=(),
    common_order=(7, 8, 1, 13, 12, 11, 10, 9), base_value=1, ladder=_TRUC_LADDER,
    target=12, all_tie="nobody", tie_word=N_("spoiled"), games_to_win=2,
    redeal=True, mon_reste=True, captains=True,
    options=(TIE_LEAD, ("redeal", (True, False)), ("mon_reste", (True, False)))))

_add(Variant(
    name="truc-sackson", title=N_("Truc (Sackson)"), region=N_("Sackson's doubling game"),
    deck_name="piquet32", players=(2, 4), specials="none", special_cards=(),
    common_order=(7, 1, 13, 12, 11, 10, 9, 8), base_value=1,
    ladder=((N_("Truc"), 2), (N_("Double"), 4), (N_("Double"), 8), (N_("Double"), 16)),
    target=16, all_tie="nobody", tie_word=N_("spoiled"), games_to_win=2,
    redeal=True, mon_reste=True, captains=True,
    options=(TIE_LEAD, ("redeal", (True, False)), ("mon_reste", (True, False)))))

_add(Variant(
    name="truc-catalan", title=N_("Truc (Catalan)"), region=N_("Catalonia"),
    deck_name="spanish40", players=(2, 4), specials="none", special_cards=(),
    common_order=(3, 2, 1, 12, 11, 10, 7, 6, 5, 4), base_value=1, ladder=_TRUC_LADDER,
    target=12, all_tie="nobody", tie_word=N_("spoiled"), games_to_win=2,
    redeal=True, mon_reste=True, captains=True,
    options=(TIE_LEAD, ("redeal", (True, False)), ("mon_reste", (True, False)))))

_add(Variant(
    name="plato", title=N_("Truco (Plato app)"), region=N_("the Plato app"),
    deck_name="spanish40", players=(2, 4), specials="bravas", special_cards=BRAVAS,
    common_order=SPANISH_COMMONS, base_value=1,
    ladder=((N_("Truco"), 2), (N_("Retruco"), 3)),
    target=12, all_tie="mano", tie_word=N_("parda"),
    options=(("target", (12, 15, 30)), ("all_tie", ("mano", "nobody")), TIE_LEAD)))

_add(Variant(
    name="uruguayo", title=N_("Truco Uruguayo"), region=N_("Uruguay"),
    deck_name="spanish40", players=(2, 4, 6), specials="muestra", special_cards=(),
    common_order=SPANISH_COMMONS, base_value=1,
    ladder=((N_("Truco"), 2), (N_("Retruco"), 3), (N_("Vale cuatro"), 4)),
    target=30, all_tie="mano", tie_word=N_("parda"), envido=True, flor=True, malas_buenas=True,
    options=(("target", (30, 20, 40)), ("flor", (True, False)), ("all_tie", ("mano", "nobody")),
             ("envido_cap", (None, 4)), FALTA, FLOR_STAKES, DECK_ANSWERS, FOLD_ALONE, TIE_LEAD)))

VARIANT_NAMES: tuple[str, ...] = tuple(PRESETS)


def variant(name, **options) -> Variant:
    """A named variant, with rule options replaced. Unknown names raise ``ValueError``.

    ``name`` may also be a :class:`Variant` already (options then apply to it). Case, spaces
    and underscores in a name do not matter.

    >>> variant(" Truc Sackson ").name, variant("TRUC_CATALAN").target
    ('truc-sackson', 12)
    >>> variant(variant("argentino"), target=15).target
    15
    >>> try: variant("chinchon")
    ... except truco.UnknownVariant as e: print(e.reason, e.details)
    unknown_variant {'name': 'chinchon'}
    """
    if isinstance(name, Variant):
        return name.with_options(**options)
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    base = PRESETS.get(key)
    if base is None:
        raise UnknownVariant(_("unknown variant {name!r}; valid names: {valid}").format(
            name=name, valid=", ".join(VARIANT_NAMES)), reason=Reason.UNKNOWN_VARIANT, name=str(name))
    return base.with_options(**options)
