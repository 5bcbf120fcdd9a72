"""static/viewer/deltas.js, without a page: node applies the patches
``replays.deltas`` makes of real consecutive Kensei states and gets each next
state, its canonical JSON and hash byte for byte as ``engine.core`` gives them
(with crypto.subtle and with the module's own SHA-256, for pages served over
plain http), and refuses a patch that does not fit."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from engine.core import canonical_json, state_hash
from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from replays.deltas import diff
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from tests.conftest import UNDER_CI

DELTAS_JS = Path(__file__).parents[2] / "platform" / "shiai" / "static" / "viewer" / "deltas.js"
NODE = shutil.which("node")


def run_node(script: str, data: Any, tmp_path: Path) -> Any:
    """What ``script`` (over the module as ``d`` and the JSON ``data``) prints, parsed."""
    if NODE is None:
        if UNDER_CI:
            pytest.fail("node is not installed", pytrace=False)
        pytest.skip("node is not installed")
    data_file = tmp_path / "data.json"
    data_file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    program = (
        f"import * as d from {json.dumps(DELTAS_JS.as_uri())};\n"
        'import { readFileSync } from "node:fs";\n'
        f"const data = JSON.parse(readFileSync({json.dumps(str(data_file))}, 'utf-8'));\n"
        f"{script}\n"
    )
    ran = subprocess.run(
        [NODE, "--input-type=module", "-e", program],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(ran.stdout)


@pytest.fixture(scope="module")
def kensei_states() -> list[dict[str, Any]]:
    records = GameRecords(event_store_env(MEMORY), rulesets=[Kensei()])
    try:
        game_id = play_bot_game(records, "kensei", Kensei().sample_setups()[0], bot_seed="js")
        last = records.head(game_id)[0]
        return [shown.state for shown in records.states_between(game_id, 0, min(last, 120))]
    finally:
        records.close()


def test_node_applies_each_patch_and_hashes_the_state_as_the_server_does(
    kensei_states: list[dict[str, Any]], tmp_path: Path
) -> None:
    pairs = [{"before": a, "patch": diff(a, b)} for a, b in pairwise(kensei_states)]
    script = """
const out = [];
for (const { before, patch } of data) {
  const frozen = JSON.stringify(before);
  const after = d.applyPatch(before, patch);
  const text = d.canonicalJson(after);
  out.push({ text, subtle: await d.stateHash(after),
             own: d.sha256Hex(new TextEncoder().encode(text)),
             untouched: JSON.stringify(before) === frozen });
}
console.log(JSON.stringify(out));
"""
    answers = run_node(script, pairs, tmp_path)
    assert len(answers) == len(kensei_states) - 1
    for answer, after in zip(answers, kensei_states[1:], strict=True):
        assert answer["text"] == canonical_json(after)
        assert answer["subtle"] == answer["own"] == state_hash(after)
        assert answer["untouched"], "the state a patch applies to is not changed"


def test_the_own_sha256_and_canonical_json_match_pythons_on_awkward_text(tmp_path: Path) -> None:
    texts = ["", "abc", "a" * 55, "a" * 56, "a" * 64, "x" * 1000, "試合 — ☃ 🏯", '\u0000\n\t"\\']
    values = [
        {"b": 1, "a": [True, None, -0, 10**15], "試": {"🏯": "z", "z": "\u2028\u007f\u001f"}},
        {"\U0001f3ef": 1, "\uff5e": 2},  # sorted by code point, as Python does
    ]
    script = """
const enc = new TextEncoder();
console.log(JSON.stringify({
  hashes: data.texts.map((t) => d.sha256Hex(enc.encode(t))),
  canonical: data.values.map((v) => d.canonicalJson(v)),
}));
"""
    answers = run_node(script, {"texts": texts, "values": values}, tmp_path)
    assert answers["hashes"] == [hashlib.sha256(t.encode()).hexdigest() for t in texts]
    assert answers["canonical"] == [canonical_json(v) for v in values]


def test_a_patch_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    patches = [
        [[["nowhere", "deeper"], 1]],
        [[["units", 3], {}]],
        [[["turn"], 2, 3]],
        [["turn", 2]],
        [[["gone"]]],
        [[[]]],
        "not a list",
    ]
    script = """
const state = { units: [{ id: "u1" }], turn: 1 };
const refused = data.map((patch) => {
  try { d.applyPatch(state, patch); return false; }
  catch (error) { return error instanceof d.BadPatch; }
});
const patch = JSON.parse('[[["a", 1]], [["a", 1], 9], [["__proto__"], 1]]');
const cut = d.applyPatch({ a: [1, 2, 3] }, patch);
const own = Object.keys(cut);
console.log(JSON.stringify({ refused, cut: cut.a, own, proto: cut.__proto__, state }));
"""
    answers = run_node(script, patches, tmp_path)
    assert answers["refused"] == [True] * len(patches)
    assert answers["cut"] == [1, 9]
    assert answers["own"] == ["a", "__proto__"], "a key named __proto__ is a member"
    assert answers["proto"] == 1
    assert answers["state"] == {"units": [{"id": "u1"}], "turn": 1}
