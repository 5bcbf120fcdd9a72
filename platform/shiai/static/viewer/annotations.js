// A study on the replay page (shiai.web.studies): its comments beside the log's
// steps, its arrows and circles on the board, and, for its owner, the tools to
// write them: "Draw", then drag on the board for an arrow or click for a circle;
// without a pointer, a circle around the selected unit, an arrow from it to a unit
// chosen from a list, or the board cursor (arrow keys, Enter, C), each announced in
// the status line (aria-live); a comment per step; Save. Shapes are kept in the SVG user units of the board's
// viewBox, so they stay where they were drawn whatever the zoom.
import { copiesField, replay } from "./replay.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const CLICK_PX = 6; // a press that moves less than this is a click: a circle

const study = JSON.parse($("study-data").textContent);
// step -> {comment, shapes}: what is saved, and what the owner is writing.
const saved = new Map(study.annotations.map((note) => [note.step, { comment: note.comment, shapes: note.shapes }]));
const drafts = new Map();
let drawing = false;
let press = null; // {start, pointerId, preview}

function svgEl(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function current() {
  return replay.step;
}

function noteAt(step) {
  return drafts.get(step) || saved.get(step) || { comment: "", shapes: [] };
}

function board() {
  return $("board").querySelector("svg.battlefield") || $("board").querySelector("svg");
}

// The size of a stroke and of a click's circle: a share of the board's viewBox.
function scale(svg) {
  const box = svg.viewBox.baseVal;
  const span = box && box.width ? Math.max(box.width, box.height) : 100;
  return span;
}

function round(value) {
  return Math.round(value * 10) / 10;
}

function userPoint(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(svg.getScreenCTM().inverse());
  return [round(at.x), round(at.y)];
}

// -- drawing the shapes -----------------------------------------------------------

function layer(svg) {
  let group = svg.querySelector(":scope > g.annotations");
  if (!group) {
    group = svgEl("g", { class: "annotations", "aria-label": "the study's drawings" });
    const defs = svgEl("defs", {}, group);
    for (const colour of study.colours) {
      const marker = svgEl("marker", {
        id: `study-head-${colour}`, viewBox: "0 0 10 10", refX: 6, refY: 5,
        markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse", markerUnits: "strokeWidth",
      }, defs);
      svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: `head ${colour}` }, marker);
    }
  }
  svg.append(group); // last: above everything the board drew
  return group;
}

function drawShape(group, shape, span, extraClass = "") {
  const width = round(span / 160);
  if (shape.kind === "arrow") {
    return svgEl("line", {
      class: `arrow ${shape.colour} ${extraClass}`.trim(),
      x1: shape.from[0], y1: shape.from[1], x2: shape.to[0], y2: shape.to[1],
      "stroke-width": width, "marker-end": `url(#study-head-${shape.colour})`,
    }, group);
  }
  return svgEl("circle", {
    class: `ring ${shape.colour} ${extraClass}`.trim(),
    cx: shape.at[0], cy: shape.at[1], r: shape.r, "stroke-width": width,
  }, group);
}

function drawShapes() {
  const svg = board();
  if (!svg) return;
  const group = layer(svg);
  for (const node of [...group.children]) if (node.tagName !== "defs") node.remove();
  const span = scale(svg);
  for (const shape of noteAt(current()).shapes) drawShape(group, shape, span);
  group.dataset.step = String(current());
  group.dataset.shapes = String(noteAt(current()).shapes.length);
}

// -- the log and the panel ------------------------------------------------------------

function decorateLog() {
  for (const mark of $("log").querySelectorAll(".study-mark")) mark.remove();
  for (const [step, note] of saved) {
    const item = $("log").querySelector(`li[data-step="${step}"]`);
    if (!item) continue;
    const mark = document.createElement("p");
    mark.className = "study-mark";
    const count = note.shapes.length;
    const drawn = count ? `${count} drawing${count === 1 ? "" : "s"} on the board` : "";
    mark.textContent = note.comment ? `✎ ${note.comment}${drawn ? ` (${drawn})` : ""}` : `✎ ${drawn}`;
    item.append(mark);
  }
}

