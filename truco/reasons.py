"""Every reason code of the engine, and the rules in words, each stated once.

A :class:`Reason` is a ``str`` (a :class:`~enum.StrEnum`): ``err.reason == "not_your_turn"``
and ``verdict.reason == "two_tricks"`` keep working for every caller, and a reason prints
as its code.

>>> Reason.NOT_YOUR_TURN == "not_your_turn", str(Reason.TWO_TRICKS), Reason.TIE
(True, 'two_tricks', 'tie')
>>> Reason.hand_of(10)
'no_raise_in_hand_of_10'
>>> rule_text(Reason.FLOR_ALONE)
'a flor nobody else answers with a flor scores 3 (3 for each flor of that side)'

The tables below hold the rule of each verdict (:data:`RULES`, with :data:`OPTION_RULES`
where a rule option changes it and :data:`GAME_RULES` for the end of a game) and the
sentence that explains it (:data:`TEXTS`); the texts are gettext message ids, translated
where they are shown.
"""
from __future__ import annotations

from enum import StrEnum

from .i18n import N_, _


class Reason(StrEnum):
    """A stable reason code: why an action is illegal, or how a verdict was reached.

    >>> Reason("bad_card") is Reason.BAD_CARD, Reason.BAD_CARD
    (True, 'bad_card')
    >>> try: Game("mineiro", players=5)
    ... except truco.BadArgument as e: print(e.reason is Reason.BAD_PLAYERS)
    True
    """

    # --- errors: arguments and setup (truco.errors.BadArgument, CardError, UnknownVariant)
    ERROR = "error"
    BAD_ARGUMENT = "bad_argument"
    BAD_CARD = "bad_card"
    CARD_NOT_IN_DECK = "card_not_in_deck"
    BAD_DEAL = "bad_deal"
    BAD_DEALER = "bad_dealer"
    BAD_HAND = "bad_hand"
    BAD_HANDS = "bad_hands"
    BAD_NOTATION = "bad_notation"
    BAD_OPTION_VALUE = "bad_option_value"
    BAD_PLAYERS = "bad_players"
    BAD_SCORE = "bad_score"
    BAD_TRICKS = "bad_tricks"
    NO_SUCH_PLAYER = "no_such_player"
    UNDECIDED = "undecided"
    UNKNOWN_OPTION = "unknown_option"
    UNKNOWN_VARIANT = "unknown_variant"
    VIRA_NEEDED = "vira_needed"
    # --- illegal actions: the core (turns, cards, the raise ladder)
    ILLEGAL_ACTION = "illegal_action"
    UNKNOWN_ACTION = "unknown_action"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_YOUR_CARD = "not_your_card"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    NOT_ALLOWED = "not_allowed"
    ANSWER_PENDING = "answer_pending"
    NOTHING_TO_ANSWER = "nothing_to_answer"
    DECIDE_FIRST = "decide_first"
    TOP_OF_LADDER = "top_of_ladder"
    SAME_SIDE_RAISED_LAST = "same_side_raised_last"
    # Brazilian special hands. The hand of ten / eleven keeps the code the API always gave,
    # one per number: use Reason.hand_of(n).
    NO_RAISE_IN_HAND_OF_10 = "no_raise_in_hand_of_10"
    NO_RAISE_IN_HAND_OF_11 = "no_raise_in_hand_of_11"
    NO_RAISE_IN_IRON_HAND = "no_raise_in_iron_hand"
    NO_RAISE_IN_SPECIAL_HAND = "no_raise_in_special_hand"
    # --- illegal actions: envido and flor
    NO_ENVIDO_IN_VARIANT = "no_envido_in_variant"
    ENVIDO_ONLY_FIRST_TRICK = "envido_only_first_trick"
    ENVIDO_SETTLED = "envido_settled"
    ENVIDO_ORDER = "envido_order"
    TRUCO_SETTLED = "truco_settled"
    FLOR_FIRST = "flor_first"
    NO_FLOR = "no_flor"
    # --- illegal actions: the Truc specials
    NO_REDEAL_IN_VARIANT = "no_redeal_in_variant"
    ONE_REDEAL_PER_HAND = "one_redeal_per_hand"
    ONLY_ELDEST_PROPOSES_REDEAL = "only_eldest_proposes_redeal"
    REDEAL_ONLY_BEFORE_PLAY = "redeal_only_before_play"
    NO_MON_RESTE_IN_VARIANT = "no_mon_reste_in_variant"
    NO_RAISE_AFTER_MON_RESTE = "no_raise_after_mon_reste"
    MON_RESTE_NOT_A_RAISE = "mon_reste_not_a_raise"
    MON_RESTE_NO_PLAIN_ACCEPT = "mon_reste_no_plain_accept"
    ONLY_CAPTAINS_CONCEDE = "only_captains_concede"
    ONLY_CAPTAINS_ANSWER = "only_captains_answer"
    NO_SIGNALS_IN_VARIANT = "no_signals_in_variant"
    UNKNOWN_SIGNAL = "unknown_signal"
    DISHONEST_SIGNAL = "dishonest_signal"

    # --- verdicts: a trick
    TIE = "tie"
    PARTNERS_SHARE_TOP = "partners_share_top"
    HIGHER_COMMON = "higher_common"
    SPECIAL_BEATS_COMMON = "special_beats_common"
    HIGHER_SPECIAL = "higher_special"
    # --- verdicts: a hand
    TWO_TRICKS = "two_tricks"
    FIRST_TIED = "first_tied"
    SECOND_TIED = "second_tied"
    THIRD_TIED = "third_tied"
    ALL_TIED_DEALER = "all_tied_dealer"
    ALL_TIED_MANO = "all_tied_mano"
    ALL_TIED_NOBODY = "all_tied_nobody"
    # --- verdicts: bets on the hand (the raise ladder, going to the deck, special hands)
    RAISED = "raised"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    FOLD = "fold"
    FOLD_ALONE = "fold_alone"
    HAND_OF_PLAYED = "hand_of_played"
    HAND_OF_RUN = "hand_of_run"
    # --- verdicts: the end of a game (MON_RESTE is also the Truc verdict of that name)
    TARGET_REACHED = "target_reached"
    IRON_HAND = "iron_hand"
    # --- verdicts: envido and flor
    ENVIDO_CALLED = "envido_called"
    ENVIDO_ACCEPTED = "envido_accepted"
    ENVIDO_REFUSED = "envido_refused"
    DECLARED = "declared"
    SON_BUENAS = "son_buenas"
    ENVIDO_WON = "envido_won"
    ENVIDO_BUENAS = "envido_buenas"
    FLOR_SUNG = "flor_sung"
    FLOR_ALONE = "flor_alone"
    FLOR_DUEL = "flor_duel"
    FLOR_BACKS_DOWN = "flor_backs_down"
    FLOR_ACHICO = "flor_achico"
    CONTRAFLOR_CALLED = "contraflor_called"
    CONTRAFLOR_ACCEPTED = "contraflor_accepted"
    CONTRAFLOR_REFUSED = "contraflor_refused"
    CONTRAFLOR_WON = "contraflor_won"
    CONTRAFLOR_RESTO_WON = "contraflor_resto_won"
    # --- verdicts: the Truc specials
    REDEAL_PROPOSED = "redeal_proposed"
    REDEAL_ACCEPTED = "redeal_accepted"
    REDEAL_REFUSED = "redeal_refused"
    MON_RESTE = "mon_reste"
    MON_RESTE_REFUSED = "mon_reste_refused"
    MON_RESTE_ANSWERED = "mon_reste_answered"
    SIGNAL = "signal"
    # --- verdicts: envido and flor points of one hand (truco.points)
    TWO_OF_A_SUIT = "two_of_a_suit"
    HIGHEST_CARD = "highest_card"
    PIEZA = "pieza"
    FLOR = "flor"
    FLOR_PIEZA = "flor_pieza"

    def __repr__(self) -> str:
        return repr(self.value)  # as the plain code it always was (doctests, logs)

    @classmethod
    def hand_of(cls, n: int) -> "Reason":
        """Why nobody may raise in the hand of ``n`` (ten in Mineiro, eleven in Paulista).

        >>> Reason.hand_of(11) is Reason.NO_RAISE_IN_HAND_OF_11
        True
        """
        return _HAND_OF.get(n, cls.NO_RAISE_IN_SPECIAL_HAND)


