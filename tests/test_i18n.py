"""Translations (issue 8): every message translated in every language, placeholders kept, plural
forms present, and the engine explaining verdicts and refusing actions in the learner's language.

Two code domains (issue 19): ``truco`` (truco/locale, the engine's messages only) and
``widgets`` (widgets/language/locale, the views' and the app's), which falls back to ``truco`` for the
messages both use; every check on the catalogs runs on both.

The catalogs are compiled at the start of the session (:func:`truco.catalogs.compile`), so this file also
works when run directly with pytest, without ``make``.
"""
from __future__ import annotations

import re
import string

import pytest
from babel.messages.checkers import python_format
from babel.messages.pofile import read_po

import truco
from truco import catalogs, i18n
from truco.i18n import LANGUAGES, set_language
from widgets.language import i18n as widgets_i18n

DOMAINS = {"truco": i18n.TRUCO, "widgets": widgets_i18n.WIDGETS}

REPO = i18n.REPO_DIR
TRANSLATED = [code for code in LANGUAGES if code != "en"]
# Game terms players use under their own names: a translation may keep them as they are.
NATIVE_TERMS = {"Truco", "Truc", "Envido", "Flor", "Muestra", "Vira", "Retruco", "Vale cuatro",
                "Seis", "Nove", "Dez", "Doze", "empate", "parda", "pieza", "manilha", "mata",
                "carta brava", "cartas bravas", "muestra", "vira", "sota", "ancho de espadas", "ancho de bastos",
                "siete de espadas", "siete de oros", "espadas", "bastos", "oros", "copas",
                "Argentina", "Uruguay", "Catalonia", "Truco Mineiro", "Truco Paulista",
                "Truco Argentino", "Truco Uruguayo", "Truc (Sackson)", "rey", "caballo",
                "Minas Gerais, Brazil", "{n} malas", "{n} buenas", "base",
                "Flor, {cards}: {sum} = {points}.", "Argentina", "Uruguay", "{n} manilha",
                "{n} mala", "{n} buena", "mon reste", "flor", "mano", "Mano",
                # the side bets' calls, said aloud and named in verdicts (truco.actions)
                "Real Envido", "Falta Envido", "Contraflor", "Contraflor al resto", "envido",
                "real envido", "falta envido", "quiero", "no quiero", "son buenas", "contraflor",
                "contraflor al resto", "con flor quiero", "con flor me achico"}


@pytest.fixture(scope="session", autouse=True)
def compiled():
    assert catalogs.compile(i18n.TRUCO) == len(LANGUAGES)
    assert widgets_i18n.compile_catalogs() == len(LANGUAGES)
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def load(code: str, domain: str = "truco"):
    with DOMAINS[domain].po_path(code).open("rb") as fh:
        return read_po(fh, locale=code)


def template(domain: str = "truco"):
    with DOMAINS[domain].template.open("rb") as fh:
        return read_po(fh)


def fields(text: str) -> list:
    return sorted((name, conv) for _lit, name, _spec, conv in string.Formatter().parse(text)
                  if name is not None)


def ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


def _extracted_now(tmp_path, domain: str = "truco"):
    """The messages the code holds now (a fresh extraction to a scratch file, by the
    domain's mapping file; the widgets' leaves out what the engine's template holds)."""
    out = catalogs.extract(DOMAINS[domain], tmp_path / f"now-{domain}.pot")
    with out.open("rb") as fh:
        return read_po(fh)


@pytest.mark.parametrize("domain", DOMAINS)
def test_template_is_up_to_date_with_the_code(tmp_path, domain):
    now = _extracted_now(tmp_path, domain)
    missing = ids(now) - ids(template(domain))
    assert not missing, f"run `python -m widgets.language.i18n update`: new messages {sorted(map(str, missing))[:5]}"
    if domain == "truco":  # the engine's template holds what the engine's code uses, no more
        gone = ids(template(domain)) - ids(now)
        assert not gone, f"run `python -m widgets.language.i18n update`: stale messages {sorted(map(str, gone))[:5]}"


def test_engine_catalog_holds_engine_messages_only():
    """Issue 19: a message only the views or the app use is in the widgets' catalog; one the
    engine uses (the widgets perhaps too) in the engine's, never in both."""
    engine, views = template("truco"), template("widgets")
    assert not ids(engine) & ids(views)
    for message in engine:
        if message.id:
            assert message.locations and all(p.startswith("truco/") for p, _n in message.locations), message.id
    for message in views:
        if message.id:
            assert message.locations and all(p.startswith("widgets/") for p, _n in message.locations), message.id
    assert "New game" in ids(views) and "New game" not in ids(engine)
    assert "hearts" in ids(engine) and "hearts" not in ids(views)


