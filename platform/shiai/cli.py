"""The ``shiai`` command: Flask's CLI plus the platform's own commands."""

from __future__ import annotations

import sys
import time

import click
from flask import Flask, current_app
from flask.cli import FlaskGroup, with_appcontext

from replays import registry, rollups
from replays.bot_games import play_bot_game
from replays.errors import UnknownRuleset
from replays.projection import RebuildFailed
from replays.simulate import Simulated, simulate
from shiai.accounts import ADMIN, ROLES, AccountError
from shiai.demo import seed_demo_tournament
from shiai.migrations import upgrade

DEMO_GAMES_PER_RULESET = 6


def init_app(app: Flask) -> None:
    app.cli.add_command(migrate)
    app.cli.add_command(seed_demo)
    app.cli.add_command(rebuild_read_models)
    app.cli.add_command(check)
    app.cli.add_command(rebuild_rollups)
    app.cli.add_command(create_account)
    app.cli.add_command(create_token)
    app.cli.add_command(simulate_command)


@click.command("migrate")
@with_appcontext
def migrate() -> None:
    """Create or upgrade every table (alembic upgrade head)."""
    upgrade(current_app.config["SHIAI_DATABASE_URL"])
    click.echo("database is at the newest migration")
    caught_up = current_app.extensions["shiai"].catch_up()
    if any(caught_up.values()):
        click.echo(f"read models caught up: {_counts(caught_up)}")
    # The rollups start empty (migration 0005): fill them if games are analysed.
    with current_app.extensions["shiai"].db_engine.begin() as conn:
        if rollups.missing(conn):
            rollups.rebuild(conn)
            click.echo("meta dashboards' rollups built from the analysis read models")


@click.command("seed-demo")
@with_appcontext
@click.option("--games", "per_ruleset", default=DEMO_GAMES_PER_RULESET, show_default=True)
@click.option("--force", is_flag=True, help="seed even if the store already holds games")
def seed_demo(per_ruleset: int, force: bool) -> None:
    """Record demo bot games for every installed ruleset and a demo tournament,
    each only if the store holds none yet."""
    services = current_app.extensions["shiai"]
    if services.tournaments.recorder.max_notification_id() is None or force:
        for line in seed_demo_tournament(services):
            click.echo(line)
    else:
        click.echo("the store already holds tournaments: no demo tournament added")
    if services.records.recorder.max_notification_id() is not None and not force:
        click.echo("the store already holds games: no demo data added")
        return
    for system in services.systems:
        ruleset = system.ruleset
        setups = system.demo_setups()
        if not setups:
            click.echo(f"{ruleset.id}: no sample set-ups, no demo games")
            continue
        for number in range(1, per_ruleset + 1):
            setup = setups[(number - 1) % len(setups)]
            # Fixed dice and bot seeds: every fresh install gets the same demo games,
            # so anything a demo game brings out happens again.
            seed = f"demo-{ruleset.id}-{number}"
            play_bot_game(
                services.records,
                ruleset.id,
                setup,
                bot_seed=seed,
                seed=seed,
                title=f"{ruleset.title} — demo game {number}",
            )
        click.echo(f"{ruleset.id}: {per_ruleset} demo games recorded")


@click.command("rebuild-read-models")
@with_appcontext
def rebuild_read_models() -> None:
    """Empty the read models and project every event again."""
    services = current_app.extensions["shiai"]
    # Each read model is rebuilt in one transaction: if an event fails, that
    # read model keeps its old rows, and the command stops with the event.
    try:
        count = services.games.rebuild()
        click.echo(f"games read model rebuilt from {count} events")
        count = services.tournament_views.rebuild()
        click.echo(f"tournament standings and ratings rebuilt from {count} events")
        # After the tournaments': a finished game's rows read the link to its pairing.
        count = services.analysis.rebuild()
        click.echo(f"game analysis rows rebuilt from {count} events")
        services.analysis_links.rebuild()
        # After the games': a pairing whose game was analysed is not reported again.
        count = services.reported_results.rebuild()
        click.echo(f"reported tournament results rebuilt from {count} events")
        count = services.imported_event_rows.rebuild()
        click.echo(f"imported events' results rebuilt from {count} events")
    except RebuildFailed as error:
        raise click.ClickException(str(error)) from None
    _rebuild_rollups()


