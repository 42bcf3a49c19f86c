"""Shared fixtures for the engine tests (issue 2: decks, rankings, tricks, hands, raises, game).

The side bets of the next issue (envido, flor, mon reste, redeal...) may add actions to
``legal_actions()``; these tests only look at the issue-2 actions ("play <card>", "raise",
"accept", "refuse", "fold"), see :func:`core`.
"""
import copy

import pytest

import truco

# The seven variants of issue 2 and the player counts RULES.md gives them.
VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")
PLAYERS = {"mineiro": (2, 4), "paulista": (2, 4), "argentino": (2, 4, 6), "truc": (2, 4),
           "truc-sackson": (2, 4), "truc-catalan": (2, 4), "plato": (2, 4)}
CORE_WORDS = ("raise", "accept", "refuse", "fold")


def is_core(action) -> bool:
    text = str(action)
    return text.startswith("play ") or text in CORE_WORDS


def core(game) -> list[str]:
    """The issue-2 legal actions of ``game`` as texts, in the engine's order."""
    return [str(a) for a in game.legal_actions() if is_core(a)]


def fingerprint(game):
    """Everything the public API shows of ``game`` (compared before and after a refusal)."""
    return (game.notation(), tuple(game.hand_notations), game.score, game.current_player,
            game.hand_value, game.pending_raise, game.phase, game.tricks, game.is_over,
            game.winner, len(game.log), tuple(game.observation(p) for p in range(game.n)),
            tuple(str(a) for a in game.legal_actions()))


def freeze(game):
    """A deep copy and the public fingerprint, to compare with after a refused action."""
    return copy.deepcopy(game), fingerprint(game)


def unchanged(game, frozen) -> bool:
    twin, public = frozen
    return game == twin and fingerprint(game) == public


def check_illegal(game, action, reason=None, player=None):
    """Apply ``action`` expecting IllegalAction (with ``reason``) and an untouched game."""
    frozen = freeze(game)
    with pytest.raises(truco.IllegalAction) as info:
        game.apply(action, player=player)
    assert unchanged(game, frozen), f"{action!r} changed the game although it was refused"
    if reason is not None:
        assert info.value.reason == reason, (info.value.reason, str(info.value))
    assert str(info.value), "an illegal action must come with a message"
    return info.value


def play(game, *actions):
    for action in actions:
        game.apply(action)
    return game


def last_hand_verdict(game):
    """The verdict of the most recent finished hand (the log's last 'hand' event)."""
    return [e for e in game.log if e.kind == "hand"][-1].verdict


@pytest.fixture
def illegal():
    return check_illegal


@pytest.fixture
def act():
    return play


@pytest.fixture
def core_actions():
    return core


@pytest.fixture
def hand_verdict():
    return last_hand_verdict
