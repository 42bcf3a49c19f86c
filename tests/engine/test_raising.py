"""Raising the hand: ladders, answers, refusals, who may raise next, the top rung, folding."""
import pytest

import truco

G = truco.Game

# Values from RULES.md: the unraised value, then each rung; for Truc only the rungs it names.
LADDERS = {
    "mineiro": [2, 4, 6, 10, 12],
    "paulista": [1, 3, 6, 9, 12],
    "argentino": [1, 2, 3, 4],
    "plato": [1, 2, 3],
    "truc": [1, 2, 4, 6],
    "truc-catalan": [1, 2, 4, 6],
    "truc-sackson": [1, 2, 4, 8, 16],
}
TOP = {"mineiro": 12, "paulista": 12, "argentino": 4, "plato": 3, "truc-sackson": 16}
DEALS = {
    "french40": [["4c", "7h", "As"], ["3d", "2s", "Kc"]],
    "spanish40": [["1e", "7o", "3c"], ["1b", "2e", "4c"]],
    "piquet32": [["7c", "8c", "Ac"], ["7h", "9h", "Kh"]],
}
DECK_OF = {"mineiro": "french40", "paulista": "french40", "argentino": "spanish40",
           "plato": "spanish40", "truc": "piquet32", "truc-catalan": "spanish40",
           "truc-sackson": "piquet32"}
DEALS4 = {
    "french40": [["4c", "7h", "As"], ["3d", "2s", "Kc"], ["5c", "5h", "6s"], ["Qd", "Jd", "Kd"]],
    "spanish40": [["1e", "7o", "3c"], ["1b", "2e", "4c"], ["5e", "5o", "6b"], ["10e", "11e", "12e"]],
    "piquet32": [["7c", "8c", "Ac"], ["7h", "9h", "Kh"], ["10c", "10h", "Js"], ["Qd", "Jd", "Kd"]],
}


def deal(name, players=2, **kw):
    hands = (DEALS if players == 2 else DEALS4)[DECK_OF[name]]
    vira = "Qs" if name == "paulista" else None  # Js are manilhas: no card of the deals
    return G.from_deal(name, hands=hands, vira=vira, dealer=kw.pop("dealer", 1), **kw)


def core(g):
    return [str(a) for a in g.legal_actions()
            if str(a).startswith("play ") or str(a) in ("raise", "accept", "refuse", "fold")]


# --- the ladders ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(LADDERS))
def test_ladder_base_value_and_raise_values(name):
    v = truco.variant(name)
    ladder = LADDERS[name]
    assert v.base_value == ladder[0]
    for before, after in zip(ladder, ladder[1:]):
        assert v.raise_value(before) == after


@pytest.mark.parametrize("name", list(TOP))
def test_top_rung_raise_value_is_none(name):
    assert truco.variant(name).raise_value(TOP[name]) is None


@pytest.mark.parametrize("name", list(LADDERS))
def test_each_raise_offers_the_next_rung_in_a_game(name):
    g = deal(name)
    offered = []
    for _ in LADDERS[name][1:]:
        g.apply("raise")
        offered.append(g.pending_raise[1])
    assert offered == LADDERS[name][1:]


@pytest.mark.parametrize("name,rung", [(name, rung) for name, ladder in LADDERS.items()
                                       for rung in range(1, len(ladder))])
def test_refused_raise_scores_value_before_raise(name, rung):
    ladder = LADDERS[name]
    g = deal(name)
    for _ in range(rung):
        g.apply("raise")  # raises alternate between the two players (a raise answers a raise)
    raiser_team = (rung - 1) % 2
    assert g.pending_raise == (raiser_team, ladder[rung])
    g.apply("refuse")
    expected = [0, 0]
    expected[raiser_team] = ladder[rung - 1]
    assert g.score == tuple(expected)


def test_mineiro_refusals_give_2_4_6_10():
    got = []
    for rung in range(1, 5):
        g = deal("mineiro")
        for _ in range(rung):
            g.apply("raise")
        g.apply("refuse")
        got.append(max(g.score))
    assert got == [2, 4, 6, 10]


def test_paulista_refusals_give_1_3_6_9():
    got = []
    for rung in range(1, 5):
        g = deal("paulista")
        for _ in range(rung):
            g.apply("raise")
        g.apply("refuse")
        got.append(max(g.score))
    assert got == [1, 3, 6, 9]


def test_argentino_refusals_give_1_2_3():
    got = []
    for rung in range(1, 4):
        g = deal("argentino")
        for _ in range(rung):
            g.apply("raise")
        g.apply("refuse")
        got.append(max(g.score))
    assert got == [1, 2, 3]


