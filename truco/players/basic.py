"""The basic player: sensible rules of thumb.

Win a trick as cheaply as possible, throw the lowest card when it cannot be won, lead the
middle card in the first trick, raise with strong hands, accept a raise when the hand wins
often enough to pay for it, fold hopeless hands, and answer envido by its points.
"""
from __future__ import annotations

from ..i18n import N_, Percent
from ._base import (Player, Reason, card_name, legal_or_error, model_codes, only_reason,
                    reason)
from ._side import (answer_envido, answer_mon_reste, blind_reason, decide_special,
                    envido_chance_table, first_trick_bets, mon_reste_reason, my_envido,
                    redeal_answer, redeal_reason)
from ._sim import ACCEPT, FOLD, RAISE, REFUSE, accept_threshold, basic_policy, power
from ._view import View

CARD_REASONS = {  # (to the player, of the player in a review)
    "last": (N_("The {card} is your last card."),
             N_("{player} played the {card}, its last card.")),
    "same": (N_("Your cards are all as strong as each other: you play the {card}."),
             N_("{player} played the {card}: all its cards were equally strong.")),
    "partner_wins": (N_("Your partner already holds this trick: you keep your good cards "
                        "and play the {card}."),
                     N_("{player} played the {card}: its partner already held the trick, so "
                        "it kept its good cards.")),
    "win_cheap": (N_("The {card} is the cheapest card that takes this trick."),
                  N_("{player} played the {card}, the cheapest card that took the trick.")),
    "throw_low": (N_("Nothing you hold wins this trick: you throw your lowest card, the "
                     "{card}."),
                  N_("{player} threw its lowest card, the {card}: nothing it held could win "
                     "the trick.")),
    "tie": (N_("You can only tie this trick, and here a tie does not lose the hand: the "
               "{card}."),
            N_("{player} played the {card}: it could only tie the trick, and there a tie "
               "did not lose the hand.")),
    "lead_middle": (N_("You open the hand with your middle card, the {card}, keeping your "
                       "best for later."),
                    N_("{player} opened the hand with its middle card, the {card}, keeping "
                       "its best for later.")),
    "lead_first": (N_("You open the hand with the {card}, keeping your very best card back."),
                   N_("{player} opened the hand with the {card}, keeping its very best card "
                      "back.")),
    "lead_best_after_tie": (N_("After a tied trick the next one decides: you lead your best "
                               "card, the {card}."),
                            N_("{player} led its best card, the {card}: after a tied trick "
                               "the next one decides.")),
    "lead_low_ahead": (N_("You won the first trick, so they must win both the others: you "
                          "lead your lower card, the {card}."),
                       N_("{player} led its lower card, the {card}: it had won the first "
                          "trick, so the others had to win both the rest.")),
    "lead_best_behind": (N_("You need every trick left: you lead your best card, the "
                            "{card}."),
                         N_("{player} led its best card, the {card}: it needed every trick "
                            "left.")),
}


def bet_reason(why: str, p: float, view) -> Reason:
    """The reason for a raise, bluff, re-raise, acceptance, refusal or fold (``why``), with the
    hand's win chance ``p``.

    >>> view = View(Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]]).observation(0))
    >>> print(bet_reason("raise", 0.8, view))
    Your hand wins about 80% of the time: you raise to 4.
    >>> bet_reason("fold", 0.0, view).about("Player 0")
    'Player 0 went to the deck: the hand could not be won any more.'
    """
    pct = Percent(p)
    if why in ("raise", "bluff", "reraise"):
        current = view.pending[1] if view.pending and view.phase == "answer" else view.value
        value = view.rules.raise_value(current)
        if why == "bluff":
            return reason(N_("A bluff: your hand wins only about {pct} of the time, but a "
                             "raise to {value} may make them run."),
                          N_("{player} raised to {value} as a bluff: its hand would win only "
                             "about {pct} of the time, but a raise may make the others run."),
                          why, pct=pct, value=value)
        return reason(N_("Your hand wins about {pct} of the time: you raise to {value}."),
                      N_("{player} raised to {value}: its hand would win about {pct} of the "
                         "time."), why, pct=pct, value=value)
    if why in ("accept", "refuse"):
        need = Percent(accept_threshold(view.value, view.pending[1]))
        if why == "accept":
            return reason(N_("Your hand wins about {pct} of the time; accepting pays off "
                             "above {need}."),
                          N_("{player} accepted: its hand would win about {pct} of the time, "
                             "and accepting pays off above {need}."), why, pct=pct, need=need)
        return reason(N_("Your hand wins only about {pct} of the time; accepting pays off "
                         "above {need}."),
                      N_("{player} refused: its hand would win only about {pct} of the time, "
                         "and accepting pays off above {need}."), why, pct=pct, need=need)
    return reason(N_("This hand cannot be won any more: you go to the deck."),
                  N_("{player} went to the deck: the hand could not be won any more."), why)


