// A study on the replay page (shiai.web.studies): its comments beside the log's
// steps, its arrows and circles on the board, and, for its owner, the tools to
// write them: "Draw", then drag on the board for an arrow or click for a circle;
// a comment per step; Save. Shapes are kept in the SVG user units of the board's
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
  decorateLog();
  fillPanel();
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
    return;
  }
  note.shapes.push(shape);
  refresh();
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

// The keyboard's way to draw: a circle around the unit chosen under "Unit" (or clicked).
function circleSelected() {
  const svg = board();
  const uid = replay.selected;
  const unit = svg && uid ? svg.querySelector(`.unit[data-unit="${CSS.escape(uid)}"]`) : null;
  if (!unit) {
    $("study-status").textContent = "choose a unit first: click a base, or pick one under Unit";
    return;
  }
  const box = unit.getBBox();
  const toBoard = svg.getScreenCTM().inverse().multiply(unit.getScreenCTM());
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(toBoard);
  const a = corner(box.x, box.y);
  const b = corner(box.x + box.width, box.y + box.height);
  const radius = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) * 0.65 + scale(svg) / 100;
  addShape({ kind: "circle", at: [round((a.x + b.x) / 2), round((a.y + b.y) / 2)], r: round(radius), colour: $("study-colour").value });
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
  replay.addEventListener("boardredrawn", drawShapes);
  if (replay.drawn === replay.step) refresh();
  window.shiaiStudy = { saved, drafts };
}