def test_plato_refused_raise_betting_side_wins_at_current_value():
    g = deal("plato")
    g.apply("raise")
    g.apply("refuse")
    assert g.score == (1, 0)
    g = deal("plato")
    for a in ["raise", "accept", "play 1e", "raise", "refuse"]:
        g.apply(a)
    assert g.score == (0, 2)


def test_refusing_ends_the_hand_at_once():
    g = deal("mineiro")
    g.apply("raise")
    g.apply("refuse")
    assert g.hand_no == 2
    assert g.log[-1].kind == "deal"
    assert g.hand_value == 2 and g.pending_raise is None


# --- answers --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(LADDERS))
def test_raise_is_answered_accept_refuse_or_raise(name):
    g = deal(name)
    g.apply("raise")
    assert g.current_player == 1
    assert core(g) == ["accept", "refuse", "raise"]


def test_the_other_side_answers_a_raise_4p():
    g = deal("mineiro", players=4, dealer=3)
    g.apply("play 4c")
    assert g.current_player == 1
    g.apply("raise")
    assert g.current_player in (0, 2)  # the other side answers
    assert g.pending_raise == (1, 4)


def test_accepted_raise_play_resumes_with_the_raiser():
    g = deal("mineiro")
    g.apply("raise")
    g.apply("accept")
    assert g.current_player == 0
    assert "play 4c" in core(g)


def test_hand_value_counts_only_accepted_raises():
    g = deal("mineiro")
    assert g.hand_value == 2
    g.apply("raise")
    assert g.hand_value == 2  # still unanswered
    g.apply("accept")
    assert g.hand_value == 4


def test_counter_raise_accepts_the_raise_on_the_table():
    g = deal("mineiro")
    g.apply("raise")   # Truco by team A
    g.apply("raise")   # Seis by team B: the Truco is accepted
    assert g.hand_value == 4
    assert g.pending_raise == (1, 6)
    g.apply("refuse")  # team A runs from the Seis: team B scores 4
    assert g.score == (0, 4)


def test_accepted_value_is_scored_by_the_hand_winner():
    g = deal("argentino")
    for a in ["raise", "raise", "raise", "accept", "play 1e", "play 1b", "play 7o", "play 2e"]:
        g.apply(a)
    assert g.score == (4, 0)


# --- who may raise --------------------------------------------------------------------------

def test_raise_only_on_your_turn(illegal):
    g = deal("mineiro")
    illegal(g, "raise", reason="not_your_turn", player=1)
    g.apply("play 4c")
    illegal(g, "raise", reason="not_your_turn", player=0)
    assert "raise" in core(g)


def test_raise_before_playing_a_card_not_after(illegal):
    g = deal("mineiro")
    g.apply("play 4c")
    # player 0 has played; it is player 1's turn, so player 0 can't raise now
    assert g.current_player == 1
    illegal(g, "raise", player=0)


@pytest.mark.parametrize("name", list(LADDERS))
def test_side_never_raises_twice_in_a_row(name, illegal):
    g = deal(name)
    g.apply("raise")
    g.apply("accept")
    assert g.current_player == 0
    assert "raise" not in core(g)
    illegal(g, "raise", reason="same_side_raised_last")


def test_side_never_raises_twice_in_a_row_4p(illegal):
    g = deal("mineiro", players=4, dealer=3)
    g.apply("raise")          # seat 0, team A
    g.apply("accept")         # seat 1, team B
    g.apply("play 4c")
    g.apply("play 3d")        # seat 1 may raise but plays
    assert g.current_player == 2
    illegal(g, "raise", reason="same_side_raised_last")  # seat 2 is team A's partner


def test_only_the_side_that_accepted_may_raise_next():
    g = deal("mineiro")
    g.apply("raise")
    g.apply("accept")
    g.apply("play 4c")
    assert g.current_player == 1
    assert "raise" in core(g)
    g.apply("raise")
    assert g.pending_raise == (1, 6)


def test_after_a_counter_raise_is_accepted_the_accepting_side_may_raise(illegal):
    g = deal("mineiro")
    g.apply("raise")   # A: Truco
    g.apply("raise")   # B: Seis
    g.apply("accept")  # A accepts 6
    assert g.hand_value == 6 and g.current_player == 0
    assert "raise" in core(g)
    g.apply("play 4c")
    illegal(g, "raise", reason="same_side_raised_last")  # B raised last


def test_mineiro_pair_cannot_ask_twice_in_a_row(illegal):
    g = deal("mineiro")
    for a in ["raise", "accept", "play 4c"]:
        g.apply(a)
    g.apply("play 3d")  # trick 1 to team A (Zap); A leads
    assert g.current_player == 0
    illegal(g, "raise", reason="same_side_raised_last")


