"""Cards and decks: small immutable, interned values with a round-trip text code.

Two card families exist: French-suited (ranks A 2..10 J Q K, suits c h s d) and Spanish
(ranks 1..7 10 11 12, suits e b o c). Every card is one interned object with an integer ``id``,
so equality is identity and the engine's hot path works on integers.

>>> c = card_from_code("french", "4C")
>>> str(c), c.rank, c.suit, c.name()
('4c', 4, 'c', '4 of clubs')
>>> card_from_code("french", "10♥") is card_from_code("french", "10h")
True
>>> card_from_code("spanish", "1e").name()
'1 of espadas'
>>> [str(c) for c in DECKS["piquet32"][:8]]
['7c', '8c', '9c', '10c', 'Jc', 'Qc', 'Kc', 'Ac']
"""
from __future__ import annotations

from .errors import CardError
from .i18n import N_, _, number
from .reasons import Reason

FRENCH, SPANISH = "french", "spanish"
SUITS = {FRENCH: ("c", "h", "s", "d"), SPANISH: ("e", "b", "o", "c")}
SUIT_SYMBOLS = {"♣": "c", "♥": "h", "♠": "s", "♦": "d", "♡": "h", "♢": "d", "♧": "c", "♤": "s"}
RANK_CODES = {
    FRENCH: {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K"},
    SPANISH: {r: str(r) for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)},
}
SUIT_NAMES = {
    FRENCH: {"c": N_("clubs"), "h": N_("hearts"), "s": N_("spades"), "d": N_("diamonds")},
    SPANISH: {"e": N_("espadas"), "b": N_("bastos"), "o": N_("oros"), "c": N_("copas")},
}
RANK_NAMES = {
    FRENCH: {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")},
    SPANISH: {10: N_("sota"), 11: N_("caballo"), 12: N_("rey")},
}


class Card:
    """One playing card. Immutable and interned: build it with :func:`card_from_code`.

    >>> c = card_from_code("spanish", "7e")
    >>> c.rank, c.suit, c.family, c is card_from_code("spanish", "7E")
    (7, 'e', 'spanish', True)
    >>> c.rank = 1
    Traceback (most recent call last):
    ...
    AttributeError: cards are immutable
    """

    __slots__ = ("id", "family", "rank", "suit", "code")
    id: int
    family: str
    rank: int
    suit: str
    code: str

    def __init__(self, id: int, family: str, rank: int, suit: str):
        for k, v in (("id", id), ("family", family), ("rank", rank), ("suit", suit),
                     ("code", RANK_CODES[family][rank] + suit)):
            object.__setattr__(self, k, v)

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: "Card") -> bool:  # a stable order for sorting displays
        return self.id < other.id

    def __reduce__(self):
        return (card_by_id, (self.id,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def symbol(self) -> str:
        """The code with a suit symbol for French cards (``4♣``); a Spanish card keeps its code.

        >>> card_from_code("french", "Kh").symbol, card_from_code("spanish", "11o").symbol
        ('K♥', '11o')
        """
        if self.family == FRENCH:
            return RANK_CODES[FRENCH][self.rank] + "♣♥♠♦"["chsd".index(self.suit)]
        return self.code

    def suit_name(self) -> str:
        """The suit in words (e.g. "clubs", "espadas"), in the current language.

        >>> card_from_code("french", "Qd").suit_name(), card_from_code("spanish", "3b").suit_name()
        ('diamonds', 'bastos')
        """
        return _(SUIT_NAMES[self.family][self.suit])

    def rank_name(self) -> str:
        """The rank in words (e.g. "4", "king"), in the current language. A Spanish figure
        keeps its number, which the envido counts and the deck's corners show.

        >>> card_from_code("french", "Kh").rank_name(), card_from_code("french", "4c").rank_name()
        ('king', '4')
        >>> card_from_code("spanish", "10c").rank_name()
        'sota (10)'
        >>> from truco.i18n import set_language, strip_bidi
        >>> set_language("fa"); strip_bidi(card_from_code("french", "4c").name()); set_language("en")
        '۴ گشنیز'
        """
        word = RANK_NAMES[self.family].get(self.rank)
        if word is None:  # a number, in the reader's digits (Persian: "۴")
            return number(self.rank)
        if self.family == SPANISH:
            return _("{word} ({number})").format(word=_(word), number=self.rank)
        return _(word)

    def name(self) -> str:
        """The card in words, e.g. ``'ace of spades'`` or ``'caballo (11) of oros'``.

        >>> card_from_code("french", "As").name(), card_from_code("spanish", "11o").name()
        ('ace of spades', 'caballo (11) of oros')
        """
        return _("{rank} of {suit}").format(rank=self.rank_name(), suit=self.suit_name())


ALL_CARDS: list[Card] = []
_BY_CODE: dict[tuple[str, str], Card] = {}
for _family in (FRENCH, SPANISH):
    for _suit in SUITS[_family]:
        for _rank in RANK_CODES[_family]:
            _card = Card(len(ALL_CARDS), _family, _rank, _suit)
            ALL_CARDS.append(_card)
            _BY_CODE[(_family, _card.code.lower())] = _card


def card_by_id(card_id: int) -> Card:
    """The card with the integer ``id`` (the inverse of ``card.id``; pickling uses it).

    >>> card_by_id(0), card_by_id(card_from_code("spanish", "11o").id)
    (Card('Ac'), Card('11o'))
    """
    return ALL_CARDS[card_id]


def _deck(family: str, ranks) -> tuple[Card, ...]:
    return tuple(_BY_CODE[(family, (RANK_CODES[family][r] + s).lower())]
                 for s in SUITS[family] for r in ranks)


DECKS: dict[str, tuple[Card, ...]] = {
    "french40": _deck(FRENCH, (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)),
    "spanish40": _deck(SPANISH, (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)),
    "piquet32": _deck(FRENCH, (7, 8, 9, 10, 11, 12, 13, 1)),
}
DECK_FAMILY = {"french40": FRENCH, "spanish40": SPANISH, "piquet32": FRENCH}


def card_from_code(family: str, code) -> Card:
    """Parse a card code of ``family`` (case-insensitive, French suit symbols allowed).

    A bad code raises :class:`~truco.errors.CardError` with a reason code:

    >>> card_from_code("french", " q♦ ")
    Card('Qd')
    >>> try: card_from_code("french", "1e")
    ... except truco.CardError as e: print(e.reason)
    bad_card
    >>> try: card_from_code("french", card_from_code("spanish", "1e"))
    ... except truco.CardError as e: print(e.reason)
    card_not_in_deck
    """
    if isinstance(code, Card):
        if code.family != family:
            raise CardError(_("{card} is not a card of this deck").format(card=code.code),
                            reason=Reason.CARD_NOT_IN_DECK, code=code.code)
        return code
    if not isinstance(code, str):
        raise CardError(_("a card must be given as a code such as 4c, not {value}").format(
            value=type(code).__name__), reason=Reason.BAD_CARD, code=repr(code))
    text = code.strip()
    if text and text[-1] in SUIT_SYMBOLS:
        text = text[:-1] + SUIT_SYMBOLS[text[-1]]
    card = _BY_CODE.get((family, text.lower()))
    if card is None:
        if family == FRENCH:
            hint = _("ranks A 2 3 4 5 6 7 8 9 10 J Q K and suits c h s d (or ♣ ♥ ♠ ♦), e.g. 4c")
        else:
            hint = _("ranks 1 2 3 4 5 6 7 10 11 12 and suits e b o c, e.g. 1e")
        raise CardError(_("{code!r} is not a card code: use {hint}").format(code=code, hint=hint),
                        reason=Reason.BAD_CARD, code=code)
    return card