_HAND_OF = {10: Reason.NO_RAISE_IN_HAND_OF_10, 11: Reason.NO_RAISE_IN_HAND_OF_11}

R = Reason
_ENVIDO_WON = N_("the higher envido wins; a tie goes to the player nearest the mano")
_DECLARING = N_("accepted envido is declared in turn from the mano; who cannot beat the best "
                "of the other side says son buenas")
_FLOR_DUTY = N_("a flor must be announced before one's first card and cancels the envido; "
                "every flor of the hand is announced in turn, then all are settled together")
_CONTRAFLOR = N_("contraflor answers a flor: accepted, the best flor wins 6; refused with "
                 "con flor me achico, its caller's side scores 4")
_RESTO = N_("contraflor al resto: accepted, the best flor wins what the leader lacks to win "
            "plus 3 for each flor; refused, its caller's side scores 6")
_CONTRAFLOR_GOTRUCO = N_("contraflor answers a flor: accepted, the best flor wins 4, and 3 "
                         "more for each flor sung after it")
# Why a side may not raise now (the core's raise and Truc's mon reste both say it).
SAME_SIDE_RAISED_LAST = N_("{team} raised last: only {other}, who accepted, may raise next")

# The tables below are keyed by Reason members, typed by str: a Reason is a str, and a verdict
# made by a caller may carry its reason as the plain code ("target_reached"), which finds the
# same entry.

