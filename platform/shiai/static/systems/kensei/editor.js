// Kensei's position editor (templates/analysis_editor.html): choose a unit (from the
// list or by clicking its base), place its leader by x/y/facing (or click the table
// where it goes, then "Move the unit"), set its markers or remove it, or drag a unit on
// the table (mouse or finger: its formation moves as a whole, keeping its shape and
// facing). Scenery is dragged the same way, added (a rectangle of a kind the rules
// know) or removed. Every edit is checked by the engine as it is made: what is typed
// in the form as it is typed and when it is added (refused, the rule is shown next to
// the fields, and nothing is added), a drag as it is dropped (refused, the piece snaps
// back); all of them again when a board is started from the position (POST
// .../edits). "Ask the engine" lists what the unit may do with the edits so far. The
// board zooms (buttons, wheel, pinch, "zoom to the chosen unit"): on a phone it opens
// on the chosen unit.
import { drawBoard } from "./board.js";
import { checkTyped, dragPieces, editorReady, tryEdit, wireEditor } from "../../boards/position_editor.js";
import { tablePoint } from "../../boards/table.js";
import { BoardView } from "../../viewer/board-view.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("editor-data").textContent);
const edits = [];
let selected = $("edit-unit").value;
let busy = false; // an edit is being checked: no drag starts
const SCENERY = "scenery:"; // a dragged piece's id: a scenery piece's, so prefixed
const PHONE = 600; // a board narrower than this (px) opens on the chosen unit
const VIEWED = 4000; // zoomed on a unit, the board shows at least 40 cm of the table

// The position with the edits so far, for the preview only (the server decides).
function previewed() {
  return edits.reduce(previewEdit, data.state);
}

function previewEdit(state, edit) {
  if (edit.edit === "scenery") {
    const scenery = state.scenery.map((piece) => (piece.id === edit.piece ? shifted(piece, edit.x, edit.y) : piece));
    return { ...state, scenery };
  }
  if (edit.edit === "add_scenery") return { ...state, scenery: [...state.scenery, newPiece(state, edit)] };
  if (edit.edit === "remove_scenery") return { ...state, scenery: state.scenery.filter((piece) => piece.id !== edit.piece) };
  const unit = state.units[edit.unit];
  const minis = { ...state.minis };
  if (edit.edit === "remove") {
    for (const mid of unit.minis) minis[mid] = { ...minis[mid], removed: true };
    return { ...state, minis, units: { ...state.units, [edit.unit]: { ...unit, removed: true } } };
  }
  if (edit.edit === "markers") {
    const { edit: _kind, unit: _uid, ...markers } = edit;
    return { ...state, units: { ...state.units, [edit.unit]: { ...unit, markers: { ...unit.markers, ...markers } } } };
  }
  const anchor = leaderOf(state, unit);
  const dx = edit.x - anchor.x;
  const dy = edit.y - anchor.y;
  for (const mid of standing(state, unit)) minis[mid] = { ...minis[mid], x: minis[mid].x + dx, y: minis[mid].y + dy, facing: edit.facing };
  return { ...state, minis };
}

// A piece moved so that its bounding box's bottom-left corner is at x, y (as the engine does).
function shifted(piece, x, y) {
  const [left, bottom] = corner(piece);
  return { ...piece, points: piece.points.map(([px, py]) => [px + x - left, py + y - bottom]) };
}

const corner = (piece) => [Math.min(...piece.points.map((p) => p[0])), Math.min(...piece.points.map((p) => p[1]))];

// An added piece as the engine names and shapes it (engine/kensei/position.py).
function newPiece(state, edit) {
  const taken = new Set(state.scenery.map((piece) => piece.id));
  let number = 1;
  while (taken.has(`edit-${number}`)) number += 1;
  const { x, y, width, depth } = edit;
  const points = [[x, y], [x + width, y], [x + width, y + depth], [x, y + depth]];
  const name = `${edit.kind[0].toUpperCase()}${edit.kind.slice(1)} scenery (editor)`;
  return { id: `edit-${number}`, name, kind: edit.kind, height: edit.height, points };
}

const standing = (state, unit) => unit.minis.filter((mid) => state.minis[mid].placed && !state.minis[mid].removed);

function leaderOf(state, unit) {
  const mids = standing(state, unit);
  return state.minis[mids.includes(unit.leader) ? unit.leader : mids[0]];
}

