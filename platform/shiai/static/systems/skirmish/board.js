// The skirmish table: a free table measured in inches (table units are tenths of a
// millimetre, origin at the lower-left corner, y up; facing in tenths of a degree,
// 0 = +x, counter-clockwise: engine/tabletop), drawn to scale with the shared table
// drawing (static/boards/table.js). On it: an optional 1" grid, the scenery by name,
// the deployment zones while the warbands deploy, every model's round base turned to
// its facing in its side's colour (a hero's with a gold rim, a mounted model's twice
// as wide), each unit's label, the selected unit's movement allowance, the models of
// the step's event ringed, arrows for what moved, charged or shot, casualties crossed
// out; beside it, each warband's units in words. skirmishModel is pure (node tests
// it); drawBoard draws into the page.
import { arrow, arrowDefs, base, centroid, crossedOut, polygon, reach, svgEl, tableSvg, titled } from "../../boards/table.js";

export const INCH = 254; // table units in an inch (engine/skirmish/geometry: INCH)
export const FOOT_BASE = 250; // 25 mm round base
export const MOUNTED_BASE = 500; // 50 mm round base
export const SIDE_COLOURS = { a: "#9b2226", b: "#1d4e89" };
// Movement allowances (the rulebook's Movement: 6" on foot, 5" on foot in heavy
// armour, 12" mounted); the prompt's own numbers come first when it gives them.
export const ALLOWANCE = { foot: 6 * INCH, heavy: 5 * INCH, mounted: 12 * INCH };
// A deployment zone reaches 6" in from the side's own table edge (contract: deploy).
export const DEPLOY_DEPTH = 6 * INCH;
export const SCENERY = {
  difficult: { fill: "#6a994e", label: "difficult ground" },
  obstacle: { fill: "#c9a66b", label: "obstacle" },
  impassable: { fill: "#5c5c5c", label: "impassable" },
  building: { fill: "#8d6e63", label: "building" },
};
export const PHASE_WORDS = {
  deploy: "deployment",
  initiative: "initiative",
  move: "move phase",
  shoot: "shooting phase",
  combat: "combat phase",
  over: "the game is over",
};
const STEP_WORDS = { heroic: "heroic declarations", fight: "the fights" };
// The layers a player may show or hide under the board; kept across redraws.
const shown = { grid: false, labels: true };