@pytest.mark.parametrize("code", TRANSLATED)
def test_widgets_fall_back_to_the_engine_catalog(code):
    """The widgets' ``_`` finds the engine's messages (a card's suit, a variant's title)
    through the fallback, and its own; the engine's ``_`` does not know the widgets'."""
    set_language(code)
    assert widgets_i18n._("hearts") == i18n._("hearts") != "hearts"
    engine_only = next(m for m in load(code) if m.id and not isinstance(m.id, tuple)
                       and m.string != m.id)
    assert widgets_i18n._(engine_only.id) == engine_only.string
    own = next(m for m in load(code, "widgets") if m.id and not isinstance(m.id, tuple)
               and m.string != m.id)
    assert widgets_i18n._(own.id) == own.string and i18n._(own.id) == own.id
    plural = next(m for m in load(code, "widgets") if isinstance(m.id, tuple))
    assert widgets_i18n.ngettext(*plural.id, 1) in plural.string
    # a context no catalog has: the English message (msgctxt is part of a message's key)
    assert widgets_i18n.pgettext("no such context", "hearts") == "hearts"


def test_no_message_hides_in_an_f_string():
    """Babel's Python extractor does not look inside f-strings: a ``_()`` there would never
    reach the catalogs and would show in English in every language."""
    import tokenize

    found = []
    for root in ("truco", "widgets"):
        for path in sorted((REPO / root).rglob("*.py")):
            with path.open("rb") as fh:
                for token in tokenize.tokenize(fh.readline):
                    if token.type == tokenize.STRING and re.match(r"(?i)r?fr?['\"]", token.string) \
                            and re.search(r"\b(?:_|N_|n?p?gettext)\(\s*['\"]", token.string):
                        found.append(f"{path.relative_to(REPO)}:{token.start[0]}")
    assert not found, found


def test_template_covers_what_a_learner_reads():
    msgids = ids(template()) | ids(template("widgets"))
    for text in ("hearts", "espadas", "king", "{rank} of {suit}",          # card names
                 "{a} wins the trick.", "Tricks: {results}. {team} wins the hand: {rule}.",
                 ("{team} scores {n} point.", "{team} scores {n} points."),  # verdicts
                 "{card} is not in your hand", "there is nothing to answer",  # illegal actions
                 "a side that wins two tricks wins the hand",                 # rule names
                 "New game", "Start here", "I want to learn"):                 # widget labels
        assert text in msgids


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(code, domain):
    catalog = load(code, domain)
    assert ids(catalog) == ids(template(domain))
    for message in catalog:
        if not message.id:
            continue
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), (code, message.id)
        assert "fuzzy" not in message.flags, (code, message.id)
        for s in strings:
            assert fields(s) == fields(sources[-1]), (code, message.id, s)
            assert s.startswith(" ") == sources[0].startswith(" "), (code, message.id)
            assert s.endswith(" ") == sources[0].endswith(" "), (code, message.id)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_are_not_english(code, domain):
    """A translation may keep a message as it is only when the message is a placeholder
    pattern or a game term players use under its own name."""
    kept = [m.id for m in load(code, domain) if m.id and not isinstance(m.id, tuple)
            and m.string == m.id and re.search(r"[A-Za-z]{3}", re.sub(r"\{[^}]*\}", "", m.id))
            and m.id not in NATIVE_TERMS]
    assert not kept, f"{code} keeps English: {kept}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms(code):
    for domain in DOMAINS:
        catalog = load(code, domain)
        plurals = [m for m in catalog if isinstance(m.id, tuple)]
        assert plurals, domain
        for message in plurals:
            assert len(message.string) == catalog.num_plurals, (code, domain, message.id)
        set_language(code)
        for n in (0, 1, 2, 4, 11):
            text = widgets_i18n.ngettext(*plurals[0].id, n)
            assert text in plurals[0].string, (code, domain, n)
    catalog = load(code)
    scores = catalog.get(("{team} scores {n} point.", "{team} scores {n} points."))
    set_language(code)
    for n in (0, 1, 2, 4, 11):
        text = i18n.ngettext("{team} scores {n} point.", "{team} scores {n} points.", n)
        assert text in scores.string


