// Samurai Battles in the viewer (what static/viewer/replay.js asks of a system, as
// viewer/generic.js): timeline marks (each turn, the reveal of the written orders,
// each step of the Execution Phase), the units' names, the dice of every roll (fire,
// melee, encounters, Fortitude tests), what changed between two steps, the state
// panel, and the battlefield (board.js): the orders appear at the reveal, then the
// counters move one hex per step, all the units moving that tick together.
import { battleModel, drawBoard as drawBattle, hexName, legend, measure, orderText, SIDE_NAMES, unitSentence } from "./board.js";

// The public catalogue: a finished game's whole state names unit types by id only.
export async function loadCatalogue() {
  try {
    const response = await fetch("/systems/samurai-battles/catalogue.json", { headers: { Accept: "application/json" } });
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

const CATALOGUE = typeof location === "undefined" ? {} : await loadCatalogue();

const STEP_WORDS = {
  defensive: "defensive orders",
  ranged: "ranged combat",
  movement: "movement",
  melee: "melee",
  special: "special orders",
  retreat: "retreat",
};

export function marks(event) {
  switch (event.type) {
    case "orders_revealed":
      return [{ kind: "phase", label: "reveal" }, { kind: "activation" }];
    case "step_began":
      return [{ kind: "phase", label: STEP_WORDS[event.step] || event.step }, { kind: "activation" }];
    case "turn_ended":
      return [{ kind: "turn", label: `turn ${event.turn + 1}`, after: true }];
    case "game_ended":
      return [{ kind: "phase", label: "end" }];
    default:
      return [];
  }
}

// The dice an event shows: fire and melee dice, an encounter's two rolls, a
// Fortitude test's die (Ranged Combat, Melee Combat, Encounters, Fortitude Tests).
export function dice(event) {
  const faces = (list) => Array.isArray(list) && list.length && list.every(Number.isInteger);
  switch (event.type) {
    case "fired":
      return faces(event.dice) ? [{ label: event.unit, faces: event.dice }] : [];
    case "fortitude_tested":
      return Number.isInteger(event.die) ? [{ label: `${event.unit} Fortitude`, faces: [event.die] }] : [];
    case "encounter":
    case "melee_fought": {
      const rolls = event.type === "encounter" ? event.rolls : event.dice;
      return Object.keys(rolls || {}).sort().filter((unit) => faces(rolls[unit])).map((unit) => ({ label: unit, faces: rolls[unit] }));
    }
    default:
      return [];
  }
}

// The units by the words the engine's sentences name them with ("East 2 (Arquebusiers)"):
// the army and number ("East 2") as the key, the type as the name. The log's unit filter
// finds a unit's steps by its key in their sentences, and lists it as "Arquebusiers
// (East 2)".
export function unitNames(state) {
  const names = {};
  for (const unit of battleModel(state, CATALOGUE).units) names[unitKey(unit.side, unit.number)] = unit.typeName;
  return names;
}

const unitKey = (side, number) => `${(SIDE_NAMES[side] || side).split(" ")[0]} ${number}`;
const ARMY_OF = { e: "east", w: "west" };

// A unit's id in a sentence ("e3", where the engine could not name it) becomes its
// name, as the engine's sentences write it ("East 3 (Samurai)").
export function words(text, names) {
  return String(text).replace(/\b([ew])(\d+)\b/g, (whole, army, number) => {
    const key = unitKey(ARMY_OF[army], Number(number));
    return names[key] ? `${key} (${names[key]})` : whole;
  });
}

const FIELDS = [
  ["hex", "hex"],
  ["facingName", "facing"],
  ["models", "models"],
  ["fortitude", "Fortitude"],
  ["ammo", "ammunition"],
  ["supplies", "supplies"],
  ["status", "status"],
  ["hidden", "hidden"],
  ["engaged", "engaged with"],
];

export function diff(before, after, event) {
  const was = battleModel(before, CATALOGUE);
  const now = battleModel(after, CATALOGUE);
  const fields = [];
  for (const unit of now.units) {
    const old = was.units.find((u) => u.id === unit.id);
    if (!old) continue;
    for (const [field, what] of FIELDS) {
      if (JSON.stringify(old[field]) !== JSON.stringify(unit[field])) fields.push({ unit: unit.id, name: unit.name, what, from: old[field], to: unit[field] });
    }
  }
  const revealed = [];
  if (JSON.stringify(was.orders) !== JSON.stringify(now.orders)) {
    for (const unit of now.units) if (unit.order) revealed.push({ unit: unit.id, name: unit.name, text: orderText(unit.order, now) });
  }
  return { before, fields, revealed, event };
}

const show = (value) => (Array.isArray(value) ? `[${value.join(", ")}]` : value === null || value === undefined ? "–" : String(value));

export function changeLines(changes) {
  const lines = changes.fields.map((f) => ({
    kind: f.what === "models" || (f.what === "status" && f.to !== "ready") ? "casualty" : "field",
    text: `${f.name}: ${f.what} ${f.what === "hex" ? `${hexName(f.from)} → ${hexName(f.to)}` : `${show(f.from)} → ${show(f.to)}`}`,
  }));
  for (const order of changes.revealed || []) lines.push({ kind: "field", text: `${order.name}: ${order.text}` });
  return lines;
}

export function summary(state) {
  const model = battleModel(state, CATALOGUE);
  const rows = [
    ["Scenario", model.scenario],
    ["Turn", `${model.turn ?? "–"} of ${model.turns ?? "–"}`],
    ["Phase", model.phase],
  ];
  for (const side of model.sides) {
    const units = model.units.filter((u) => u.side === side);
    const left = units.filter((u) => u.onTable);
    const written = model.written[side] ? " · orders written" : "";
    rows.push([SIDE_NAMES[side] || side, `${left.length} of ${units.length} units on the table, ${left.reduce((n, u) => n + (u.models || 0), 0)} models${written}`]);
  }
  if (model.outcome) rows.push(["Outcome", model.outcome.winner ? `${SIDE_NAMES[model.outcome.winner] || model.outcome.winner} wins (${String(model.outcome.termination || "").replace(/_/g, " ")})` : "a draw"]);
  return rows;
}

export function units(state) {
  return battleModel(state, CATALOGUE).units.filter((u) => u.onTable && u.hex).map((u) => ({ id: u.id, side: u.side, label: `${u.number} ${u.typeName}` }));
}

// The unit panel: `raw` is the state's own record of the unit (state.units[id]),
// which does not carry its id: it is found again by army, number and type.
export function profile(raw, state) {
  const model = battleModel(state, CATALOGUE);
  const unit = raw ? model.units.find((u) => u.side === raw.side && u.number === raw.number && u.type === raw.type) : null;
  if (!unit) return null;
  const rows = [
    ["Type", `${unit.typeName}${unit.category ? ` (${unit.category})` : ""}`],
    ["Hex", unit.hex ? `${hexName(unit.hex)} facing ${unit.facingName}` : "hidden"],
    ["Models", `${unit.models}${unit.full ? ` of ${unit.full}` : ""}`],
    ["Fortitude", String(unit.fortitude)],
  ];
  if (unit.range) rows.push(["Ranged", `range ${unit.range}, ammunition ${unit.ammo}`]);
  if (unit.supplies) rows.push(["Supplies", String(unit.supplies)]);
  if (unit.engaged.length) rows.push(["Engaged with", unit.engaged.join(", ")]);
  if (unit.order) rows.push(["Order", orderText(unit.order, model)]);
  return { title: unitSentence(unit).split(",")[0], rows };
}

export const adapter = {
  hasBoard: true,
  hasActivations: true,
  dice,
  marks,
  words,
  unitNames,
  diff,
  changeLines,
  profile,
  summary,
  units,
  drawBoard(container, state, { step, changes, selected, onSelect }) {
    return drawBattle(container, state, { step, catalogue: CATALOGUE, previous: changes ? changes.before : null, event: changes ? changes.event : null, selected, onSelect });
  },
  legend: (state) => legend(state, CATALOGUE),
  measure,
};