function draw() {
  const state = previewed();
  const svg = drawBoard($("board"), state, { step: data.step, selected, changes: null, onSelect: select });
  tagScenery(svg, state);
  view.attach(svg);
  const unit = state.units[selected];
  const leader = unit && standing(state, unit).length ? leaderOf(state, unit) : null;
  if (leader) {
    $("edit-x").value = String(leader.x / 100);
    $("edit-y").value = String(leader.y / 100);
    $("edit-facing").value = String(Math.round(leader.facing / 10));
  }
  if (unit) {
    for (const flag of ["used", "fleeing", "sheltered"]) $(`edit-${flag}`).checked = Boolean(unit.markers[flag]);
    for (const count of ["stunned", "wounded", "unloaded"]) $(`edit-${count}`).value = String(unit.markers[count] || 0);
  }
  listPieces(state);
  $("edit-list").replaceChildren(...edits.map((edit) => Object.assign(document.createElement("li"), { textContent: words(edit) })));
}

// board.js draws the scenery in the state's order, one `g.scenery` a piece: each is
// named by its piece's id here, so that it can be dragged.
function tagScenery(svg, state) {
  svg.querySelectorAll(":scope > g.scenery").forEach((group, index) => {
    group.dataset.piece = state.scenery[index].id;
  });
}

function listPieces(state) {
  const chosen = $("edit-piece").value;
  $("edit-piece").replaceChildren(...state.scenery.map((piece) =>
    Object.assign(document.createElement("option"), { value: piece.id, textContent: `${piece.name || piece.id} (${piece.id}): ${piece.kind}, height ${piece.height}` })));
  if (state.scenery.some((piece) => piece.id === chosen)) $("edit-piece").value = chosen;
}

function words(edit) {
  if (edit.edit === "scenery") return `move scenery ${edit.piece}: its corner at ${edit.x / 100} cm, ${edit.y / 100} cm`;
  if (edit.edit === "add_scenery") return `add ${edit.kind} scenery, ${edit.width / 100} x ${edit.depth / 100} cm, height ${edit.height}, at ${edit.x / 100} cm, ${edit.y / 100} cm`;
  if (edit.edit === "remove_scenery") return `remove scenery ${edit.piece}`;
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
  return $(id).value.trim() !== "" && Number.isFinite(value) ? Math.round(value * scale) : NaN;
}

// The form's edits, as typed.
const typedMove = () => ({ edit: "move", unit: selected, x: whole("edit-x", 100), y: whole("edit-y", 100), facing: whole("edit-facing", 10) });
const typedMarkers = () => ({
  edit: "markers",
  unit: selected,
  used: $("edit-used").checked,
  fleeing: $("edit-fleeing").checked,
  sheltered: $("edit-sheltered").checked,
  stunned: whole("edit-stunned", 1),
  wounded: whole("edit-wounded", 1),
  unloaded: whole("edit-unloaded", 1),
});
const typedPiece = () => ({
  edit: "add_scenery",
  x: whole("scenery-x", 100),
  y: whole("scenery-y", 100),
  width: whole("scenery-width", 100),
  depth: whole("scenery-depth", 100),
  kind: $("scenery-kind").value,
  height: whole("scenery-height", 1),
});

// An edit of the form (or a drag), checked by the engine before it is added; the
// refusal, if any, next to the fields `near`. One at a time, in the order they are
// made (one made while another is checked waits for it).
let checked = Promise.resolve();
function submit(edit, near = null) {
  checked = checked.then(async () => {
    busy = true;
    await tryEdit(data, edits, edit, selected, draw, near);
    busy = false;
  });
  return checked;
}

// Fields checked as they are typed (a change): their edit is asked about, not added.
function checkAsTyped(ids, typed, near) {
  for (const id of ids) {
    $(id).addEventListener("change", () => {
      if (!busy) checkTyped(data, edits, typed(), selected, near);
    });
  }
}

// The zoom buttons over the board (the viewer's own: viewer.css .board-tools): in,
// out, on the chosen unit, the whole table.
function boardTools() {
  const frame = Object.assign(document.createElement("div"), { className: "board-frame" });
  $("board").before(frame);
  frame.append($("board"));
  const tools = Object.assign(document.createElement("div"), { className: "board-tools", id: "editor-tools" });
  tools.setAttribute("role", "toolbar");
  tools.setAttribute("aria-label", "the board's view");
  const button = (id, text, label) => {
    const node = Object.assign(document.createElement("button"), { type: "button", id, textContent: text, title: label });
    node.setAttribute("aria-label", label);
    tools.append(node);
    return node;
  };
  const zoomIn = button("zoom-in", "+", "zoom in");
  const zoomOut = button("zoom-out", "−", "zoom out");
  button("zoom-unit", "◎", "zoom to the chosen unit").addEventListener("click", () => zoomToUnit());
  const reset = button("zoom-reset", "⤢", "the whole table");
  frame.append(tools);
  return { zoomIn, zoomOut, reset };
}

