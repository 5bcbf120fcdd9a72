// Kensei's position editor (templates/analysis_editor.html): choose a unit (from the
// list or by clicking its base), place its leader by x/y/facing (or click the table
// where it goes, then "Move the unit"), set its markers or
// remove it. The edits are listed and previewed on the board; the engine checks them
// all when a board is started from the position (POST .../edits), and its refusal is
// shown in its own words. "Ask the engine" lists what the unit may do at the step.
import { drawBoard } from "./board.js";
import { wireEditor } from "../../boards/position_editor.js";
import { tablePoint } from "../../boards/table.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("editor-data").textContent);
const edits = [];
let selected = $("edit-unit").value;

// The position with the edits so far, for the preview only (the server decides).
function previewed() {
  let state = data.state;
  for (const edit of edits) {
    const unit = state.units[edit.unit];
    const minis = { ...state.minis };
    if (edit.edit === "remove") {
      for (const mid of unit.minis) minis[mid] = { ...minis[mid], removed: true };
      state = { ...state, minis, units: { ...state.units, [edit.unit]: { ...unit, removed: true } } };
    } else if (edit.edit === "markers") {
      const { edit: _kind, unit: _uid, ...markers } = edit;
      state = { ...state, units: { ...state.units, [edit.unit]: { ...unit, markers: { ...unit.markers, ...markers } } } };
    } else if (edit.edit === "move") {
      const anchor = leaderOf(state, unit);
      const dx = edit.x - anchor.x;
      const dy = edit.y - anchor.y;
      for (const mid of standing(state, unit)) minis[mid] = { ...minis[mid], x: minis[mid].x + dx, y: minis[mid].y + dy, facing: edit.facing };
      state = { ...state, minis };
    }
  }
  return state;
}

const standing = (state, unit) => unit.minis.filter((mid) => state.minis[mid].placed && !state.minis[mid].removed);

function leaderOf(state, unit) {
  const mids = standing(state, unit);
  return state.minis[mids.includes(unit.leader) ? unit.leader : mids[0]];
}

function draw() {
  const state = previewed();
  drawBoard($("board"), state, { step: data.step, selected, changes: null, onSelect: select });
  const unit = state.units[selected];
  if (!unit) return;
  const leader = standing(state, unit).length ? leaderOf(state, unit) : null;
  if (leader) {
    $("edit-x").value = String(leader.x / 100);
    $("edit-y").value = String(leader.y / 100);
    $("edit-facing").value = String(Math.round(leader.facing / 10));
  }
  for (const flag of ["used", "fleeing", "sheltered"]) $(`edit-${flag}`).checked = Boolean(unit.markers[flag]);
  for (const count of ["stunned", "wounded", "unloaded"]) $(`edit-${count}`).value = String(unit.markers[count] || 0);
  $("edit-list").replaceChildren(...edits.map((edit) => Object.assign(document.createElement("li"), { textContent: words(edit) })));
}

function words(edit) {
  const name = `${data.state.units[edit.unit].name} (${edit.unit})`;
  if (edit.edit === "remove") return `remove ${name}`;
  if (edit.edit === "move") return `move ${name}: leader at ${edit.x / 100} cm, ${edit.y / 100} cm, facing ${edit.facing / 10}°`;
  const set = Object.entries(edit).filter(([key]) => !["edit", "unit"].includes(key)).map(([key, value]) => `${key} ${value}`);
  return `markers of ${name}: ${set.join(", ")}`;
}

function select(uid) {
  selected = uid;
  $("edit-unit").value = uid;
  $("unit-options").replaceChildren();
  draw();
}

function whole(id, scale) {
  const value = Number($(id).value);
  return Number.isFinite(value) ? Math.round(value * scale) : NaN;
}

function add(edit) {
  edits.push(edit);
  $("edit-error").hidden = true;
  draw();
}


$("edit-unit").addEventListener("change", () => select($("edit-unit").value));
// A click on the table (not on a unit) is where to put the chosen unit's leader.
$("board").addEventListener("click", (event) => {
  if (event.target.closest(".unit")) return;
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const [x, y] = tablePoint(svg, event);
  const { width, height } = data.state.table;
  if (x < 0 || y < 0 || x > width || y > height) return;
  $("edit-x").value = String(x / 100);
  $("edit-y").value = String(y / 100);
  $("edit-x").dispatchEvent(new Event("change"));
});
$("edit-move").addEventListener("click", () =>
  add({ edit: "move", unit: selected, x: whole("edit-x", 100), y: whole("edit-y", 100), facing: whole("edit-facing", 10) }));
$("edit-markers").addEventListener("click", () =>
  add({
    edit: "markers",
    unit: selected,
    used: $("edit-used").checked,
    fleeing: $("edit-fleeing").checked,
    sheltered: $("edit-sheltered").checked,
    stunned: whole("edit-stunned", 1),
    wounded: whole("edit-wounded", 1),
    unloaded: whole("edit-unloaded", 1),
  }));
$("edit-remove").addEventListener("click", () => add({ edit: "remove", unit: selected }));
$("edit-undo").addEventListener("click", () => { edits.pop(); draw(); });

wireEditor(data, edits, () => selected);
draw();
