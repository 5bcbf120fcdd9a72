"""The live pages poll a tournament's version: it follows every change, cheaply."""

from uuid import uuid4

from flask import Flask

from tests.support.web import created_tournament, form, new_account, signed_in_client


def test_the_version_follows_changes_and_an_unknown_event_is_404(app: Flask) -> None:
    new_account(app, "olive", role="organiser")
    client = signed_in_client(app, "olive")
    event = {"name": "Live", "game_system": "kensei", "battle_size": "400", "rounds": "3"}
    tid = created_tournament(form(client, "/tournaments/new", event))
    first = client.get(f"/tournaments/{tid}/version.json")
    assert first.headers["Cache-Control"] == "no-store"
    version = first.json["version"]
    register = {"name": "Aiko", "version": str(version)}
    assert form(client, f"/tournaments/{tid}/actions/register", register).status_code == 303
    assert client.get(f"/tournaments/{tid}/version.json").json["version"] == version + 1
    assert client.get(f"/tournaments/{uuid4()}/version.json").status_code == 404
