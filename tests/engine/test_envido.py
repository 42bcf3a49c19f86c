"""Envido, flor and the Uruguayan muestra (issue 3), each test named after its rule."""
import copy

import pytest

import truco

HANDS = [["7e", "6e", "1o"], ["4b", "5b", "12c"]]  # mano 33, dealer 29


def game(hands=HANDS, variant="argentino", score=(0, 0), **options):
    return truco.Game.from_deal(truco.variant(variant, **options), hands=hands, dealer=1,
                                score=score)


def run(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def test_envido_two_cards_of_a_suit_count_values_plus_20():
    assert truco.envido(["7e", "6e", "1o"]) == 33
    assert truco.envido(["12e", "5e", "3c"]) == 25


def test_envido_figures_count_zero():
    assert truco.envido(["10e", "11e", "4o"]) == 20
    assert truco.envido(["10e", "11b", "12o"]) == 0


def test_envido_without_two_of_a_suit_counts_highest_card():
    assert truco.envido(["7e", "6b", "1o"]) == 7


def test_envido_verdict_shows_which_cards_count():
    verdict = truco.envido_verdict(["7e", "6e", "1o"])
    assert [c.code for c in verdict.cards] == ["7e", "6e"]
    assert "7 + 6 + 20 = 33" in verdict.explain()


def test_flor_is_three_of_a_suit_plus_20():
    assert truco.flor(["7o", "6o", "5o"]) == 38
    assert truco.flor(["10o", "11o", "12o"]) == 20
    assert truco.flor(["7o", "6o", "5c"]) is None


@pytest.mark.parametrize("bets, refused_points", [
    (["envido"], 1), (["real envido"], 1), (["falta envido"], 1),
    (["envido", "envido"], 2), (["envido", "real envido"], 2),
    (["envido", "envido", "real envido"], 4), (["real envido", "falta envido"], 3),
    (["envido", "envido", "real envido", "falta envido"], 7),
])
def test_envido_refusal_chain_scores_what_was_accepted_before(bets, refused_points):
    g = run(game(), *bets, "no quiero")
    bettor_team = (len(bets) - 1) % 2  # seat 0 bets first, then the answerers alternate
    assert g.score[bettor_team] == refused_points
    assert g.score[1 - bettor_team] == 0


@pytest.mark.parametrize("bets, stake", [
    (["envido"], 2), (["envido", "envido"], 4), (["real envido"], 3),
    (["envido", "real envido"], 5), (["envido", "envido", "real envido"], 7),
])
def test_envido_accepted_winner_scores_the_stake(bets, stake):
    g = run(game(), *bets, "quiero")
    if g.phase == "declare":
        g.apply("son buenas")
    assert g.score == (stake, 0)  # the mano's 33 beats 29


@pytest.mark.parametrize("score, falta", [((0, 0), 30), ((20, 5), 10), ((3, 27), 3)])
def test_falta_envido_is_what_the_leader_lacks_to_win(score, falta):
    g = run(game(score=score), "falta envido", "quiero")
    if g.phase == "declare":
        g.apply("son buenas")
    assert g.score[0] == score[0] + falta or g.is_over


def test_envido_tie_goes_to_the_mano():
    g = run(game(hands=[["7e", "6e", "1o"], ["7b", "6b", "12c"]]), "envido", "quiero")
    assert g.phase == "declare" and g.current_player == 1  # 33 does not beat the mano's 33
    g.apply("son buenas")
    assert g.score == (2, 0)


def test_son_buenas_is_owed_by_who_cannot_win():
    g = run(game(), "envido", "quiero")
    assert [str(a) for a in g.legal_actions()] == ["son buenas"]
    g.apply("son buenas")
    assert "son buenas" in g.log[-2].explain()


def test_envido_only_in_the_first_trick():
    g = run(game(), "play 1o", "play 12c")
    with pytest.raises(truco.IllegalAction) as err:
        g.apply("envido")
    assert err.value.reason == "envido_only_first_trick"


def test_envido_not_after_your_first_card():
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"],
                                                 ["3o", "2c", "1c"], ["4e", "5e", "6o"]],
                             dealer=3)
    g.apply("play 1o")
    assert "envido" in [str(a) for a in g.legal_actions()]  # the next player may still
    g.apply("play 4b")
    g.apply("play 3o")
    g.apply("play 4e")
    with pytest.raises(truco.IllegalAction):
        g.apply("envido")


def test_el_envido_esta_primero_then_truco_answer_still_owed():
    g = run(game(), "raise")
    assert "envido" in [str(a) for a in g.legal_actions()]
    run(g, "envido", "quiero", "son buenas")
    assert g.score == (2, 0)
    assert g.phase == "answer" and g.current_player == 1
    assert {str(a) for a in g.legal_actions()} >= {"accept", "refuse"}


def test_no_envido_once_the_truco_is_accepted():
    g = run(game(), "raise", "accept")
    with pytest.raises(truco.IllegalAction) as err:
        g.apply("envido")
    assert err.value.reason == "truco_settled"


def test_envido_illegal_leaves_game_untouched():
    g = run(game(), "envido")
    before = copy.deepcopy(g)
    for bad in ["envido envido", "play 7e", "raise", "fold", "flor"]:
        with pytest.raises(truco.IllegalAction):
            g.apply(bad)
        assert g == before


FLORS = [["7o", "6o", "5o"], ["1c", "2c", "3c"]]


