from __future__ import annotations

from flask.testing import FlaskClient


def test_health_reports_the_store_it_checked(client: FlaskClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    assert response.get_json()["status"] == "ok"
