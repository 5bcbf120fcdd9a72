// The Samurai Battles battlefield: the hex board with its terrain, each unit as a
// counter (its number, its type, its army's colour, the models left and its facing),
// the zones of control, Defense Zones and Kill Zones, and the orders each army wrote
// (paths as arrows, targets marked, the hex a defender faces) once they are revealed;
// beside it, each army's units and orders in words. battleModel is pure (node tests
// it); drawBoard draws into the page.
//
// It reads both shapes a page gets (the Samurai Battles contract, "State" and
// "View"): a side's or a spectator's view while the game runs (with the derived
// "zones" and the "catalogue"), and the whole state once the game is over, when
// everything is public and the catalogue comes from the plug-in's catalogue.json.
import { drawHexBoard, hexAt, hexCenter, hexCorners, hexDistance, neighbour } from "../../boards/hex.js";
import { arrow, arrowDefs } from "../../boards/table.js";

export const HEX_SIZE = 40;
export const SIDE_COLOURS = { east: "#9b2226", west: "#1d4e89" };
export const SIDE_NAMES = { east: "East army", west: "West army" };
export const FACINGS = ["east", "south-east", "south-west", "west", "north-west", "north-east"];
export const ARROWS = ["→", "↘", "↙", "←", "↖", "↗"];
// The orders of the seed, by the ids commands use, in the rulebook's words.
export const ORDER_NAMES = {
  all_around: "All-Around Defense",
  defend: "Defend",
  fire_and_retreat: "Fire and Retreat",
  fire: "Fire Ranged Weapons",
  assault: "Assault",
  march: "March",
  move_and_fire: "Move and Fire",
  run: "Run",
  ambush: "Ambush",
  join_up: "Join Up",
  receive_supplies: "Receive Supplies",
  rest: "Rest",
  reconnaissance: "Reconnaissance",
  retreat: "Retreat",
};
// The layers a player may hide or show (the toggles under the board); kept across
// the redraw of every step, as the player left them.
export const LAYERS = [
  ["control", "Zones of control"],
  ["defense", "Defense Zones"],
  ["kill", "Kill Zones"],
  ["orders", "Written orders"],
];
const shown = { control: true, defense: true, kill: true, orders: true };
// Orders whose unit holds a Defense Zone (Defensive Orders > Defend, Fire and
// Retreat; Special Orders > Ambush), used for a whole state, which has no zones.
const DEFENSE_ORDERS = new Set(["defend", "fire_and_retreat", "ambush"]);

const key = (hex) => (Array.isArray(hex) ? hex.join(",") : "");
// A hex in words, as the engine's sentences write it: "(3, 4)".
export const hexName = (hex) => (Array.isArray(hex) ? `(${hex[0]}, ${hex[1]})` : "a hidden hex");
export const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];

// A unit type's short mark on its counter: its own, else the initials of a name of
// several words ("Ashigaru Yari": AY), else the first three letters ("Ninja": NIN).
export function typeMark(type, name) {
  if (type && type.short) return type.short;
  const words = String(name || "").split(/[\s_-]+/).filter(Boolean);
  if (words.length > 1) return words.map((w) => w[0].toUpperCase()).join("").slice(0, 3);
  return String(words[0] || "?").slice(0, 3).toUpperCase();
}

