"""Whole hands replayed from the notation, with the score each must leave.

Each case: notation, score after the hand, the hand verdict's reason and winning team.
Seat 0 and 2 (and 4) are team A (0), seats 1, 3 (and 5) team B (1); the mano is the seat
after the dealer and leads trick 1.
"""
import pytest

import truco

CASES = [
    # --- Mineiro ---------------------------------------------------------------------------
    ("mineiro-two-tricks",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : 4c 3d 7h 2s",
     (2, 0), "two_tricks", 0),
    ("mineiro-truco-accepted",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise accept 4c 3d 7h 2s",
     (4, 0), "two_tricks", 0),
    ("mineiro-seis-refused",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise raise refuse",
     (0, 4), "refused", 1),
    ("mineiro-doze-refused",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise raise raise raise refuse",
     (0, 10), "refused", 1),
    ("mineiro-dez-accepted-then-won",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise raise raise accept "
     "4c 3d 7h 2s", (10, 0), "two_tricks", 0),
    ("mineiro-first-tied-second-decides",
     "mineiro 2p dealer=1 score=0-0 hands=3c,Kc,5c/3h,2s,6c : 3c 3h Kc 2s",
     (0, 2), "first_tied", 1),
    ("mineiro-second-tied-first-winner",
     "mineiro 2p dealer=1 score=0-0 hands=2c,Kc,5c/3h,Ks,6c : 2c 3h Ks Kc",
     (0, 2), "second_tied", 1),
    ("mineiro-third-tied-first-winner",
     "mineiro 2p dealer=1 score=0-0 hands=2c,Kc,5c/3h,Qs,5h : 2c 3h Qs Kc 5c 5h",
     (0, 2), "third_tied", 1),
    ("mineiro-two-ties-third-decides",
     "mineiro 2p dealer=1 score=0-0 hands=3c,Kc,5c/3h,Ks,6h : 3c 3h Kc Ks 5c 6h",
     (0, 2), "first_tied", 1),
    ("mineiro-all-tied-dealer-B",
     "mineiro 2p dealer=1 score=0-0 hands=3c,Kc,5c/3h,Ks,5h : 3c 3h Kc Ks 5c 5h",
     (0, 2), "all_tied_dealer", 1),
    ("mineiro-all-tied-dealer-A",
     "mineiro 2p dealer=0 score=0-0 hands=3c,Kc,5c/3h,Ks,5h : 3h 3c Ks Kc 5h 5c",
     (2, 0), "all_tied_dealer", 0),
    ("mineiro-all-tied-nobody-option",
     "mineiro[all_tie=nobody] 2p dealer=1 score=0-0 hands=3c,Kc,5c/3h,Ks,5h : "
     "3c 3h Kc Ks 5c 5h", (0, 0), "all_tied_nobody", None),
    ("mineiro-fold-after-truco",
     "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise accept fold",
     (0, 4), "fold", 1),
    ("mineiro-4p-partners-share-then-B-wins",
     "mineiro 4p dealer=3 score=0-0 hands=3c,Kc,5c/2h,2s,6c/3s,7s,5h/Ah,Kd,4d : "
     "3c 2h 3s Ah Kc 2s 7s Kd 6c 5h 4d 5c", (0, 2), "two_tricks", 1),
    ("mineiro-hand-of-ten-played",
     "mineiro 2p dealer=1 score=10-6 hands=4c,7h,As/3d,2s,Kc : accept 4c 3d 7h 2s",
     (14, 6), "two_tricks", 0),
    ("mineiro-hand-of-ten-run",
     "mineiro 2p dealer=1 score=10-6 hands=4c,7h,As/3d,2s,Kc : refuse",
     (10, 8), "hand_of_run", 1),
    ("mineiro-iron-hand",
     "mineiro 2p dealer=1 score=10-10 hands=3d,2s,Kc/4c,7h,As : 3d 4c 7h 2s",
     (10, 12), "two_tricks", 1),
    # --- Paulista --------------------------------------------------------------------------
    ("paulista-issue-example-played-out",
     "paulista 2p dealer=1 score=0-0 vira=3s hands=4c,7h,As/3d,2s,Kc : "
     "4c raise accept 2s 7h 3d Kc As", (3, 0), "two_tricks", 0),
    ("paulista-vira-K-makes-aces-manilhas",
     "paulista 2p dealer=1 score=0-0 vira=Kd hands=3c,3h,2c/Ah,4d,5s : 3c Ah 4d 3h 2c 5s",
     (1, 0), "two_tricks", 0),
    ("paulista-nove-refused",
     "paulista 2p dealer=1 score=0-0 vira=Qs hands=4c,7h,As/3d,2s,Kc : raise raise raise refuse",
     (6, 0), "refused", 0),
    ("paulista-all-tied-nobody",
     "paulista 2p dealer=1 score=0-0 vira=4c hands=3c,Kc,6c/3h,Ks,6h : 3c 3h Kc Ks 6c 6h",
     (0, 0), "all_tied_nobody", None),
    ("paulista-all-tied-mano-option",
     "paulista[all_tie=mano] 2p dealer=1 score=0-0 vira=4c hands=3c,Kc,6c/3h,Ks,6h : "
     "3c 3h Kc Ks 6c 6h", (1, 0), "all_tied_mano", 0),
    ("paulista-hand-of-eleven-run",
     "paulista 2p dealer=1 score=4-11 vira=Qs hands=3c,2c,Ac/4d,5d,6d : refuse",
     (5, 11), "hand_of_run", 0),
    ("paulista-hand-of-eleven-played",
     "paulista 2p dealer=1 score=4-11 vira=Qs hands=3c,2c,Ac/4d,5d,6d : accept 3c 4d 2c 5d",
     (7, 11), "two_tricks", 0),
    ("paulista-iron-hand",
     "paulista 2p dealer=1 score=11-11 vira=Qs hands=3c,2c,Ac/4d,5d,6d : 3c 4d 2c 5d",
     (12, 11), "two_tricks", 0),
    # --- Argentino -------------------------------------------------------------------------
    ("argentino-bravas",
     "argentino 2p dealer=1 score=0-0 hands=1e,7o,3c/1b,2e,4c : 1e 1b 7o 2e",
     (1, 0), "two_tricks", 0),
    ("argentino-first-parda",
     "argentino 2p dealer=1 score=0-0 hands=3e,4b,5c/3o,12e,6c : 3e 3o 4b 12e",
     (0, 1), "first_tied", 1),
    ("argentino-three-pardas-mano-A",
     "argentino 2p dealer=1 score=0-0 hands=3e,12b,5c/3o,12o,5e : 3e 3o 12b 12o 5c 5e",
     (1, 0), "all_tied_mano", 0),
    ("argentino-three-pardas-mano-B",
     "argentino 2p dealer=0 score=0-0 hands=3e,12b,5c/3o,12o,5e : 3o 3e 12o 12b 5e 5c",
     (0, 1), "all_tied_mano", 1),
    ("argentino-false-aces-parda-then-false-sevens",
     "argentino 2p dealer=1 score=0-0 hands=1o,7c,4e/1c,7b,5e : 1o 1c 7c 7b 4e 5e",
     (0, 1), "first_tied", 1),
    ("argentino-retruco-refused",
     "argentino 2p dealer=1 score=0-0 hands=1e,7o,3c/1b,2e,4c : raise accept 1e raise refuse",
     (0, 2), "refused", 1),
    ("argentino-vale-cuatro-won",
     "argentino 2p dealer=1 score=0-0 hands=1e,7o,3c/1b,2e,4c : raise raise raise accept "
     "1e 1b 7o 2e", (4, 0), "two_tricks", 0),
    ("argentino-mazo-without-truco",
     "argentino 2p dealer=1 score=0-0 hands=1e,7o,3c/1b,2e,4c : 1e fold",
     (1, 0), "fold", 0),
    ("argentino-mazo-after-truco",
     "argentino 2p dealer=1 score=0-0 hands=1e,7o,3c/1b,2e,4c : raise accept fold",
     (0, 2), "fold", 1),
    ("argentino-6p-parda-then-ancho",
     "argentino 6p dealer=5 score=0-0 hands=3e,1e,4c/3o,5c,6c/4e,5e,6e/4o,5o,6o/4b,5b,6b/"
     "7c,7b,10c : 3e 3o 4e 4o 4b 7c 1e 5c 5e 5o 5b 7b", (1, 0), "first_tied", 0),
    ("argentino-4p-partners-share",
     "argentino 4p dealer=3 score=0-0 hands=3e,12b,5c/2o,12o,4e/3b,6e,6o/1c,10b,4o : "
     "3e 2o 3b 1c 12b 12o 6e 10b", (1, 0), "second_tied", 0),
    # --- Truc ------------------------------------------------------------------------------
    ("truc-spoiled-then-won",
     "truc 2p dealer=1 score=0-0 hands=7c,8c,Ac/7h,9h,Kh : 7c 7h 8c 9h",
     (1, 0), "first_tied", 0),
    ("truc-spoiled-counts-for-first-winner",
     "truc 2p dealer=1 score=0-0 hands=8c,Ac,9c/9h,Ah,Kh : 8c 9h Ac Ah",
     (1, 0), "second_tied", 0),
    ("truc-third-spoiled",
     "truc 2p dealer=1 score=0-0 hands=8c,9c,Ac/9h,Kh,Ah : 8c 9h 9c Kh Ah Ac",
     (1, 0), "third_tied", 0),
    ("truc-all-spoiled",
     "truc 2p dealer=1 score=0-0 hands=7c,8c,9c/7h,8h,9h : 7c 7h 8c 8h 9c 9h",
     (0, 0), "all_tied_nobody", None),
    ("truc-raises-of-two-refused",
     "truc 2p dealer=1 score=0-0 hands=7c,8c,Ac/7h,9h,Kh : raise accept 7c raise accept 7h "
     "raise refuse", (4, 0), "refused", 0),
    ("truc-eight-beats-ace",
     "truc 2p dealer=1 score=0-0 hands=Ac,Kc,9c/8h,Jh,Qh : Ac 8h Jh Kc 9c Qh",
     (0, 1), "two_tricks", 1),
    ("truc-sackson-ace-beats-eight",
     "truc-sackson 2p dealer=1 score=0-0 hands=Ac,Kc,9c/8h,Jh,Qh : Ac 8h Kc Jh",
     (1, 0), "two_tricks", 0),
    ("truc-sackson-doubled-to-8",
     "truc-sackson 2p dealer=1 score=0-0 hands=7c,Ac,8c/7h,8h,Kh : raise raise raise accept "
     "7c 7h Ac Kh", (8, 0), "first_tied", 0),
    ("truc-catalan-threes-and-twos",
     "truc-catalan 2p dealer=1 score=0-0 hands=3e,1o,4c/2e,12o,5c : 3e 2e 1o 12o",
     (1, 0), "two_tricks", 0),
    # --- Plato -----------------------------------------------------------------------------
    ("plato-retruco-refused",
     "plato 2p dealer=1 score=0-0 hands=1e,3c,4c/7o,3o,5c : raise raise refuse",
     (0, 2), "refused", 1),
    ("plato-truco-won-parda-after",
     "plato 2p dealer=1 score=0-0 hands=1e,3c,4c/7o,3o,5c : raise accept 1e 7o 3c 3o",
     (2, 0), "second_tied", 0),
    ("plato-4p-bravas",
     "plato 4p dealer=0 score=0-0 hands=4c,5c,6c/7e,3o,5e/4e,5o,6o/1e,2b,12c : "
     "7e 4e 1e 4c 2b 5c 3o 5o", (0, 1), "two_tricks", 1),
]


@pytest.mark.parametrize("text,score,reason,winner", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_replayed_hand_scores(text, score, reason, winner):
    g = truco.from_notation(text)
    assert g.hand_notations[0] == text
    assert g.hand_no == 2 or g.is_over, "the hand should be over"
    assert g.score == score
    verdict = [e for e in g.log if e.kind == "hand"][0].verdict
    assert verdict.reason == reason
    assert verdict.winner == winner
    if g.is_over:
        assert g.winner == max((0, 1), key=lambda t: g.score[t])
