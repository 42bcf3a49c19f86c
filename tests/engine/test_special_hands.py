"""Special hands: Mineiro's hand of ten and iron hand, Paulista's hand of eleven and iron hand."""
import pytest

import truco

G = truco.Game
STRONG = [["4c", "7h", "As"], ["3d", "2s", "Kc"]]          # Mineiro: team A takes 2 tricks
TIES = [["3c", "Kc", "5c"], ["3h", "Ks", "5h"]]            # every trick tied
P_STRONG = [["3c", "2c", "Ac"], ["4d", "5d", "6d"]]        # Paulista, vira Qs (Js manilhas)
FOUR = [["4c", "7h", "As"], ["3d", "2s", "Kc"], ["5c", "5h", "6s"], ["Qd", "Jd", "Kd"]]


def core(g):
    return [str(a) for a in g.legal_actions()
            if str(a).startswith("play ") or str(a) in ("raise", "accept", "refuse", "fold")]


def mineiro(score, hands=STRONG, dealer=1, **options):
    return G.from_deal(truco.variant("mineiro", **options), hands=hands, dealer=dealer,
                       score=score)


def paulista(score, hands=P_STRONG, dealer=1, **options):
    return G.from_deal(truco.variant("paulista", **options), hands=hands, vira="Qs",
                       dealer=dealer, score=score)


def codes_in(observation):
    """Every whitespace-separated token in the observation's text fields."""
    out = set()

    def walk(x):
        if isinstance(x, str):
            out.update(x.split())
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
    for field in observation.__dataclass_fields__:
        walk(getattr(observation, field))
    return out


# --- Mineiro: hand of ten ---------------------------------------------------------------------

@pytest.mark.parametrize("score,decider_team", [((10, 4), 0), ((4, 10), 1)])
def test_mineiro_hand_of_ten_the_pair_on_10_decides_before_play(score, decider_team):
    g = mineiro(score)
    assert g.special_hand == "hand_of"
    assert g.current_player % 2 == decider_team
    assert core(g) == ["accept", "refuse"]
    obs = g.observation(g.current_player)
    assert obs.hand is not None and len(obs.hand) == 3  # it looks at its cards


def test_mineiro_hand_of_ten_played_is_worth_4():
    g = mineiro((4, 10))
    g.apply("accept")
    assert g.hand_value == 4
    assert g.current_player == 0  # play starts with the mano
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.score == (8, 10)


def test_mineiro_hand_of_ten_won_by_the_pair_on_10_ends_the_game():
    g = mineiro((10, 4))
    for a in ["accept", "play 4c", "play 3d", "play 7h", "play 2s"]:
        g.apply(a)
    assert g.score == (14, 4) and g.is_over and g.winner == 0


@pytest.mark.parametrize("score,after", [((10, 4), (10, 6)), ((4, 10), (6, 10))])
def test_mineiro_hand_of_ten_refused_gives_opponents_2(score, after):
    g = mineiro(score)
    g.apply("refuse")
    assert g.score == after
    assert g.hand_no == 2


def test_no_raise_in_hand_of_ten(illegal):
    g = mineiro((10, 4))
    g.apply("accept")
    assert "raise" not in core(g)
    illegal(g, "raise", reason="no_raise_in_hand_of_10")
    g.apply("play 4c")  # the opponents may not ask Truco either
    assert "raise" not in core(g)
    illegal(g, "raise", reason="no_raise_in_hand_of_10")


def test_no_raise_while_deciding_the_hand_of_ten(illegal):
    g = mineiro((10, 4))
    illegal(g, "raise")
    illegal(g, "play 4c")
    illegal(g, "fold")


def test_mineiro_hand_of_ten_partners_see_each_others_cards_4p():
    g = G.from_deal("mineiro", hands=FOUR, dealer=3, score=(10, 4))
    assert g.special_hand == "hand_of" and g.current_player in (0, 2)
    assert g.observation(0).partner_hands == ((2, ("5c", "5h", "6s")),)
    assert g.observation(2).partner_hands == ((0, ("4c", "7h", "As")),)


def test_mineiro_hand_of_ten_opponents_do_not_see_the_cards_4p():
    g = G.from_deal("mineiro", hands=FOUR, dealer=3, score=(10, 4))
    for seat in (1, 3):
        obs = g.observation(seat)
        assert obs.partner_hands == ()
        assert not codes_in(obs) & {"4c", "7h", "As", "5c", "5h", "6s"}


def test_mineiro_hand_of_ten_comes_when_a_pair_reaches_10():
    g = mineiro((8, 0))
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.score == (10, 0)
    assert g.special_hand == "hand_of"
    assert g.phase == "decide"
    assert g.current_player % 2 == 0


def test_mineiro_hand_of_ten_verdict_explains_the_decision():
    g = mineiro((10, 4))
    event = g.apply("refuse")
    assert event.verdict.points == 2 and event.verdict.winner == 1


# --- Mineiro: iron hand ------------------------------------------------------------------------

def test_mineiro_iron_hand_when_both_pairs_are_at_10():
    g = mineiro((10, 10))
    assert g.special_hand == "iron"
    assert g.phase == "play"  # nobody decides: the hand is played
    assert "accept" not in core(g)


def test_no_raise_in_iron_hand(illegal):
    g = mineiro((10, 10))
    assert "raise" not in core(g)
    illegal(g, "raise", reason="no_raise_in_iron_hand")
    g.apply("play 4c")
    illegal(g, "raise", reason="no_raise_in_iron_hand")