const titleCase = (id) => String(id).split(/[_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

// The three hexes ahead of a piece (engine/hexgrid front_hexes: the facing's hexside
// and the one either side of it).
export function frontHexes(hex, facing) {
  return [(facing + 5) % 6, facing, (facing + 1) % 6].map((f) => neighbour(hex, f));
}

// The zones of a whole state, which carries none: a zone of control ahead of every
// unit on the table not on an Assault order (Movement Orders > Assault: "it has no
// Zone of Control"), a Defense Zone ahead of a unit on a defending order. Kill Zones
// need the engine's line of sight: they are drawn from a view only.
export function derivedZones(units, onBoard) {
  const zones = { control: {}, defense: {}, kill: {} };
  for (const unit of units) {
    if (!unit.onTable || unit.hidden || !Array.isArray(unit.hex)) continue;
    const ahead = frontHexes(unit.hex, unit.facing).filter((hex) => onBoard.has(key(hex)));
    const order = unit.order ? unit.order.order : null;
    if (order !== "assault") zones.control[unit.id] = ahead;
    if (DEFENSE_ORDERS.has(order)) zones.defense[unit.id] = ahead;
  }
  return zones;
}

// What a side's sealed orders look like to this viewer: "sealed" (written, not
// shown), "written" (its own, shown), or null (not written yet). A finished game's
// whole state holds every army's written orders: its replay keeps them sealed
// until the reveal, as the table did.
function writtenOf(written, side, view) {
  const value = written ? written[side] : undefined;
  if (value === true || (value && typeof value === "object" && !view)) return "sealed";
  if (value && typeof value === "object") return "written";
  return null;
}

// Everything drawBoard shows, as plain data. `catalogue` is the public catalogue
// ({units, terrain}); a view's own catalogue is read first.
export function battleModel(state, catalogue = {}) {
  const types = { ...((catalogue && catalogue.units) || {}), ...((state.catalogue && state.catalogue.units) || {}) };
  const kinds = { ...((catalogue && catalogue.terrain) || {}), ...((state.catalogue && state.catalogue.terrain) || {}) };
  const board = state.board || { hexes: [], terrain: [] };
  const terrainAt = new Map((board.terrain || []).map(([q, r, kind]) => [`${q},${r}`, kind]));
  const kindName = (kind) => {
    const k = kinds[kind];
    return (k && (typeof k === "string" ? k : k.name)) || titleCase(kind);
  };
  const hexes = (board.hexes || []).map((hex) => {
    const kind = terrainAt.get(key(hex)) || null;
    return { hex, terrain: kind, name: kind ? kindName(kind) : null, impassable: Boolean(kind && kinds[kind] && kinds[kind].impassable) };
  });
  const onBoard = new Set(hexes.map((cell) => key(cell.hex)));
  const present = [...new Set(hexes.map((cell) => cell.terrain).filter(Boolean))].sort();
  const revealed = state.orders || {};
  const sides = state.sides || ["east", "west"];
  const view = state.zones !== undefined; // a view carries its zones; a whole state none
  const units = Object.keys(state.units || {}).sort(byUnit).map((id) => {
    const u = state.units[id];
    const type = types[u.type] || {};
    const typeName = type.name || titleCase(u.type);
    const ranged = type.ranged || null;
    const order = (revealed[u.side] || {})[id] || null;
    return {
      id,
      side: u.side,
      number: u.number,
      type: u.type,
      typeName,
      mark: typeMark(type, typeName),
      category: type.category || null,
      full: type.models || null,
      range: type.range !== undefined ? type.range : ranged ? ranged.range : null,
      ammunition: type.ammunition !== undefined ? type.ammunition : ranged ? ranged.ammunition : null,
      hex: Array.isArray(u.hex) ? u.hex : null,
      facing: Number.isInteger(u.facing) ? u.facing : 0,
      facingName: Number.isInteger(u.facing) ? FACINGS[u.facing] : "unknown",
      models: u.models,
      fortitude: u.fortitude,
      ammo: u.ammo,
      supplies: u.supplies || 0,
      status: u.status || "ready",
      onTable: (u.status || "ready") === "ready",
      hidden: Boolean(u.hidden),
      engaged: u.engaged || [],
      order,
      // As the engine's sentences name it (state.access.label): "East 2 (Arquebusiers)".
      name: `${SIDE_NAMES[u.side] ? SIDE_NAMES[u.side].split(" ")[0] : u.side} ${u.number} (${typeName})`,
    };
  });
  const zones = view ? { control: {}, defense: {}, kill: {}, ...state.zones } : derivedZones(units, onBoard);
  return {
    view,
    scenario: state.scenario || "",
    turn: state.turn,
    turns: state.turns,
    phase: state.phase || "",
    sides,
    factions: state.factions || {},
    hexes,
    onBoard,
    terrainKinds: present.map((kind) => ({ kind, name: kindName(kind) })),
    units,
    orders: revealed,
    written: Object.fromEntries(sides.map((side) => [side, writtenOf(state.written, side, view)])),
    zones,
    removed: state.removed || {},
    outcome: state.outcome || null,
    moves: (state.catalogue && state.catalogue.moves) || (catalogue && catalogue.moves) || null,
  };
}

// Units in a stable order: by army, then by number ("e2" before "e10").
function byUnit(a, b) {
  const [, sa, na] = /^(\D*)(\d*)$/.exec(a) || [null, a, ""];
  const [, sb, nb] = /^(\D*)(\d*)$/.exec(b) || [null, b, ""];
  return sa === sb ? Number(na) - Number(nb) : sa < sb ? -1 : 1;
}

export function unitById(model, id) {
  return model.units.find((u) => u.id === id) || null;
}

// An order in words, naming hexes and units as a player would read them on the board.
export function orderText(order, model) {
  if (!order || !order.order) return "no order";
  const name = ORDER_NAMES[order.order] || titleCase(order.order);
  const unit = (id) => {
    const u = unitById(model, id);
    return u ? u.name : id;
  };
  const parts = [name];
  if (Array.isArray(order.path)) parts.push(order.path.length ? `via ${order.path.map(hexName).join(" → ")}` : "staying put");
  if (order.order === "move_and_fire" && Number.isInteger(order.fire_at)) parts.push(`firing from its ${order.fire_at === 0 ? "start" : `hex ${order.fire_at}`}`);
  if (order.target) parts.push(`at ${unit(order.target)}`);
  if (Array.isArray(order.face)) parts.push(`facing ${hexName(order.face)}`);
  if (Number.isInteger(order.kill_range)) parts.push(`Kill Zone ${order.kill_range} hex${order.kill_range === 1 ? "" : "es"}`);
  if (order.with) parts.push(`with ${unit(order.with)}${Array.isArray(order.hex) ? ` in ${hexName(order.hex)}` : ""}`);
  if (order.from) parts.push(`from ${unit(order.from)}`);
  return parts.join(" ");
}

// -- drawing ---------------------------------------------------------------------------

function el(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [attr, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(attr, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

export function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [attr, value] of Object.entries(attributes)) node.setAttribute(attr, String(value));
  if (parent) parent.append(node);
  return node;
}

let stylesheet = false;
function ensureStyles() {
  if (stylesheet || typeof document === "undefined") return;
  stylesheet = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./samurai-battles.css", import.meta.url).href }));
}

export const hexPoints = (hex, scale = 0.92) =>
  hexCorners(hexCenter(hex, HEX_SIZE), HEX_SIZE * scale).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

// Draw the battlefield into `container` (the viewer's #board). The <svg> is the first
// in the container: the play mode draws its overlay on it.
export function drawBoard(container, state, { step = 0, catalogue = {}, previous = null, event = null, selected = null, onSelect = null } = {}) {
  ensureStyles();
  const model = battleModel(state, catalogue);
  const before = previous ? battleModel(previous, catalogue) : null;
  const counters = model.units
    .filter((u) => u.onTable && u.hex)
    .map((u) => ({ id: u.id, hex: u.hex, facing: u.facing, side: u.side, label: "" }));
  const holder = el("div", { class: "sb-battlefield" });
  const svg = drawHexBoard(holder, {
    hexes: model.hexes.map(({ hex, terrain }) => ({ hex, terrain: terrain ? `terrain-${terrain}` : null })),
    units: counters,
    size: HEX_SIZE,
    step,
    label: `the battlefield, turn ${model.turn} of ${model.turns}`,
    colours: SIDE_COLOURS,
    selected,
    onSelect,
  });
  svg.classList.add("sb-board");
  // Room on the right for the viewer's zoom buttons, which sit over the board's edge.
  const [x0, y0, width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  svg.setAttribute("viewBox", `${x0} ${y0} ${width + HEX_SIZE * 1.4} ${height}`);
  for (const [layer] of LAYERS) svg.classList.toggle(`hide-${layer}`, !shown[layer]);
  arrowDefs(svg);
  for (const cell of model.hexes.filter((c) => c.terrain)) {
    const title = svg.querySelector(`.hex[data-hex="${key(cell.hex)}"] title`);
    if (title) title.textContent = `hex ${cell.hex.join(", ")}: ${cell.name}`;
  }
  // Under the counters: the zones, then the orders' paths (a counter stays readable).
  const firstUnit = svg.querySelector(".unit");
  const zones = svgEl("g", { class: "sb-zones" });
  svg.insertBefore(zones, firstUnit);
  drawZones(zones, model);
  const orders = svgEl("g", { class: "sb-orders" });
  svg.insertBefore(orders, firstUnit);
  drawOrders(orders, model);
  for (const unit of model.units) if (unit.onTable && unit.hex) decorate(svg, unit);
  markEvent(svg, model, before, event);

  const table = el("div", { class: "sb-table", "data-step": step, "data-phase": model.phase });
  const head = el("p", { class: "sb-turn" }, `Turn ${model.turn ?? "–"} of ${model.turns ?? "–"} · ${phaseWords(model, event)}`);
  if (model.outcome && model.outcome.winner) head.append(el("strong", { class: "sb-winner" }, ` · ${SIDE_NAMES[model.outcome.winner] || model.outcome.winner} wins`));
  const sides = el("div", { class: "sb-sides" });
  for (const side of model.sides) sides.append(sidePanel(model, side));
  table.append(holder, layerToggles(svg), head, armies(sides));
  container.setAttribute("role", "region");
  container.setAttribute("aria-label", "the battlefield and the armies at this step");
  container.replaceChildren(table);
  return svg;
}

// The armies' lists, folded on a narrow screen to begin with (the orders being
// written come right after them); open or folded as the player left them since.
let armiesOpen = null;
function armies(sides) {
  if (armiesOpen === null) armiesOpen = !(typeof window !== "undefined" && window.matchMedia && window.matchMedia("(max-width: 900px)").matches);
  const box = el("details", { class: "sb-armies", open: armiesOpen }, el("summary", {}, "The armies, their units and orders"), sides);
  box.addEventListener("toggle", () => { armiesOpen = box.open; });
  return box;
}

// The phase a step is in, in words: the state says "orders" until the turn ends, so the
// step's own event tells the Execution Phase apart (from the reveal to the turn's end).
export function phaseWords(model, event) {
  if (model.phase === "over") return "the battle is over";
  const type = event ? event.type : null;
  if (!type || ["orders_written", "turn_ended", "game_started", "conceded"].includes(type)) return "orders phase";
  if (type === "orders_revealed") return "orders revealed";
  return "Execution Phase";
}

// Show or hide a layer on the board drawn (and on every board drawn after).
function layerToggles(svg) {
  const box = el("fieldset", { class: "sb-layers" }, el("legend", {}, "Show on the board"));
  for (const [layer, label] of LAYERS) {
    const id = `sb-layer-${layer}`;
    const input = el("input", { type: "checkbox", id, "data-layer": layer, checked: shown[layer] });
    input.checked = shown[layer];
    input.addEventListener("change", () => {
      shown[layer] = input.checked;
      const board = input.closest(".sb-table")?.querySelector("svg.sb-board") || svg;
      board.classList.toggle(`hide-${layer}`, !input.checked);
    });
    // Each toggle is also the legend of what it shows: its swatch beside its name.
    box.append(el("label", { for: id, class: `sb-layer sb-layer-${layer}` }, input, " ", el("span", { class: `sb-key sb-key-${layer}`, "aria-hidden": "true" }), " ", label));
  }
  return box;
}

function drawZones(parent, model) {
  for (const [kind] of LAYERS.slice(0, 3)) {
    const group = svgEl("g", { class: `sb-zone-layer ${kind}` }, parent);
    const zones = model.zones[kind] || {};
    for (const id of Object.keys(zones).sort(byUnit)) {
      const unit = unitById(model, id);
      for (const hex of zones[id] || []) {
        const cell = svgEl("polygon", { points: hexPoints(hex, kind === "control" ? 0.8 : 0.88), class: `sb-zone ${kind} side-${unit ? unit.side : "none"}`, "data-unit": id, "data-hex": key(hex) }, group);
        const what = { control: "zone of control", defense: "Defense Zone", kill: "Kill Zone" }[kind];
        svgEl("title", {}, cell).textContent = `${unit ? unit.name : id}: ${what}`;
      }
    }
  }
}

// The revealed orders: a path as an arrow hex by hex from where the unit stood, a
// dashed line to its target, a tick on the hex a defender faces.
function drawOrders(parent, model) {
  for (const unit of model.units) {
    const order = unit.order;
    if (!order || !unit.onTable) continue;
    const group = svgEl("g", { class: `sb-order side-${unit.side}`, "data-unit": unit.id, "data-order": order.order }, parent);
    svgEl("title", {}, group).textContent = `${unit.name}: ${orderText(order, model)}`;
    orderMarks(group, unit, order, model);
  }
}

// The marks of one order (shared with the play mode, which draws the orders being
// written the same way).
export function orderMarks(group, unit, order, model) {
  const path = Array.isArray(order.path) ? order.path : [];
  const start = unit.hex && (!path.length || hexDistance(unit.hex, path[0]) === 1) ? [unit.hex] : [];
  const points = [...start, ...path];
  const kind = order.order === "assault" ? "charge" : "move";
  if (points.length > 1) {
    const line = svgEl("polyline", { points: points.map((h) => hexCenter(h, HEX_SIZE).map((v) => v.toFixed(1)).join(",")).join(" "), class: `arrow ${kind} sb-path`, "marker-end": `url(#arrowhead-${kind})` }, group);
    line.dataset.steps = String(path.length);
  }
  const target = order.target ? unitById(model, order.target) : null;
  if (target && target.hex && target.onTable) {
    const from = order.order === "move_and_fire" && Number.isInteger(order.fire_at) && points[order.fire_at] ? points[order.fire_at] : points.length ? points[points.length - 1] : unit.hex;
    // The line stops at the target counter's rim, so its head shows.
    if (from) arrow(group, hexCenter(from, HEX_SIZE), rimPoint(hexCenter(from, HEX_SIZE), hexCenter(target.hex, HEX_SIZE), HEX_SIZE * 0.62), order.order === "assault" ? "charge" : "shot", `${unit.name} targets ${target.name}`, (y) => y, { target: target.id });
    const [x, y] = hexCenter(target.hex, HEX_SIZE);
    svgEl("circle", { cx: x, cy: y, r: HEX_SIZE * 0.72, class: "sb-target-ring", "data-target": target.id }, group);
  }
  if (Array.isArray(order.face)) {
    svgEl("polygon", { points: hexPoints(order.face, 0.5), class: "sb-face", "data-hex": key(order.face) }, group);
  }
  if (Array.isArray(order.hex) && order.order === "join_up") {
    svgEl("polygon", { points: hexPoints(order.hex, 0.6), class: "sb-join", "data-hex": key(order.hex) }, group);
  }
}

// The point `inset` short of `to` on the way from `from`.
function rimPoint(from, to, inset) {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy);
  if (length <= inset) return to;
  return [to[0] - (dx * inset) / length, to[1] - (dy * inset) / length];
}

// The marks on a counter: its number in the middle, its type above, the models
// left of its full strength below; a hidden unit (its own army's view, or a finished
// game) drawn dashed and pale.
function decorate(svg, unit) {
  const node = svg.querySelector(`.unit[data-unit="${unit.id}"]`);
  if (!node) return;
  node.classList.add("sb-unit", `side-${unit.side}`);
  node.classList.toggle("sb-hidden", unit.hidden);
  node.classList.toggle("sb-engaged", unit.engaged.length > 0);
  node.setAttribute("data-hex", key(unit.hex));
  const s = HEX_SIZE;
  // The facing: a notch on the counter's rim (the hex library's wedge would cover
  // the number), in the counter's group, which is turned to the facing.
  const counter = node.querySelector(".counter");
  if (counter) svgEl("path", { d: `M${s * 0.5},${-s * 0.26}L${s * 0.9},0L${s * 0.5},${s * 0.26}Z`, class: "sb-facing" }, counter);
  svgEl("text", { y: s * 0.14, class: "sb-number", "text-anchor": "middle", "font-size": s * 0.42 }, node).textContent = String(unit.number);
  svgEl("text", { y: -s * 0.64, class: "sb-type", "text-anchor": "middle", "font-size": s * 0.28 }, node).textContent = unit.mark;
  const strength = svgEl("text", { y: s * 0.86, class: "sb-models", "text-anchor": "middle", "font-size": s * 0.26 }, node);
  strength.textContent = unit.full ? `${unit.models}/${unit.full}` : String(unit.models);
  const title = node.querySelector("title");
  if (title) title.textContent = unitSentence(unit);
}

export function unitSentence(unit) {
  const parts = [`${unit.name}`, `facing ${unit.facingName}`, `${unit.models}${unit.full ? ` of ${unit.full}` : ""} models`, `Fortitude ${unit.fortitude}`];
  if (unit.ammunition || unit.ammo) parts.push(`ammunition ${unit.ammo}`);
  if (unit.supplies) parts.push(`supplies ${unit.supplies}`);
  if (unit.hidden) parts.push("hidden (ambushing)");
  if (unit.engaged.length) parts.push(`engaged with ${unit.engaged.join(", ")}`);
  return parts.join(", ");
}

// The units this step's event is about, ringed, and an arrow for each unit that
// changed hex since the step before.
const flat = (x) => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]);

export function eventUnits(event) {
  const found = new Set();
  if (!event) return found;
  for (const field of ["unit", "units", "target", "attacker", "defender", "into", "from", "winner"]) {
    for (const value of flat(event[field])) if (typeof value === "string") found.add(value);
  }
  for (const move of event.moves || []) if (move && move.unit) found.add(move.unit);
  return found;
}

function markEvent(svg, model, before, event) {
  for (const id of eventUnits(event)) {
    const node = svg.querySelector(`.unit[data-unit="${id}"]`);
    if (node) node.classList.add("in-event");
  }
  if (!before) return;
  const layer = svgEl("g", { class: "arrows sb-moves" }, svg);
  for (const unit of model.units) {
    const old = unitById(before, unit.id);
    if (!old || !old.hex || !unit.hex || same(old.hex, unit.hex)) continue;
    const steps = hexDistance(old.hex, unit.hex);
    const from = hexCenter(old.hex, HEX_SIZE);
    arrow(layer, from, rimPoint(from, hexCenter(unit.hex, HEX_SIZE), HEX_SIZE * 0.62), "move", `${unit.name} moves ${steps} hex${steps === 1 ? "" : "es"}`, (y) => y, { unit: unit.id });
  }
}

function sidePanel(model, side) {
  const faction = model.factions[side];
  const panel = el("section", { class: `sb-side side-${side}`, "data-side": side, "aria-label": SIDE_NAMES[side] || side });
  panel.append(el("h3", {}, el("span", { class: "sb-swatch" }), `${SIDE_NAMES[side] || side}${faction ? ` · ${titleCase(faction)}` : ""}`));
  const written = model.written[side];
  const status = written === "sealed" ? "orders written, sealed until both armies have written" : written === "written" ? "orders written (yours, sealed to the other army)" : null;
  if (status) panel.append(el("p", { class: "sb-written", "data-written": written }, status));
  // The orders stay shown from their reveal to the next one (state "orders").
  if (model.units.some((u) => u.side === side && u.order && u.onTable)) panel.append(el("p", { class: "sb-orders-caption" }, "Orders as last revealed:"));
  const list = el("ul", { class: "sb-roster" });
  for (const unit of model.units.filter((u) => u.side === side)) {
    const item = el("li", { class: `sb-roster-unit status-${unit.status}`, "data-unit": unit.id });
    const facts = unit.onTable
      ? `${unit.models}${unit.full ? `/${unit.full}` : ""} models · F${unit.fortitude}${unit.ammunition ? ` · ammo ${unit.ammo}` : ""}${unit.supplies ? ` · supplies ${unit.supplies}` : ""}${unit.hidden ? " · hidden" : ""}${unit.engaged.length ? " · in melee" : ""}`
      : { destroyed: "destroyed", fled: "put to flight", joined: "joined another unit" }[unit.status] || unit.status;
    item.append(el("strong", {}, `${unit.number} ${unit.typeName}`), ` · ${facts}`);
    if (unit.order && unit.onTable) item.append(el("span", { class: "sb-order-words" }, ` — ${orderText(unit.order, model)}`));
    list.append(item);
  }
  panel.append(list);
  return panel;
}

// The ruler's distance in hexes between two points of the battlefield.
export function measure(a, b) {
  const steps = hexDistance(hexAt(a, HEX_SIZE), hexAt(b, HEX_SIZE));
  return `${steps} hex${steps === 1 ? "" : "es"}`;
}

// The legend: the armies by colour, the terrain on this board, the zones and marks.
export function legend(state, catalogue = {}) {
  const model = battleModel(state, catalogue);
  const items = model.sides.map((side) => ({ kind: "side", colour: SIDE_COLOURS[side] || "#333", label: `${SIDE_NAMES[side] || side}${model.factions[side] ? ` (${titleCase(model.factions[side])})` : ""}` }));
  for (const terrain of model.terrainKinds) items.push({ kind: "terrain", className: `sb-terrain-${terrain.kind}`, label: terrain.name });
  items.push({ kind: "mark", className: "sb-zone-control", label: "zone of control" });
  items.push({ kind: "mark", className: "sb-zone-defense", label: "Defense Zone" });
  items.push({ kind: "mark", className: "sb-zone-kill", label: model.view ? "Kill Zone" : "Kill Zone (drawn while the game runs)" });
  items.push({ kind: "line", className: "sb-line-charge", label: "assault path" });
  items.push({ kind: "line", className: "sb-line-move", label: "path, move" });
  items.push({ kind: "mark", className: "sb-hidden-mark", label: "hidden unit (its own army only)" });
  items.push({ kind: "mark", className: "event-halo", label: "in this step's event" });
  return items;
}
