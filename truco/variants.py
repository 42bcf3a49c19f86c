"""Variants as data: one frozen rules value per variant, named presets, and rule options.

>>> v = variant("mineiro")
>>> len(v.deck), v.base_value, v.raise_value(2), v.raise_value(12)
(40, 2, 4, None)
>>> [str(c) for c in v.manilhas()]
['4c', '7h', 'As', '7d']
>>> variant("paulista").compare("4c", "3d", vira="3s") > 0   # a vira of 3 makes the 4s manilhas
True
>>> variant("mineiro", all_tie="nobody").all_tie
'nobody'
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from . import resolve
from .cards import DECK_FAMILY, DECKS, Card, card_from_code
from .errors import CardError, UnknownVariant
from .i18n import N_, _
from .ranking import (BRAVA, MANILHA, MANILHA_NICKNAMES, MANILHA_SUITS, MATA, PAULISTA_CYCLE,
                      PIEZA, Ranking, build_levels)
from .reasons import Reason

BRAZIL_COMMONS = (3, 2, 1, 13, 11, 12, 7, 6, 5, 4)  # 3 2 A K J Q 7 6 5 4
SPANISH_COMMONS = (3, 2, ("1o", "1c"), 12, 11, 10, ("7c", "7b"), 6, 5, 4)
BRAVAS = ("1e", "1b", "7e", "7o")
BRAVA_NAMES = {"1e": N_("ancho de espadas"), "1b": N_("ancho de bastos"),
               "7e": N_("siete de espadas"), "7o": N_("siete de oros")}


class FlorStakes(NamedTuple):
    """The points of the flor's bets (docs/seed-notes.md gives the sources).

    >>> FLOR_STAKES["published"].contraflor, FLOR_STAKES["gotruco"].contraflor
    (6, 4)
    """

    flor: int  # each flor when settled unopposed, or each flor announced in a flor duel
    achico: int  # each flor of the side to which "con flor me achico" concedes
    contraflor: int  # a contraflor accepted, to the best flor
    contraflor_refused: int | None  # a contraflor refused, to its caller's side (None: 3 for
    resto_refused: int | None  # each flor of that side, plus 1); the same for al resto
    resto_flores: bool  # an accepted contraflor al resto adds 3 for each flor to the falta
    later_flores: bool  # each flor sung after a contraflor adds 3 to it


FLOR_STAKES = {
    # Published Argentine tables (RULES.md, docs/seed-notes.md): flor 3, achico 3, contraflor
    # accepted 6 and refused 4, contraflor al resto refused 6, al resto accepted the falta plus
    # 3 for each flor.
    "published": FlorStakes(flor=3, achico=3, contraflor=6, contraflor_refused=4,
                            resto_refused=6, resto_flores=True, later_flores=False),
    # gotruco and pytruco (Uruguay): a contraflor is played for 4, plus 3 for each flor sung
    # after it; refused, it (or al resto) pays 3 for each flor of the caller's side plus 1; an
    # accepted al resto pays the falta alone.
    "gotruco": FlorStakes(flor=3, achico=3, contraflor=4, contraflor_refused=None,
                          resto_refused=None, resto_flores=False, later_flores=True),
}


@dataclass(frozen=True)
class Variant:
    """The complete rules of one variant. Build it with :func:`variant`.

    A frozen value: two variants with the same rules are equal, and an option makes a new one.

    >>> v = variant("argentino")
    >>> v.deck_name, v.base_value, v.target, v.envido, v.flor
    ('spanish40', 1, 30, True, False)
    >>> variant("mineiro", all_tie="nobody") == variant("mineiro").with_options(all_tie="nobody")
    True
    """

    name: str
    title: str
    region: str
    deck_name: str
    players: tuple[int, ...]
    specials: str  # none / fixed / vira / bravas / muestra
    special_cards: tuple[str, ...]
    common_order: tuple
    base_value: int
    ladder: tuple[tuple[str, int], ...]  # rungs above the base: (name, value)
    target: int
    all_tie: str = "nobody"  # who scores when every trick ties: dealer / mano / nobody
    tie_lead: str = "leader"  # who leads after a tied trick: leader (of that trick) / mano
    hand_of: int | None = None  # Mineiro 10, Paulista 11
    hand_of_value: int = 0
    hand_of_refused: int = 0
    iron_hand_blind: bool = False
    games_to_win: int = 1
    tie_word: str = "empate"  # what a tied trick is called: empate / parda / spoiled
    # Side bets (truco.side_bets): envido, flor, and the score shown as malas and buenas.
    envido: bool = False
    flor: bool = False
    malas_buenas: bool = False
    envido_cap: int | None = None  # cap on the envido points at stake (benchmarks), None = none
    falta_envido: str = "leader"  # in the malas: what the leader lacks to win / "chico" / "game"
    flor_stakes: str = "published"  # the flor scoring table (FLOR_STAKES): published / gotruco
    deck_answers: bool = False  # going to the deck may answer a raise or an envido (real play)
    fold_alone: bool = False  # with 4 or 6 players, one player may go to the deck alone (Uruguay)
    # Truc specials (truco.truc): redeal proposal, mon reste, captains in 4-player games.
    redeal: bool = False
    mon_reste: bool = False
    captains: bool = False
    options: tuple[tuple[str, tuple], ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    # --- cards and rankings --------------------------------------------------------------
    @property
    def family(self) -> str:
        """The deck family: "french" or "spanish".

        >>> variant("truc").family, variant("truc-catalan").family
        ('french', 'spanish')
        """
        return DECK_FAMILY[self.deck_name]

    @property
    def deck(self) -> tuple[Card, ...]:
        """The variant's deck, every card once.

        >>> len(variant("truc").deck), variant("mineiro").deck[:3]
        (32, (Card('Ac'), Card('2c'), Card('3c')))
        """
        return DECKS[self.deck_name]

    @property
    def turned_up_word(self) -> str | None:
        """The game's own word for the card turned up after the deal: "vira" (Paulista),
        "muestra" (Uruguay), None where no card is turned up.

        >>> variant("uruguayo").turned_up_word, variant("mineiro").turned_up_word
        ('muestra', None)
        """
        return {"vira": "vira", "muestra": "muestra"}.get(self.specials)

    @property
    def uses_vira(self) -> bool:
        """Whether a card is turned up (a vira or a muestra) to set the special cards.

        >>> [variant(n).uses_vira for n in ("mineiro", "paulista", "uruguayo")]
        [False, True, True]
        """
        return self.specials in ("vira", "muestra")

    def card(self, code) -> Card:
        """Parse a card code of this variant's deck; a bad code raises ``ValueError``
        (a :class:`~truco.CardError`).

        >>> variant("argentino").card("1E")
        Card('1e')
        >>> try: variant("mineiro").card("8c")   # the 40-card deck has no 8, 9, 10
        ... except truco.CardError as e: print(e.reason)
        card_not_in_deck
        """
        card = card_from_code(self.family, code)
        if card not in self._deck_set():
            raise CardError(_("{card} is not in the {variant} deck").format(
                card=card.name(), variant=_(self.title)), reason=Reason.CARD_NOT_IN_DECK,
                code=str(code))
        return card

    def _deck_set(self) -> frozenset:
        s = self._cache.get("deck_set")
        if s is None:
            s = self._cache["deck_set"] = frozenset(self.deck)
        return s

    def _vira(self, vira) -> Card | None:
        if not self.uses_vira:
            return None
        if vira is None:
            raise CardError(_("{variant} needs the vira (the card turned up) to rank cards")
                            .format(variant=_(self.title)), reason=Reason.VIRA_NEEDED)
        return self.card(vira)

    def ranking(self, vira=None) -> Ranking:
        """The ranking table for this variant (and vira, where the variant has one).

        >>> len(variant("argentino").ranking().levels)
        14
        >>> try: variant("paulista").ranking()
        ... except truco.CardError as e: print(e.reason)
        vira_needed
        """
        vira = self._vira(vira)
        key = ("ranking", vira.id if vira is not None else None)
        ranking = self._cache.get(key)
        if ranking is None:
            ranking = self._cache[key] = self._build_ranking(vira)
        return ranking

    def _build_ranking(self, vira: Card | None) -> Ranking:
        deck, order = self.deck, self.common_order
        if self.specials == "vira":
            assert vira is not None  # _vira() asks for one where the variant turns one up
            rank = PAULISTA_CYCLE[(PAULISTA_CYCLE.index(vira.rank) + 1) % len(PAULISTA_CYCLE)]
            specials = [c for s in MANILHA_SUITS for c in deck if c.rank == rank and c.suit == s]
            return Ranking(build_levels(deck, order, specials, lambda c: MANILHA), vira)
        if self.specials == "muestra":
            from .uruguayo import muestra_specials
            specials, kinds = muestra_specials(self, vira)
            return Ranking(build_levels(deck, order, specials, lambda c: kinds[c.code]), vira)
        specials = [self.card(code) for code in self.special_cards]
        kind = BRAVA if self.specials == "bravas" else MANILHA
        return Ranking(build_levels(deck, order, specials, lambda c: kind), vira)

    def manilhas(self, vira=None) -> tuple[Card, ...]:
        """The special top cards, strongest first (manilhas, bravas, piezas then matas).

        >>> variant("paulista").manilhas(vira="7c")   # the rank after the 7 is the Q
        (Card('Qc'), Card('Qh'), Card('Qs'), Card('Qd'))
        >>> variant("truc").manilhas()
        ()
        """
        if self.specials == "none":
            return ()
        ranking = self.ranking(vira)
        if self.specials == "muestra":  # the muestra lies face up: it is never played
            return tuple(c for c in ranking.specials() if c is not ranking.vira)
        return ranking.specials()

    def strength(self, card, vira=None) -> int:
        """``card``'s strength in a trick (higher beats lower; equal ties), under ``vira``.

        >>> v = variant("argentino")
        >>> v.strength("1e"), v.strength("1o"), v.strength("1c"), v.strength("4b")
        (13, 7, 7, 0)
        """
        return self.ranking(vira).strength[self.card(card).id]

    def compare(self, a, b, vira=None) -> int:
        """> 0 when ``a`` beats ``b``, 0 for a tie, < 0 when ``b`` beats ``a``.

        >>> v = variant("argentino")
        >>> v.compare("7e", "3c") > 0, v.compare("1o", "1c"), v.compare("4b", "12c") < 0
        (True, 0, True)
        """
        strength = self.ranking(vira).strength
        return strength[self.card(a).id] - strength[self.card(b).id]

    def card_name(self, card, vira=None) -> str:
        """The card's name with its nickname in this variant, e.g. '4 of clubs (Zap)'.

        >>> variant("mineiro").card_name("4c"), variant("argentino").card_name("1e")
        ('4 of clubs (Zap)', '1 of espadas (ancho de espadas)')
        >>> variant("paulista").card_name("4c", vira="4s")   # a vira of 4: the 5s are manilhas
        '4 of clubs'
        """
        card = self.card(card)
        nick = self.nickname(card, vira)
        return card.name() if nick is None else _("{card} ({nickname})").format(
            card=card.name(), nickname=nick)

    def nickname(self, card: Card, vira=None) -> str | None:
        """The special name of ``card`` (e.g. "Zap", "Espadilha") under ``vira``, or None.

        >>> v = variant("uruguayo")
        >>> v.nickname(v.card("2o"), vira="3o"), v.nickname(v.card("2o"), vira="3e")
        ('pieza', None)
        """
        if self.specials in ("fixed", "vira"):
            if card in self.manilhas(vira):
                return MANILHA_NICKNAMES[card.suit]
        elif self.specials in ("bravas", "muestra") and card.code in BRAVA_NAMES:
            if self.ranking(vira).kind[card.id] in (BRAVA, MATA):
                return _(BRAVA_NAMES[card.code])
        if self.specials == "muestra" and self.ranking(vira).kind[card.id] == PIEZA:
            return _("pieza")
        return None

    @property
    def flor_points(self) -> "FlorStakes":
        """What flores score under this variant's ``flor_stakes`` (see :data:`FLOR_STAKES`).

        >>> variant("uruguayo").flor_points.contraflor_refused
        4
        >>> variant("uruguayo", flor_stakes="gotruco").flor_points.later_flores
        True
        """
        return FLOR_STAKES[self.flor_stakes]

    # --- resolutions ---------------------------------------------------------------------
    def trick_winner(self, plays, vira=None):
        """Winning team of a trick given as ``[(team, card), ...]`` in play order, None if tied.

        >>> variant("argentino").trick_winner([(0, "1o"), (1, "1c")]) is None
        True
        """
        return self.trick_verdict(plays, vira).winner

    def trick_verdict(self, plays, vira=None, seats=None):
        """The verdict of a trick of ``plays`` ((team, card), ...) under ``vira``: who wins it
        and by which rule.

        >>> t = variant("argentino").trick_verdict([(0, "7o"), (1, "3c")])
        >>> t.winner, t.reason
        (0, 'special_beats_common')
        >>> variant("argentino").trick_verdict([(0, "1o"), (1, "1c")]).reason
        'tie'
        """
        ranking = self.ranking(vira)
        cards = [(team, self.card(card)) for team, card in plays]
        return resolve.trick(self, ranking, cards, seats)

    def hand_winner(self, tricks, mano=0, dealer=1):
        """The team that wins a hand from its trick results (team or None per trick).

        Raises :class:`truco.Undecided` while the tricks do not decide it yet.
        >>> variant("mineiro").hand_winner([None, None, None], mano=0, dealer=1)
        1
        """
        return resolve.hand(self, list(tricks), mano, dealer).winner

    def raise_value(self, current: int) -> int | None:
        """The next rung's value above ``current``; None at the top of the ladder.

        >>> v = variant("mineiro")   # 2, then Truco 4, Seis 6, Dez 10, Doze 12
        >>> v.raise_value(2), v.raise_value(6), v.raise_value(12)
        (4, 10, None)
        """
        for _name, value in self.ladder:
            if value > current:
                return value
        return None

    def rung_name(self, value: int) -> str:
        """The name of the raise that makes a hand worth ``value`` (e.g. "Truco", "Seis"), or
        the number itself for a value no raise gives.

        >>> variant("mineiro").rung_name(10), variant("argentino").rung_name(4)
        ('Dez', 'Vale cuatro')
        >>> variant("mineiro").rung_name(3)
        '3'
        """
        for name, v in self.ladder:
            if v == value:
                return _(name)
        return str(value)

    def value_before(self, value: int) -> int:
        """What a refusal of a raise to ``value`` gives the raisers: the value before it.

        >>> v = variant("paulista")   # 1, then Truco 3, Seis 6, Nove 9, Doze 12
        >>> v.value_before(3), v.value_before(12)
        (1, 9)
        """
        before = self.base_value
        for _name, v in self.ladder:
            if v >= value:
                break
            before = v
        return before

    def with_options(self, **options) -> "Variant":
        """This variant with some rule options changed (checked: unknown options and values
        raise :class:`~truco.UnknownVariant`).

        >>> variant("mineiro").with_options(all_tie="nobody").all_tie
        'nobody'
        >>> for option in ({"flor": True}, {"all_tie": "mano"}):
        ...     try: variant("mineiro").with_options(**option)
        ...     except truco.UnknownVariant as e: print(e.reason)
        unknown_option
        bad_option_value
        """
        allowed = dict(self.options)
        for key, value in options.items():
            if key not in allowed:
                valid = ", ".join(sorted(allowed)) or _("none")
                raise UnknownVariant(_("{variant} has no rule option {option!r}; its options are: "
                                       "{valid}").format(variant=_(self.title), option=key,
                                                         valid=valid),
                                     reason=Reason.UNKNOWN_OPTION, option=key)
            if not any(value == v and value.__class__ is v.__class__ for v in allowed[key]):
                valid = ", ".join(repr(v) for v in allowed[key])
                raise UnknownVariant(_("{value!r} is not a value of {option} in {variant}; choose "
                                       "one of {valid}").format(value=value, option=key,
                                                                variant=_(self.title),
                                                                valid=valid),
                                     reason=Reason.BAD_OPTION_VALUE, option=key)
        return replace(self, _cache={}, **options) if options else self

    def __deepcopy__(self, memo):
        return self  # frozen: a copy of a game shares its rules value

    def __copy__(self):
        return self

    def option_values(self) -> dict:
        """The rule options this variant offers, with their current values.

        >>> variant("mineiro").option_values()
        {'all_tie': 'dealer', 'iron_hand_blind': False, 'tie_lead': 'leader'}
        """
        return {k: getattr(self, k) for k, _v in self.options}

    def __str__(self) -> str:
        return self.name
