"""Shared fixtures for the engine tests of issue 2.

``illegal(game, action, reason=None, player=None)`` applies an action that must be refused
and checks the game is left exactly as it was (equal to a deep copy taken before, and the
same through every public view); ``hand_verdict(game)`` is the last finished hand's verdict.
"""
import copy

import pytest

import truco


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


def last_hand_verdict(game):
    """The verdict of the most recent finished hand (the log's last 'hand' event)."""
    return [e for e in game.log if e.kind == "hand"][-1].verdict


@pytest.fixture
def illegal():
    return check_illegal


@pytest.fixture
def hand_verdict():
    return last_hand_verdict
