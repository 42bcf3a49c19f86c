"""Actions: interned values whose ``str()`` is the action's text, e.g. ``"play 4c"``."""
from __future__ import annotations

from .cards import Card
from .errors import IllegalAction
from .i18n import N_, _
from .reasons import Reason

PLAY, RAISE, ACCEPT, REFUSE, FOLD = "play", "raise", "accept", "refuse", "fold"
# Side bets and Truc specials (see truco.side_bets and truco.truc); listed here so every
# action text parses in one place.
ENVIDO, REAL_ENVIDO, FALTA_ENVIDO = "envido", "real envido", "falta envido"
QUIERO, NO_QUIERO, SON_BUENAS = "quiero", "no quiero", "son buenas"
FLOR, CONTRAFLOR, CONTRAFLOR_RESTO = "flor", "contraflor", "contraflor al resto"
CON_FLOR_QUIERO, CON_FLOR_ACHICO = "con flor quiero", "con flor me achico"
MON_RESTE, REDEAL = "mon reste", "redeal"
# How a sentence names a side bet (a verdict: "Real Envido: team A scores 3") and what a
# player says aloud ("player 1 said son buenas"): marked here for the catalogs, translated
# where they are shown (truco.side_verdicts, truco.players).
BET_TITLES = {ENVIDO: N_("Envido"), REAL_ENVIDO: N_("Real Envido"),
              FALTA_ENVIDO: N_("Falta Envido"), FLOR: N_("Flor"), CONTRAFLOR: N_("Contraflor"),
              CONTRAFLOR_RESTO: N_("Contraflor al resto")}
SAID = {ENVIDO: N_("envido"), REAL_ENVIDO: N_("real envido"), FALTA_ENVIDO: N_("falta envido"),
        QUIERO: N_("quiero"), NO_QUIERO: N_("no quiero"), SON_BUENAS: N_("son buenas"),
        FLOR: N_("flor"), CONTRAFLOR: N_("contraflor"),
        CONTRAFLOR_RESTO: N_("contraflor al resto"), CON_FLOR_QUIERO: N_("con flor quiero"),
        CON_FLOR_ACHICO: N_("con flor me achico"), MON_RESTE: N_("mon reste"),
        REDEAL: N_("redeal")}
WORDS = (RAISE, ACCEPT, REFUSE, FOLD, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO, QUIERO, NO_QUIERO,
         SON_BUENAS, FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_QUIERO, CON_FLOR_ACHICO,
         MON_RESTE, REDEAL)


class Action:
    """One action. Compare with ``==`` against another action or its text (case and spaces
    do not matter); ``token`` is its form in hand notation.

    >>> a = parse_action(variant("argentino"), "no quiero")
    >>> a == "No  Quiero", a.kind, a.card, a.token
    (True, 'no quiero', None, 'no-quiero')
    >>> p = parse_action(variant("argentino"), "play 4e")
    >>> p.kind, p.card, p.token, str(p)
    ('play', Card('4e'), '4e', 'play 4e')
    """

    __slots__ = ("kind", "card", "text", "token")

    def __init__(self, kind: str, card: Card | None = None):
        self.kind, self.card = kind, card
        self.text = kind if card is None else f"{kind} {card.code}"
        # The action in hand notation: a card code for a play, words joined by '-'.
        self.token = card.code if card is not None else kind.replace(" ", "-")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == " ".join(other.lower().split())
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (Action, (self.kind, self.card))


def action_table(variant) -> dict:
    """The interned actions of a variant: ``{"play": {card_id: Action}, word: Action}``.
    Built once per variant value; :func:`parse_action` returns these very objects.

    >>> t = action_table(variant("argentino"))
    >>> len(t["play"]), t["raise"] is parse_action(variant("argentino"), "RAISE")
    (40, True)
    """
    table = variant._cache.get("actions")
    if table is None:
        table = {PLAY: {c.id: Action(PLAY, c) for c in variant.deck}}
        for word in WORDS:
            table[word] = Action(word)
        variant._cache["actions"] = table
    return table


def parse_action(variant, text) -> Action:
    """Parse an action string (``"play 4c"``, ``"raise"``, ``"no quiero"``) for ``variant``.

    Words may be joined by ``-`` as in hand notation. Whether the action is legal now is the
    game's question; a text that is no action at all raises :class:`~truco.IllegalAction`:

    >>> parse_action(variant("argentino"), "no-quiero")
    Action('no quiero')
    >>> for text in ("dance", "play 8e"):
    ...     try: parse_action(variant("argentino"), text)
    ...     except truco.IllegalAction as e: print(e.reason)
    unknown_action
    bad_card
    """
    table = action_table(variant)
    if isinstance(text, Action):  # another variant's action is read as its text
        if text.card is None and table.get(text.kind) is text or \
                text.card is not None and table[PLAY].get(text.card.id) is text:
            return text
        text = text.text
    if not isinstance(text, str):
        raise IllegalAction(_("an action is a text such as 'play 4c' or 'raise', not {kind}")
                            .format(kind=type(text).__name__), reason=Reason.UNKNOWN_ACTION)
    words = " ".join(text.lower().replace("-", " ").split())
    if words.startswith("play "):
        code = words[5:].strip()
        try:
            card = variant.card(code)
        except ValueError as err:
            raise IllegalAction(str(err), reason=getattr(err, "reason", "bad_card")) from None
        return table[PLAY][card.id]
    action = table.get(words)
    if action is None or words == PLAY:
        raise IllegalAction(_("{text!r} is not an action: actions are 'play <card>', {words}")
                            .format(text=text, words=", ".join(f"'{w}'" for w in WORDS)),
                            reason=Reason.UNKNOWN_ACTION)
    return action