@click.command("check")
@with_appcontext
def check() -> None:
    """Report any read model behind the event store, or with events it could not
    apply (exit code 1), else that every read model is current (exit code 0)."""
    services = current_app.extensions["shiai"]
    if services.behind_at_start and any(services.behind_at_start.values()):
        click.echo(f"caught up at start: {_counts(services.behind_at_start)}")
    healthy = True
    for status in services.read_model_status():
        line = f"{status.name}: at {status.position} of {status.head}"
        if status.behind:
            line += f", {status.behind} behind"
        if status.failures:
            line += f", {status.failures} event(s) failing"
        click.echo(line)
        healthy = healthy and status.current
    for follower in services.followers():
        for failure in follower.failures():
            click.echo(
                f"  {follower.name}: notification {failure.notification_id} of "
                f"{failure.originator_id}, {failure.attempts} attempt(s) since "
                f"{failure.first_seen:%Y-%m-%d %H:%M:%S}: {failure.error}"
            )
    if not healthy:
        raise click.exceptions.Exit(1)
    click.echo("every read model is current")


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in counts.items() if count)


@click.command("rebuild-rollups")
@with_appcontext
def rebuild_rollups() -> None:
    """Compute the meta dashboards' rollups again from the analysis read models."""
    _rebuild_rollups()


def _rebuild_rollups() -> None:
    started = time.perf_counter()
    with current_app.extensions["shiai"].db_engine.begin() as conn:
        rollups.rebuild(conn)
        rows = sum(rollups.counts(conn).values())
    elapsed = time.perf_counter() - started
    click.echo(f"meta dashboards' rollups rebuilt: {rows} rows in {elapsed:.1f} s")


@click.command("create-account")
@with_appcontext
@click.argument("username")
@click.option("--display-name", help="the name shown on pages (default: the username)")
@click.option("--role", type=click.Choice(ROLES), default="player", show_default=True)
@click.password_option(help="at least 10 characters; asked for when not given")
def create_account(username: str, display_name: str | None, role: str, password: str) -> None:
    """Create an account (organisers create tournaments; players report their games;
    the first admin, made here, decides who else is an organiser or an admin on /admin)."""
    accounts = current_app.extensions["shiai"].accounts
    if role == ADMIN:
        admin = accounts.first_admin()
        if admin is not None:
            raise click.ClickException(
                f"the site already has an admin ({admin.username}): more admins are made "
                "by an admin on /admin"
            )
    try:
        account_id = accounts.create(username, display_name or username, password, role)
    except AccountError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"{role} account {username} created ({account_id})")


@click.command("create-token")
@with_appcontext
@click.option("--username", required=True, help="the account the token acts as")
@click.option("--name", required=True, help="what the token is for, to tell tokens apart")
def create_token(username: str, name: str) -> None:
    """Create an API token for a script (Authorization: Bearer <token>); it is
    printed once and only its hash is kept. Revoke it on /account/tokens."""
    accounts = current_app.extensions["shiai"].accounts
    account = accounts.by_username(username)
    if account is None:
        raise click.ClickException(f"there is no account {username!r}")
    try:
        created = accounts.create_token(account.id, name)
    except AccountError as error:
        raise click.ClickException(error.message) from None
    click.echo(f"API token {created.token.name!r} for {account.username} (shown only once):")
    click.echo(created.secret)


@click.command("simulate")
@with_appcontext
@click.option("--system", "ruleset_id", required=True, help="the ruleset's id, e.g. kensei")
@click.option("--games", type=click.IntRange(min=1), required=True)
@click.option("--seed", required=True, help="the simulation's seed: the same seed, the same games")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--first", type=click.IntRange(min=0), default=0, help="the first game's number")
def simulate_command(ruleset_id: str, games: int, seed: str, workers: int, first: int) -> None:
    """Play bot games into the store, reproducibly from the seed (games already
    stored by the same seed are kept, not played again)."""
    services = current_app.extensions["shiai"]
    records = services.records
    try:
        registry.get(ruleset_id)
    except UnknownRuleset as error:
        known = ", ".join(ruleset.id for ruleset in registry.installed()) or "none"
        raise click.BadParameter(f"{error} (installed: {known})", param_hint="--system") from None
    started = time.perf_counter()
    with click.progressbar(length=games, label=f"{ruleset_id} games", file=sys.stderr) as bar:

        def stored(game: Simulated) -> None:
            bar.update(1)
            if workers > 1:
                # The workers' stores have no read models listening: follow them here.
                services.catch_up()

        done = simulate(
            records,
            ruleset_id,
            games=games,
            seed=seed,
            workers=workers,
            database_url=current_app.config["SHIAI_DATABASE_URL"],
            first=first,
            on_stored=stored,
        )
    elapsed = time.perf_counter() - started
    new = [game for game in done if game.stored]
    click.echo(
        f"{len(new)} games stored, {len(done) - len(new)} already there; "
        f"{sum(game.steps for game in new)} steps in {elapsed:.1f} s "
        f"({len(new) / elapsed:.2f} games/s with {workers} worker(s))"
    )


def main() -> None:
    from shiai.app import create_app  # noqa: PLC0415 - shiai.app imports this module

    FlaskGroup(create_app=create_app, help="Shiai: samurai wargames, recorded and replayed.")()
