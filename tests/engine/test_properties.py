"""Hypothesis properties over random legal play, in every variant and player count.

Games end; scores never decrease and move only by legal amounts; hand values stay on the
ladder; cards are conserved; tricks and hands agree with the pure resolutions; observations
never show another player's cards; illegal actions raise IllegalAction and change nothing.

Random play picks among the issue-2 actions ("play", "raise", "accept", "refuse", "fold");
side bets of the next issue are not chosen (a hand where only side actions were legal is
played with them but its score change is not checked).
"""
import copy
import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco

G = truco.Game
VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")
PLAYERS = {"mineiro": (2, 4), "paulista": (2, 4), "argentino": (2, 4, 6), "truc": (2, 4),
           "truc-sackson": (2, 4), "truc-catalan": (2, 4), "plato": (2, 4)}
CORE_WORDS = ("raise", "accept", "refuse", "fold")
OTHER_WORDS = ("truco", "quiero", "no quiero", "envido", "flor", "mon reste", "redeal", "play",
               "pass", "seis", "retruco", "")

# Hand values from RULES.md (Truc: +2 each time from 2; Sackson: doubling).
LADDER = {
    "mineiro": {2, 4, 6, 10, 12},
    "paulista": {1, 3, 6, 9, 12},
    "argentino": {1, 2, 3, 4},
    "plato": {1, 2, 3},
    "truc": {1} | set(range(2, 25, 2)),
    "truc-catalan": {1} | set(range(2, 25, 2)),
    "truc-sackson": {1, 2, 4, 8, 16, 32},
}
HAND_OF = {"mineiro": (10, 4, 2), "paulista": (11, 3, 1)}  # at, played value, run value
TARGET = {"mineiro": 12, "paulista": 12, "argentino": 30, "truc": 12, "truc-sackson": 16,
          "truc-catalan": 12, "plato": 12}
MAX_STEPS = 4000

FAST = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def is_core(action) -> bool:
    text = str(action)
    return text.startswith("play ") or text in CORE_WORDS


@st.composite
def games(draw, name, n):
    """A game at its first decision: a seeded deal, or a random deal at a random score."""
    v = truco.variant(name)
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, n - 1))
    if draw(st.booleans()):
        return G(v, players=n, seed=seed, dealer=dealer)
    cards = random.Random(draw(st.integers(0, 2**32 - 1))).sample(list(v.deck), 3 * n + 1)
    hands = [cards[3 * k:3 * k + 3] for k in range(n)]
    vira = cards[3 * n] if name == "paulista" else None
    high = st.integers(v.target - 4, v.target - 1)
    score = (draw(st.integers(0, v.target - 1) | high), draw(st.integers(0, v.target - 1) | high))
    return G.from_deal(v, hands=hands, vira=vira, dealer=dealer, score=score, seed=seed)


def dealt_hands(game):
    """The hands dealt this hand (``notation()`` shows the same, but costs a pass per hand)."""
    return [[c.code for c in hand] for hand in game.dealt]


def check_observations(g, name):
    held = [[c.code for c in g.hand(p)] for p in range(g.n)]
    for p in range(g.n):
        obs = g.observation(p)
        assert obs.player == p and obs.team == p % 2
        if obs.hand is not None:
            assert list(obs.hand) == held[p]
        assert obs.hand_size == tuple(len(h) for h in held)
        for seat, codes in obs.partner_hands:
            # only a side at its hand of ten / eleven sees the partners' cards
            assert g.special_hand == "hand_of" and name in HAND_OF
            assert g.score[p % 2] >= HAND_OF[name][0]
            assert seat != p and seat % 2 == p % 2 and list(codes) == held[seat]
        text = repr(dataclasses.replace(obs, partner_hands=()))
        for q in range(g.n):
            if q != p:
                for code in held[q]:
                    assert f"'{code}'" not in text and f" {code}'" not in text, \
                        f"player {p} sees {code} of player {q}: {text}"


def check_cards(g, name, played, dealt):
    assert len(dealt) == g.n and all(len(h) == 3 for h in dealt)
    flat = [c for h in dealt for c in h]
    assert len(set(flat)) == len(flat), "a card dealt twice"
    deck = {str(c) for c in g.variant.deck}
    assert set(flat) <= deck
    vira = None if g.vira is None else g.vira.code
    assert (vira is not None) == (name == "paulista")
    assert vira is None or (vira in deck and vira not in flat)
    for p in range(g.n):
        held = [c.code for c in g.hand(p)]
        assert len(set(held)) == len(held)
        assert sorted(held + played[p]) == sorted(dealt[p]), (p, held, played[p], dealt[p])