// The board's view on the chosen unit: its bases and at least VIEWED around them
// (on a phone, a base is then a finger wide).
function zoomToUnit() {
  const state = previewed();
  const unit = state.units[selected];
  const minis = unit ? standing(state, unit).map((mid) => state.minis[mid]) : [];
  if (!minis.length || !view.natural) return;
  const xs = minis.flatMap((m) => [m.x - m.base.size, m.x + m.base.size]);
  const ys = minis.flatMap((m) => [m.y - m.base.size, m.y + m.base.size]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [, , nw, nh] = view.natural;
  const w = Math.max(x1 - x0 + VIEWED / 2, ((y1 - y0 + VIEWED / 2) * nw) / nh, VIEWED);
  const h = (w * nh) / nw;
  const top = state.table.height - (y0 + y1) / 2 - h / 2; // svg y runs down
  view.box = view.clamp([(x0 + x1) / 2 - w / 2, top, w, h]);
  view.apply();
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
const moveFields = $("edit-move").closest("fieldset");
const markerFields = $("edit-markers").closest("fieldset");
const sceneryFields = $("scenery-add").closest("fieldset");
checkAsTyped(["edit-x", "edit-y", "edit-facing"], typedMove, moveFields);
checkAsTyped(["edit-stunned", "edit-wounded", "edit-unloaded", "edit-used", "edit-fleeing", "edit-sheltered"], typedMarkers, markerFields);
checkAsTyped(["scenery-x", "scenery-y", "scenery-width", "scenery-depth", "scenery-kind", "scenery-height"], typedPiece, sceneryFields);
$("edit-move").addEventListener("click", () => submit(typedMove(), moveFields));
$("edit-markers").addEventListener("click", () => submit(typedMarkers(), markerFields));
$("edit-remove").addEventListener("click", () => submit({ edit: "remove", unit: selected }, $("edit-remove").parentElement));
$("scenery-add").addEventListener("click", () => submit(typedPiece(), sceneryFields));
$("scenery-remove").addEventListener("click", () => {
  if ($("edit-piece").value) submit({ edit: "remove_scenery", piece: $("edit-piece").value }, sceneryFields);
});
$("edit-undo").addEventListener("click", () => { edits.pop(); draw(); });

// A unit dragged on the table: the same move edit as the form's, its leader moved by
// the pointer's travel, its facing kept. A scenery piece dragged: moved by the
// pointer's travel, keeping its shape. Registered before the view's zoom and pan, so
// that a press on a piece drags the piece, not the board.
dragPieces($("board"), {
  selector: ".unit[data-unit], .scenery[data-piece]",
  idOf: (node) => (node.dataset.unit ? node.dataset.unit : `${SCENERY}${node.dataset.piece}`),
  pick: (id) => {
    if (busy) return false;
    if (id.startsWith(SCENERY)) {
      $("edit-piece").value = id.slice(SCENERY.length);
      return true;
    }
    if (!previewed().units[id]) return false;
    if (id !== selected) select(id);
    return true;
  },
  drop: (id, down, up) => {
    const svg = $("board").querySelector("svg");
    const [x0, y0] = tablePoint(svg, down);
    const [x1, y1] = tablePoint(svg, up);
    const state = previewed();
    if (id.startsWith(SCENERY)) {
      const piece = state.scenery.find((one) => one.id === id.slice(SCENERY.length));
      const [left, bottom] = corner(piece);
      return submit({ edit: "scenery", piece: piece.id, x: left + x1 - x0, y: bottom + y1 - y0 });
    }
    const leader = leaderOf(state, state.units[id]);
    return submit({ edit: "move", unit: id, x: leader.x + x1 - x0, y: leader.y + y1 - y0, facing: leader.facing });
  },
});

// The view's zoom and pan (after the drags: see above).
const view = new BoardView($("board"), { tools: boardTools() });

wireEditor(data, edits, () => selected);
draw();
// On a phone the table is wide and the bases small: it opens on the chosen unit.
if ($("board").clientWidth < PHONE) zoomToUnit();
editorReady();
