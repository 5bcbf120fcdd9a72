"""How a log files each Kensei event: bookkeeping a reader may hide (offering windows
and passes, card draws, markers cleared, prompts offered and declined) and the
combats (shooting, charges, melee, duels) a reader may keep alone."""

from __future__ import annotations

from engine.core import Event

BOOKKEEPING = frozenset(
    {
        "offering_window",
        "offering_passed",
        "offering_closed",
        "markers_cleared",
        "cards_drawn",
        "deck_reshuffled",
        "cards_kept",
        "hand_discarded",
        "commander_activation_offered",
        "commander_activation_declined",
        "command_duel_offered",
        "command_duel_declined",
        "command_duel_bet",
        "battle_checked",
        "activation_ended",
        "combats_ordered",
        "next_combat",
        "resolution_ordered",
        "next_chase",
        "close_in_offered",
        "facing_asked",
        "chase_offered",
        "chase_declined",
        "opportunity_passed",
        "combat_closing",
        "lead_passed",
        "orders_lost",
    }
)

COMBAT = frozenset(
    {
        "shot",
        "shoot_result",
        "charge_declared",
        "charge_reacted",
        "charge_rolled",
        "charge_moved",
        "charge_resumed",
        "fled",
        "opportunity_declared",
        "closed_in",
        "attack_declared",
        "reactive_attack_declared",
        "combat_rolled",
        "combat_result",
        "fighters_assigned",
        "attacked_side_chosen",
        "withdraw_faced",
        "melee_moved",
        "fell_back",
        "chased",
        "combat_ended",
        "duel_declared",
        "duel_answered",
        "wounds_taken",
        "honour_rolled",
        "miniatures_lost",
    }
)


def log_tags(event: Event) -> tuple[str, ...]:
    """``("bookkeeping",)``, ``("combat",)`` or ``()`` for ``event``."""
    kind = event.get("type", "")
    if kind in BOOKKEEPING:
        return ("bookkeeping",)
    if kind in COMBAT:
        return ("combat",)
    return ()
