"""Kensei's order prompt before the click (issue 25, Playing without tedium), in
Chromium at desktop and phone sizes: the orders and the targets the engine refuses the
unit are offered disabled, each with the engine's reason and rule, which a tap (or a
focus) shows in words under the list; the commander's orders read their text from the
data; a target out of sight is refused once a shoot or a charge is picked, before the
click; the unit panel shows its titles and abilities with their texts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core.position import POSITION_KEY
from engine.kensei.rules import CHARGE_TARGET, SHOOT_TARGET
from tests.e2e.conftest import LiveSite, new_context, shot
from tests.e2e.test_play import (
    click_table,
    first_order,
    new_game,
    sign_up,
    state_now,
    unit_centre,
)
from tests.e2e.test_replay_viewer import expect
from tests.support.kensei_sight import ARCHERS, BEHIND_WALL, IN_SIGHT, walled

SIZES = pytest.mark.parametrize(
    "viewport",
    [{"width": 1366, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)


def sized_context(browser: Any, viewport: dict[str, int]) -> tuple[Any, bool]:
    """A browser context of ``viewport``; a phone's (narrow) one touches."""
    phone = viewport["width"] < 500
    return new_context(browser, viewport=viewport, is_mobile=phone, has_touch=phone), phone


@SIZES
def test_refused_orders_and_targets_show_the_engines_reason_before_the_click(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    context, phone = sized_context(browser, viewport)
    try:
        page = context.new_page()
        sign_up(page, live_site, f"kenshin{viewport['width']}")
        game_id = new_game(page, live_site, "bot")
        first_order(page, live_site, game_id)
        last_step, shown = state_now(page, live_site, game_id)
        options = shown["prompt"]["options"]
        refused = options["refused"]
        # Nobody is in melee yet: attacking, disengaging and duelling are refused, each
        # disabled with the engine's words and rule, listed under the list.
        for kind in ("attack", "disengage", "duel"):
            assert kind in refused, refused
            expect(page.locator(f"#order-kind option[value={kind}]")).to_be_disabled()
        entry = page.locator("#refused-attack")
        expect(entry).to_have_attribute("title", refused["attack"])
        # A tap (a phone has no hover) shows the reason in words under the list.
        if phone:
            entry.tap()
        else:
            entry.click()
        expect(page.locator("#refusal-why")).to_have_text(f"attack: {refused['attack']}")
        expect(page.locator("#refusal-why")).to_contain_text(re.compile(r"\(.+\)"))
        # Charge: each enemy unit is offered or refused as the engine decides.
        verdicts = options["targets"].get("charge")
        if verdicts is None:  # every target refused: the order is, with their reasons
            expect(page.locator("#order-kind option[value=charge]")).to_be_disabled()
        else:
            page.locator("#order-kind").select_option("charge")
            # Line of sight comes apart from the prompt, once the charge is picked.
            expect(page.locator("[data-sight=checked]")).to_have_count(1)
            asked = f"{live_site.url}/play/games/{game_id}/prompt-details?side=A"
            sight = page.request.get(asked).json()["details"]["sight"]["charge"]
            verdicts = {uid: why or sight.get(uid) for uid, why in verdicts.items()}
            for uid, why in verdicts.items():
                option = page.locator(f'#order-target option[value="{uid}"]')
                if why is None:
                    expect(option).to_be_enabled()
                else:
                    expect(option).to_be_disabled()
                    expect(page.locator("#target-refusals")).to_contain_text(why)
            chosen = page.locator("#order-target").input_value()
            if any(why is None for why in verdicts.values()):
                assert verdicts[chosen] is None, "the proposed target is one the engine accepts"
        # The commander's order in hand reads its text from the data file.
        if shown["state"].get("commander_orders") is not None:
            page.locator("#commander-order-panel summary").click()
            expect(page.locator("#commander-order-text")).to_contain_text("cost:")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the page scrolls sideways ({width} px)"
        shot(page.locator("#prompt-panel"), f"order-{viewport['width']}")
        # Nothing was sent: the refusals are shown, not tried.
        assert state_now(page, live_site, game_id)[0] == last_step
    finally:
        context.close()


@SIZES
def test_a_target_out_of_sight_is_refused_before_the_click(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    """Line of sight is asked apart from the prompt, once a shoot or a charge is picked:
    a target behind a wall is offered disabled with the engine's reason; clicking it on
    the board says why, and giving the order shows the reason instead of sending it. The
    unit panel names the unit's title and abilities with their rules texts."""
    context, phone = sized_context(browser, viewport)
    try:
        page = context.new_page()
        username = sign_up(page, live_site, f"masamune{viewport['width']}")
        services = live_site.app.extensions["shiai"]
        owner = services.accounts.by_username(username).id
        game_id = services.play.start_owned(
            owner, "kensei", {POSITION_KEY: walled()}, title="Behind the wall", from_position=True
        )
        page.goto(f"{live_site.url}/games/{game_id}")
        expect(page.locator("#prompt-panel")).to_have_attribute(
            "data-prompt", re.compile(r"^\d+:order:A$")
        )
        last_step, _shown = state_now(page, live_site, game_id)
        wall_option = page.locator(f'#order-target option[value="{BEHIND_WALL}"]')
        reasons = page.locator("#target-refusals")
        for kind, rule in (("charge", CHARGE_TARGET), ("shoot", SHOOT_TARGET)):
            page.locator("#order-kind").select_option(kind)
            expect(page.locator("[data-sight=checked]")).to_have_count(1)
            expect(wall_option).to_be_disabled()
            expect(page.locator(f'#order-target option[value="{IN_SIGHT}"]')).to_be_enabled()
            expect(reasons).to_contain_text(f"has line of sight to Court ashigaru ({BEHIND_WALL})")
            expect(reasons).to_contain_text(rule)
        entry = page.locator(f"#refused-target-{BEHIND_WALL.replace('.', '_')}")
        if phone:
            entry.tap()
        else:
            entry.click()
        expect(page.locator("#refusal-why")).to_contain_text("line of sight")
        # Clicking the unit behind the wall on the board says why; the order is not sent.
        click_table(page, *unit_centre(walled(), BEHIND_WALL))
        expect(page.locator("#order-target")).to_have_value(BEHIND_WALL)
        expect(page.locator("#refusal-why")).to_contain_text(f"({SHOOT_TARGET})")
        page.locator("#confirm").click()
        expect(page.locator("#play-error")).to_contain_text("has line of sight")
        assert state_now(page, live_site, game_id)[0] == last_step, "nothing was sent"
        # The unit panel: the archers' title and abilities, by name, with their texts.
        page.locator("#unit-select").select_option(ARCHERS)
        profile = page.locator("#unit-profile")
        expect(profile).to_contain_text("Title: Ashigaru")
        expect(profile).to_contain_text("Drilled (permanent ability)")
        expect(profile).to_contain_text("Trained to march in ranks")
        expect(profile).to_contain_text("Volley (ki)")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"the page scrolls sideways ({width} px)"
        shot(page.locator("#prompt-panel"), f"sight-{viewport['width']}")
        shot(profile, f"profile-{viewport['width']}")
    finally:
        context.close()
