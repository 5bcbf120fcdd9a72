// The Kensei battlefield as SVG, drawn to scale from the JSON state with the shared
// free-form table drawing (static/boards/table.js): table units are tenths of a
// millimetre, origin at the lower-left corner, y up; facing in tenths of a degree,
// 0 = +x, counter-clockwise.
import { arrow, arrowDefs, base, centroid, crossedOut, polygon, polyline, reach, svgEl as el, tableSvg, titled, zone } from "../../boards/table.js";

export const SIDE_COLOURS = { A: "#9b2226", B: "#1d4e89" };
const CM = 100; // table units in a centimetre
// The greatest distance of each range band (Kensei Living Rules, Shooting distances;
// engine/kensei/data/weapons.json ranged_bands): short 20, intermediate 40, long 60 cm.
export const BAND_REACH = { short: 20 * CM, intermediate: 40 * CM, long: 60 * CM };
// The best Charge roll adds 6 (1D6) to MOV (engine/kensei/charge/charging.py).
const BEST_CHARGE_DIE = 6;
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

// The legend of the board: the sides, the scenery, the markers, the marks of an event.
export function legend(state) {
  const items = [];
  for (const side of Object.keys(SIDE_COLOURS)) {
    const record = state.sides && state.sides[side];
    if (record) items.push({ kind: "side", colour: SIDE_COLOURS[side], label: `side ${side}: ${record.name}${record.faction ? ` (${record.faction})` : ""}` });
  }
  const kinds = new Set((state.scenery || []).map((piece) => piece.kind));
  for (const [kind, style] of Object.entries(SCENERY)) {
    if (kinds.has(kind)) items.push({ kind: "terrain", colour: style.fill, label: style.label });
  }
  for (const [key, short, name] of MARKERS) items.push({ kind: "marker", short, className: key, label: `${name} marker` });
  items.push({ kind: "mark", className: "leader", label: "unit leader (gold rim)" });
  items.push({ kind: "mark", className: "event-halo", label: "in this step's event" });
  items.push({ kind: "line", className: "move", label: "move" });
  items.push({ kind: "line", className: "charge", label: "charge" });
  items.push({ kind: "line", className: "shot", label: "shot" });
  items.push({ kind: "mark", className: "casualty", label: "casualty" });
  items.push({ kind: "mark", className: "reach-move", label: "selected unit's move reach (MOV)" });
  items.push({ kind: "mark", className: "reach-charge", label: "its charge reach (MOV + 6)" });
  items.push({ kind: "mark", className: "reach-charge-boosted", label: "its boosted charge reach, dashed (2 × MOV + 6)" });
  return items;
}

// The ruler's distance between two points of the board, in centimetres.
export function measure([x0, y0], [x1, y1]) {
  return `${(Math.hypot(x1 - x0, y1 - y0) / CM).toFixed(1)} cm`;
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
    // Its name, and its kind and height beneath (the title says it all on hover).
    const label = el("text", { x: cx, y: Y(cy), class: "scenery-label" }, group);
    label.textContent = piece.name || piece.id;
    el("text", { x: cx, y: Y(cy) + 200, class: "scenery-detail" }, group).textContent = `${style.label}, h${piece.height}`;
    titled(group, `${piece.name}: ${style.label}, height ${piece.height}`);
  }

  const rings = el("g", { class: "rings" }, svg);
  const traces = el("g", { class: "traces" }, svg);
  for (const move of changes ? changes.moved : []) {
    polyline(traces, [move.from, ...move.path, move.to], { class: "trace" }, Y);
  }
  const event = changes ? changes.event : null;
  const involved = eventUnits(event, state);

  const byUnit = new Map();
  for (const mini of Object.values(state.minis)) {
    if (!mini.placed || mini.removed) continue;
    if (!byUnit.has(mini.unit)) byUnit.set(mini.unit, []);
    byUnit.get(mini.unit).push(mini);
  }
  for (const [uid, minis] of byUnit) {
    const unit = state.units[uid];
    const colour = SIDE_COLOURS[unit ? unit.side : minis[0].side] || "#333";
    const role = involved.get(uid);
    const group = el("g", {
      class: "unit" + (uid === selected ? " selected" : "") + (role ? ` in-event ${role}` : ""),
      "data-unit": uid,
    }, svg);
    titled(group, unit ? `${unit.name} (${uid}), side ${unit.side}` : uid);
    if (role) highlight(group, minis, role, Y);
    for (const mini of minis) {
      base(group, { x: mini.x, y: mini.y, facing: mini.facing, size: mini.base.size, shape: mini.base.shape, leader: mini.is_leader }, colour, Y);
    }
    if (unit) drawMarkers(group, unit, minis, Y);
    // Its name, written on the board when zoomed in (CSS: .show-labels).
    const [lx] = centroid(minis.map((m) => [m.x, m.y]));
    const low = Math.min(...minis.map((m) => m.y - m.base.size / 2));
    el("text", { x: lx, y: Y(low) + 150, class: "unit-label" }, group).textContent = unit ? unit.name : uid;
    group.addEventListener("click", () => onSelect(uid));
  }
  if (selected && byUnit.has(selected) && state.units[selected]) drawReach(rings, state.units[selected], byUnit.get(selected), Y);
  drawArrows(svg, event, changes, byUnit, Y);

  for (const mid of changes ? changes.casualties : []) {
    const mini = changes.before.minis[mid];
    if (!mini || !mini.placed) continue;
    crossedOut(svg, { x: mini.x, y: mini.y, size: mini.base.size }, `${mid} removed as a casualty`, Y);
  }
  container.replaceChildren(svg);
  return svg;
}

