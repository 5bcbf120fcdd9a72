"""WSGI entry point: ``gunicorn wsgi:app`` or ``flask --app wsgi run``."""

from shiai import create_app

app = create_app()
