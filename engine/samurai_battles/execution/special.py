"""Step 5, Special Orders: Ambush, Join Up, Receive Supplies, Rest and Reconnaissance.

Each is checked again as it is executed (Special Orders > Rest: an order the unit cannot
execute is Rest): an Ambush needs the unit free of melee, in terrain that hides, with no
enemy within 2 hexes; a Join Up needs both units still there, adjacent, of one type,
ordered to join each other on the same hex, and not over full strength together.
"""

from __future__ import annotations

from engine.hexgrid import Facing, Hex
from engine.samurai_battles.execution.run import Execution


def _ambush(ex: Execution, unit_id: str) -> None:
    order = ex.order(unit_id)
    here = ex.hex(unit_id)
    face = Hex.from_json(order["face"])
    clear = ex.tables.ambush_clear_range
    if ex.unit(unit_id)["engaged"]:
        ex.rest(unit_id, "engaged")
    elif not ex.battlefield.ambush_allowed(here):
        ex.rest(unit_id, "terrain")
    elif any(
        ex.hex(e).distance(here) <= clear for e in ex.enemies(unit_id) if not ex.unit(e)["hidden"]
    ):
        ex.rest(unit_id, "enemy_near")
    elif here.distance(face) != 1:
        ex.rest(unit_id, "face_not_adjacent")
    else:
        facing = int(Facing.towards(here, face))
        ex.emit(
            {
                "type": "hidden",
                "unit": unit_id,
                "sealed_for": ex.side(unit_id),
                "sealed": {"hex": here.to_json(), "facing": facing},
            }
        )


def _join_up(ex: Execution, unit_id: str, done: set[str]) -> None:
    order = ex.order(unit_id)
    partner = str(order.get("with"))
    if unit_id in done:
        return
    if (
        partner not in ex.state["units"]
        or not ex.on_table(partner)
        or ex.order(partner).get("order") != "join_up"
        or ex.order(partner).get("with") != unit_id
        or ex.order(partner).get("hex") != order["hex"]
    ):
        ex.rest(unit_id, "partner")
        return
    done |= {unit_id, partner}
    here, there, at = ex.hex(unit_id), ex.hex(partner), Hex.from_json(order["hex"])
    mine, theirs = ex.unit(unit_id), ex.unit(partner)
    full = ex.profile(unit_id).models
    if (
        mine["type"] != theirs["type"]
        or here.distance(there) != 1
        or mine["models"] + theirs["models"] > full
        or at not in (here, there)
    ):
        ex.rest(unit_id, "cannot_join")
        ex.rest(partner, "cannot_join")
        return
    # The smaller unit's models go into the larger's base; equal: into the lower number.
    # The joined unit fights on with the enemies of either unit next to its hex.
    foes = {*mine["engaged"], *theirs["engaged"]}
    engaged = sorted(f for f in foes if ex.on_table(f) and ex.hex(f).distance(at) == 1)
    larger, smaller = sorted(
        (unit_id, partner), key=lambda u: (-ex.unit(u)["models"], ex.number(u), u)
    )
    ex.emit(
        {
            "type": "joined",
            "unit": smaller,
            "into": larger,
            "hex": at.to_json(),
            "models": mine["models"] + theirs["models"],
            "ammo": ex.unit(larger)["ammo"],
            "engaged": engaged,
        }
    )


def _supplies(ex: Execution, transport: str) -> None:
    """Receive Supplies: the transport fills each adjacent ranged unit ordered to
    receive from it, by id, until its supply runs out."""
    left = ex.unit(transport)["supplies"]
    for unit_id in ex.units():
        order = ex.order(unit_id)
        if order["order"] != "receive_supplies" or order.get("from") != transport:
            continue
        ranged = ex.profile(unit_id).ranged
        if ranged is None or ex.hex(unit_id).distance(ex.hex(transport)) != 1:
            ex.rest(unit_id, "not_adjacent")
            continue
        given = min(ranged.ammunition - ex.unit(unit_id)["ammo"], left)
        if given <= 0:
            ex.rest(unit_id, "no_supplies" if left <= 0 else "full")
            continue
        left -= given
        ex.emit(
            {
                "type": "supplied",
                "unit": unit_id,
                "from": transport,
                "given": given,
                "ammo": ex.unit(unit_id)["ammo"] + given,
                "supplies": left,
            }
        )


def _check_transport(ex: Execution, unit_id: str) -> None:
    """A ranged unit whose transport is gone or not handing out supplies rests."""
    transport = str(ex.order(unit_id).get("from"))
    if (
        transport not in ex.state["units"]
        or not ex.on_table(transport)
        or ex.kind(transport) != "receive_supplies"
    ):
        ex.rest(unit_id, "no_transport")


def _reconnaissance(ex: Execution, ninja: str) -> None:
    reach = ex.tables.reconnaissance_range
    for enemy in ex.enemies(ninja):
        unit = ex.unit(enemy)
        if unit["hidden"] and ex.hex(enemy).distance(ex.hex(ninja)) <= reach:
            ex.emit(
                {
                    "type": "revealed",
                    "unit": enemy,
                    "hex": list(unit["hex"]),
                    "facing": unit["facing"],
                    "why": "reconnaissance",
                    "by": ninja,
                }
            )


def special_step(ex: Execution) -> None:
    ex.emit({"type": "step_began", "step": "special"})
    joined: set[str] = set()
    for unit_id in ex.units():
        if not ex.on_table(unit_id):
            continue
        kind = ex.kind(unit_id)
        if kind == "ambush":
            _ambush(ex, unit_id)
        elif kind == "join_up":
            _join_up(ex, unit_id, joined)
        elif kind == "receive_supplies" and ex.profile(unit_id).ranged is None:
            _supplies(ex, unit_id)
        elif kind == "receive_supplies":
            _check_transport(ex, unit_id)
        elif kind == "reconnaissance":
            _reconnaissance(ex, unit_id)