class BasicPlayer(Player):
    """Rules of thumb over the seat's own cards and the table.

    >>> import random
    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> _event = g.apply("play 5s")
    >>> BasicPlayer()(g.observation(1), random.Random(1))    # its power estimate: about 70%
    'raise'
    """

    name = "basic"
    title = "Basic"
    bluff = True

    def choose(self, observation, rng) -> tuple[str, str]:
        """(action, reason) for the seat of ``observation``: a side bet or special decision if
        one applies, else a card, raise or answer by the rules of thumb (``rng``: the odd
        bluff).

        >>> import random
        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5c", "12o"]])
        >>> BasicPlayer().choose(g.observation(0), random.Random(1))
        ('real envido', '33 of envido wins about 100% of the time: real envido.')
        >>> try: BasicPlayer().choose(g.observation(1), random.Random(1))
        ... except ValueError as e: print(e)
        player 1 has nothing to do: it is not their turn
        """
        legal = legal_or_error(observation)
        if len(legal) == 1:
            return legal[0], only_reason(legal[0], observation, self.variant)
        view = View(observation, self.variant)
        rnd = rng.random if self.bluff else None
        side = self.side(view, rnd)
        if side is not None:
            return side
        return self.tricks(view, rng, rnd)

    # --- side bets and special decisions ------------------------------------------------------
    def chance(self, view) -> float:
        """The seat's estimated chance of winning the hand, from its own cards and the table
        (0.5 when it cannot see its cards).

        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> round(BasicPlayer().chance(View(g.observation(0))), 3)
        0.893
        """
        sim = view.sim()
        if view.mine is None:
            return 0.5
        return power(sim, view.seat, view.btab())

    def side(self, view, rnd):
        """(action, reason) for envido, flor, the hand of ten, redeal or mon reste, or None
        when none applies (``rnd``: a random function for the odd envido bluff, or None).

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5c", "12o"]])
        >>> _event = g.apply("envido")
        >>> BasicPlayer().side(View(g.observation(1)), None)     # 9 of envido against a bet
        ('no quiero', 'Your envido wins only about 14% of the time; accepting pays off above 25%.')
        """
        phase, legal = view.phase, view.legal
        if phase == "decide":
            return decide_special(view, self.chance(view))
        if phase == "redeal":
            p = self.chance(view)
            return redeal_answer(p, 0.45)
        if phase == "mon reste":
            return answer_mon_reste(view, self.chance(view))
        if phase == "envido":
            points = my_envido(view)
            return answer_envido(view, envido_chance_table(view, points))
        bet = first_trick_bets(view, legal, lambda points: (
            envido_chance_table(view, points), {"rnd": rnd}))
        if bet is not None:
            return bet
        if "redeal" in legal:
            p = self.chance(view)
            if p < 0.3:
                return "redeal", redeal_reason(p)
        if "mon reste" in legal:
            p = self.chance(view)
            if p >= 0.9:
                return "mon reste", mon_reste_reason(p)
        return None

    # --- the tricks and the raises ----------------------------------------------------------
    def tricks(self, view, rng, rnd):
        """(action, reason) for a card, a raise or an answer to one, by the rules of thumb.

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> BasicPlayer().tricks(View(g.observation(0)), random.Random(1), None)
        ('raise', 'Your hand wins about 89% of the time: you raise to 4.')
        """
        codes, texts = model_codes(view)
        blind = [a for a in view.legal if a.startswith("play #")]
        if blind:
            action = blind[int(rng.random() * len(blind))]
            return action, blind_reason()
        if not codes:  # nothing the model knows: keep playing if possible
            action = view.legal[0]
            return action, only_reason(action, view.obs, view.variant)
        sim = view.sim()
        code, why, p = basic_policy(sim, view.btab(), codes, rnd)
        text = texts[code]
        if code >= 0:
            you, they = CARD_REASONS[why]
            return text, reason(you, they, why, card=card_name(view, text))
        if code in (RAISE, ACCEPT, REFUSE, FOLD):
            return text, bet_reason(why, p, view)
        return text, only_reason(text, view.obs, view.variant)
