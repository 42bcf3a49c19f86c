"""The player interface shared by every computer player."""
from __future__ import annotations

from ..i18n import _
from ._sim import ACCEPT, FOLD, RAISE, REFUSE, WORDS


class Player:
    """A policy over observations: ``choose(observation, rng) -> (action_text, reason)``.

    A player is given only a :class:`truco.Observation` (``game.observation(seat)``), never
    the game, so it cannot read cards its seat may not see. ``variant`` gives the rule options
    (an observation names its variant but not the options chosen); without it the named
    preset is used. Calling the player returns the action text alone, so a player can be
    passed wherever a function ``(observation, rng) -> action_text`` is expected.
    """

    name = "player"
    title = "Player"

    def __init__(self, variant=None):
        self.variant = variant

    def choose(self, observation, rng) -> tuple[str, str]:
        raise NotImplementedError

    def __call__(self, observation, rng) -> str:
        return self.choose(observation, rng)[0]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def legal_or_error(observation) -> list[str]:
    legal = list(observation.legal_actions)
    if not legal:
        raise ValueError(_("player {seat} has nothing to do: it is not their turn").format(
            seat=observation.player))
    return legal


def only_reason(action: str) -> str:
    return _("'{action}' is the only thing you may do now.").format(action=action)


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
    if code >= 0:
        return _("playing the {card}").format(card=card_name(view, texts[code]))
    word = WORDS[code]
    if code == RAISE:
        current = view.pending[1] if view.pending and view.phase == "answer" else view.value
        value = view.rules.raise_value(current)
        return _("raising to {value}").format(value=value)
    return {"accept": _("accepting"), "refuse": _("refusing"), "fold": _("going to the deck")
            }[word]