// The units an event is about: its actor ("actor") and whom it acts on ("target").
export function eventUnits(event, state) {
  const involved = new Map();
  if (!event || !state.units) return involved;
  const add = (value, role) => {
    for (const uid of Array.isArray(value) ? value : [value]) {
      if (typeof uid === "string" && state.units[uid] && !involved.has(uid)) involved.set(uid, role);
    }
  };
  add(event.unit, "actor");
  for (const key of ["target", "also", "enemy", "fleeing", "charger", "units", "targets"]) add(event[key], "target");
  return involved;
}

function highlight(group, minis, role, Y) {
  const [cx, cy] = centroid(minis.map((m) => [m.x, m.y]));
  const r = Math.max(...minis.map((m) => Math.hypot(m.x - cx, m.y - cy) + m.base.size / 2)) + 120;
  el("circle", { cx, cy: Y(cy), r, class: `event-halo ${role}` }, group);
}

const middle = (minis) => centroid(minis.map((m) => [m.x, m.y]));

// Arrows for what the event did: a move or a charge (from where the moved bases were
// to where they are), a shot (from the shooters to their target).
function drawArrows(svg, event, changes, byUnit, Y) {
  if (!event) return;
  const layer = el("g", { class: "arrows" }, svg);
  arrowDefs(svg);
  const moves = changes ? changes.moved : [];
  const kind = event.type === "charge_moved" ? "charge" : "move";
  if (moves.length && event.unit && ["moved", "charge_moved", "melee_moved", "fell_back", "chased"].includes(event.type)) {
    const from = centroid(moves.map((m) => m.from));
    const to = centroid(moves.map((m) => m.to));
    if (Math.hypot(to[0] - from[0], to[1] - from[1]) > 50) {
      const verb = kind === "charge" ? "charges" : "moves";
      arrow(layer, from, to, kind, `${event.unit} ${verb} ${Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]) / 10) / 10} cm`, Y, { unit: event.unit });
    }
  }
  if (event.type === "shot" && byUnit.has(event.unit) && byUnit.has(event.target)) {
    arrow(layer, middle(byUnit.get(event.unit)), middle(byUnit.get(event.target)), "shot", `${event.unit} shoots at ${event.target}`, Y, { unit: event.unit });
  }
  if (event.type === "charge_declared" && byUnit.has(event.unit) && byUnit.has(event.target)) {
    arrow(layer, middle(byUnit.get(event.unit)), middle(byUnit.get(event.target)), "charge", `${event.unit} declares a charge on ${event.target}`, Y, { unit: event.unit });
  }
}

// The selected unit's reach, before an order is declared: its move (MOV), its charge
// (at most MOV + 6, the best Charge roll; a boosted charge, dashed, doubles MOV:
// 2 × MOV + 6, as engine/kensei/charge/charging.py's charge_bonus) and its
// longest weapon's range band, each measured from the edge of any of its bases.
function drawReach(layer, unit, minis, Y) {
  const bases = minis.map((m) => ({ x: m.x, y: m.y, size: m.base.size }));
  const longest = Math.max(0, ...(unit.ranged || []).map((band) => BAND_REACH[band] || 0));
  if (longest) reach(layer, bases, longest, "shoot", `shoot: ${longest / CM} cm (${unit.ranged.join(", ")})`, Y);
  const boosted = 2 * unit.mov + BEST_CHARGE_DIE;
  reach(layer, bases, boosted * CM, "charge-boosted", `boosted charge: up to ${boosted} cm (2 × MOV ${unit.mov} + 1D6, 2 orders)`, Y);
  const charge = (unit.mov + BEST_CHARGE_DIE) * CM;
  reach(layer, bases, charge, "charge", `charge: up to ${unit.mov + BEST_CHARGE_DIE} cm (MOV ${unit.mov} + 1D6)`, Y);
  reach(layer, bases, unit.mov * CM, "move", `move: ${unit.mov} cm`, Y);
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