function listSteps() {
  const items = [...saved.keys()].sort((a, b) => a - b).map((step) => {
    const item = document.createElement("li");
    item.dataset.step = String(step);
    const link = document.createElement("a");
    link.href = replay.href(step);
    link.textContent = `step ${step}`;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      replay.goTo(step);
    });
    item.append(link, document.createTextNode(`: ${saved.get(step).comment || "(drawing)"}`));
    return item;
  });
  $("study-steps").replaceChildren(...items);
  $("study-count").textContent = String(saved.size);
}

function fillPanel() {
  const step = current();
  const note = saved.get(step);
  const box = $("study-step-note");
  if (study.mine) {
    box.textContent = "";
    $("study-comment-step").textContent = String(step);
    const field = $("study-comment");
    if (document.activeElement !== field) field.value = noteAt(step).comment;
    const count = noteAt(step).shapes.length;
    $("study-shape-count").textContent = count ? `${count} shape${count === 1 ? "" : "s"} on this step` : "";
    $("study-status").textContent = changed(step) ? "not saved yet" : "";
  } else {
    box.textContent = note && note.comment ? `Step ${step}: ${note.comment}` : "";
  }
}

function refresh() {
  drawShapes();
  drawCursor();
  decorateLog();
  fillPanel();
  if (study.mine) fillTargets();
}

// -- the owner's tools ------------------------------------------------------------------

function draft(step) {
  if (!drafts.has(step)) {
    const note = saved.get(step) || { comment: "", shapes: [] };
    drafts.set(step, { comment: note.comment, shapes: [...note.shapes] });
  }
  return drafts.get(step);
}

function changed(step) {
  const note = drafts.get(step);
  return Boolean(note) && JSON.stringify(note) !== JSON.stringify(saved.get(step) || { comment: "", shapes: [] });
}

function unsaved() {
  return [...drafts.keys()].some(changed);
}

function setDrawing(on) {
  drawing = on;
  $("study-draw").setAttribute("aria-pressed", String(on));
  $("study-draw").textContent = on ? "✎ Drawing (drag: arrow, click: circle)" : "✎ Draw";
  $("board").classList.toggle("study-drawing", on);
}

// A shape drawn on the shown step, within the study's limit of shapes per step.
function addShape(shape) {
  const note = draft(current());
  if (note.shapes.length >= study.limits.shapes) {
    $("study-status").textContent = `at most ${study.limits.shapes} shapes on one step`;
    return false;
  }
  note.shapes.push(shape);
  refresh();
  return true;
}

function onPointerDown(event) {
  if (!drawing || event.button > 0) return;
  const svg = board();
  if (!svg) return;
  event.preventDefault();
  event.stopPropagation();
  const start = userPoint(svg, event);
  press = { start, x: event.clientX, y: event.clientY, pointerId: event.pointerId, preview: null };
  $("board").setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  if (!press || event.pointerId !== press.pointerId) return;
  event.preventDefault();
  event.stopPropagation();
  const svg = board();
  if (!svg) return;
  if (press.preview) press.preview.remove();
  const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) >= CLICK_PX;
  if (far) {
    const shape = { kind: "arrow", from: press.start, to: userPoint(svg, event), colour: $("study-colour").value };
    press.preview = drawShape(layer(svg), shape, scale(svg), "preview");
  }
}

function onPointerUp(event) {
  if (!press || event.pointerId !== press.pointerId) return;
  event.preventDefault();
  event.stopPropagation();
  const svg = board();
  const begun = press;
  press = null;
  if (begun.preview) begun.preview.remove();
  if (!svg) return;
  const colour = $("study-colour").value;
  const far = Math.hypot(event.clientX - begun.x, event.clientY - begun.y) >= CLICK_PX;
  addShape(far
    ? { kind: "arrow", from: begun.start, to: userPoint(svg, event), colour }
    : { kind: "circle", at: begun.start, r: round(scale(svg) / 40), colour });
}