#: The rule behind each verdict, in words (a gettext message id).
RULES: dict[str, str] = {
    # a hand
    R.TWO_TRICKS: N_("a side that wins two tricks wins the hand"),
    R.FIRST_TIED: N_("when the first trick is tied, the next trick won decides the hand"),
    R.SECOND_TIED: N_("when a later trick is tied, the winner of the first trick wins the "
                      "hand"),
    R.THIRD_TIED: N_("when each side won a trick and the third is tied, the first trick's "
                     "winner wins the hand"),
    R.ALL_TIED_DEALER: N_("when all three tricks are tied, the dealer's side wins the hand"),
    R.ALL_TIED_MANO: N_("when all three tricks are tied, the mano's side wins the hand"),
    R.ALL_TIED_NOBODY: N_("when all three tricks are tied, nobody scores"),
    # bets on the hand
    R.RAISED: N_("a raise is made on your turn before playing a card; the other side accepts, "
                 "refuses or raises again"),
    R.ACCEPTED: N_("after an accepted raise, only the side that accepted may raise next"),
    R.REFUSED: N_("refusing a raise ends the hand: the raisers score the value before the "
                  "raise"),
    R.FOLD: N_("a side that goes to the deck gives the other side the hand's current value"),
    R.FOLD_ALONE: N_("a player may go to the deck alone: their cards leave the hand and their "
                     "partners play on; the side loses the hand only when all have gone"),
    R.HAND_OF_PLAYED: N_("the side at the special hand looks at its cards and decides to play "
                         "for more, with no raising"),
    R.HAND_OF_RUN: N_("a side that runs from its special hand gives the opponents points"),
    # envido and flor
    R.ENVIDO_CALLED: N_("envido is bet during the first trick: Envido 2, Real Envido 3, Falta "
                        "Envido what the leader lacks to win"),
    R.ENVIDO_ACCEPTED: _DECLARING,
    R.ENVIDO_REFUSED: N_("a first bet refused gives the bettor 1; later, the side whose bet was "
                         "refused scores what had been accepted until then"),
    R.DECLARED: _DECLARING,
    R.SON_BUENAS: _DECLARING,
    R.ENVIDO_WON: _ENVIDO_WON,
    R.ENVIDO_BUENAS: _ENVIDO_WON,
    R.FLOR_SUNG: _FLOR_DUTY,
    R.FLOR_ALONE: N_("a flor nobody else answers with a flor scores 3 (3 for each flor of that "
                     "side)"),
    R.FLOR_DUEL: N_("against another flor, the higher flor wins 3 for each flor announced; a "
                    "tie goes to the player nearest the mano"),
    R.FLOR_BACKS_DOWN: N_("con flor me achico: a player with flor concedes the flores to the "
                          "other side"),
    R.FLOR_ACHICO: N_("con flor me achico: the side whose flor was conceded scores 3 for each "
                      "of its flores"),
    R.CONTRAFLOR_CALLED: _CONTRAFLOR,
    R.CONTRAFLOR_ACCEPTED: _CONTRAFLOR,
    R.CONTRAFLOR_REFUSED: N_("a contraflor refused with con flor me achico scores 4 for its "
                             "caller's side, a contraflor al resto 6"),
    R.CONTRAFLOR_WON: _CONTRAFLOR,
    R.CONTRAFLOR_RESTO_WON: _RESTO,
    # the Truc specials
    R.REDEAL_PROPOSED: N_("before any card is played, the non-dealer (with four players, the "
                          "eldest) may propose one redeal per hand; only the dealer accepts or "
                          "refuses it"),
    R.REDEAL_ACCEPTED: N_("a redeal needs both sides to agree: the hands are put aside, the "
                          "same dealer gives everyone three new cards, and there is no second "
                          "redeal"),
    R.REDEAL_REFUSED: N_("a redeal needs both sides to agree; only one may be proposed in a "
                         "hand"),
    R.MON_RESTE: N_("on your turn, before playing a card, 'mon reste' raises the hand to what "
                    "your side lacks to reach the target; the other side folds or says mon "
                    "reste too"),
    R.MON_RESTE_REFUSED: N_("folding against mon reste ends the hand: the proposers score the "
                            "value the hand had before it"),
    R.MON_RESTE_ANSWERED: N_("when mon reste is answered with mon reste, nobody may raise any "
                             "more and the winner of the hand wins the game"),
    R.SIGNAL: N_("partners may show what they hold (a smile: a 7, a wink: an 8, a shrug: an "
                 "ace); signals must be honest"),
    # envido and flor points of one hand
    R.TWO_OF_A_SUIT: N_("two cards of one suit count their values plus 20; figures count 0"),
    R.HIGHEST_CARD: N_("with no two cards of one suit, the highest card counts alone"),
    R.PIEZA: N_("a pieza counts its own value (2: 30, 4: 29, 5: 28, 10 and 11: 27) plus the "
                "last digit of the best other card"),
    R.FLOR: N_("three cards of one suit count their values plus 20"),
    R.FLOR_PIEZA: N_("with piezas, the best pieza counts its value and the other cards their "
                     "last digit"),
}

