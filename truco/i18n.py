"""Translation of every text the engine shows, through gettext catalogs managed with Babel.

Messages are English msgids with named placeholders; the language is chosen per context
(per kernel, per learner) with :func:`set_language`, one choice for every domain.

A :class:`Domain` is one set of catalogs: this module's is ``truco`` (the engine's messages,
``truco/locale/<lang>/LC_MESSAGES/truco.po``); the views and the app have their own,
``widgets`` (:mod:`widgets.language.i18n`, ``widgets/language/locale``), which falls back to this one for the
messages they share with the engine, then to English. This module never imports the widgets.

Keeping the catalogs in step with the code (extract, update, compile with Babel) is
:mod:`truco.catalogs`' work: ``python -m truco.catalogs update`` for the engine's domain,
``python -m widgets.language.i18n update`` and ``compile`` for both code domains, engine first. That
module imports this one, never the other way round: looking a message up needs the compiled
catalogs only.
"""
from __future__ import annotations

import contextvars
import gettext as _gettext
import string as _string
import threading
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
REPO_DIR = Path(__file__).resolve().parents[1]
TEMPLATE = LOCALE_DIR / "truco.pot"
DOMAIN = "truco"
LANGUAGES = ("en", "pt_BR", "es_AR", "th", "tl", "fa")
RTL = frozenset({"fa"})
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("truco_language",
                                                                      default=None)
# The thread's language, also set by set_language: a kernel runs widget callbacks (comm
# messages) in its main thread but outside the context of the cell that chose the language,
# so they fall back to it. Another thread (another learner) still starts in English.
_thread = threading.local()


def set_language(code: str) -> None:
    """Use ``code`` for every text built from now on, in this context and (as the fallback
    for contexts that chose none, such as a kernel's widget callbacks) in this thread.

    >>> set_language("es_AR"); _("the game is over"); set_language("en")
    'la partida terminó'
    >>> set_language("de")
    Traceback (most recent call last):
    ValueError: unknown language 'de'; choose one of en, pt_BR, es_AR, th, tl, fa
    """
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _thread.code = code
    _current.set(code)


def language_name(code: str) -> str:
    """The language's own name for itself, capitalized (``'Português (Brasil)'`` for ``pt_BR``).

    >>> language_name("pt_BR"), language_name("tl"), language_name("fa")
    ('Português (Brasil)', 'Filipino (Pilipinas)', 'فارسی')
    """
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def text_direction(code: str | None = None) -> str:
    """``'rtl'`` for a right-to-left language (Persian), else ``'ltr'``; default: the current.

    >>> text_direction("fa"), text_direction("th"), text_direction()
    ('rtl', 'ltr', 'ltr')
    """
    return "rtl" if (code or get_language()) in RTL else "ltr"


def match_language(value: str | None) -> str | None:
    """The tutor's language for ``value``: a code (``pt_BR``, ``pt-br``, ``es``) or an HTTP
    ``Accept-Language`` header (``'fa-IR,fa;q=0.9,en;q=0.5'``); None when nothing fits.

    >>> match_language("pt-BR,pt;q=0.9"), match_language("es"), match_language("de, fa;q=0.3")
    ('pt_BR', 'es_AR', 'fa')
    >>> match_language("de-DE") is None, match_language("fil-PH")
    (True, 'tl')
    """
    if not value:
        return None
    wanted = []
    for i, part in enumerate(str(value)[:500].split(",")):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _eq, number = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(number)
                except ValueError:
                    q = 0.0
        tag = tag.strip().replace("-", "_").lower()
        if tag and tag != "*" and q > 0:
            wanted.append((-q, i, tag))
    by_code = {c.lower(): c for c in LANGUAGES}
    by_base = {c.split("_")[0].lower(): c for c in reversed(LANGUAGES)}
    by_base["fil"] = "tl"
    for _q, _i, tag in sorted(wanted):
        if tag in by_code:
            return by_code[tag]
        base = tag.split("_")[0]
        if base in by_base:
            return by_base[base]
    return None


def get_language() -> str:
    """The language messages are shown in now (e.g. "en", "pt_BR").

    >>> set_language("th"); get_language(), text_direction(); set_language("en")
    ('th', 'ltr')
    """
    code = _current.get()
    return code if code else getattr(_thread, "code", "en")