// -- drawing without a pointer ------------------------------------------------------------

// A unit's base on the board, in the board's user units: its centre and a radius
// that rings it.
function unitRing(svg, uid) {
  const unit = svg && uid ? svg.querySelector(`.unit[data-unit="${CSS.escape(uid)}"]`) : null;
  if (!unit) return null;
  const box = unit.getBBox();
  const toBoard = svg.getScreenCTM().inverse().multiply(unit.getScreenCTM());
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(toBoard);
  const a = corner(box.x, box.y);
  const b = corner(box.x + box.width, box.y + box.height);
  const radius = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) * 0.65 + scale(svg) / 100;
  return { at: [round((a.x + b.x) / 2), round((a.y + b.y) / 2)], r: round(radius) };
}

// The units' names, as the Unit list shows them ("side A: Buke samurai (A.u1)").
function unitNames() {
  return new Map([...$("unit-select").options].filter((o) => o.value).map((o) => [o.value, o.text]));
}

// Said by the status line (aria-live) once the panel is filled again.
function announce(message) {
  $("study-status").textContent = message;
}

function shapeCount() {
  const count = noteAt(current()).shapes.length;
  return `${count} shape${count === 1 ? "" : "s"} on this step, not saved yet`;
}

// Why there is no ring around the selected unit: none is chosen, or it has no base on
// the table at this step (not deployed yet, or gone).
function noRing(purpose) {
  const uid = replay.selected;
  if (!uid) return `choose ${purpose} first: click a base, or pick one under Unit`;
  return `${unitNames().get(uid) || uid} is not on the table at this step: choose a unit drawn on the board`;
}

function circleSelected() {
  const ring = unitRing(board(), replay.selected);
  if (!ring) {
    announce(noRing("a unit"));
    return;
  }
  if (addShape({ kind: "circle", at: ring.at, r: ring.r, colour: $("study-colour").value })) {
    announce(`circle drawn around ${unitNames().get(replay.selected) || replay.selected}: ${shapeCount()}`);
  }
}

// The units an arrow from the selected one may point at: every other unit drawn on the
// board at this step (a unit not on the table, not deployed yet or gone, has no base to
// point at).
function fillTargets() {
  const select = $("study-target");
  const names = unitNames();
  const svg = board();
  const drawn = (uid) => Boolean(svg && svg.querySelector(`.unit[data-unit="${CSS.escape(uid)}"]`));
  const wanted = [...names.keys()].filter((uid) => uid !== replay.selected && drawn(uid));
  if (select.dataset.units === wanted.join(",")) return;
  const chosen = select.value;
  select.replaceChildren(new Option("(choose a unit)", ""), ...wanted.map((uid) => new Option(names.get(uid), uid)));
  select.dataset.units = wanted.join(",");
  if (wanted.includes(chosen)) select.value = chosen;
}

function arrowToTarget() {
  const svg = board();
  const from = unitRing(svg, replay.selected);
  const target = $("study-target").value;
  const to = unitRing(svg, target);
  if (!from) {
    announce(noRing("the unit the arrow starts from"));
    return;
  }
  if (!to) {
    announce("choose the unit the arrow points at in the list “Arrow from the selected unit to”");
    $("study-target").focus();
    return;
  }
  // From the first unit's centre to the edge of the second's ring: the head stays visible.
  const dx = to.at[0] - from.at[0];
  const dy = to.at[1] - from.at[1];
  const length = Math.hypot(dx, dy) || 1;
  const back = Math.min(to.r, length / 2);
  const end = [round(to.at[0] - (dx / length) * back), round(to.at[1] - (dy / length) * back)];
  const names = unitNames();
  if (addShape({ kind: "arrow", from: from.at, to: end, colour: $("study-colour").value })) {
    announce(`arrow drawn from ${names.get(replay.selected) || replay.selected} to ${names.get(target) || target}: ${shapeCount()}`);
  }
}

