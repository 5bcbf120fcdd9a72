// The Kensei battlefield as SVG, drawn to scale from the JSON state: table units are
// tenths of a millimetre, origin at the lower-left corner, y up; facing in tenths of a
// degree, 0 = +x, counter-clockwise (engine/kensei/geometry.py).

const NS = "http://www.w3.org/2000/svg";
export const SIDE_COLOURS = { A: "#9b2226", B: "#1d4e89" };
const SCENERY = {
  normal: { fill: "#c9a66b", label: "obstacle" },
  difficult: { fill: "#6a994e", label: "difficult terrain" },
  impassable: { fill: "#5c5c5c", label: "impassable" },
};
const MARKERS = [
  ["used", "U", "Used"],
  ["stunned", "S", "Stunned"],
  ["wounded", "W", "Wounded"],
  ["sheltered", "Sh", "Sheltered"],
  ["fleeing", "F", "Fleeing"],
  ["unloaded", "R", "Unloaded"],
];

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function titled(node, text) {
  el("title", {}, node).textContent = text;
  return node;
}

export function markerList(markers) {
  const shown = [];
  for (const [key, short, name] of MARKERS) {
    const value = markers[key];
    if (value === true) shown.push({ key, short, text: name });
    else if (typeof value === "number" && value > 0) shown.push({ key, short: `${short}${value}`, text: `${name} ${value}` });
  }
  return shown;
}

export function drawBoard(container, state, { step, selected, changes, onSelect }) {
  const { width, height } = state.table;
  const Y = (y) => height - y;
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "battlefield",
    "data-step": step,
    role: "group",
    "aria-label": `table ${width / 100} by ${height / 100} cm at step ${step}`,
  });
  el("rect", { x: 0, y: 0, width, height, class: "table" }, svg);

  const zones = state.scenario && state.scenario.zones ? state.scenario.zones : {};
  for (const [side, [x0, y0, x1, y1]] of Object.entries(zones)) {
    titled(el("rect", {
      x: x0, y: Y(y1), width: x1 - x0, height: y1 - y0, class: "zone",
      stroke: SIDE_COLOURS[side] || "#333",
    }, svg), `deployment zone of side ${side}`);
  }

  for (const piece of state.scenery || []) {
    const style = SCENERY[piece.kind] || SCENERY.normal;
    const group = el("g", { class: `scenery ${piece.kind}` }, svg);
    const points = piece.points.map(([x, y]) => `${x},${Y(y)}`).join(" ");
    el("polygon", { points, fill: style.fill, "fill-opacity": 0.35 + 0.12 * Math.min(piece.height, 5) }, group);
    const cx = piece.points.reduce((sum, p) => sum + p[0], 0) / piece.points.length;
    const cy = piece.points.reduce((sum, p) => sum + p[1], 0) / piece.points.length;
    const label = el("text", { x: cx, y: Y(cy), class: "scenery-label" }, group);
    label.textContent = `h${piece.height}`;
    titled(group, `${piece.name}: ${style.label}, height ${piece.height}`);
  }

  const traces = el("g", { class: "traces" }, svg);
  for (const move of changes ? changes.moved : []) {
    const points = [move.from, ...move.path, move.to].map(([x, y]) => `${x},${Y(y)}`).join(" ");
    el("polyline", { points, class: "trace" }, traces);
  }

  const byUnit = new Map();
  for (const mini of Object.values(state.minis)) {
    if (!mini.placed || mini.removed) continue;
    if (!byUnit.has(mini.unit)) byUnit.set(mini.unit, []);
    byUnit.get(mini.unit).push(mini);
  }
  for (const [uid, minis] of byUnit) {
    const unit = state.units[uid];
    const colour = SIDE_COLOURS[unit ? unit.side : minis[0].side] || "#333";
    const group = el("g", {
      class: "unit" + (uid === selected ? " selected" : ""),
      "data-unit": uid,
    }, svg);
    titled(group, unit ? `${unit.name} (${uid}), side ${unit.side}` : uid);
    for (const mini of minis) drawBase(group, mini, colour, Y);
    if (unit) drawMarkers(group, unit, minis, Y);
    group.addEventListener("click", () => onSelect(uid));
  }

  for (const mid of changes ? changes.casualties : []) {
    const mini = changes.before.minis[mid];
    if (!mini || !mini.placed) continue;
    const r = mini.base.size / 2;
    const group = el("g", { class: "casualty" }, svg);
    titled(group, `${mid} removed as a casualty`);
    el("circle", { cx: mini.x, cy: Y(mini.y), r, class: "casualty-base" }, group);
    el("path", { d: `M${mini.x - r},${Y(mini.y) - r}L${mini.x + r},${Y(mini.y) + r}M${mini.x - r},${Y(mini.y) + r}L${mini.x + r},${Y(mini.y) - r}`, class: "cross" }, group);
  }
  container.replaceChildren(svg);
  return svg;
}

function drawBase(group, mini, colour, Y) {
  const size = mini.base.size;
  const x = mini.x;
  const y = Y(mini.y);
  const angle = -mini.facing / 10; // SVG turns clockwise with y down
  const base = el("g", { transform: `translate(${x} ${y}) rotate(${angle})`, class: "base" + (mini.is_leader ? " leader" : "") }, group);
  if (mini.base.shape === "round") el("circle", { r: size / 2, fill: colour }, base);
  else el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, fill: colour }, base);
  // The facing: a wedge from the centre to the front edge.
  el("path", { d: `M${size / 2},0L${size * 0.1},${-size * 0.22}L${size * 0.1},${size * 0.22}Z`, class: "facing" }, base);
}

function drawMarkers(group, unit, minis, Y) {
  const shown = markerList(unit.markers);
  if (!shown.length) return;
  const top = minis.reduce((best, m) => (m.y > best.y ? m : best), minis[0]);
  let x = top.x - ((shown.length - 1) * 170) / 2;
  const y = Y(top.y) - top.base.size / 2 - 170;
  for (const marker of shown) {
    const badge = el("g", { class: `marker ${marker.key}`, transform: `translate(${x} ${y})` }, group);
    el("rect", { x: -80, y: -80, width: 160, height: 160, rx: 30 }, badge);
    el("text", { y: 45 }, badge).textContent = marker.short;
    titled(badge, marker.text);
    x += 170;
  }
}