def test_flor_must_be_announced_before_the_first_card():
    g = game(hands=[["7o", "6o", "5o"], ["4b", "5b", "12c"]], flor=True)
    assert "flor" in [str(a) for a in g.legal_actions()]
    assert not any(a.kind == "play" for a in g.legal_actions())


def test_flor_alone_scores_3_and_cancels_envido():
    g = run(game(hands=[["7o", "6o", "5o"], ["4b", "5b", "12c"]], flor=True), "flor")
    assert g.score == (3, 0)
    with pytest.raises(truco.IllegalAction):
        g.apply("envido")


def test_flor_against_flor_higher_wins_3_per_flor():
    g = run(game(hands=FLORS, flor=True), "flor", "flor")
    assert g.score == (6, 0)  # 38 beats 26


def test_con_flor_me_achico_concedes_3_to_the_flor_side():
    g = run(game(hands=FLORS, flor=True), "flor", "con flor me achico")
    assert g.score == (3, 0)  # published tables: 3 to the side whose flor was conceded
    settled = g.log[-1].verdict
    assert settled.reason == "flor_achico" and "achico" in settled.rule()


def test_contraflor_refused_scores_4_for_its_caller():
    g = run(game(hands=FLORS, flor=True), "flor", "contraflor", "con flor me achico")
    assert g.score == (0, 4)
    assert g.log[-1].verdict.reason == "contraflor_refused"


def test_contraflor_al_resto_refused_scores_6_for_its_caller():
    g = run(game(hands=FLORS, flor=True), "flor", "contraflor al resto", "con flor me achico")
    assert g.score == (0, 6)


def test_every_flor_verdict_states_the_rule_that_scored_it():
    for actions, words in [(["flor", "flor"], "3 for each flor"),
                           (["flor", "contraflor", "con flor quiero"], "wins 6"),
                           (["flor", "contraflor al resto", "quiero"], "lacks to win"),
                           (["flor", "contraflor", "con flor me achico"], "scores 4")]:
        g = run(game(hands=FLORS, flor=True), *actions)
        scored = [e for e in g.log if e.kind == "flor" and e.verdict.points][-1].verdict
        assert words in scored.rule(), (actions, scored.rule())
        assert "envido" not in scored.rule()


def test_contraflor_answers_are_quiero_achico_or_resto():
    g = run(game(hands=FLORS, flor=True), "flor", "contraflor")
    assert [str(a) for a in g.legal_actions()] == ["con flor quiero", "con flor me achico",
                                                    "contraflor al resto"]
    g.apply("con flor quiero")
    assert g.score == (6, 0)  # published tables: a contraflor accepted is worth 6


def test_contraflor_al_resto_is_what_leader_lacks_plus_3_per_flor():
    g = run(game(hands=FLORS, flor=True, score=(10, 4)), "flor", "contraflor al resto")
    assert [str(a) for a in g.legal_actions()] == ["quiero", "con flor me achico"]
    g.apply("quiero")
    assert g.score[0] >= 30 and g.is_over


def test_uruguayo_piezas_rank_above_matas():
    v = truco.variant("uruguayo")
    assert v.compare("10o", "1e", vira="3o") > 0
    assert v.compare("1e", "3c", vira="3o") > 0
    assert [c.code for c in v.manilhas(vira="2o")][:2] == ["12o", "4o"]


def test_uruguayo_envido_with_pieza_adds_best_other_card():
    assert truco.envido(["2o", "7c", "1e"], muestra="3o") == 37
    assert truco.envido(["11o", "12c", "10e"], muestra="3o") == 27


def test_uruguayo_flor_with_piezas_counts_last_digits():
    assert truco.flor(["2o", "4o", "7e"], muestra="3o") == 46
    assert truco.flor(["5o", "4c", "6c"], muestra="3o") == 38
    assert truco.flor(["5c", "4e", "6c"], muestra="3o") is None


def test_uruguayo_target_options():
    assert truco.variant("uruguayo").target == 30
    assert truco.variant("uruguayo", target=40).target == 40
    with pytest.raises(ValueError, match="20"):
        truco.variant("uruguayo", target=25)


@pytest.mark.parametrize("muestra", ["1e", "7o", "3o", "4b"])
def test_uruguayo_ranking_holds_the_whole_deck_whatever_the_muestra(muestra):
    ranking = truco.variant("uruguayo").ranking(muestra)
    assert sum(len(level.cards) for level in ranking.levels) == 40


def test_uruguayo_muestra_that_is_a_mata_is_not_among_the_playable_specials():
    v = truco.variant("uruguayo")
    assert [c.code for c in v.manilhas(vira="1e")][5:] == ["1b", "7e", "7o"]


def test_gotruco_flor_stakes_option_and_its_rules():
    flors = [["7o", "6o", "5o"], ["1c", "2c", "3c"]]

    def game(**options):  # a muestra of bastos: no pieza in these hands
        return truco.Game.from_deal(truco.variant("uruguayo", **options), hands=flors,
                                    vira="12b", dealer=1)

    g = run(game(flor_stakes="gotruco"), "flor", "contraflor", "con flor quiero")
    won = g.log[-1].verdict
    assert won.points == 4 and "wins 4" in won.rule()
    g = run(game(flor_stakes="gotruco"), "flor", "contraflor", "con flor me achico")
    assert g.log[-1].verdict.points == 4  # 3 for the caller's one flor, plus 1
    assert "plus 1" in g.log[-1].verdict.rule()
