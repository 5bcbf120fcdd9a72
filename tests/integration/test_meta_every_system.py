"""Every system's factions in the meta (issue 26, item 6), on SQLite and PostgreSQL:
a second system's data points (Senjutsu's results reported at an event, its
characters registered by name) appear in ``/meta`` under that system, each faction
by the name its ruleset gives it; the system filter offers every installed system,
with or without data; and no module of ``dashboards/`` names a system, but the
Kensei odds calculator, which is Kensei's own tool."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask import Flask

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from replays import registry
from shiai.tournaments.aggregate import TournamentRefused
from shiai.tournaments.model import Outcome, Result
from tests.support.events import organiser_of, paired_event

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
DASHBOARDS = Path(__file__).resolve().parents[2] / "dashboards"
# Kensei's own tool (the odds calculator and its page and figures).
KENSEI_TOOL = {"kensei_odds.py", "odds_figures.py", "odds_page.py"}


def _table(page: str, name: str) -> str:
    found = re.search(rf'id="table-{name}".*?</table>', page, re.DOTALL)
    assert found, page
    return html.unescape(found.group(0))


def test_a_second_systems_reported_results_show_its_factions_by_name(app: Flask) -> None:
    tid = paired_event(app, "senjutsu", ["Ronin", "master", "Warrior", "Student"], size="")
    tournaments, org = app.extensions["shiai"].tournaments, organiser_of(app, tid)
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    tournaments.record_result(tid, org, 1, 2, Result(DRAW, DRAW))
    with app.extensions["shiai"].db_engine.connect() as conn:
        rates = all_data(conn, Filters(system="senjutsu"))["faction-win-rates"]
        assert {row.faction: (row.games, row.wins, row.draws) for row in rates} == {
            "ronin": (1, 1, 0),
            "master": (1, 0, 0),
            "warrior": (1, 0, 1),
            "student": (1, 0, 1),
        }
        assert all_data(conn, Filters(system="kensei"))["faction-win-rates"] == []
    client = app.test_client()
    page = client.get("/meta?system=senjutsu").text
    rates_table = _table(page, "faction-win-rates")
    for name in ("Ronin", "Master", "Warrior", "Student"):
        assert f"<td>{name}</td>" in rates_table, rates_table
    assert "<td>ronin</td>" not in rates_table
    matchups = _table(page, "matchups")
    assert "<td>Ronin</td><td>Master</td>" in matchups, matchups


def test_the_system_filter_offers_every_installed_system(app: Flask) -> None:
    page = app.test_client().get("/meta").text
    select = re.search(r'<select name="system">(.*?)</select>', page, re.DOTALL)
    assert select
    offered = re.findall(r'<option value="([^"]+)"', select.group(1))
    installed = sorted(registry.installed(), key=lambda ruleset: ruleset.info.name.casefold())
    assert offered == [ruleset.id for ruleset in installed]
    assert {"kensei", "senjutsu"} <= set(offered)


def test_no_dashboard_module_names_a_system_but_kenseis_own_tool() -> None:
    ids = {ruleset.id for ruleset in registry.installed()} | {"kensei", "senjutsu"}
    naming = {
        path.name: sorted(i for i in ids if re.search(rf"\b{re.escape(i)}\b", path.read_text()))
        for path in DASHBOARDS.glob("*.py")
        if path.name not in KENSEI_TOOL
    }
    assert {name: found for name, found in naming.items() if found} == {}


def test_a_system_without_a_list_book_takes_only_its_rulesets_factions(app: Flask) -> None:
    """Senjutsu has no list book, but its ruleset names its characters: registration
    (and with it the organiser's change and the CSV import) takes one of them, by id or
    name, and refuses free text, so no new text needs mapping."""
    tid = paired_event(app, "senjutsu", ["ronin", "MASTER", "Warrior", "Student"], size="")
    tournaments, org = app.extensions["shiai"].tournaments, organiser_of(app, tid)
    assert [entry.faction for entry in tournaments.get(tid).players.values()] == [
        "Ronin",
        "Master",
        "Warrior",
        "Student",
    ]
    with pytest.raises(TournamentRefused, match="'Ronin clan' is not a faction of senjutsu"):
        tournaments.register(tid, org, name="Late comer", faction="Ronin clan")