// The board cursor: a point moved by the arrow keys, for arrows and circles anywhere
// (a hex, a point of the table), as a pointer would draw them.
let cursor = null; // {at: [x, y], start: [x, y] | null}

function drawCursor() {
  const svg = board();
  if (!svg || !cursor) return;
  const group = layer(svg);
  for (const node of group.querySelectorAll(".cursor, .cursor-start")) node.remove();
  const span = scale(svg);
  const arm = span / 40;
  const width = round(span / 250);
  const [x, y] = cursor.at;
  if (cursor.start) {
    svgEl("line", { class: "cursor-start", x1: cursor.start[0], y1: cursor.start[1], x2: x, y2: y, "stroke-width": width }, group);
  }
  svgEl("circle", { class: "cursor", cx: x, cy: y, r: round(arm / 2), "stroke-width": width }, group);
  svgEl("line", { class: "cursor", x1: x - arm, y1: y, x2: x + arm, y2: y, "stroke-width": width }, group);
  svgEl("line", { class: "cursor", x1: x, y1: y - arm, x2: x, y2: y + arm, "stroke-width": width }, group);
  $("board").dataset.cursor = `${x},${y}`;
}

// Where the cursor is, in words: the unit under it (or nearest), else its position.
function cursorPlace() {
  const svg = board();
  const names = unitNames();
  let best = null;
  for (const uid of names.keys()) {
    const ring = unitRing(svg, uid);
    if (!ring) continue;
    const distance = Math.hypot(ring.at[0] - cursor.at[0], ring.at[1] - cursor.at[1]);
    if (!best || distance < best.distance) best = { uid, distance, r: ring.r };
  }
  const where = `at ${Math.round(cursor.at[0])}, ${Math.round(cursor.at[1])}`;
  if (!best) return where;
  return best.distance <= best.r ? `on ${names.get(best.uid)}` : `${where}, nearest ${names.get(best.uid)}`;
}

function setCursor(on) {
  const svg = board();
  const area = $("board");
  if (on && svg) {
    const ring = unitRing(svg, replay.selected);
    const box = svg.viewBox.baseVal;
    const middle = [round(box.x + box.width / 2), round(box.y + box.height / 2)];
    cursor = { at: ring ? ring.at : middle, start: null };
    area.tabIndex = 0;
    area.setAttribute("aria-label", "board cursor: arrow keys move it, Enter starts and ends an arrow, C draws a circle, Escape leaves");
    area.classList.add("study-cursor-on");
    drawCursor();
    area.focus();
    announce(`board cursor ${cursorPlace()}`);
  } else {
    cursor = null;
    area.removeAttribute("tabindex");
    area.removeAttribute("aria-label");
    area.classList.remove("study-cursor-on");
    delete area.dataset.cursor;
    if (svg) for (const node of layer(svg).querySelectorAll(".cursor, .cursor-start")) node.remove();
  }
  $("study-cursor").setAttribute("aria-pressed", String(Boolean(cursor)));
}

function onCursorKey(event) {
  if (!cursor || event.altKey || event.ctrlKey || event.metaKey) return;
  const svg = board();
  if (!svg) return;
  const box = svg.viewBox.baseVal;
  const stride = (scale(svg) / 60) * (event.shiftKey ? 5 : 1);
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const colour = $("study-colour").value;
  if (event.key in moves) {
    const [dx, dy] = moves[event.key];
    const clamp = (value, low, span) => Math.min(Math.max(value, low), low + span);
    cursor.at = [round(clamp(cursor.at[0] + dx * stride, box.x, box.width)), round(clamp(cursor.at[1] + dy * stride, box.y, box.height))];
    drawCursor();
    announce(`cursor ${cursorPlace()}`);
  } else if (event.key === "Enter") {
    if (!cursor.start) {
      cursor.start = [...cursor.at];
      drawCursor();
      announce(`arrow starts ${cursorPlace()}: move to where it ends and press Enter`);
    } else {
      const from = cursor.start;
      cursor.start = null;
      if (addShape({ kind: "arrow", from, to: [...cursor.at], colour })) announce(`arrow drawn to ${cursorPlace()}: ${shapeCount()}`);
      drawCursor();
    }
  } else if (event.key === "c" || event.key === "C") {
    if (addShape({ kind: "circle", at: [...cursor.at], r: round(scale(svg) / 40), colour })) announce(`circle drawn ${cursorPlace()}: ${shapeCount()}`);
    drawCursor();
  } else if (event.key === "Escape") {
    setCursor(false);
    $("study-cursor").focus();
    announce("board cursor closed");
  } else {
    return;
  }
  // The replay's own keys (step with the arrows) wait until the cursor is closed.
  event.preventDefault();
  event.stopPropagation();
}

