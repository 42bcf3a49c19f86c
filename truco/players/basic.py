"""The basic player: sensible rules of thumb.

Win a trick as cheaply as possible, throw the lowest card when it cannot be won, lead the
middle card in the first trick, raise with strong hands, accept a raise when the hand wins
often enough to pay for it, fold hopeless hands, and answer envido by its points.
"""
from __future__ import annotations

from ..i18n import N_, _
from ._base import Player, card_name, legal_or_error, model_codes, only_reason
from ._side import (answer_envido, answer_mon_reste, decide_special, envido_chance_table,
                    first_trick_bets, my_envido)
from ._sim import ACCEPT, FOLD, RAISE, REFUSE, accept_threshold, basic_policy, power
from ._view import View

CARD_REASONS = {
    "last": N_("The {card} is your last card."),
    "same": N_("Your cards are all as strong as each other: you play the {card}."),
    "partner_wins": N_("Your partner already holds this trick: you keep your good cards "
                       "and play the {card}."),
    "win_cheap": N_("The {card} is the cheapest card that takes this trick."),
    "throw_low": N_("Nothing you hold wins this trick: you throw your lowest card, the "
                    "{card}."),
    "tie": N_("You can only tie this trick, and here a tie does not lose the hand: the "
              "{card}."),
    "lead_middle": N_("You open the hand with your middle card, the {card}, keeping your "
                      "best for later."),
    "lead_first": N_("You open the hand with the {card}, keeping your very best card back."),
    "lead_best_after_tie": N_("After a tied trick the next one decides: you lead your best "
                              "card, the {card}."),
    "lead_low_ahead": N_("You won the first trick, so they must win both the others: you "
                         "lead your lower card, the {card}."),
    "lead_best_behind": N_("You need every trick left: you lead your best card, the "
                           "{card}."),
}


def bet_reason(why: str, p: float, view) -> str:
    pct = round(100 * p)
    if why in ("raise", "bluff", "reraise"):
        current = view.pending[1] if view.pending and view.phase == "answer" else view.value
        value = view.rules.raise_value(current)
        if why == "bluff":
            return _("A bluff: your hand wins only about {pct}% of the time, but a raise to "
                     "{value} may make them run.").format(pct=pct, value=value)
        return _("Your hand wins about {pct}% of the time: you raise to {value}.").format(
            pct=pct, value=value)
    if why in ("accept", "refuse"):
        need = round(100 * accept_threshold(view.value, view.pending[1]))
        if why == "accept":
            return _("Your hand wins about {pct}% of the time; accepting pays off above "
                     "{need}%.").format(pct=pct, need=need)
        return _("Your hand wins only about {pct}% of the time; accepting pays off above "
                 "{need}%.").format(pct=pct, need=need)
    return _("This hand cannot be won any more: you go to the deck.")


class BasicPlayer(Player):
    """Rules of thumb over the seat's own cards and the table."""

    name = "basic"
    title = "Basic"
    bluff = True

    def choose(self, observation, rng) -> tuple[str, str]:
        legal = legal_or_error(observation)
        if len(legal) == 1:
            return legal[0], only_reason(legal[0])
        view = View(observation, self.variant)
        rnd = rng.random if self.bluff else None
        side = self.side(view, rnd)
        if side is not None:
            return side
        return self.tricks(view, rng, rnd)

    # --- side bets and special decisions ------------------------------------------------------
    def chance(self, view) -> float:
        sim = view.sim()
        if view.mine is None:
            return 0.5
        return power(sim, view.seat, view.btab())

    def side(self, view, rnd):
        phase, legal = view.phase, view.legal
        if phase == "decide":
            return decide_special(view, self.chance(view))
        if phase == "redeal":
            p = self.chance(view)
            if p < 0.45:
                return "accept", _("Your hand wins only about {pct}% of the time: you take the "
                                   "redeal.").format(pct=round(100 * p))
            return "refuse", _("Your hand wins about {pct}% of the time: you keep it.").format(
                pct=round(100 * p))
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
                return "redeal", _("Your hand wins only about {pct}% of the time: you ask "
                                   "for a redeal.").format(pct=round(100 * p))
        if "mon reste" in legal:
            p = self.chance(view)
            if p >= 0.9:
                return "mon reste", _("Your hand wins about {pct}% of the time: mon reste, "
                                      "for the rest of the game.").format(pct=round(100 * p))
        return None

    # --- the tricks and the raises ----------------------------------------------------------
    def tricks(self, view, rng, rnd):
        codes, texts = model_codes(view)
        blind = [a for a in view.legal if a.startswith("play #")]
        if blind:
            action = blind[int(rng.random() * len(blind))]
            return action, _("You cannot see your cards: any of them is as good as another.")
        if not codes:  # nothing the model knows: keep playing if possible
            action = view.legal[0]
            return action, only_reason(action)
        sim = view.sim()
        code, why, p = basic_policy(sim, view.btab(), codes, rnd)
        text = texts[code]
        if code >= 0:
            return text, _(CARD_REASONS[why]).format(card=card_name(view, text))
        if code in (RAISE, ACCEPT, REFUSE, FOLD):
            return text, bet_reason(why, p, view)
        return text, only_reason(text)