class Domain:
    """One gettext domain: catalogs ``<locale_dir>/<code>/LC_MESSAGES/<name>.po`` (compiled
    to ``.mo``), the template ``<locale_dir>/<name>.pot`` extracted from the code the Babel
    mapping file ``mapping`` lists, and a ``fallback`` domain asked for what this one lacks
    (then English): a message both domains' code uses lives in the fallback's catalogs only.

    >>> TRUCO.name, TRUCO.template.name
    ('truco', 'truco.pot')
    """

    _all: list["Domain"] = []

    def __init__(self, name: str, locale_dir: Path, mapping: Path,
                 fallback: "Domain | None" = None) -> None:
        self.name = name
        self.locale_dir = Path(locale_dir)
        self.template = self.locale_dir / f"{name}.pot"
        self.mapping = Path(mapping)
        self.fallback = fallback
        self._cache: dict[str, _gettext.NullTranslations] = {}
        Domain._all.append(self)

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"

    @classmethod
    def every(cls) -> list["Domain"]:
        """Every domain made so far (the engine's first)."""
        return list(cls._all)

    @classmethod
    def forget_translations(cls) -> None:
        """Drop every domain's loaded catalogs, to be read again (their ``.mo`` changed): a
        domain's translations hold its fallback's, so all of them go."""
        for each in cls._all:
            each._cache.clear()

    def translations(self, code: str) -> _gettext.NullTranslations:
        """The compiled catalog of ``code``, chained to the fallback domain's.

        >>> TRUCO.translations("pt_BR").gettext("the game is over")
        'a partida terminou'
        """
        found = self._cache.get(code)
        if found is None:
            found = _gettext.translation(self.name, localedir=str(self.locale_dir),
                                         languages=[code], fallback=True)
            if self.fallback is not None:
                found.add_fallback(self.fallback.translations(code))
            self._cache[code] = found
        return found

    def gettext(self, message: str) -> "Message":
        """``message`` in the current language (a :class:`Message`)."""
        return Message(self.translations(get_language()).gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> "Message":
        """The form of the message for ``n`` in the current language."""
        return Message(self.translations(get_language()).ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> "Message":
        """``message`` in the current language, as meant in ``context`` (a word with two
        senses gets one msgid for each)."""
        return Message(self.translations(get_language()).pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> "Message":
        """:meth:`ngettext` in ``context``."""
        return Message(self.translations(get_language()).npgettext(context, singular, plural,
                                                                   n))

    def po_path(self, code: str) -> Path:
        """Where the catalog of ``code`` is.

        >>> TRUCO.po_path("th").relative_to(REPO_DIR).as_posix()
        'truco/locale/th/LC_MESSAGES/truco.po'
        """
        return self.locale_dir / code / "LC_MESSAGES" / f"{self.name}.po"


TRUCO = Domain(DOMAIN, LOCALE_DIR, REPO_DIR / "babel.cfg")


def _translations(code: str) -> _gettext.NullTranslations:
    return TRUCO.translations(code)


def _(message: str) -> "Message":
    """Translate ``message`` into the current language (a :class:`Message`: its ``format``
    writes numbers in the language's way and isolates every value in right-to-left text)."""
    return Message(TRUCO.translations(get_language()).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> "Message":
    """The form of the message for ``n`` by the language's plural rule (the catalog's
    ``Plural-Forms``, which must agree with Babel's rule for the language, see
    :func:`plural_forms`).

    >>> set_language("pt_BR")  # three forms: one, many (whole millions), other
    >>> [ngettext("{n} mala", "{n} malas", n).format(n=n) for n in (1, 2, 1_000_000)]
    ['1 mala', '2 malas', '1.000.000 de malas']
    >>> set_language("en")
    """
    return Message(TRUCO.translations(get_language()).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> "Message":
    """``message`` as meant in ``context`` (gettext's ``msgctxt``) in the current language."""
    return TRUCO.pgettext(context, message)


# --- numbers, lists and direction in the learner's language ---------------------------------
# Unicode's directional isolates: a value put into a right-to-left sentence is laid out on its
# own (a card code, a ranking chain "3 > 2 > A > K", a Latin name followed by a number), and
# the sentence around it keeps its order. FSI takes the direction of the value's first strong
# letter; LRI and RLI set it.
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
BIDI_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
# Digits of the numbering systems Babel's locales name (Babel itself always writes 0-9).
_DIGITS = {"arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹", "thai": "๐๑๒๓๔๕๖๗๘๙"}


def babel_locale(code: str | None = None):
    """Babel's :class:`babel.Locale` for one of our languages (default: the current one).

    >>> babel_locale("fa").english_name, babel_locale().territory, babel_locale("xx").language
    ('Persian', None, 'en')
    """
    return _babel_locale(code or get_language())


@lru_cache(maxsize=None)
def _babel_locale(code: str):
    from babel import Locale

    return Locale.parse(code if code in LANGUAGES else "en")


@lru_cache(maxsize=None)
def _number_style(code: str) -> tuple:
    """(numbering system, its digits or None for 0-9, its percent sign) of ``code``."""
    locale = babel_locale(code)
    system = locale.default_numbering_system
    symbols = locale.number_symbols.get(system) or locale.number_symbols["latn"]
    return system, _DIGITS.get(system), symbols.get("percentSign", "%")


def _native(text: str, code: str) -> str:
    _system, digits, sign = _number_style(code)
    if digits:
        text = text.translate(str.maketrans("0123456789", digits))
    return text.replace("%", sign) if sign != "%" else text


@lru_cache(maxsize=4096)
def _number(value, decimals, code: str) -> str:
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    text = format_decimal(value, format=pattern, locale=babel_locale(code),
                          numbering_system="default", decimal_quantization=decimals is not None)
    return _native(text, code)


def number(value, decimals: int | None = None, code: str | None = None) -> str:
    """``value`` written for a reader of ``code`` (default: the current language), by Babel:
    its digits, its group and decimal separators; ``decimals`` fixes the decimals shown.

    >>> number(2594, code="en"), number(2594, code="pt_BR"), number(2594, code="es_AR")
    ('2,594', '2.594', '2.594')
    >>> number(2594, code="fa"), number(12.5, code="fa"), number(7, code="th")
    ('۲٬۵۹۴', '۱۲٫۵', '7')
    """
    code = code or get_language()
    if isinstance(value, int) and 0 <= value < 1000 and _number_style(code)[1] is None:
        return str(value)  # the common case: nothing to group, digits 0-9
    return _number(value, decimals, code)


def percent(fraction, decimals: int = 1, code: str | None = None) -> str:
    """A chance (0 to 1) as a percentage for a reader of ``code``, ``decimals`` decimals.

    >>> percent(137 / 494, code="en"), percent(137 / 494, code="pt_BR")
    ('27.7%', '27,7%')
    >>> percent(137 / 494, code="fa"), percent(0.25, 0, code="th")
    ('۲۷٫۷٪', '25%')
    """
    return _percent(float(fraction), decimals, code or get_language())


@lru_cache(maxsize=4096)
def _percent(value: float, decimals: int, code: str) -> str:
    from babel.numbers import format_percent

    import re

    locale = babel_locale(code)
    pattern = locale.percent_formats[None].pattern.split(";")[0]  # the locale's, e.g. #,##0%
    if decimals:
        pattern = re.sub(r"0(?=[^0]*$)", "0." + "0" * decimals, pattern, count=1)
    text = format_percent(value, format=pattern, locale=locale,
                          numbering_system="default")
    return _native(text, code)


class Percent(float):
    """A chance (0 to 1) that a message shows as a percentage in the learner's language
    (:func:`percent`, ``decimals`` decimals), whenever the message is formatted.

    >>> _("{pct} of the time").format(pct=Percent(0.604))
    '60% of the time'
    """

    __slots__ = ("decimals",)
    decimals: int

    def __new__(cls, value, decimals: int = 0):
        self = super().__new__(cls, value)
        self.decimals = decimals
        return self

    def __format__(self, spec: str) -> str:
        return percent(self, self.decimals) if not spec else float.__format__(self, spec)

    def __str__(self) -> str:
        return percent(self, self.decimals)

    def __reduce__(self):
        return (Percent, (float(self), self.decimals))


def isolate(text, direction: str | None = None) -> str:
    """``text`` isolated for a right-to-left page (the current language's): in FSI...PDI, or
    LRI/RLI...PDI for ``direction`` "ltr"/"rtl". Unchanged in a left-to-right language.

    >>> set_language("fa"); isolate("3 > 2"), isolate("4c", "ltr"); set_language("en")
    ('\u20683 > 2\u2069', '\u20664c\u2069')
    >>> isolate("3 > 2")
    '3 > 2'
    """
    text = str(text)
    if not text or get_language() not in RTL:
        return text
    start = {"ltr": LRI, "rtl": RLI}.get(direction or "", FSI)
    return f"{start}{text}{PDI}"


def strip_bidi(text: str) -> str:
    """``text`` without directional marks and isolates (for a search, a file name, a chart
    drawn by a program that lays text out itself).

    >>> strip_bidi("\u2068manilha\u2069: \u20664c\u2069")
    'manilha: 4c'
    """
    return "".join(ch for ch in str(text) if ch not in BIDI_CONTROLS)


def _list_patterns(code: str, style: str):
    patterns = babel_locale(code).list_patterns
    for name in (style, "standard"):
        found = patterns.get(name)
        if found:
            try:
                found["start"], found["middle"], found["end"], found["2"]
            except KeyError:  # Babel's data for some locales lacks a style's patterns
                continue
            return found
    return None


def format_list(items, style: str = "standard") -> "Message":
    """``items`` as a list of the current language (Babel's ``format_list``): 'a, b and c'
    in English, 'a، b، و c' in Persian (each item isolated there); ``style`` "or" for a
    choice. Falls back to the standard style where Babel's data for a style is missing.

    >>> format_list(["4 of clubs", "7 of hearts", "ace of spades"])
    '4 of clubs, 7 of hearts, and ace of spades'
    """
    code = get_language()
    items = [isolate(i) for i in items]
    if len(items) <= 1:
        return Message(items[0] if items else "")
    patterns = _list_patterns(code, style)
    if patterns is None:  # pragma: no cover - every locale has a standard list
        return Message(", ".join(items))
    if len(items) == 2:
        return Message(patterns["2"].format(*items))
    text = patterns["end"].format(items[-2], items[-1])
    for item in reversed(items[1:-2]):
        text = patterns["middle"].format(item, text)
    return Message(patterns["start"].format(items[0], text))


def sequence(items, strong: bool = False) -> "Message":
    """``items`` one after the other with the language's list separator and no 'and' (a
    series such as the tricks' results: 'team A, tied, team B'; 'تیم الف، مساوی، ...');
    ``strong`` for items that hold commas or colons themselves: the language's semicolon
    ('; ', Persian '؛ ').

    >>> sequence(["team A", "tied", "team B"]), sequence(["a: 1", "b: 2"], strong=True)
    ('team A, tied, team B', 'a: 1; b: 2')
    """
    code = get_language()
    items = [isolate(i) for i in items]
    if len(items) <= 1:
        return Message(items[0] if items else "")
    if strong:
        system = _number_style(code)[0]
        symbols = babel_locale(code).number_symbols
        mark = (symbols.get(system) or symbols["latn"]).get("list", ";")
        return Message(f"{mark} ".join(items))
    patterns = _list_patterns(code, "standard")
    middle = patterns["middle"] if patterns else "{0}, {1}"
    text = items[-1]
    for item in reversed(items[:-1]):
        text = middle.format(item, text)
    return Message(text)


def chain(items, separator: str = " > ") -> str:
    """A chain such as a ranking ('3 > 2 > A > K'), laid out as one piece: in a right-to-left
    language a chain of codes or numbers reads left to right (LRI), a chain of names in the
    language's own order with each name isolated, so no '>' is mirrored halfway.

    >>> chain(["3", "2", "A"]), chain([4, 7], " < ")
    ('3 > 2 > A', '4 < 7')
    >>> set_language("fa"); chain(["3", "2", "A"]), chain(["سه", "دو"]); set_language("en")
    ('\u20663\xa0>\xa02\xa0>\xa0A\u2069', '\u2067\u2068سه\u2069 > \u2068دو\u2069\u2069')
    """
    items = [str(i) for i in items]
    if get_language() not in RTL:
        return separator.join(items)
    if any(has_rtl_letters(i) for i in items):
        return RLI + separator.join(isolate(i) for i in items) + PDI
    text = separator.join(items)
    if len(text) <= 40:  # fits a phone's line: kept whole (split, its two halves read oddly)
        text = text.replace(" ", "\u00a0")
    return LRI + text + PDI


def has_rtl_letters(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter (Persian, Arabic, Hebrew).

    >>> has_rtl_letters("تیم الف"), has_rtl_letters("team A, 4c"), has_rtl_letters("\u2067")
    (True, False, False)
    """
    import unicodedata

    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in str(text))


def capitalize_first(text: str) -> str:
    """``text`` with its first letter a capital (directional marks before it skipped); a
    :class:`Message` stays one.

    >>> capitalize_first("\u2068team A\u2069 wins"), type(capitalize_first(_("team A")))
    ('\u2068Team A\u2069 wins', <class 'truco.i18n.Message'>)
    """
    i = 0
    while i < len(text) and text[i] in BIDI_CONTROLS:
        i += 1
    out = text[:i] + text[i:i + 1].upper() + text[i + 1:]
    return Message(out) if isinstance(text, Message) else out


_PARSER = _string.Formatter()


def _fill(template: str, args, kwargs, code: str) -> str:
    """``template.format(*args, **kwargs)`` the way :meth:`Message.format` says."""
    rtl = code in RTL
    out: list[str] = []
    auto = 0
    # a whole sentence (a full stop at its end), not a label or a piece of a longer text
    whole = template.rstrip().rstrip("\"')»”").endswith((".", "!", "?", "…"))
    for literal, field, spec, conversion in _PARSER.parse(template):
        if literal:
            out.append(literal)
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value = _PARSER.get_field(field, args, kwargs)[0]
        if conversion:
            value = _PARSER.convert_field(value, conversion)
        if spec and "{" in spec:
            spec = _fill(spec, args, kwargs, code)
        if spec or isinstance(value, Percent):
            text = format(value, spec or "")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            text = number(value, code=code)
        else:
            text = format(value, "")
        if whole and isinstance(value, Phrase) and not "".join(out).strip():
            text = capitalize_first(text)  # a noun phrase that opens a sentence
        if rtl and text:
            text = (RLI if isinstance(value, Message) else FSI) + text + PDI
        out.append(text)
    return "".join(out)


class Message(str):
    """A translated message. ``format`` fills it in the learner's language's way: numbers in
    its digits and separators (:func:`number`, a :class:`Percent` by :func:`percent`), a noun
    phrase (:class:`Phrase`: a player, a team) capitalized when the translation opens with it,
    and, in a right-to-left language, each value isolated (a translated text in the
    language's direction, RLI...PDI; anything else, FSI...PDI, by its first strong letter), so
    that a left-to-right value (a card code, a ranking chain, 'Truco 4') keeps its own order
    and does not pull the words around it out of theirs.

    >>> set_language("fa")
    >>> _("{kind}: {cards}").format(kind="manilha", cards="4 گشنیز (Zap)")
    '\u2068manilha\u2069: \u20684 گشنیز (Zap)\u2069'
    >>> set_language("en")
    >>> _("{team} wins.").format(team=Phrase("team A")), _("You beat {team}.").format(
    ...     team=Phrase("team A")), _("{team}, trick 1").format(team=Phrase("team A"))
    ('Team A wins.', 'You beat team A.', 'team A, trick 1')
    """

    __slots__ = ()

    def format(self, *args, **kwargs) -> "Message":
        """``str.format`` in the current language's way (see the class), as a Message.

        >>> Message("{n} of {total}").format(n=1234, total=Percent(0.5)), _("{n}").format(n=7)
        ('1,234 of 50%', '7')
        >>> set_language("fa"); _("{n} of {total}").format(n=1234, total=2); set_language("en")
        '\u2068۱٬۲۳۴\u2069 of \u2068۲\u2069'
        """
        code = get_language()
        if code not in RTL and _number_style(code)[1] is None and not any(
                isinstance(v, (Phrase, float)) and not isinstance(v, Percent)
                or isinstance(v, int) and not isinstance(v, bool) and not -1000 < v < 1000
                for v in (*args, *kwargs.values())):
            return Message(str.format(self, *args, **kwargs))  # nothing to change: fast
        return Message(_fill(str(self), args, kwargs, code))

    def __add__(self, other):
        text = str.__add__(self, other)
        return Message(text) if isinstance(other, Message) else text

    def __reduce__(self):
        return (type(self), (str(self),))


class Phrase(Message):
    """A translated noun phrase that names someone in a sentence ('player 2 (team A)', 'team
    B', 'your partner'): written in lower case where the language has cases, and capitalized
    by :meth:`Message.format` when a sentence's translation puts it first (a message ending
    with a full stop; a label or a piece of a longer text keeps it as it is). Format the phrase itself with
    ``Phrase(_("...").format(...))``."""

    __slots__ = ()


def plural_forms(code: str) -> str:
    """The gettext ``Plural-Forms`` rule Babel gives for ``code`` (what the catalog's header
    must say): ``'nplurals=2; plural=(n > 1);'`` for Persian, ``'nplurals=1; plural=0;'``
    for Thai.

    >>> plural_forms("fa"), plural_forms("th")
    ('nplurals=2; plural=(n > 1);', 'nplurals=1; plural=0;')
    """
    from babel.messages.plurals import get_plural

    rule = get_plural(code)
    return f"nplurals={rule.num_plurals}; plural={rule.plural_expr};"


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message
