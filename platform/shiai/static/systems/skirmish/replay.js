// The skirmish rules in the viewer (what static/viewer/replay.js asks of a system, as
// viewer/generic.js): timeline marks (each turn, each phase, each unit's action),
// every roll as faces with its words (initiative, shots, cover and horse dice, the
// combat dice, wound rolls, Courage tests, Zen), what changed between two steps
// (models moved, wounded, killed or fled), the state panel and the table (board.js).
import { INCH, inches, legend, measure, modelById, skirmishModel, drawBoard as drawTable, unitById, unitFacts, unitSentence } from "./board.js";

// The public catalogue: a state names profiles, weapons and armour by id only.
export async function loadCatalogue() {
  try {
    const response = await fetch("/systems/skirmish/catalogue.json", { headers: { Accept: "application/json" } });
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

const CATALOGUE = typeof location === "undefined" ? {} : await loadCatalogue();

const ACTIONS = new Set(["moved", "charged", "held", "shot", "mounted", "dismounted", "pavise_work", "charge_refused", "heroic_declared", "combat_fought", "deployed"]);

export function marks(event) {
  switch (event.type) {
    case "phase_began":
      return [{ kind: "phase", label: event.phase }, { kind: "activation" }];
    case "initiative_rolled":
      return [{ kind: "phase", label: "initiative" }, { kind: "activation" }];
    case "turn_ended":
      return [{ kind: "turn", label: `turn ${event.turn + 1}`, after: true }];
    case "game_over":
      return [{ kind: "phase", label: "end" }];
    default:
      return ACTIONS.has(event.type) ? [{ kind: "activation" }] : [];
  }
}

const ints = (list) => Array.isArray(list) && list.length > 0 && list.every(Number.isInteger);
const sideName = (state, side) => (state && state.labels && state.labels[side]) || `side ${side}`;
const signed = (n) => (n > 0 ? `+${n}` : String(n));

// The name of a unit or a model for the words of a roll: "Ashigaru (a2)", "a2.3".
function who(state, id) {
  if (!id) return "?";
  const units = (state && state.units) || {};
  if (units[id]) return `${units[id].name || id} (${id})`;
  const unit = units[String(id).split(".")[0]];
  return unit ? `${unit.name || unit.id} ${id}` : String(id);
}

// A piece of scenery by its name, or a model that stands in the way by its own.
function sceneryName(state, id) {
  const piece = ((state && state.scenery) || []).find((p) => p.id === id);
  return piece ? piece.name : id && state && state.models && state.models[id] ? who(state, id) : id;
}

// Every roll an event records, as groups of faces (the viewer draws them) each with
// its words: what was rolled and what it needed. `state` (the state after the event)
// names the units and sides.
export function rolls(event, state = null) {
  const groups = [];
  switch (event.type) {
    case "initiative_rolled":
      for (const side of Object.keys(event.dice || {}).sort()) {
        if (!ints(event.dice[side])) continue;
        const mod = (event.modifiers || {})[side] || 0;
        groups.push({ label: `initiative, ${sideName(state, side)}${mod ? ` (${signed(mod)})` : ""}`, faces: event.dice[side], words: `${sideName(state, side)} rolls ${event.dice[side].join(" then ")}${mod ? ` ${signed(mod)}` : ""} for the initiative` });
      }
      break;
    case "shot":
      for (const shot of event.shots || []) {
        if (Number.isInteger(shot.die)) groups.push({ label: `${shot.model} shoots`, faces: [shot.die], test: shot.need ? { atLeast: shot.need } : undefined, words: `${who(state, shot.model)} shoots at ${who(state, event.target)}: needs ${shot.need}+, rolls ${shot.die}: ${shot.hit ? "a hit" : "a miss"}` });
        if (shot.cover && Number.isInteger(shot.cover.die)) groups.push({ label: `cover for ${shot.model}'s hit`, faces: [shot.cover.die], test: { atLeast: 4 }, words: `the hit is in the way of ${sceneryName(state, shot.cover.blocked_by) || "cover"}: a 4+ passes, rolls ${shot.cover.die}${shot.cover.die >= 4 ? ": it goes through" : ": stopped"}` });
        if (shot.horse && Number.isInteger(shot.horse.die)) groups.push({ label: "rider or horse", faces: [shot.horse.die], words: `rider or horse: rolls ${shot.horse.die}: ${shot.horse.horse_hit ? "the horse is hit" : "the rider is hit"}` });
      }
      break;
    case "combat_fought":
      for (const side of Object.keys(event.dice || {}).sort()) {
        const bySide = event.dice[side] || {};
        for (const model of Object.keys(bySide).sort()) {
          if (!ints(bySide[model])) continue;
          const mod = ((event.modifiers || {})[side] || {})[model] ?? (typeof (event.modifiers || {})[side] === "number" ? event.modifiers[side] : 0);
          groups.push({ label: `${model} fights`, faces: bySide[model], words: `${who(state, model)} rolls ${bySide[model].join(", ")}${mod ? ` (${signed(mod)})` : ""}` });
        }
      }
      if (event.roll_off && typeof event.roll_off === "object") {
        for (const side of Object.keys(event.roll_off).sort()) {
          const faces = Array.isArray(event.roll_off[side]) ? event.roll_off[side] : [event.roll_off[side]];
          if (ints(faces)) groups.push({ label: `roll-off, ${sideName(state, side)}`, faces, words: `a draw: ${sideName(state, side)} rolls ${faces.join(", ")} off` });
        }
      }
      break;
    case "wound_rolls":
      if (ints(event.dice)) groups.push({ label: `${event.attacker || "blows"} wound rolls`, faces: event.dice, test: event.need ? { atLeast: event.need } : undefined, words: `${who(state, event.attacker)} strikes ${who(state, event.target)}: needs ${event.need}+ to wound, rolls ${event.dice.join(", ")}: ${event.wounds ?? 0} wound${event.wounds === 1 ? "" : "s"}` });
      break;
    case "courage_tested":
      if (ints(event.dice)) {
        const mods = event.modifiers && typeof event.modifiers === "object" ? Object.values(event.modifiers).reduce((a, b) => a + (Number(b) || 0), 0) : Number(event.modifiers) || 0;
        groups.push({ label: `Courage test of ${event.unit}`, faces: event.dice, words: `${who(state, event.unit)} tests its Courage ${event.courage}${event.reason ? ` (${String(event.reason).replace(/_/g, " ")})` : ""}: rolls ${event.dice.join(" + ")}${mods ? ` ${signed(mods)}` : ""} = ${event.total}: ${event.passed ? "passed" : "failed"}` });
      }
      break;
    case "zen_used":
      if (Number.isInteger(event.die)) groups.push({ label: `Zen of ${event.unit}`, faces: [event.die], test: event.use === "save" ? { atLeast: 4 } : undefined, words: `${who(state, event.unit)} spends a Zen token (${event.use})${event.use === "save" ? `: a 4+ saves, rolls ${event.die}` : `: the die becomes ${event.die}`}${event.success === undefined ? "" : event.success ? ", it works" : ", in vain"}` });
      break;
    default:
      if (ints(event.dice)) groups.push({ label: event.unit || event.side || "roll", faces: event.dice, words: `${String(event.type).replace(/_/g, " ")}: rolls ${event.dice.join(", ")}` });
  }
  return groups;
}

// The latest state seen (names the sides and units in the log's dice labels).
const LAST = { state: null };

export function dice(event) {
  return rolls(event, LAST.state).map(({ label, faces, test }) => (test ? { label, faces, test } : { label, faces }));
}

// The units the log's unit filter offers, by id (the engine's sentences write a unit
// "Naginata monks (a2)", a model "a2.3"): the filter keeps the steps naming either.
export function unitNames(state) {
  LAST.state = state;
  const names = {};
  for (const unit of skirmishModel(state, CATALOGUE).units) names[unit.id] = unit.name;
  return names;
}

// The engine's sentences name every unit already.
export function words(text) {
  return String(text);
}

export function diff(before, after, event) {
  LAST.state = after;
  const was = skirmishModel(before, CATALOGUE);
  const now = skirmishModel(after, CATALOGUE);
  const lines = [];
  for (const unit of now.units) {
    const old = unitById(was, unit.id);
    if (!old) continue;
    for (const m of unit.models) {
      const o = old.models.find((x) => x.id === m.id);
      if (!o) continue;
      if (o.onTable && !m.onTable) lines.push({ kind: "casualty", text: `${unit.name} ${m.id}: ${m.status === "fled" ? "fled the table" : "killed"}` });
      else if (m.onTable && o.onTable && (o.x !== m.x || o.y !== m.y)) lines.push({ kind: "field", text: `${unit.name} ${m.id}: moved ${inches(Math.hypot(m.x - o.x, m.y - o.y))}` });
      else if (m.onTable && o.onTable && o.facing !== m.facing) lines.push({ kind: "field", text: `${unit.name} ${m.id}: turned to ${Math.round(m.facing / 10)}°` });
      if (m.onTable && o.wounds !== undefined && m.wounds !== o.wounds) lines.push({ kind: "casualty", text: `${unit.name} ${m.id}: wounds ${o.wounds} → ${m.wounds}` });
      if (o.mounted && !m.mounted && m.onTable) lines.push({ kind: "field", text: `${unit.name} ${m.id}: on foot` });
    }
    if (!old.fleeing && unit.fleeing) lines.push({ kind: "casualty", text: `${unit.name}: flees` });
    if (unit.hero && old.zen !== unit.zen) lines.push({ kind: "field", text: `${unit.name}: Zen ${old.zen} → ${unit.zen}` });
  }
  return { before, after, lines, event };
}

export function changeLines(changes) {
  const lines = [];
  if (changes.event) for (const roll of rolls(changes.event, changes.after)) lines.push({ kind: "field roll", text: roll.words });
  return [...lines, ...changes.lines];
}

export function summary(state) {
  const model = skirmishModel(state, CATALOGUE);
  const rows = [
    ["Scenario", model.scenarioName || model.scenario],
    ["Turn", `${model.turn ?? "–"} of ${model.turns ?? "–"}`],
    ["Phase", `${model.phase}${model.step ? ` (${model.step})` : ""}`],
  ];
  if (model.initiative) rows.push(["Initiative", model.labels[model.initiative]]);
  for (const side of model.sides) {
    const units = model.units.filter((u) => u.side === side);
    const models = units.reduce((n, u) => n + u.alive, 0);
    const start = units.reduce((n, u) => n + u.start, 0);
    rows.push([model.labels[side], `${models} of ${start} models on the table${model.score ? `, ${model.score[side] ?? 0} points scored` : ""}`]);
  }
  if (model.outcome) rows.push(["Outcome", model.outcome.winner ? `${model.labels[model.outcome.winner]} wins (${String(model.outcome.termination || "").replace(/_/g, " ")})` : "a draw"]);
  return rows;
}

export function units(state) {
  return skirmishModel(state, CATALOGUE).units.filter((u) => u.onTable).map((u) => ({ id: u.id, side: u.side, label: `${u.label} ${u.name}` }));
}

// The unit panel: `raw` is the state's record of the unit (with its id).
export function profile(raw, state) {
  const model = skirmishModel(state, CATALOGUE);
  const unit = raw ? unitById(model, raw.id) : null;
  if (!unit) return null;
  const rows = [
    ["What", `${unit.profileName}${unit.hero ? " (hero)" : ""}`],
    ["State", unitFacts(unit)],
    ["Weapon", unit.weaponName || "–"],
    ["Armour", unit.armourName || "–"],
  ];
  if (unit.strategies.length) rows.push(["Strategies", unit.strategies.join(", ")]);
  const masteries = Object.entries(unit.masteries);
  if (masteries.length) rows.push(["Masteries", masteries.map(([k, v]) => `${k} ${v}`).join(", ")]);
  if (unit.command) rows.push(["Command", `level ${unit.command}`]);
  if (unit.onTable) rows.push(["Movement", `${inches(unit.allowance)} left this turn`]);
  const first = unit.models.find((m) => m.onTable);
  if (first) rows.push(["Where", `${inches(first.x)} from the west edge, ${inches(first.y)} from the south edge`]);
  return { title: unitSentence(unit, model).split(":")[0], rows };
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
    return drawTable(container, state, { step, catalogue: CATALOGUE, previous: changes ? changes.before : null, event: changes ? changes.event : null, selected, onSelect });
  },
  legend: (state) => legend(state, CATALOGUE),
  measure,
};

export { INCH, modelById };