@pytest.mark.parametrize("name", ["mineiro", "paulista"])
def test_iron_hand_winner_takes_game(name):
    if name == "mineiro":
        g, cards, loser = mineiro((10, 10)), ["4c", "3d", "7h", "2s"], 10
    else:
        g, cards, loser = paulista((11, 11)), ["3c", "4d", "2c", "5d"], 11
    for card in cards:
        g.apply("play " + card)
    assert g.is_over and g.winner == 0
    assert g.score[0] >= 12
    assert g.score[1] == loser


def test_iron_hand_loser_of_the_hand_loses_the_game():
    g = mineiro((10, 10), hands=[STRONG[1], STRONG[0]], dealer=0)  # seat 1 is mano
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.is_over and g.winner == 1 and g.score[1] >= 12 and g.score[0] == 10


def test_mineiro_iron_hand_all_tied_dealer_pair_takes_game():
    g = mineiro((10, 10), hands=TIES, dealer=1)
    for card in ["3c", "3h", "Kc", "Ks", "5c", "5h"]:
        g.apply("play " + card)
    assert g.is_over and g.winner == 1


def test_mineiro_iron_hand_comes_when_both_pairs_reach_10():
    g = mineiro((10, 8))
    g.apply("refuse")  # team A runs from its hand of ten: team B 8 -> 10
    assert g.score == (10, 10)
    assert g.special_hand == "iron"
    assert g.phase == "play"


def test_mineiro_iron_hand_face_up_by_default():
    g = mineiro((10, 10))
    assert g.observation(0).hand == ("4c", "7h", "As")


def test_mineiro_iron_hand_face_down_is_a_rule_option():
    g = mineiro((10, 10), iron_hand_blind=True)
    assert g.observation(0).hand is None
    assert g.observation(1).hand is None


# --- Paulista: hand of eleven and iron hand ---------------------------------------------------

def test_paulista_hand_of_eleven_the_side_on_11_decides():
    g = paulista((5, 11))
    assert g.special_hand == "hand_of"
    assert g.current_player % 2 == 1
    assert core(g) == ["accept", "refuse"]


def test_paulista_hand_of_eleven_played_is_worth_3():
    g = paulista((5, 11))
    g.apply("accept")
    assert g.hand_value == 3
    for card in ["3c", "4d", "2c", "5d"]:
        g.apply("play " + card)
    assert g.score == (8, 11)


def test_paulista_hand_of_eleven_run_gives_1():
    g = paulista((5, 11))
    g.apply("refuse")
    assert g.score == (6, 11)


def test_paulista_hand_of_eleven_partners_see_each_others_cards_4p():
    g = G.from_deal("paulista", hands=FOUR, vira="Ah", dealer=0, score=(3, 11))
    assert g.special_hand == "hand_of" and g.current_player in (1, 3)
    assert g.observation(1).partner_hands == ((3, ("Qd", "Jd", "Kd")),)
    assert g.observation(3).partner_hands == ((1, ("3d", "2s", "Kc")),)
    assert g.observation(0).partner_hands == () and g.observation(2).partner_hands == ()


def test_no_raise_in_hand_of_eleven(illegal):
    g = paulista((5, 11))
    g.apply("accept")
    illegal(g, "raise", reason="no_raise_in_hand_of_11")


def test_paulista_iron_hand_when_both_sides_are_on_11(illegal):
    g = paulista((11, 11))
    assert g.special_hand == "iron" and g.phase == "play"
    illegal(g, "raise", reason="no_raise_in_iron_hand")


def test_paulista_iron_hand_played_blind():
    g = paulista((11, 11))
    for seat in (0, 1):
        obs = g.observation(seat)
        assert obs.hand is None
        own = set(P_STRONG[seat])
        # played blind: the observation must not reveal the seat's own cards anywhere
        assert not codes_in(obs) & own, (seat, obs)


@pytest.mark.parametrize("name", ["paulista", "mineiro"])
def test_blind_iron_hand_actions_in_the_observation_can_be_applied(name):
    if name == "paulista":
        g = paulista((11, 11))
    else:
        g = mineiro((10, 10), iron_hand_blind=True)
    seat = g.current_player
    shown = g.observation(seat).legal_actions
    assert shown, "the player to act must be offered actions"
    for text in shown:
        assert g.can(text), f"the observation offers {text!r} but the game refuses it"
    plays = [t for t in shown if t.startswith("play")]
    assert len(plays) == 3
    held = g.hand(seat)
    g.apply(plays[0])  # the blind player's choice plays one of its own cards
    assert g.current_trick[0][0] == seat and g.current_trick[0][1] in held


def test_paulista_iron_hand_blind_option_off_shows_cards():
    g = paulista((11, 11), iron_hand_blind=False)
    assert g.observation(0).hand == ("3c", "2c", "Ac")


def test_paulista_iron_hand_all_tied_nobody_scores_and_iron_hand_again():
    g = G.from_deal("paulista", hands=[["3c", "Kc", "6c"], ["3h", "Ks", "6h"]], vira="4c",
                    dealer=1, score=(11, 11))
    for card in ["3c", "3h", "Kc", "Ks", "6c", "6h"]:
        g.apply("play " + card)
    assert g.score == (11, 11) and not g.is_over
    assert g.special_hand == "iron"


def test_raise_while_deciding_hand_of_ten_names_the_hand_of_ten():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]],
                             dealer=1, score=(10, 0))
    assert g.phase == "decide"
    with pytest.raises(truco.IllegalAction) as err:
        g.apply("raise")
    assert err.value.reason == "no_raise_in_hand_of_10"