function swallow(event) {
  if (drawing) event.stopPropagation();
}

async function send(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": study.csrf },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.message || `the server answered ${response.status}`);
  return answer;
}

function take(answer) {
  saved.clear();
  for (const note of answer.annotations) saved.set(note.step, { comment: note.comment, shapes: note.shapes });
}

async function save(event) {
  event.preventDefault();
  const step = current();
  const note = draft(step);
  note.comment = $("study-comment").value;
  const status = $("study-status");
  status.textContent = "saving…";
  $("study-save").disabled = true;
  try {
    take(await send("PUT", `${study.api}/annotations/${step}`, note));
    drafts.delete(step);
    listSteps();
    refresh();
    status.textContent = `saved step ${step}`;
  } catch (error) {
    status.textContent = `not saved: ${error.message}`;
  } finally {
    $("study-save").disabled = false;
  }
}

async function saveSettings(event) {
  event.preventDefault();
  const status = $("study-status");
  try {
    const answer = await send("PATCH", study.api, {
      title: $("study-title-input").value, visibility: $("study-visibility-select").value,
    });
    $("study-title").textContent = answer.title;
    $("study-visibility").textContent = answer.visibility;
    status.textContent = "settings saved";
  } catch (error) {
    status.textContent = `settings not saved: ${error.message}`;
  }
}

function wireOwner() {
  $("study-draw").addEventListener("click", () => setDrawing(!drawing));
  $("study-circle-unit").addEventListener("click", circleSelected);
  $("study-arrow-unit").addEventListener("click", arrowToTarget);
  $("study-cursor").addEventListener("click", () => setCursor(!cursor));
  $("board").addEventListener("keydown", onCursorKey);
  $("study-undo").addEventListener("click", () => {
    const note = draft(current());
    note.shapes.pop();
    refresh();
  });
  $("study-comment").addEventListener("input", () => {
    draft(current()).comment = $("study-comment").value;
    $("study-status").textContent = changed(current()) ? "not saved yet" : "";
  });
  $("study-edit").addEventListener("submit", save);
  $("study-settings").addEventListener("submit", saveSettings);
  const area = $("board");
  area.addEventListener("pointerdown", onPointerDown, true);
  area.addEventListener("pointermove", onPointerMove, true);
  area.addEventListener("pointerup", onPointerUp, true);
  area.addEventListener("pointercancel", () => { press = null; }, true);
  for (const kind of ["click", "touchstart", "touchmove", "wheel"]) area.addEventListener(kind, swallow, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && drawing) setDrawing(false);
  });
  // Leaving with a step written or drawn but not saved: the browser asks first.
  window.addEventListener("beforeunload", (event) => {
    if (unsaved()) event.preventDefault();
  });
}

function wireLink() {
  copiesField($("study-copy"), $("study-link"));
}

if (replay) {
  if (study.mine) wireOwner();
  wireLink();
  listSteps();
  replay.addEventListener("step", refresh);
  // Selecting a unit draws the board again (its reach): the shapes go back on it.
  replay.addEventListener("boardredrawn", () => {
    drawShapes();
    drawCursor();
    if (study.mine) fillTargets();
  });
  if (replay.drawn === replay.step) refresh();
  window.shiaiStudy = { saved, drafts };
}