@pytest.mark.parametrize("name", list(TOP))
def test_top_rung_cannot_be_raised(name, illegal):
    g = deal(name)
    while g.pending_raise is None or g.pending_raise[1] != TOP[name]:
        g.apply("raise")
    assert core(g) == ["accept", "refuse"]
    illegal(g, "raise", reason="top_of_ladder")
    g.apply("accept")
    assert g.hand_value == TOP[name]
    assert "raise" not in core(g)
    illegal(g, "raise", reason="top_of_ladder")


def test_mineiro_doze_cannot_be_raised():
    v = truco.variant("mineiro")
    assert v.raise_value(10) == 12 and v.raise_value(12) is None


def test_argentino_vale_cuatro_is_the_top():
    assert truco.variant("argentino").raise_value(4) is None


def test_plato_retruco_is_the_top():
    v = truco.variant("plato")
    assert v.raise_value(1) == 2 and v.raise_value(2) == 3 and v.raise_value(3) is None


def test_nothing_to_answer_without_a_raise(illegal):
    g = deal("mineiro")
    illegal(g, "accept", reason="nothing_to_answer")
    illegal(g, "refuse", reason="nothing_to_answer")


def test_a_raise_must_be_answered_before_playing(illegal):
    g = deal("mineiro")
    g.apply("raise")
    illegal(g, "play 3d", reason="answer_pending")


# --- rung names in the explanations ---------------------------------------------------------

def test_mineiro_rung_names_truco_seis_dez_doze():
    g = deal("mineiro")
    words = []
    for _ in range(4):
        words.append(g.apply("raise").verdict.explain())
    for word, text in zip(["Truco", "Seis", "Dez", "Doze"], words):
        assert word in text, text


def test_argentino_rung_names_truco_retruco_vale_cuatro():
    g = deal("argentino")
    texts = [g.apply("raise").verdict.explain() for _ in range(3)]
    for word, text in zip(["Truco", "Retruco", "Vale cuatro"], texts):
        assert word in text, text


def test_paulista_rung_names_truco_seis_nove_doze():
    g = deal("paulista")
    texts = [g.apply("raise").verdict.explain() for _ in range(4)]
    for word, text in zip(["Truco", "Seis", "Nove", "Doze"], texts):
        assert word in text, text


def test_refusal_explanation_names_the_points():
    g = deal("mineiro")
    g.apply("raise")
    event = g.apply("refuse")
    assert event.verdict.points == 2 and event.verdict.winner == 0
    assert "scores 2" in event.verdict.explain()


# --- Truc: raises of two, both players in one trick; Sackson doubling ------------------------

@pytest.mark.parametrize("name", ["truc", "truc-catalan"])
def test_truc_raises_are_two_more_each_time(name):
    v = truco.variant(name)
    assert [v.raise_value(x) for x in (1, 2, 4, 6, 8)] == [2, 4, 6, 8, 10]


def test_truc_both_players_may_raise_in_the_same_trick():
    g = deal("truc")
    g.apply("raise")        # the leader, before leading
    g.apply("accept")
    g.apply("play 7c")
    assert g.current_player == 1
    assert "raise" in core(g)  # the follower, before answering
    g.apply("raise")
    g.apply("accept")
    assert g.hand_value == 4
    assert g.current_player == 1


def test_truc_refused_proposer_scores_value_before():
    g = deal("truc")
    for a in ["raise", "accept", "play 7c", "raise", "accept", "play 7h", "raise", "refuse"]:
        g.apply(a)
    assert g.score == (4, 0)


def test_truc_sackson_each_raise_doubles():
    v = truco.variant("truc-sackson")
    assert [v.raise_value(x) for x in (1, 2, 4, 8)] == [2, 4, 8, 16]


def test_truc_sackson_refused_double_gives_value_before():
    g = deal("truc-sackson")
    for _ in range(4):
        g.apply("raise")
    g.apply("refuse")
    assert g.score == (0, 8)


# --- going to the deck ------------------------------------------------------------------------

def test_argentino_going_to_the_deck_without_truco_gives_1():
    g = deal("argentino")
    g.apply("fold")
    assert g.score == (0, 1)


def test_argentino_going_to_the_deck_scores_the_current_value():
    g = deal("argentino")
    for a in ["raise", "accept", "fold"]:
        g.apply(a)
    assert g.score == (0, 2)
    g = deal("argentino")
    for a in ["raise", "raise", "accept", "play 1e", "play 1b", "fold"]:
        g.apply(a)
    assert g.score == (0, 3)  # retruco accepted, then team A folds at its turn


def test_fold_is_possible_at_any_time_on_your_turn(illegal):
    g = deal("argentino")
    assert "fold" in core(g)
    g.apply("play 1e")
    assert "fold" in core(g)
    illegal(g, "fold", reason="not_your_turn", player=0)
    g.apply("fold")
    assert g.score == (1, 0)
