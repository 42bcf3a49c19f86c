"""The four side-bet scoring bugs found by playing identical deals through pytruco (issue 13).

Each test is the issue's own example, replayed through the public API.
"""
import pytest

import truco


def legal(g):
    return [str(a) for a in g.legal_actions()]


def run(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def uruguayo(hands, muestra, dealer, **options):
    return truco.Game.from_deal(truco.variant("uruguayo", **options), hands=hands, vira=muestra,
                                dealer=dealer)


def test_flor_holder_asked_envido_must_sing_the_flor_instead_of_answering():
    g = uruguayo([["1e", "7o", "3c"], ["4b", "5b", "6b"]], "3o", dealer=1)
    g.apply("envido")
    assert g.current_player == 1
    assert legal(g) == ["flor"], "a flor cancels the envido: no quiero, no quiero nor raises"
    g.apply("flor")
    assert g.score == (0, 3), "the flor alone scores; the envido is void"
    assert g.current_player == 0 and g.phase == "play"
    # The hand goes on with no envido left to bet.
    assert not any(a in legal(g) for a in ("envido", "real envido", "falta envido"))


def test_flor_holder_partner_of_the_bettor_also_voids_the_envido_in_four_players():
    # Seat 0 bets envido; seat 2 (its partner) holds a flor and must sing it before the
    # envido can be answered, let alone played out.
    hands = [["1e", "7o", "3c"], ["7e", "12b", "4c"], ["4b", "5b", "6b"], ["2o", "11c", "6e"]]
    g = uruguayo(hands, "3o", dealer=3)
    assert g.current_player == 0
    g.apply("envido")
    assert g.current_player == 2 and legal(g) == ["flor"]
    g.apply("flor")
    assert g.score == (3, 0)
    assert [e.kind for e in g.log].count("envido") == 1  # the bet, never declared or scored


def test_con_flor_me_achico_releases_the_flor_duty():
    g = uruguayo([["5c", "6b", "10b"], ["5o", "7o", "2c"]], "7c", dealer=1)
    run(g, "flor", "con flor me achico")
    assert g.current_player == 0
    g.apply(legal(g)[0])  # seat 0 plays a card
    assert g.current_player == 1
    assert "flor" not in legal(g), "the flor was already answered"
    assert any(a.startswith("play ") for a in legal(g))


def test_four_player_envido_every_player_declares_against_the_current_best():
    hands = [["7e", "3e", "12b"], ["2c", "12c", "5b"], ["4b", "6e", "11c"], ["7c", "6c", "2b"]]
    assert [truco.envido(h, muestra="1o") for h in hands] == [30, 22, 6, 33]
    g = uruguayo(hands, "1o", dealer=0)
    run(g, "envido", "quiero")
    while g.phase == "declare":
        g.apply("son buenas")
    assert g.score == (0, 2), "player 3's 33 beats player 0's 30: team B wins the envido"
    won = [e for e in g.log if e.verdict is not None and e.verdict.reason == "envido_won"][-1]
    assert won.verdict.seat == 3 and won.verdict.facts["best"] == 33


def test_four_player_flores_are_settled_together():
    hands = [["6b", "6o", "12c"], ["2c", "2e", "1e"], ["4o", "7o", "4c"], ["10b", "12b", "1b"]]
    g = uruguayo(hands, "1c", dealer=2)
    flores = {seat: truco.flor(h, muestra="1c") for seat, h in enumerate(hands)}
    assert flores == {0: None, 1: 33, 2: 40, 3: 21}
    assert g.current_player == 3
    g.apply("flor")
    # Every other flor is announced before anything is scored, in turn order.
    assert g.score == (0, 0)
    while g.phase == "flor":
        assert "flor" in legal(g)
        g.apply("flor")
    # Three flores: the best (player 2's 40) wins 3 for each flor, once for the whole hand.
    assert g.score == (9, 0)
    assert g.phase == "play" and g.current_player == 3
    run(g, legal(g)[0])
    assert not any("flor" in a for a in legal(g))
    flor_scores = [e for e in g.log if e.verdict is not None and e.verdict.points
                   and e.kind == "flor"]
    assert len(flor_scores) == 1


def test_deck_answers_option_lets_the_deck_answer_a_truco_and_an_envido():
    hands = [["7e", "6e", "1o"], ["4b", "5b", "12c"]]
    plain = truco.Game.from_deal("argentino", hands=hands, dealer=1)
    run(plain, "raise")
    assert "fold" not in legal(plain)  # by default a raise is answered, not run from
    g = truco.Game.from_deal(truco.variant("argentino", deck_answers=True), hands=hands,
                             dealer=1)
    run(g, "raise")
    assert "fold" in legal(g)
    g.apply("fold")
    assert g.score == (1, 0), "the truco counts as refused: the raisers score the value before"
    g = truco.Game.from_deal(truco.variant("argentino", deck_answers=True), hands=hands,
                             dealer=1)
    run(g, "envido")
    assert "fold" in legal(g)
    g.apply("fold")
    assert g.score == (2, 0), "the envido refused (1) and the hand (1) both go to the bettors"


def test_fold_alone_option_one_player_leaves_and_the_partner_plays_on():
    hands = [["7e", "3e", "12b"], ["2c", "12c", "5b"], ["4b", "6e", "11c"], ["7c", "6c", "2b"]]
    v = truco.variant("uruguayo", fold_alone=True)
    g = truco.Game.from_deal(v, hands=hands, vira="1o", dealer=0)
    assert g.current_player == 1
    run(g, "play 2c")
    g.apply("fold")  # player 2 (team A) leaves alone; player 0 plays on for team A
    assert g.score == (0, 0) and g.current_player == 3
    assert g.log[-1].verdict.reason == "fold_alone"
    assert g.observation(0).hand_size[2] == 0
    run(g, "play 7c")
    assert g.current_player == 0
    run(g, "play 7e")  # the trick is complete with the three players left
    assert len(g.tricks) == 1
    # Without the option, going to the deck gives the hand away for the whole side.
    g = truco.Game.from_deal("uruguayo", hands=hands, vira="1o", dealer=0)
    run(g, "play 2c", "fold")
    assert g.score == (0, 1)


def test_fold_alone_last_player_of_a_side_gives_the_hand_away():
    hands = [["7e", "3e", "12b"], ["2c", "12c", "5b"], ["4b", "6e", "11c"], ["7c", "6c", "2b"]]
    g = truco.Game.from_deal(truco.variant("uruguayo", fold_alone=True), hands=hands,
                             vira="1o", dealer=0)
    run(g, "play 2c", "fold", "play 7c", "fold")
    assert g.score == (0, 1) and g.hand_no == 2


@pytest.mark.parametrize("options", [
    dict(fold_alone=True), dict(deck_answers=True), dict(falta_envido="chico"),
    dict(falta_envido="game", target=20), dict(fold_alone=True, deck_answers=True, flor=False),
])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_rule_options_keep_random_games_consistent(options, players):
    """Random legal play under each new option: the player to act is always in the hand, the
    game always has a legal action until it ends, and every state round-trips its notation."""
    import random
    import zlib
    rng = random.Random(zlib.crc32(repr((players, sorted(options.items()))).encode()))
    v = truco.variant("uruguayo", **options)
    for seed in range(12):
        g = truco.Game(v, players=players, seed=seed)
        steps = 0
        while not g.is_over and steps < 400:
            legal = g.legal_actions()
            assert legal and g.current_player not in g._out
            if rng.random() < 0.05:
                again = truco.from_notation(g.notation())
                assert [str(a) for a in again.legal_actions()] == [str(a) for a in legal]
            g.apply(rng.choice(legal))
            steps += 1
        assert g.score[0] >= 0 and g.score[1] >= 0