#: The rules that a rule option states otherwise: ``(option value, reason) -> rule``
#: (``flor_stakes="gotruco"``: gotruco's and pytruco's flor bets).
OPTION_RULES: dict[tuple[str, str], str] = {
    ("gotruco", R.CONTRAFLOR_CALLED): _CONTRAFLOR_GOTRUCO,
    ("gotruco", R.CONTRAFLOR_ACCEPTED): _CONTRAFLOR_GOTRUCO,
    ("gotruco", R.CONTRAFLOR_WON): _CONTRAFLOR_GOTRUCO,
    ("gotruco", R.CONTRAFLOR_REFUSED): N_("a contraflor or contraflor al resto refused scores 3 "
                                          "for each flor of its caller's side, plus 1"),
    ("gotruco", R.CONTRAFLOR_RESTO_WON): N_("contraflor al resto: accepted, the best flor wins "
                                            "what the leader lacks to win (the falta, as for "
                                            "the falta envido)"),
}

#: The rule that ends a game (mon reste here is the game's end, not the bet).
GAME_RULES: dict[str, str] = {
    R.TARGET_REACHED: N_("the first side to reach {target} points wins the game"),
    R.MON_RESTE: N_("when mon reste is answered with mon reste, the winner of the hand wins "
                    "the game"),
    R.IRON_HAND: N_("in the iron hand, the winner of the hand wins the game"),
}

