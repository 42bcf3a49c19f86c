"""The player interface shared by every computer player."""
from __future__ import annotations

from ..actions import SAID
from ..i18n import N_, _
from ._sim import ACCEPT, FOLD, RAISE, REFUSE, WORDS


class Player:
    """A policy over observations: ``choose(observation, rng) -> (action_text, reason)``.

    A player is given only a :class:`truco.Observation` (``game.observation(seat)``), never
    the game, so it cannot read cards its seat may not see. ``variant`` gives the rule options
    (an observation names its variant but not the options chosen); without it the named
    preset is used. Calling the player returns the action text alone, so a player can be
    passed wherever a function ``(observation, rng) -> action_text`` is expected.

    >>> import random
    >>> from truco.players import get
    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> get("basic"), get("basic")(g.observation(0), random.Random(1))
    (<BasicPlayer 'basic'>, 'raise')
    """

    name = "player"
    title = "Player"

    def __init__(self, variant=None):
        self.variant = variant

    def choose(self, observation, rng) -> tuple[str, str]:
        """(action text, reason in one sentence) for the seat of ``observation``; ``rng``
        (a :class:`random.Random`) for any random choice. Each player defines it.

        >>> import random
        >>> from truco.players import get
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> _event = g.apply("raise")
        >>> get("basic").choose(g.observation(1), random.Random(1))
        ('accept', 'Your hand wins about 32% of the time; accepting pays off above 25%.')
        """
        raise NotImplementedError

    def __call__(self, observation, rng) -> str:
        return self.choose(observation, rng)[0]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def legal_or_error(observation) -> list[str]:
    """The observation's legal actions; a ValueError when the seat has nothing to do."""
    legal = list(observation.legal_actions)
    if not legal:
        raise ValueError(_("player {seat} has nothing to do: it is not their turn").format(
            seat=observation.player))
    return legal


class Reason(str):
    """A player's reason for a choice, in one sentence.

    As a string it speaks to whoever plays the seat ("You open the hand with your middle
    card, ..."): the coach gives it to the learner as advice. :meth:`about` tells the same
    reason of a computer player in the third person, naming it, for a review after the hand
    ("Player 2 opened the hand with its middle card, ..."). Both wordings are messages with
    named placeholders; ``facts`` fill them (a fact given as ``(message, facts)`` is itself
    a clause naming the player). ``key`` names the kind of reason ("only" for a move that
    was the only one allowed).

    >>> r = reason("The {card} is your last card.", "{player} played the {card}, its last card.",
    ...            card="3 of hearts")
    >>> print(r)
    The 3 of hearts is your last card.
    >>> r.about("Player 1")
    'Player 1 played the 3 of hearts, its last card.'
    """

    they: str  # the reason told of the player, in the third person (a message)
    facts: dict  # what fills the messages' placeholders
    key: str  # the kind of reason

    def __new__(cls, text: str = "", they: str = "", facts: dict | None = None,
                key: str = ""):
        self = super().__new__(cls, text)
        self.they, self.facts, self.key = they, dict(facts or {}), key
        return self

    def about(self, player: str) -> str:
        """The reason told of ``player`` (a name) in the third person, as a review after the
        hand tells a computer player's choice (a reason without that wording is quoted).

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> _action, why = truco.players.get("random").choose(g.observation(0), random.Random(2))
        >>> why.about("Player 0"), Reason("You play on.").about("Player 1")
        ('Player 0 went to the deck: a random pick among the 5 things allowed.', 'Player 1: You
        play on.')
        """
        if not self.they:
            return _("{player}: {reason}").format(player=player, reason=str(self))
        facts = {k: _(v[0]).format(player=player, **v[1]) if isinstance(v, tuple) else v
                 for k, v in self.facts.items()}
        return _(self.they).format(player=player, **facts)


def reason(you: str, they: str, key: str = "", **facts) -> Reason:
    """A :class:`Reason` from its two messages (msgids: marked with ``N_`` or written in
    the call, so Babel finds them) and the facts that fill them."""
    plain = {k: _(v[0]).format(player=_("the player"), **v[1]) if isinstance(v, tuple) else v
             for k, v in facts.items()}
    return Reason(_(you).format(**plain), they, facts, key)


def done_clause(action: str, variant=None, vira=None, value=None) -> tuple:
    """What a player did, as a clause naming it: ``(message, facts)`` for :class:`Reason`
    ("{player} played the 4 of clubs (Zap)"); never the action's code. ``value``: what a
    raise asked for."""
    if action == "raise" and value is not None:
        return (N_("{player} raised to {value}"), {"value": value})
    if action.startswith("play #"):
        return (N_("{player} played a card it could not see"), {})
    if action.startswith("play ") and variant is not None:
        return (N_("{player} played the {card}"), {"card": variant.card_name(action[5:], vira)})
    clauses = {"raise": N_("{player} raised the bet"), "accept": N_("{player} accepted"),
               "refuse": N_("{player} refused"), "fold": N_("{player} went to the deck")}
    if action in clauses:
        return (clauses[action], {})
    return (N_("{player} said {word}"), {"word": _(SAID.get(action, action))})


def only_reason(action: str, observation=None, variant=None) -> Reason:
    """The reason of a move that was the only one allowed (a card named in words)."""
    v = vira = None
    if observation is not None:
        from ._view import resolve_variant
        v, vira = resolve_variant(observation, variant), observation.vira
    if action.startswith("play #"):
        return reason(N_("You cannot see your cards: playing one is the only thing you may "
                         "do now."),
                      N_("{player} played a card it could not see, the only thing it could "
                         "do."), "only")
    if action.startswith("play ") and v is not None:
        return reason(N_("The {card} is the only card you may play now."),
                      N_("{player} played the {card}, the only card it could play."),
                      "only", card=v.card_name(action[5:], vira))
    return reason(N_("'{action}' is the only thing you may do now."),
                  N_("{did}: it was the only thing it could do."), "only",
                  action=_(SAID.get(action, action)), did=done_clause(action, v, vira))


def model_codes(view) -> tuple[list, dict]:
    """The legal actions the model knows, as model codes, and {code: action text}."""
    codes, texts = [], {}
    S = view.rules.strength
    for text in view.legal:
        if text.startswith("play "):
            if text.startswith("play #"):
                continue
            s = S[view.variant.card(text[5:]).id]
            if s not in texts:
                texts[s] = text
                codes.append(s)
        elif text in ("raise", "accept", "refuse", "fold"):
            code = {"raise": RAISE, "accept": ACCEPT, "refuse": REFUSE, "fold": FOLD}[text]
            texts[code] = text
            codes.append(code)
    return codes, texts


def card_name(view, text: str) -> str:
    """'play 4c' -> '4 of clubs (Zap)'."""
    return view.variant.card_name(text[5:], view.obs.vira)


def describe(view, code, texts) -> str:
    """A model action ``code`` in words ("playing the 4 of clubs (Zap)", "raising to 4"),
    ``texts`` mapping codes to action texts (see :func:`model_codes`)."""
    if code >= 0:
        return _("playing the {card}").format(card=card_name(view, texts[code]))
    word = WORDS[code]
    if code == RAISE:
        current = view.pending[1] if view.pending and view.phase == "answer" else view.value
        value = view.rules.raise_value(current)
        return _("raising to {value}").format(value=value)
    return {"accept": _("accepting"), "refuse": _("refusing"), "fold": _("going to the deck")
            }[word]
