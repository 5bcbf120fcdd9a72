"""WSGI entry point: ``gunicorn wsgi:app`` (or any WSGI server).

Served this way, the platform runs as production unless ``SHIAI_ENV`` says
otherwise: it refuses to start without ``SHIAI_SECRET_KEY`` and marks session
cookies ``Secure`` (``SHIAI_SECURE_COOKIES=0`` for a site served over plain
http). ``make run`` (``shiai run``) is development.
"""

import os

from shiai import create_app

os.environ.setdefault("SHIAI_ENV", "production")

app = create_app()