def test_english_plurals():
    assert i18n.ngettext("{team} scores {n} point.", "{team} scores {n} points.", 1).endswith(
        "point.")
    assert i18n.ngettext("{team} scores {n} point.", "{team} scores {n} points.", 3).endswith(
        "points.")


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_babel_checks_pass(code, domain):
    """Babel's own checks (what ``pybabel compile`` runs) find nothing but one known false
    alarm: messages are ``{name}`` templates, and Babel reads the ``% o`` of ``{pct}% of`` (or
    the ``% c`` of ``{pct}% chose``) as a printf directive that a translation (``{pct}% de``)
    would have to repeat."""
    for message, errors in load(code, domain).check():
        for error in errors:
            assert "placeholder" in str(error) and re.search(r"\}%\s?[a-z]", message.id) and \
                "python-brace-format" in message.flags, (code, message.id, error)
    # and that false alarm is the printf checker only
    assert python_format is not None


def test_unknown_language_names_the_valid_ones():
    with pytest.raises(ValueError) as info:
        set_language("de")
    for code in LANGUAGES:
        assert code in str(info.value)
    assert truco.get_language() == "en"


def test_language_helpers():
    assert i18n.language_name("pt_BR").startswith("Português")
    assert i18n.language_name("fa") == "فارسی"
    assert i18n.text_direction("fa") == "rtl" and i18n.text_direction("th") == "ltr"
    assert i18n.match_language("fa-IR,fa;q=0.9,en-US;q=0.8") == "fa"
    assert i18n.match_language("de-DE,es-MX;q=0.7,en;q=0.5") == "es_AR"
    assert i18n.match_language("pt-PT") == "pt_BR"
    assert i18n.match_language("tl") == "tl" and i18n.match_language("fil") == "tl"
    assert i18n.match_language("de-DE") is None and i18n.match_language("") is None


# --- the engine speaks the learner's language ---------------------------------------------------
def translation(code: str, msgid: str) -> str:
    set_language(code)
    return i18n._(msgid)


def follows(template_text: str, text: str) -> bool:
    """True when ``text`` holds ``template_text`` with its placeholders filled in."""
    parts = []
    for literal, name, _spec, _conv in string.Formatter().parse(template_text):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(".+?")
    return re.search("".join(parts), text, re.S) is not None


def play_a_hand(code: str):
    """An Argentine hand: seat 0 wins two tricks; every event explained in ``code``."""
    set_language(code)
    g = truco.Game.from_deal("argentino", hands=[["1e", "7e", "3o"], ["4b", "5b", "12c"]],
                             dealer=1)
    texts = [g.apply(a).explain() for a in ("play 1e", "play 4b", "play 7e", "play 5b")]
    texts += [v.explain() for v in _verdicts(g)]
    return g, texts


def _verdicts(game):
    found = []
    for event in game.log:
        verdict = getattr(event, "verdict", None)
        if verdict is not None:
            found.append(verdict)
    return found


def illegal(code: str, game, action: str) -> str:
    set_language(code)
    with pytest.raises(truco.IllegalAction) as info:
        game.apply(action)
    return str(info.value)


