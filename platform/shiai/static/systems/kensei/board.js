// The Kensei battlefield as SVG, drawn to scale from the JSON state with the shared
// free-form table drawing (static/boards/table.js): table units are tenths of a
// millimetre, origin at the lower-left corner, y up; facing in tenths of a degree,
// 0 = +x, counter-clockwise.
import { base, centroid, crossedOut, polygon, polyline, svgEl as el, tableSvg, titled, zone } from "../../boards/table.js";

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
  const { svg, Y } = tableSvg({ width, height, step, label: `table ${width / 100} by ${height / 100} cm at step ${step}` });

  const zones = state.scenario && state.scenario.zones ? state.scenario.zones : {};
  for (const [side, rect] of Object.entries(zones)) {
    zone(svg, rect, SIDE_COLOURS[side] || "#333", `deployment zone of side ${side}`, Y);
  }

  for (const piece of state.scenery || []) {
    const style = SCENERY[piece.kind] || SCENERY.normal;
    const group = el("g", { class: `scenery ${piece.kind}` }, svg);
    polygon(group, piece.points, { fill: style.fill, "fill-opacity": 0.35 + 0.12 * Math.min(piece.height, 5) }, Y);
    const [cx, cy] = centroid(piece.points);
    const label = el("text", { x: cx, y: Y(cy), class: "scenery-label" }, group);
    label.textContent = `h${piece.height}`;
    titled(group, `${piece.name}: ${style.label}, height ${piece.height}`);
  }

  const traces = el("g", { class: "traces" }, svg);
  for (const move of changes ? changes.moved : []) {
    polyline(traces, [move.from, ...move.path, move.to], { class: "trace" }, Y);
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
    for (const mini of minis) {
      base(group, { x: mini.x, y: mini.y, facing: mini.facing, size: mini.base.size, shape: mini.base.shape, leader: mini.is_leader }, colour, Y);
    }
    if (unit) drawMarkers(group, unit, minis, Y);
    group.addEventListener("click", () => onSelect(uid));
  }

  for (const mid of changes ? changes.casualties : []) {
    const mini = changes.before.minis[mid];
    if (!mini || !mini.placed) continue;
    crossedOut(svg, { x: mini.x, y: mini.y, size: mini.base.size }, `${mid} removed as a casualty`, Y);
  }
  container.replaceChildren(svg);
  return svg;
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