#: The sentence that explains each verdict with its facts (placeholders in braces).
TEXTS: dict[str, str] = {
    # bets on the hand
    R.RAISED: N_("{team} calls {rung}: the hand is worth {value} if accepted; refused, {team} "
                 "scores {before}."),
    R.ACCEPTED: N_("{team} accepts: the hand is now worth {value}."),
    R.REFUSED: N_("{team} refuses {rung}: {other} scores {points}."),
    R.FOLD: N_("{team} goes to the deck: {other} scores {points}."),
    R.FOLD_ALONE: N_("A player of {team} goes to the deck alone; their partners play on."),
    R.HAND_OF_PLAYED: N_("{team} chooses to play: the hand is worth {value}."),
    R.HAND_OF_RUN: N_("{team} runs: {other} scores {points}."),
    # envido and flor
    R.ENVIDO_CALLED: N_("Player {seat} calls {bet}: {stake} at stake if accepted; refused, "
                        "{team} scores {refused}."),
    R.ENVIDO_REFUSED: N_("Player {seat} does not want it: {team} scores {points}."),
    R.ENVIDO_ACCEPTED: N_("Player {seat} wants it: {stake} at stake."),
    R.DECLARED: N_("Player {seat} has {envido}."),
    R.ENVIDO_BUENAS: N_("Player {seat} wins the envido with {best}, the others having said son "
                        "buenas: {team} scores {points}."),
    R.SON_BUENAS: N_("Player {seat}: son buenas (they cannot win the envido)."),
    R.ENVIDO_WON: N_("Player {seat} wins the envido with {best} against {other}: {team} scores "
                     "{points}."),
    R.FLOR_SUNG: N_("Player {seat} announces flor ({flor})."),
    R.FLOR_ALONE: N_("No flor of the other side answers player {seat}'s: {team} scores "
                     "{points}."),
    R.FLOR_DUEL: N_("Player {seat}'s flor of {best} beats {other}: {team} scores {points}."),
    R.FLOR_BACKS_DOWN: N_("Player {seat}: con flor me achico (their side concedes the "
                          "flores)."),
    R.FLOR_ACHICO: N_("The flores were conceded to player {seat}: {team} scores {points}."),
    R.CONTRAFLOR_CALLED: N_("Player {seat} calls {bet}: {stake} at stake if accepted; refused, "
                            "{team} scores {refused}."),
    R.CONTRAFLOR_ACCEPTED: N_("Player {seat} accepts the {bet}: con flor quiero."),
    R.CONTRAFLOR_REFUSED: N_("Player {seat}'s {bet} is refused: {team} scores {points}."),
    R.CONTRAFLOR_WON: N_("Player {seat}'s flor of {best} beats {other} and wins the "
                         "contraflor: {team} scores {points}."),
    R.CONTRAFLOR_RESTO_WON: N_("Player {seat}'s flor of {best} beats {other} and wins the "
                               "contraflor al resto: {team} scores {points}."),
    # the Truc specials (a signal's sentence depends on the sign: SIGNAL_TEXTS)
    R.REDEAL_PROPOSED: N_("Player {seat} ({team}) proposes a redeal: if the dealer accepts, "
                          "the hands are put aside and everyone gets three new cards."),
    R.REDEAL_ACCEPTED: N_("Player {seat}, the dealer, accepts the redeal: the hands are put "
                          "aside and three new cards are dealt to each player."),
    R.REDEAL_REFUSED: N_("Player {seat}, the dealer, refuses the redeal: the hand is played "
                         "with the cards dealt."),
    R.MON_RESTE: N_("Player {seat} ({team}) says mon reste: the hand is raised to {value}, all "
                    "{team} lacks to reach {target}; if {other} folds, {team} scores "
                    "{before}."),
    R.MON_RESTE_REFUSED: N_("Player {seat} ({team}) folds against mon reste: {other} scores "
                            "{points}."),
    R.MON_RESTE_ANSWERED: N_("Player {seat} ({team}) answers mon reste too: whoever wins this "
                             "hand wins the game."),
    # envido and flor points of one hand
    R.TWO_OF_A_SUIT: N_("{cards} are of one suit: {sum} = {points}."),
    R.HIGHEST_CARD: N_("No two cards share a suit: {cards} counts alone, {points}."),
    R.PIEZA: N_("{cards}: the pieza counts {sum} = {points}."),
    R.FLOR: N_("Flor, {cards}: {sum} = {points}."),
    R.FLOR_PIEZA: N_("Flor with piezas, {cards}: {sum} = {points}."),
}

#: A partner's signal, by sign.
SIGNAL_TEXTS: dict[str, str] = {
    "smile": N_("Player {seat} smiles at their partner: they hold a 7."),
    "wink": N_("Player {seat} winks at their partner: they hold an 8."),
    "shrug": N_("Player {seat} shrugs at their partner: they hold an ace."),
}


def rule_text(reason: str, option: str | None = None) -> str:
    """The rule behind ``reason`` in the current language (``option``: the value of the rule
    option that may state it otherwise, e.g. ``flor_stakes``).

    >>> rule_text("two_tricks")
    'a side that wins two tricks wins the hand'
    >>> print(rule_text(Reason.CONTRAFLOR_ACCEPTED, "gotruco"))
    contraflor answers a flor: accepted, the best flor wins 4, and 3 more
    for each flor sung after it
    """
    text = OPTION_RULES.get((option, reason)) if option is not None else None
    return _(text or RULES[reason])


__all__ = ["GAME_RULES", "OPTION_RULES", "RULES", "Reason", "SAME_SIDE_RAISED_LAST",
           "SIGNAL_TEXTS", "TEXTS", "rule_text"]