SAMPLES = {
    "play": "Player {seat} plays {card}.",
    "hand": "Tricks: {results}. {team} wins the hand: {rule}.",
    "rule": "a side that wins two tricks wins the hand",
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_verdicts_in_each_language(code):
    _g, texts = play_a_hand(code)
    joined = "\n".join(texts)
    for key, msgid in SAMPLES.items():
        wanted = translation(code, msgid)
        assert wanted != msgid, (code, key)
        assert follows(wanted, joined), (code, key, wanted, joined)
        assert not follows(msgid, joined), (code, key, "English left", joined)
    points = [t for t in (translation(code, "{team} scores {n} point."),) if t]
    assert points


@pytest.mark.parametrize("code", TRANSLATED)
def test_raise_refused_in_each_language(code):
    set_language(code)
    g = truco.Game.from_deal("argentino", hands=[["1e", "7e", "3o"], ["4b", "5b", "12c"]],
                             dealer=1)
    g.apply("raise")
    text = g.apply("refuse").explain()
    wanted = translation(code, "{team} refuses {rung}: {other} scores {points}.")
    assert follows(wanted, text), (code, text)
    assert not follows("{team} refuses {rung}: {other} scores {points}.", text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_illegal_actions_in_each_language(code):
    set_language(code)
    g = truco.Game.from_deal("argentino", hands=[["1e", "7e", "3o"], ["4b", "5b", "12c"]],
                             dealer=1)
    cases = {
        "accept": "there is nothing to answer",
        "play 4b": "{card} is not in player {player}'s hand",
    }
    for action, msgid in cases.items():
        text = illegal(code, g, action)
        wanted = translation(code, msgid)
        assert wanted != msgid
        assert follows(wanted, text), (code, action, text)
        assert not follows(msgid, text), (code, action, text)
    set_language(code)
    with pytest.raises(truco.UnknownVariant) as info:
        truco.variant("nope")
    assert follows(translation(code, "unknown variant {name!r}; valid names: {valid}"),
                   str(info.value))


@pytest.mark.parametrize("code", TRANSLATED)
def test_card_names_in_each_language(code):
    set_language(code)
    v = truco.variant("mineiro")
    name = str(v.card("7h").name if hasattr(v.card("7h"), "name") else "")
    hearts = translation(code, "hearts")
    assert hearts != "hearts"
    from widgets.ui.common import card_label

    set_language(code)
    label = card_label(v, v.card("7h"))
    assert hearts in label and "hearts" not in label, (code, label, name)


def test_language_is_per_context():
    """The language is a context variable: a thread (another learner's kernel) starts in
    English whatever this one chose."""
    import threading

    set_language("th")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(truco.get_language()))
    thread.start()
    thread.join()
    assert seen == ["en"] and truco.get_language() == "th"


# --- issue 18: numbers, plurals, lists and direction of each language ---------------------------
def test_numbers_and_percentages_in_each_language():
    """Babel's way of each language, with its own digits where its locale uses them."""
    expected = {"en": ("2,594", "27.7%"), "pt_BR": ("2.594", "27,7%"), "es_AR": ("2.594", "27,7%"),
                "th": ("2,594", "27.7%"), "tl": ("2,594", "27.7%"), "fa": ("۲٬۵۹۴", "۲۷٫۷٪")}
    for code, (count, share) in expected.items():
        assert i18n.number(2594, code=code) == count, code
        assert i18n.percent(137 / 494, 1, code=code) == share, code
    assert i18n.percent(0.25, 0, code="fa") == "۲۵٪" and i18n.number(12.5, code="pt_BR") == "12,5"


@pytest.mark.parametrize("code", LANGUAGES)
def test_messages_write_numbers_in_the_language(code):
    set_language(code)
    text = i18n.Message("{n} of {total}: {pct}").format(n=7, total=2594,
                                                        pct=i18n.Percent(0.277, 1))
    assert i18n.strip_bidi(text) == (f"{i18n.number(7, code=code)} of "
                                     f"{i18n.number(2594, code=code)}: "
                                     f"{i18n.percent(0.277, 1, code=code)}")
    if code == "fa":
        assert "۷" in text and "7" not in text


@pytest.mark.parametrize("kind", ["truco", "widgets", "lessons"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_headers_are_babels(code, kind):
    """Each catalog's Plural-Forms is the rule Babel gives for its language (CLDR): Persian
    one form for 0 and 1, Thai a single form, Tagalog its own rule, and the formula picks the
    same form as Babel's for every count."""
    import gettext

    from babel.messages.plurals import get_plural

    from widgets.language import prose

    path = DOMAINS[kind].po_path(code) if kind in DOMAINS else \
        prose.LOCALE_DIR / code / "LC_MESSAGES" / f"{kind}.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    header = dict(catalog.mime_headers)["Plural-Forms"]
    rule = get_plural(code)
    assert catalog.num_plurals == rule.num_plurals, (code, header)
    ours = gettext.c2py(catalog.plural_expr)
    babels = gettext.c2py(rule.plural_expr)
    assert [ours(n) for n in range(0, 1200)] == [babels(n) for n in range(0, 1200)], header
    assert i18n.plural_forms(code).startswith(f"nplurals={rule.num_plurals};")


def test_persian_lists_and_isolates():
    set_language("fa")
    items = ["۴ گشنیز (Zap)", "۷ دل (Copas)", "آس پیک"]
    assert i18n.strip_bidi(i18n.format_list(items)) == "۴ گشنیز (Zap)، ۷ دل (Copas)، و آس پیک"
    assert "،" in i18n.sequence(["a", "b"]) and "؛" in i18n.sequence(["a", "b"], strong=True)
    # a value in a Persian sentence is isolated; a chain of card ranks is one left-to-right run
    text = i18n.Message("{kind}: {cards}").format(kind="manilha", cards=items[0])
    assert text == f"{i18n.FSI}manilha{i18n.PDI}: {i18n.FSI}{items[0]}{i18n.PDI}"
    # (kept on one line: a short chain split across two lines of a Persian paragraph shows its
    # end on the first line and its start on the next; a long one may still wrap)
    nb = "\u00a0>\u00a0"
    assert i18n.chain(["3", "2", "A", "K"]) == f"{i18n.LRI}3{nb}2{nb}A{nb}K{i18n.PDI}"
    long = [str(n) for n in range(20)]
    assert i18n.chain(long) == i18n.LRI + " > ".join(long) + i18n.PDI
    # a chain of Persian names keeps the language's order, each name isolated
    assert i18n.chain(items[:2]).startswith(i18n.RLI + i18n.FSI)
    set_language("en")
    assert i18n.chain(["3", "2"]) == "3 > 2" and i18n.isolate("x") == "x"


def test_persian_ranking_rule_is_isolated():
    """The engine's rule in Persian: the chain '3 > 2 > A ...' a left-to-right isolate."""
    from truco.verdicts import commons_rule

    set_language("fa")
    rule = commons_rule(truco.variant("mineiro")).replace("\u00a0", " ")  # (kept whole)
    assert f"{i18n.LRI}3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4{i18n.PDI}" in rule or \
        f"{i18n.LRI}3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4{i18n.PDI}" in rule, rule


def test_noun_phrases_open_sentences_with_a_capital():
    from widgets.ui.common import seat_label, seat_name

    assert i18n._("{player} is to act.").format(player=seat_name(1)) == \
        "Player 1 (team B) is to act."
    assert i18n._("You are {player}.").format(player=seat_name(0)) == "You are player 0 (team A)."
    assert seat_label(1) == "Player 1 (team B)"
    assert [seat_name(s, learner=0, players=4) for s in range(4)] == [
        "you", "the opponent on your right", "your partner", "the opponent on your left"]
    assert seat_name(3, learner=1, players=6) == "your partner on your right"


def test_no_message_is_a_plural_written_with_brackets():
    """Counts go through ngettext: no msgid says 'card(s)'."""
    for domain in DOMAINS:
        found = [m.id for m in template(domain)
                 if m.id and re.search(r"\w\((s|es)\)", str(m.id))]
        now = [m for m in found if m in ids(_extracted_now_cached(domain))]
        assert not now, (domain, now)


_EXTRACTED: dict = {}


def _extracted_now_cached(domain: str = "truco"):
    if domain not in _EXTRACTED:
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as tmp:
            _EXTRACTED[domain] = _extracted_now(Path(tmp), domain)
    return _EXTRACTED[domain]


def test_side_bet_names_and_calls_are_translated_where_the_engine_shows_them():
    """A verdict names the bet ("Player 1 calls Real Envido"), a computer's reason quotes what
    it said: both come from data (truco.actions BET_TITLES and SAID), looked up in the
    language's catalog, never shown as the raw English code."""
    from truco.actions import BET_TITLES, SAID
    from truco.players._base import done_clause

    set_language("fa")
    try:
        g = truco.Game.from_deal("argentino", hands=[["4e", "7c", "1o"], ["5b", "6b", "12c"]],
                                 dealer=1)
        g.apply("real envido")
        called = g.log[-1].verdict.explain()
        assert "رئال انویدو" in called, called
        template, values = done_clause("redeal")
        assert values["word"] == "پخش دوباره"
        for word in list(BET_TITLES.values()) + list(SAID.values()):
            assert truco.i18n._(word) != word or word in NATIVE_TERMS, word
    finally:
        set_language("en")


def test_a_catalog_being_compiled_is_never_half_written(tmp_path, monkeypatch):
    """While a ``.mo`` is written, the file readers open is the whole old one (a server or a
    test on another worker reads catalogs while ``compile`` runs: half a file cannot be
    parsed)."""
    import gettext

    import babel.messages.mofile as mofile
    from truco.catalogs import compile_catalogs

    po = tmp_path / "th" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "hearts"\nmsgstr "old"\n', encoding="utf-8")
    compile_catalogs(tmp_path, "demo")
    po.write_text('msgid "hearts"\nmsgstr "new"\n', encoding="utf-8")
    real, seen = mofile.write_mo, []

    def slow_write(fh, catalog, *args, **kwargs):
        fh.write(b"\xde\x12")  # a first part of the new file is out ...
        fh.flush()
        with open(po.with_suffix(".mo"), "rb") as reader:  # ... what a reader gets now
            seen.append(gettext.GNUTranslations(reader).gettext("hearts"))
        fh.seek(0)
        fh.truncate()
        real(fh, catalog, *args, **kwargs)

    monkeypatch.setattr(mofile, "write_mo", slow_write)
    compile_catalogs(tmp_path, "demo")
    with open(po.with_suffix(".mo"), "rb") as reader:
        assert (seen, gettext.GNUTranslations(reader).gettext("hearts")) == (["old"], "new")
    assert sorted(p.name for p in po.parent.iterdir()) == ["demo.mo", "demo.po"]  # no part left