export const inches = (tenths) => `${(Math.round((tenths / INCH) * 10) / 10).toFixed(1)}"`;
export const titleCase = (id) => String(id ?? "").split(/[_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");

// Units in a stable order: by side, then by number ("a2" before "a10").
export function byUnit(a, b) {
  const [, sa, na] = /^(\D*)(\d*)/.exec(a) || [null, a, ""];
  const [, sb, nb] = /^(\D*)(\d*)/.exec(b) || [null, b, ""];
  if (sa !== sb) return sa < sb ? -1 : 1;
  return Number(na) - Number(nb) || (a < b ? -1 : a > b ? 1 : 0);
}

// The unit a model belongs to: the state says; else its id's prefix ("a1.2": "a1").
export function unitOf(state, modelId) {
  const model = state && state.models ? state.models[modelId] : null;
  if (model && model.unit) return model.unit;
  return String(modelId).split(".")[0];
}

const nameOf = (table, id) => {
  const found = table && id !== undefined && id !== null ? table[id] : null;
  if (!found) return id ? titleCase(id) : "";
  return typeof found === "string" ? found : found.name || titleCase(id);
};

// A unit's movement allowance this phase, in table units: the prompt's, else the
// rulebook's by how it goes (mounted, heavy armour on foot, on foot) less what it has
// moved already.
export function allowanceOf(unit, options = null) {
  if (options && Number.isFinite(options.allowance)) return options.allowance;
  const living = unit.models.filter((m) => m.onTable);
  const full = living.some((m) => m.mounted) ? ALLOWANCE.mounted : unit.armour === "heavy" ? ALLOWANCE.heavy : ALLOWANCE.foot;
  const moved = Number.isFinite(unit.moved) ? unit.moved : unit.moved ? full : 0;
  return Math.max(0, full - moved);
}

// Everything drawBoard shows, as plain data: the table, its scenery, the sides and
// every unit with its models. `catalogue` is the public catalogue (names of
// profiles, weapons, armour, warbands, scenarios).
export function skirmishModel(state, catalogue = {}) {
  const cat = { ...(catalogue || {}), ...((state && state.catalogue) || {}) };
  const table = state.table || { width: 36 * INCH, height: 36 * INCH };
  const sides = state.sides || ["a", "b"];
  const labels = Object.fromEntries(sides.map((side) => [side, (state.labels || {})[side] || `Side ${side}`]));
  const models = state.models || {};
  const units = Object.keys(state.units || {}).sort(byUnit).map((id) => {
    const u = state.units[id];
    const list = (u.models || []).map((mid) => {
      const m = models[mid] || {};
      const status = m.status || "ok";
      return {
        id: mid,
        unit: id,
        side: m.side || u.side,
        x: m.x,
        y: m.y,
        facing: Number.isFinite(m.facing) ? m.facing : 0,
        mounted: Boolean(m.mounted),
        wounds: m.wounds,
        status,
        onTable: status === "ok" && Number.isFinite(m.x) && Number.isFinite(m.y),
        size: m.mounted ? MOUNTED_BASE : FOOT_BASE,
      };
    });
    const living = list.filter((m) => m.onTable);
    const unit = {
      id,
      side: u.side,
      name: u.name || id,
      hero: Boolean(u.hero),
      profile: u.profile,
      profileName: nameOf(cat.profiles, u.profile),
      weapon: u.weapon,
      weaponName: nameOf(cat.weapons, u.weapon),
      armour: u.armour,
      armourName: nameOf(cat.armour, u.armour),
      models: list,
      alive: living.length,
      start: u.start ?? list.length,
      wounds: u.hero && living.length ? living[0].wounds : null,
      mounted: living.some((m) => m.mounted),
      zen: u.hero ? u.zen ?? 0 : null,
      zenPolicy: u.hero ? u.zen_policy || "fatal" : null,
      fleeing: Boolean(u.fleeing),
      done: Boolean(u.done),
      moved: u.moved ?? 0,
      shot: Boolean(u.shot),
      heroic: u.heroic || [],
      strategies: u.strategies || [],
      masteries: u.masteries || {},
      command: u.command || 0,
      points: u.points ?? null,
      onTable: living.length > 0,
      label: id.toUpperCase(),
    };
    unit.allowance = allowanceOf(unit);
    return unit;
  });
  return {
    scenario: state.scenario || "",
    scenarioName: nameOf(cat.scenarios, state.scenario),
    table,
    scenery: (state.scenery || []).map((piece) => ({ ...piece, style: SCENERY[piece.kind] || SCENERY.obstacle })),
    sides,
    labels,
    edges: state.edges || {},
    zones: state.zones || {},
    warbands: state.warbands || {},
    turn: state.turn,
    turns: state.turns,
    phase: state.phase || "",
    step: state.step || null,
    initiative: state.initiative || null,
    active: state.active || null,
    units,
    outcome: state.outcome || null,
    score: state.score || null,
  };
}

export function unitById(model, id) {
  return model.units.find((u) => u.id === id) || null;
}

export function modelById(model, id) {
  for (const unit of model.units) {
    const found = unit.models.find((m) => m.id === id);
    if (found) return found;
  }
  return null;
}

// The zone a side deploys in: the strip 6" deep along its own table edge, as
// [x0, y0, x1, y1] (y up: south is y = 0).
export function deployZone(edge, table, depth = DEPLOY_DEPTH) {
  const { width, height } = table;
  switch (edge) {
    case "south": return [0, 0, width, depth];
    case "north": return [0, height - depth, width, height];
    case "west": return [0, 0, depth, height];
    case "east": return [width - depth, 0, width, height];
    default: return null;
  }
}

// The models an event names (its actors and those it acts on), by model id, each
// "actor" or "target": a unit's id stands for its living models.
export function eventModels(event, state) {
  const found = new Map();
  if (!event || !state) return found;
  const add = (value, role) => {
    for (const id of Array.isArray(value) ? value : [value]) {
      if (typeof id !== "string") continue;
      if (state.units && state.units[id]) {
        for (const mid of state.units[id].models || []) if (!found.has(mid)) found.set(mid, role);
      } else if (state.models && state.models[id] && !found.has(id)) found.set(id, role);
    }
  };
  add(event.unit, "actor");
  add(event.attacker, "actor");
  add(event.model, event.unit ? "target" : "actor");
  for (const key of ["target", "with"]) add(event[key], "target");
  if (event.models && typeof event.models === "object") {
    if (Array.isArray(event.models)) add(event.models, "actor");
    else {
      for (const [key, value] of Object.entries(event.models)) {
        if (Array.isArray(value) && value.every((v) => typeof v === "string")) add(value, "actor"); // {side: [model ids]}
        else add(key, event.type === "retreated" ? "target" : "actor"); // {model id: [x, y, f]}
      }
    }
  }
  for (const shot of event.shots || []) add(shot.model, "actor");
  return found;
}

// What moved between two states, by unit: where its living models' middle was and is.
export function movedUnits(before, after) {
  const moves = [];
  if (!before || !after) return moves;
  for (const unit of after.units) {
    const old = unitById(before, unit.id);
    if (!old) continue;
    const pairs = unit.models.filter((m) => m.onTable).map((m) => [old.models.find((o) => o.id === m.id), m]).filter(([o]) => o && o.onTable);
    if (!pairs.length) continue;
    const from = centroid(pairs.map(([o]) => [o.x, o.y]));
    const to = centroid(pairs.map(([, m]) => [m.x, m.y]));
    const distance = Math.hypot(to[0] - from[0], to[1] - from[1]);
    if (distance >= INCH / 5) moves.push({ unit: unit.id, from, to, distance });
  }
  return moves;
}

// Models on the table before and gone since (killed, fled off the table).
export function casualties(before, after) {
  const gone = [];
  if (!before || !after) return gone;
  for (const unit of before.units) {
    for (const old of unit.models) {
      if (!old.onTable) continue;
      const now = modelById(after, old.id);
      if (!now || !now.onTable) gone.push({ ...old, status: now ? now.status : "gone" });
    }
  }
  return gone;
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

let stylesheet = false;
function ensureStyles() {
  if (stylesheet || typeof document === "undefined") return;
  stylesheet = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./skirmish.css", import.meta.url).href }));
}

// Draw the table into `container` (the viewer's #board): the <svg> first (the play
// mode draws its overlay on it), then the layer toggles, the turn and the warbands.
export function drawBoard(container, state, { step = 0, catalogue = {}, previous = null, event = null, selected = null, onSelect = null, allowance = null } = {}) {
  ensureStyles();
  const model = skirmishModel(state, catalogue);
  const before = previous ? skirmishModel(previous, catalogue) : null;
  const { width, height } = model.table;
  const { svg, Y } = tableSvg({ width, height, step, label: `the table, ${inches(width)} by ${inches(height)}, turn ${model.turn ?? "–"} of ${model.turns ?? "–"}` });
  svg.classList.add("sk-board");
  // Room for the viewer's zoom buttons, which sit over the board: a band above the
  // table on a narrow screen (they line up along its top), on the right otherwise.
  const narrow = typeof window !== "undefined" && window.matchMedia && window.matchMedia("(max-width: 900px)").matches;
  svg.setAttribute("viewBox", narrow ? `0 ${-Math.round(width * 0.14)} ${width} ${height + Math.round(width * 0.14)}` : `0 0 ${Math.round(width * 1.08)} ${height}`);
  for (const [layer, on] of Object.entries(shown)) svg.classList.toggle(`hide-${layer}`, !on);
  arrowDefs(svg);
  drawGrid(svg, width, height);
  if (model.phase === "deploy") {
    for (const side of model.sides) {
      const zone = deployZone(model.edges[side], model.table, model.zones[side] || DEPLOY_DEPTH);
      if (!zone) continue;
      const [x0, y0, x1, y1] = zone;
      titled(svgEl("rect", { x: x0, y: Y(y1), width: x1 - x0, height: y1 - y0, class: `zone sk-deploy side-${side}`, stroke: SIDE_COLOURS[side] || "#333", "data-side": side }, svg), `${model.labels[side]} deploys here (within ${inches(model.zones[side] || DEPLOY_DEPTH)} of its table edge)`);
    }
  }
  drawEdges(svg, model, Y);
  for (const piece of model.scenery) {
    const group = svgEl("g", { class: `scenery ${piece.kind}`, "data-scenery": piece.id }, svg);
    polygon(group, piece.points || [], { fill: piece.style.fill, "fill-opacity": piece.blocks_sight ? 0.7 : 0.45 }, Y);
    const [cx, cy] = centroid(piece.points && piece.points.length ? piece.points : [[0, 0]]);
    svgEl("text", { x: cx, y: Y(cy), class: "scenery-label sk-scenery-label" }, group).textContent = piece.name || piece.id;
    svgEl("text", { x: cx, y: Y(cy) + 230, class: "scenery-detail" }, group).textContent = `${piece.style.label}${piece.blocks_sight ? ", blocks sight" : ""}`;
    titled(group, `${piece.name || piece.id}: ${piece.style.label}${piece.blocks_sight ? ", blocks sight" : ""}`);
  }
  const rings = svgEl("g", { class: "rings" }, svg);
  const involved = eventModels(event, state);
  for (const unit of model.units) {
    const living = unit.models.filter((m) => m.onTable);
    if (!living.length) continue;
    const colour = SIDE_COLOURS[unit.side] || "#333";
    const group = svgEl("g", {
      class: `unit sk-unit side-${unit.side}${unit.id === selected ? " selected" : ""}${unit.fleeing ? " fleeing" : ""}${unit.hero ? " hero" : ""}${living.some((m) => involved.has(m.id)) ? " in-event" : ""}`,
      "data-unit": unit.id,
      "data-side": unit.side,
    }, svg);
    titled(group, unitSentence(unit, model));
    for (const m of living) {
      const role = involved.get(m.id);
      if (role) svgEl("circle", { cx: m.x, cy: Y(m.y), r: m.size / 2 + 90, class: `event-halo ${role}`, "data-model": m.id }, group);
      const node = base(group, { x: m.x, y: m.y, facing: m.facing, size: m.size, shape: "round", leader: unit.hero }, colour, Y);
      node.dataset.model = m.id;
      if (m.mounted) node.classList.add("mounted");
    }
    const [lx] = centroid(living.map((m) => [m.x, m.y]));
    const low = Math.min(...living.map((m) => m.y - m.size / 2));
    svgEl("text", { x: lx, y: Y(low) + 40, class: "sk-label" }, group).textContent = unit.label;
    svgEl("text", { x: lx, y: Y(low) + 250, class: "unit-label" }, group).textContent = unit.name;
    if (onSelect) group.addEventListener("click", () => onSelect(unit.id));
  }
  const chosen = selected ? unitById(model, selected) : null;
  if (chosen && chosen.onTable && ["move", "deploy"].includes(model.phase)) {
    const left = allowance ?? chosen.allowance;
    const bases = chosen.models.filter((m) => m.onTable).map((m) => ({ x: m.x, y: m.y, size: m.size }));
    if (left > 0) reach(rings, bases, left, "move sk-allowance", `move: ${inches(left)}`, Y);
  }
  const layer = svgEl("g", { class: "arrows sk-arrows" }, svg);
  for (const move of movedUnits(before, model)) {
    const kind = event && event.type === "charged" && event.unit === move.unit ? "charge" : "move";
    const unit = unitById(model, move.unit);
    arrow(layer, move.from, move.to, kind, `${unit ? unit.name : move.unit} ${kind === "charge" ? "charges" : "moves"} ${inches(move.distance)}`, Y, { unit: move.unit });
  }
  if (event && event.type === "shot") {
    const shooters = (event.shots || []).map((s) => modelById(model, s.model) || (before && modelById(before, s.model))).filter((m) => m && Number.isFinite(m.x));
    const target = modelById(model, event.target) || (before && modelById(before, event.target));
    if (target && Number.isFinite(target.x)) {
      for (const shooter of shooters.length ? shooters : (unitById(model, event.unit)?.models || []).filter((m) => m.onTable)) {
        arrow(layer, [shooter.x, shooter.y], [target.x, target.y], "shot", `${shooter.id} shoots at ${target.id}`, Y, { unit: event.unit });
      }
    }
  }
  for (const gone of casualties(before, model)) {
    crossedOut(svg, { x: gone.x, y: gone.y, size: gone.size }, `${gone.id} ${gone.status === "fled" ? "fled" : "removed as a casualty"}`, Y);
  }

  const holder = el("div", { class: "sk-table", "data-step": step, "data-phase": model.phase });
  const head = el("p", { class: "sk-turn" }, turnWords(model));
  const rosters = el("div", { class: "sk-sides" });
  for (const side of model.sides) rosters.append(sidePanel(model, side));
  holder.append(svg, toggles(), head, warbands(rosters));
  container.setAttribute("role", "region");
  container.setAttribute("aria-label", "the table and the warbands at this step");
  container.replaceChildren(holder);
  return svg;
}

// The turn, the phase and who acts, in words.
export function turnWords(model) {
  if (model.phase === "over") {
    const winner = model.outcome && model.outcome.winner ? model.labels[model.outcome.winner] || model.outcome.winner : null;
    const score = model.score ? ` (points ${model.sides.map((s) => `${model.labels[s]} ${model.score[s] ?? 0}`).join(", ")})` : "";
    return `The game is over: ${winner ? `${winner} wins` : "a draw"}${score}`;
  }
  const parts = [`Turn ${model.turn ?? "–"} of ${model.turns ?? "–"}`, PHASE_WORDS[model.phase] || model.phase];
  if (model.step && STEP_WORDS[model.step]) parts.push(STEP_WORDS[model.step]);
  if (model.initiative) parts.push(`initiative: ${model.labels[model.initiative]}`);
  if (model.active) parts.push(`${model.labels[model.active]} to act`);
  return parts.join(" · ");
}

// Grid lines every inch, stronger every 6" (hidden unless the toggle shows them).
function drawGrid(svg, width, height) {
  const group = svgEl("g", { class: "sk-grid" }, svg);
  const lines = [];
  const strong = [];
  for (let x = INCH; x < width; x += INCH) (Math.round(x / INCH) % 6 ? lines : strong).push(`M${x},0V${height}`);
  for (let y = INCH; y < height; y += INCH) (Math.round(y / INCH) % 6 ? lines : strong).push(`M0,${height - y}H${width}`);
  svgEl("path", { d: lines.join(""), class: "sk-grid-inch" }, group);
  svgEl("path", { d: strong.join(""), class: "sk-grid-six" }, group);
}

// "Villagers'", "Yamada clan's".
export const possessive = (name) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

// Each side's own table edge, named along it.
function drawEdges(svg, model, Y) {
  const { width, height } = model.table;
  for (const side of model.sides) {
    const edge = model.edges[side];
    const at = { south: [width / 2, 120, 0], north: [width / 2, height - 120, 0], west: [120, height / 2, -90], east: [width - 120, height / 2, 90] }[edge];
    if (!at) continue;
    const [x, y, turn] = at;
    const text = svgEl("text", { x, y: Y(y), class: `sk-edge side-${side}`, fill: SIDE_COLOURS[side] || "#333", transform: `rotate(${turn} ${x} ${Y(y)})` }, svg);
    text.textContent = `${possessive(model.labels[side])} table edge`;
  }
}

function toggles() {
  const box = el("fieldset", { class: "sk-layers" }, el("legend", {}, "Show on the table"));
  for (const [layer, label] of [["grid", "1-inch grid"], ["labels", "unit labels"]]) {
    const id = `sk-layer-${layer}`;
    const input = el("input", { type: "checkbox", id, "data-layer": layer, checked: shown[layer] });
    input.checked = shown[layer];
    input.addEventListener("change", () => {
      shown[layer] = input.checked;
      const board = input.closest(".sk-table")?.querySelector("svg.sk-board");
      if (board) board.classList.toggle(`hide-${layer}`, !input.checked);
    });
    box.append(el("label", { for: id }, input, " ", label));
  }
  return box;
}

// The warbands' lists, folded on a narrow screen to begin with; as the player left them since.
let rostersOpen = null;
function warbands(sides) {
  if (rostersOpen === null) rostersOpen = !(typeof window !== "undefined" && window.matchMedia && window.matchMedia("(max-width: 900px)").matches);
  const box = el("details", { class: "sk-warbands", open: rostersOpen }, el("summary", {}, "The warbands, unit by unit"), sides);
  box.addEventListener("toggle", () => { rostersOpen = box.open; });
  return box;
}

// A unit in one line: its name, what it is, its models or wounds, its state.
export function unitFacts(unit) {
  const parts = [];
  if (unit.hero) {
    parts.push(`hero, ${unit.wounds ?? "?"} wound${unit.wounds === 1 ? "" : "s"} left`);
    parts.push(`Zen ${unit.zen ?? 0}`);
  } else parts.push(`${unit.alive} of ${unit.start} models`);
  if (unit.weapon) parts.push(unit.weaponName);
  if (unit.armour && unit.armour !== "none") parts.push(/armour/i.test(unit.armourName) ? unit.armourName : `${unit.armourName} armour`);
  if (unit.mounted) parts.push("mounted");
  if (unit.fleeing) parts.push("fleeing");
  if (unit.done) parts.push("has acted");
  if (!unit.onTable) parts.push(unit.models.some((m) => m.status === "fled") ? "fled" : "destroyed");
  return parts.join(" · ");
}

export function unitSentence(unit, model) {
  return `${unit.name} (${unit.id}, ${model ? model.labels[unit.side] : unit.side}): ${unit.profileName}; ${unitFacts(unit)}`;
}

function sidePanel(model, side) {
  const panel = el("section", { class: `sk-side side-${side}`, "data-side": side, "aria-label": model.labels[side] });
  const mark = model.initiative === side ? " · has the initiative" : "";
  panel.append(el("h3", {}, el("span", { class: "sk-swatch", style: `background:${SIDE_COLOURS[side] || "#333"}` }), `${model.labels[side]}${mark}`));
  const list = el("ul", { class: "sk-roster" });
  for (const unit of model.units.filter((u) => u.side === side)) {
    const item = el("li", { class: `sk-roster-unit${unit.onTable ? "" : " gone"}`, "data-unit": unit.id });
    item.append(el("strong", {}, `${unit.label} ${unit.name}`), ` · ${unit.profileName} · ${unitFacts(unit)}`);
    list.append(item);
  }
  panel.append(list);
  return panel;
}

// The ruler's distance between two points of the table, in inches.
export function measure([x0, y0], [x1, y1]) {
  return inches(Math.hypot(x1 - x0, y1 - y0));
}

// The legend: the sides by colour, the scenery on this table, the marks.
export function legend(state, catalogue = {}) {
  const model = skirmishModel(state, catalogue);
  const items = model.sides.map((side) => ({ kind: "side", colour: SIDE_COLOURS[side] || "#333", label: model.labels[side] }));
  const kinds = new Set(model.scenery.map((piece) => piece.kind));
  for (const [kind, style] of Object.entries(SCENERY)) if (kinds.has(kind)) items.push({ kind: "terrain", colour: style.fill, label: style.label });
  items.push({ kind: "mark", className: "leader", label: "hero (gold rim)" });
  items.push({ kind: "mark", className: "event-halo", label: "a model in this step's event" });
  items.push({ kind: "mark", className: "reach-move", label: "selected unit's movement allowance" });
  items.push({ kind: "line", className: "move", label: "move" });
  items.push({ kind: "line", className: "charge", label: "charge" });
  items.push({ kind: "line", className: "shot", label: "shot" });
  items.push({ kind: "mark", className: "casualty", label: "casualty" });
  return items;
}