def allowed_amounts(name, ladder):
    amounts = set(ladder)  # won hands and refusals (the value before a raise is a rung too)
    if name in HAND_OF:
        amounts |= set(HAND_OF[name][1:])
    return amounts


def play_random_game(g, rnd, name, checks=True):
    v = g.variant
    ladder = LADDER[name]
    target = v.target
    played = {p: [] for p in range(g.n)}
    trick = []  # (seat, code) of the trick under way
    hand_no = g.hand_no
    dealt = dealt_hands(g)
    side_hand = False
    for _ in range(MAX_STEPS):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal, "no legal action while the game is on"
        choices = [a for a in legal if is_core(a)]
        if not choices:
            choices, side_hand = legal, True
        action = rnd.choice(choices)
        assert g.can(action) and g.can(str(action), player=g.current_player)
        before_score, before_value = g.score, g.hand_value
        phase, special, pending = g.phase, g.special_hand, g.pending_raise
        seat, mano, dealer, vira = g.current_player, g.mano, g.dealer, g.vira
        tricks_before = g.tricks
        log_len = len(g.log)
        g.apply(action)
        text = str(action)
        if text.startswith("play "):
            played[seat].append(text[5:])
            trick.append((seat, text[5:]))

        # scores never decrease; hand values stay on the ladder
        assert all(a >= b for a, b in zip(g.score, before_score)), (before_score, g.score)
        assert g.hand_value in ladder | ({HAND_OF[name][1]} if name in HAND_OF else set())
        if g.pending_raise is not None:
            assert g.pending_raise[1] in ladder and g.pending_raise[1] > g.hand_value

        # a finished trick agrees with the pure resolution; who leads next
        new = g.log[log_len:]
        trick_events = [e for e in new if e.kind == "trick"]
        if trick_events:
            assert len(trick) == g.n and len(trick_events) == 1
            plays = [(s % 2, c) for s, c in trick]
            winner = v.trick_winner(plays, vira=vira)
            assert trick_events[0].verdict.winner == winner
            if g.hand_no == hand_no and not g.is_over:
                if winner is None:
                    assert g.current_player == trick[0][0]  # the tied trick's leader
                else:
                    best = [s for s, c in trick if s % 2 == winner and
                            all(v.compare(c, o, vira=vira) >= 0 for _s, o in trick)]
                    assert g.current_player in best
            trick = []

        ended = g.hand_no != hand_no or g.is_over
        if not ended:
            assert g.score == before_score
        else:
            delta = [a - b for a, b in zip(g.score, before_score)]
            assert min(delta) >= 0 and (delta[0] == 0 or delta[1] == 0), delta
            gained = max(delta)
            scorer = None if gained == 0 else delta.index(gained)
            if not side_hand:
                if special == "iron":
                    if scorer is not None:
                        assert g.is_over and g.winner == scorer and g.score[scorer] >= target
                    else:
                        assert text.startswith("play ")
                elif text == "refuse" and phase == "decide":
                    assert scorer == 1 - seat % 2 and gained == HAND_OF[name][2]
                elif text == "refuse":
                    assert scorer == pending[0] % 2 and gained == before_value
                elif text == "fold":
                    assert scorer == 1 - seat % 2 and gained == before_value
                else:
                    assert text.startswith("play ")
                    tricks = list(tricks_before) + [trick_events[0].verdict.winner]
                    hand_winner = v.hand_winner(tricks, mano=mano % 2, dealer=dealer % 2)
                    assert scorer == hand_winner
                    assert gained in (0, before_value)
                    assert (gained == 0) == (hand_winner is None)
                if special != "iron" and gained:
                    assert gained in allowed_amounts(name, ladder)
            hand_no = g.hand_no
            dealt = dealt_hands(g)
            played = {p: [] for p in range(g.n)}
            trick = []
            side_hand = False
        if checks and not g.is_over:
            check_cards(g, name, played, dealt)
            if rnd.random() < 0.3:  # observations scan the log: sample the steps
                check_observations(g, name)
    return g


@pytest.mark.parametrize("name", VARIANTS)
@FAST
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_invariant_and_ends(name, data, seed):
    rnd = random.Random(seed)
    n = data.draw(st.sampled_from(PLAYERS[name]), label="players")
    g = data.draw(games(name, n), label="start")
    play_random_game(g, rnd, name)
    assert g.is_over, "the game did not end"
    target = TARGET[name]
    assert g.variant.target == target
    assert g.winner in (0, 1)
    assert g.score[g.winner] >= target > g.score[1 - g.winner]
    assert g.current_player is None and list(g.legal_actions()) == []


@pytest.mark.parametrize("name", VARIANTS)
@QUICK
@given(data=st.data(), seed=st.integers(0, 2**32 - 1),
       texts=st.lists(st.text(max_size=14), min_size=1, max_size=3))
def test_illegal_actions_raise_and_leave_the_game_unchanged(name, data, seed, texts):
    rnd = random.Random(seed)
    n = data.draw(st.sampled_from(PLAYERS[name]), label="players")
    g = data.draw(games(name, n), label="start")
    v = g.variant
    universe = [f"play {c}" for c in v.deck] + list(CORE_WORDS) + list(OTHER_WORDS)
    for step in range(MAX_STEPS):
        if g.is_over:
            break
        if rnd.random() < 0.15:
            attempts = []
            legal = {str(a) for a in g.legal_actions()}
            for text in texts:
                if not parses_to_legal(v, text, legal):
                    attempts.append((text, None))
            seat = g.current_player
            others = [q for q in range(g.n) if q != seat]
            q = rnd.choice(others)
            attempts.extend((f"play {c.code}", None) for c in g.hand(q))
            attempts.append((rnd.choice(sorted(legal)), q))
            not_legal = [x for x in universe if x not in legal]
            attempts.extend((x, None) for x in rnd.sample(not_legal, min(3, len(not_legal))))
            frozen = freeze(g)
            quick = quick_state(g)
            for action, player in attempts:
                refused(g, action, player)
                assert quick_state(g) == quick, f"{action!r} (player={player}) changed the game"
            assert unchanged(g, frozen), f"one of {attempts} changed the game"
        choices = [a for a in g.legal_actions() if is_core(a)] or g.legal_actions()
        g.apply(rnd.choice(choices))
    assert g.is_over
    frozen = freeze(g)
    for action in ["fold", "raise", f"play {v.deck[0]}", "accept"]:
        assert refused(g, action, None).reason == "game_over"
    assert unchanged(g, frozen)


def parses_to_legal(v, text, legal) -> bool:
    words = " ".join(text.lower().replace("-", " ").split())
    if words in legal:
        return True
    if words.startswith("play "):
        try:
            return f"play {v.card(words[5:].strip())}" in legal
        except ValueError:
            return False
    return False


def freeze(g):
    return copy.deepcopy(g), g.notation()


def quick_state(g):
    return (len(g.log), g.score, g.current_player, g.phase, g.hand_value, g.pending_raise,
            g.tricks, g.current_trick, tuple(g.hand(p) for p in range(g.n)), g.is_over,
            tuple(str(a) for a in g.legal_actions()))


def unchanged(g, frozen) -> bool:
    twin, notation = frozen
    return g == twin and g.notation() == notation


def refused(g, action, player):
    assert not g.can(action, player=player), (action, player)
    try:
        g.apply(action, player=player)
    except truco.IllegalAction as error:
        assert str(error)
        return error
    raise AssertionError(f"{action!r} (player={player}) was accepted")


@pytest.mark.parametrize("name", VARIANTS)
@QUICK
@given(data=st.data(), seed=st.integers(0, 2**32 - 1),
       stop=st.integers(0, 40))
def test_deepcopy_equals_the_game_and_plays_on_identically(name, data, seed, stop):
    rnd = random.Random(seed)
    n = data.draw(st.sampled_from(PLAYERS[name]), label="players")
    g = data.draw(games(name, n), label="start")
    for _ in range(stop):
        if g.is_over:
            break
        g.apply(rnd.choice([a for a in g.legal_actions() if is_core(a)] or g.legal_actions()))
    twin = copy.deepcopy(g)
    assert twin == g
    while not g.is_over:
        choices = [a for a in g.legal_actions() if is_core(a)] or g.legal_actions()
        action = str(rnd.choice(choices))
        g.apply(action)
        twin.apply(action)
    assert twin == g and twin.hand_notations == g.hand_notations


@pytest.mark.parametrize("name", VARIANTS)
@QUICK
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_every_hand_replays_from_its_notation(name, data, seed):
    rnd = random.Random(seed)
    n = data.draw(st.sampled_from(PLAYERS[name]), label="players")
    g = data.draw(games(name, n), label="start")
    play_random_game(g, rnd, name, checks=False)
    notes = g.hand_notations
    for text, following in zip(notes, notes[1:] + [None]):
        again = truco.from_notation(text)
        assert again.hand_notations[0] == text
        if following is not None:
            score = following.partition(" score=")[2].split()[0]
            assert "%d-%d" % again.score == score
        else:
            assert again.is_over and again.score == g.score
