// Answering the skirmish prompts in the browser (what static/viewer/play.js asks of a
// system: control(prompt, side, state, hooks)), by clicking on the table:
// - deploy: accept the scenario's positions, or pick a unit and click (or drag it to)
//   where its first model stands, the others keeping their places around it;
// - initiative_choice: take the initiative or give it (Rat's Head, Ox's Neck);
// - heroic: declare a hero's heroic action for the phase, or pass;
// - move: pick a unit (on the table or in the list), click a point to move it there
//   or an enemy model to charge it, then confirm; or hold it; or end the moves;
// - shoot: pick a unit, click one of its targets (ringed); or hold; or end shooting;
// - fight (sealed): each hero's choices before the combat: strategies, rider or
//   horse, the Zen die, disengaging.
// The engine judges every command (a refusal shows its words and its rule): what this
// control measures (straight-line distances against the allowance) is a guide.
//
// The pure helpers (exported) are node-tested; control() draws into the page.
import { button, el, svgEl } from "../../viewer/play-controls.js";
import { tablePoint } from "../../boards/table.js";
import { allowanceOf, deployZone, inches, INCH, modelById, SIDE_COLOURS, skirmishModel, titleCase, unitById, unitFacts } from "./board.js";

// How near a click must fall to a base's rim to pick its model (table units).
export const PICK_SLACK = Math.round(INCH / 2);

const living = (unit) => unit.models.filter((m) => m.onTable);

// The units a prompt lets act, by id, in the prompt's order: `options.units` as a list
// of ids or an object keyed by id; else every unit of the side on the table.
export function promptUnits(prompt, side, model) {
  const options = (prompt && prompt.options) || {};
  let ids = null;
  if (Array.isArray(options.units)) ids = options.units.map((u) => (typeof u === "string" ? u : u && u.unit)).filter(Boolean);
  else if (options.units && typeof options.units === "object") ids = Object.keys(options.units);
  else if (typeof options.unit === "string") ids = [options.unit];
  const units = (ids || model.units.filter((u) => u.side === side && u.onTable).map((u) => u.id)).map((id) => unitById(model, id)).filter(Boolean);
  return units;
}

// What the prompt says of one unit: its entry in `options.units` (an object), else {}.
export function unitOptions(prompt, unitId) {
  const options = (prompt && prompt.options) || {};
  const table = options.units && typeof options.units === "object" && !Array.isArray(options.units) ? options.units : {};
  const entry = table[unitId];
  if (Array.isArray(entry)) return { targets: entry };
  if (entry && typeof entry === "object") return entry;
  if (Array.isArray(options.units)) {
    const found = options.units.find((u) => u && typeof u === "object" && u.unit === unitId);
    if (found) return found;
  }
  return {};
}

// The enemy models a unit may shoot at (the prompt's list) or charge (the prompt's,
// else every enemy model on the table), nearest first.
export function targetsOf(prompt, unit, model, kind) {
  const entry = unitOptions(prompt, unit.id);
  const listed = kind === "charge" ? entry.charge || entry.may_charge || entry.charges : entry.targets || entry.shoot;
  const ids = Array.isArray(listed)
    ? listed
    : kind === "charge"
      ? model.units.filter((u) => u.side !== unit.side).flatMap((u) => living(u).map((m) => m.id))
      : [];
  const first = living(unit)[0];
  return ids
    .map((id) => modelById(model, id))
    .filter((m) => m && m.onTable)
    .map((m) => ({ model: m, distance: first ? edgeDistance(first, m) : 0 }))
    .sort((a, b) => a.distance - b.distance || (a.model.id < b.model.id ? -1 : 1));
}

// The distance between two round bases, rim to rim (as the rules measure).
export function edgeDistance(a, b) {
  return Math.max(0, Math.hypot(a.x - b.x, a.y - b.y) - a.size / 2 - b.size / 2);
}

// The model whose base a click at `point` falls on (or within `slack` of its rim),
// the nearest if several: the overlay and the board draw over each other.
export function modelAt(model, point, slack = PICK_SLACK) {
  let best = null;
  for (const unit of model.units) {
    for (const m of living(unit)) {
      const reach = Math.hypot(point.x - m.x, point.y - m.y) - m.size / 2;
      if (reach <= slack && (!best || reach < best.reach)) best = { model: m, unit, reach };
    }
  }
  return best;
}

// A facing (tenths of a degree, 0 = +x, counter-clockwise) looking from `from` to `to`.
export function facingTowards(from, to) {
  const degrees = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
  return Math.round((((degrees % 360) + 360) % 360) * 10) % 3600;
}

// Where a unit's living models stand once its first model goes to `to`: the others
// keep their offsets (the contract's rigid translation), all turned to `facing`.
export function translated(unit, to, facing = null) {
  const models = living(unit);
  if (!models.length) return {};
  const [dx, dy] = [to.x - models[0].x, to.y - models[0].y];
  const out = {};
  for (const m of models) out[m.id] = [Math.round(m.x + dx), Math.round(m.y + dy), facing === null ? m.facing : facing];
  return out;
}

// A move planned to `to`: the first model's straight line, its length, whether it is
// more than the allowance, and the command.
// `via`: turning points on the way ([x, y] each; the contract's move "via", at most 8),
// the length then summed leg by leg.
export const MAX_VIA = 8;

export function movePlan(side, unit, to, allowance, via = []) {
  const first = living(unit)[0];
  const points = [[first.x, first.y], ...via, [to.x, to.y]];
  let distance = 0;
  for (let i = 1; i < points.length; i += 1) distance += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
  const [from] = points.slice(-2);
  const facing = facingTowards({ x: from[0], y: from[1] }, to);
  const command = { type: "move", side, unit: unit.id, to: [Math.round(to.x), Math.round(to.y)], facing };
  if (via.length) command.via = via.map(([x, y]) => [Math.round(x), Math.round(y)]);
  return {
    kind: "move",
    to: [Math.round(to.x), Math.round(to.y)],
    via: via.map(([x, y]) => [Math.round(x), Math.round(y)]),
    distance,
    allowance,
    tooFar: distance > allowance,
    positions: translated(unit, to, facing),
    command,
  };
}

export function chargePlan(side, unit, target, allowance) {
  const first = living(unit)[0];
  const distance = edgeDistance(first, target);
  return { kind: "charge", target: target.id, distance, allowance, tooFar: distance > allowance, command: { type: "charge", side, unit: unit.id, target: target.id } };
}

// Mastery of Command's radius by level (masteries.json command_radius_in: 4", 6", 8", 12").
export const COMMAND_RADIUS = { 1: 4 * INCH, 2: 6 * INCH, 3: 8 * INCH, 4: 12 * INCH };

// The units of a hero's side that a heroic move may take along (Mastery of Command:
// the prompt's `with` list, else every other unit of the side with a model within the
// command radius of the hero's base).
export function followers(prompt, hero, model) {
  const listed = unitOptions(prompt, hero.id).with || (prompt.options || {}).with;
  if (Array.isArray(listed)) return listed.map((id) => unitById(model, id)).filter(Boolean);
  const radius = COMMAND_RADIUS[hero.command] || 0;
  const me = living(hero)[0];
  if (!radius || !me || !(prompt.options || {}).heroic) return [];
  return model.units.filter((u) => u.side === hero.side && u.id !== hero.id && living(u).some((m) => edgeDistance(me, m) <= radius));
}

// Whether a point lies in a zone [x0, y0, x1, y1].
export const inZone = (zone, [x, y]) => !zone || (x >= zone[0] && x <= zone[2] && y >= zone[1] && y <= zone[3]);

// The deploy command: the positions placed (a subset; the others stay at the
// scenario's).
export function deployCommand(side, placed) {
  const positions = {};
  for (const id of Object.keys(placed).sort()) Object.assign(positions, placed[id]);
  return { type: "deploy", side, positions };
}

// The heroes a `heroic` prompt offers and the actions each may declare: the
// options' `units` ({hero: [actions]} or [ids]) with the phase's `action`.
export function heroicChoices(prompt, side, model) {
  const options = (prompt && prompt.options) || {};
  const phase = options.action || options.phase || model.phase;
  const out = [];
  for (const unit of promptUnits(prompt, side, model)) {
    if (!unit.hero && !unitOptions(prompt, unit.id).actions) continue;
    const entry = (options.units && !Array.isArray(options.units) && options.units[unit.id]) || null;
    const actions = Array.isArray(entry) ? entry : entry && Array.isArray(entry.actions) ? entry.actions : [phase];
    for (const action of actions) out.push({ unit, action });
  }
  return out;
}

// The choices a `fight` prompt offers each hero of this side: its strategies to use,
// whether it may strike the horse, use a Zen die, disengage.
export function fightChoices(prompt, side, model) {
  const options = (prompt && prompt.options) || {};
  const table = options.choices || options.units || options.heroes || {};
  const out = [];
  const entries = Array.isArray(table) ? table.map((id) => [id, {}]) : Object.entries(table);
  for (const [id, offer] of entries) {
    const unit = unitById(model, id);
    if (!unit || unit.side !== side) continue;
    const o = offer && typeof offer === "object" ? offer : {};
    out.push({
      unit,
      strategies: Array.isArray(o.strategies) ? o.strategies : [],
      horse: Boolean(o.strike_horse || o.may_strike_horse || (Array.isArray(o.strike) && o.strike.includes("horse"))),
      zen: o.zen === undefined ? unit.zen > 0 : Boolean(o.zen),
      disengage: Boolean(o.disengage),
    });
  }
  return out;
}

export function fightCommand(side, combat, picks) {
  const choices = {};
  for (const [id, pick] of Object.entries(picks)) {
    choices[id] = { strategies: [...(pick.strategies || [])].sort(), strike: pick.strike || "rider", zen: Boolean(pick.zen), disengage: Boolean(pick.disengage) };
  }
  return { type: "fight", side, combat, choices };
}

// -- the control -------------------------------------------------------------------

const TITLES = {
  deploy: "Deploy your warband",
  initiative_choice: "Take the initiative, or give it",
  heroic: "Heroic declarations",
  move: "Move your units",
  shoot: "Shoot",
  fight: "Before the fight (sealed)",
};

export function control(prompt, side, state, hooks) {
  if (!prompt || !TITLES[prompt.kind]) return null;
  const model = skirmishModel(state);
  const label = model.labels[side] || `side ${side}`;
  const element = el("div", { className: `sk-control sk-${prompt.kind}`, id: "sk-control", "data-kind": prompt.kind });
  const make = { deploy: deployControl, initiative_choice: initiativeControl, heroic: heroicControl, move: actControl, shoot: actControl, fight: fightControl }[prompt.kind];
  const built = make({ prompt, side, model, hooks, element });
  const policies = zenPolicies(side, model, hooks);
  if (policies) element.append(policies);
  return {
    title: `${TITLES[prompt.kind]}: ${label}, turn ${model.turn ?? 1}`,
    element,
    generic: false,
    command: built.command,
    onBoard: built.onBoard || null,
    overlay: built.overlay || null,
  };
}

const send = (hooks, command) => () => hooks.submit(command);

// When each hero spends a Zen token on a wound save (the contract's zen_policy: only
// a wound that would kill him, every wound, never), changed at any prompt of his side.
export const ZEN_POLICIES = [["fatal", "only on a wound that would kill him"], ["always", "on every wound"], ["never", "never"]];

function zenPolicies(side, model, hooks) {
  const heroes = model.units.filter((u) => u.side === side && u.hero && u.onTable && (u.zen ?? 0) > 0);
  if (!heroes.length) return null;
  const box = el("details", { className: "sk-zen-policies", id: "sk-zen-policies" }, el("summary", {}, "Zen tokens on wound saves"));
  for (const hero of heroes) {
    const id = `sk-zen-policy-${hero.id}`;
    const select = el("select", { id });
    const now = hero.zenPolicy || "fatal";
    for (const [value, words] of ZEN_POLICIES) select.append(new Option(words, value, false, value === now));
    const set = button("Set", () => hooks.submit({ type: "zen_policy", side, unit: hero.id, policy: select.value }), { className: "sk-zen-set", "data-unit": hero.id });
    box.append(el("p", {}, el("label", { htmlFor: id }, `${hero.name} (Zen ${hero.zen}) spends one `), select, " ", set));
  }
  return box;
}

function initiativeControl({ side, hooks, element }) {
  element.append(
    el("p", { className: "sk-help" }, "A draw for the initiative: your hero's strategy lets you choose."),
    el("p", { className: "sk-buttons" },
      button("Take the initiative", send(hooks, { type: "initiative", side, take: true }), { id: "sk-take", className: "sk-go" }),
      button("Give it to the other side", send(hooks, { type: "initiative", side, take: false }), { id: "sk-give" })),
  );
  return { command: () => ({ type: "initiative", side, take: true }) };
}

function heroicControl({ prompt, side, model, hooks, element }) {
  const choices = heroicChoices(prompt, side, model);
  element.append(el("p", { className: "sk-help" }, "Spend a Zen token for a heroic action this phase (made before the others act), or declare no more."));
  const row = el("p", { className: "sk-buttons", role: "group", "aria-label": "heroic actions" });
  for (const { unit, action } of choices) {
    row.append(button(`${unit.name}: heroic ${action} (Zen ${unit.zen ?? 0})`, send(hooks, { type: "heroic", side, unit: unit.id, action }), { className: "sk-declare", "data-unit": unit.id, "data-action": action }));
  }
  row.append(button("Pass: no (more) heroic actions", send(hooks, { type: "heroic", side, unit: null }), { id: "sk-pass" }));
  element.append(row);
  return { command: () => ({ type: "heroic", side, unit: null }) };
}

function fightControl({ prompt, side, model, hooks, element }) {
  const combat = (prompt.options || {}).combat ?? 0;
  const choices = fightChoices(prompt, side, model);
  const picks = {};
  element.append(el("p", { className: "sk-help" }, `Combat ${combat}: each of your heroes' choices, sealed until both sides have chosen.`));
  for (const choice of choices) {
    const { unit } = choice;
    const pick = (picks[unit.id] = { strategies: [], strike: "rider", zen: false, disengage: false });
    const box = el("fieldset", { className: "sk-choice", "data-unit": unit.id }, el("legend", {}, `${unit.name} (${unitFacts(unit)})`));
    for (const strategy of choice.strategies) {
      const input = el("input", { type: "checkbox", id: `sk-${unit.id}-${strategy}`, value: strategy });
      input.addEventListener("change", () => {
        pick.strategies = input.checked ? [...pick.strategies, strategy] : pick.strategies.filter((s) => s !== strategy);
      });
      box.append(el("label", { htmlFor: input.id }, input, titleCase(strategy)));
    }
    if (choice.horse) {
      const select = el("select", { id: `sk-${unit.id}-strike` });
      select.append(new Option("strike the rider", "rider"), new Option("strike the horse", "horse"));
      select.addEventListener("change", () => { pick.strike = select.value; });
      box.append(el("label", { htmlFor: select.id }, "Blows: ", select));
    }
    for (const [key, words, offered] of [["zen", "use a Zen token on a die failing by 1", choice.zen], ["disengage", "disengage", choice.disengage]]) {
      if (!offered) continue;
      const input = el("input", { type: "checkbox", id: `sk-${unit.id}-${key}` });
      input.addEventListener("change", () => { pick[key] = input.checked; });
      box.append(el("label", { htmlFor: input.id }, input, words));
    }
    element.append(box);
  }
  element.append(el("p", { className: "sk-buttons" }, button("Seal and send the choices", () => hooks.submit(fightCommand(side, combat, picks)), { id: "sk-fight-send", className: "sk-go" })));
  return { command: () => fightCommand(side, combat, picks) };
}

// The deploy control: every unit of the side may be placed anew (dragged, or picked
// then a click where its first model goes); what is not placed stays where the
// scenario puts it.
function deployControl({ prompt, side, model, hooks, element }) {
  const units = promptUnits(prompt, side, model);
  const options = prompt.options || {};
  const zone = Array.isArray(options.zone) ? options.zone : deployZone(options.edge || model.edges[side], model.table, options.depth || model.zones[side] || undefined);
  const placed = {};
  let selected = null;
  let dragging = null;
  const where = el("p", { id: "sk-deploy-note", role: "status" });
  const list = el("ul", { className: "sk-units", id: "sk-units", "aria-label": "your units" });
  const fill = () => {
    list.replaceChildren(...units.map((unit) => el("li", { className: placed[unit.id] ? "placed" : "" },
      button(`${unit.label} ${unit.name}${placed[unit.id] ? " (placed)" : ""}`, () => { selected = unit.id; fill(); hooks.redraw(); }, { className: "sk-unit-button", "data-unit": unit.id, "aria-pressed": String(unit.id === selected) }))));
    const count = Object.keys(placed).length;
    where.textContent = selected
      ? `Click (or drag to) where ${unitById(model, selected).name}'s first model stands, inside your zone.`
      : count ? `${count} unit${count === 1 ? "" : "s"} placed anew; the others stay at the scenario's positions.` : "Every unit stands at the scenario's positions.";
  };
  const place = (point) => {
    const unit = selected ? unitById(model, selected) : null;
    if (!unit) return false;
    if (!inZone(zone, [point.x, point.y])) {
      where.textContent = `That point is outside your deployment zone.`;
      return false;
    }
    const first = living(unit)[0];
    placed[unit.id] = translated(unit, point, first ? first.facing : null);
    fill();
    return true;
  };
  const reset = button("Back to the scenario's positions", () => { for (const id of Object.keys(placed)) delete placed[id]; selected = null; fill(); hooks.redraw(); }, { id: "sk-deploy-reset" });
  element.append(
    el("p", { className: "sk-help" }, "Your warband stands where the scenario deploys it. Accept that, or drag a unit (or pick it, then click the table) to place it elsewhere in your zone."),
    list,
    where,
    el("p", { className: "sk-buttons" },
      button("Deploy as shown", () => hooks.submit(deployCommand(side, placed)), { id: "sk-deploy", className: "sk-go" }),
      reset),
  );
  fill();
  return {
    command: () => deployCommand(side, placed),
    onBoard(point) {
      if (dragging) return;
      const hit = modelAt(model, point);
      if (hit && hit.unit.side === side && units.some((u) => u.id === hit.unit.id)) {
        selected = hit.unit.id;
        fill();
        return;
      }
      place(point);
    },
    overlay(Y) {
      const group = svgEl("g", { class: "play-overlay sk-overlay" });
      if (zone) svgEl("rect", { x: zone[0], y: Y(zone[3]), width: zone[2] - zone[0], height: zone[3] - zone[1], class: "zone sk-zone-mine", stroke: SIDE_COLOURS[side] || "#333" }, group);
      for (const unit of units) {
        const spots = placed[unit.id];
        // Where a unit placed anew stood: faded, so its new place reads as its own.
        if (spots) for (const m of living(unit)) svgEl("circle", { cx: m.x, cy: Y(m.y), r: m.size / 2 + 10, class: "sk-vacated" }, group);
        for (const m of living(unit)) {
          const [x, y] = spots ? spots[m.id] : [m.x, m.y];
          const pick = svgEl("circle", { cx: x, cy: Y(y), r: m.size / 2 + 40, class: `sk-pick${unit.id === selected ? " selected" : ""}`, "data-unit": unit.id, "data-model": m.id }, group);
          pick.addEventListener("pointerdown", (event) => startDrag(event, unit.id));
          if (spots) svgEl("circle", { cx: x, cy: Y(y), r: m.size / 2, class: "sk-ghost-base", fill: SIDE_COLOURS[side] || "#333", "fill-opacity": 0.8 }, group);
        }
      }
      return group;
    },
  };

  function startDrag(event, unitId) {
    const svg = event.target.ownerSVGElement;
    if (!svg) return;
    event.preventDefault();
    selected = unitId;
    dragging = { svg, x: event.clientX, y: event.clientY };
    fill();
    const up = (upEvent) => {
      window.removeEventListener("pointerup", up);
      // A press without a drag only picks the unit.
      if (Math.hypot(upEvent.clientX - dragging.x, upEvent.clientY - dragging.y) >= 6) {
        const [x, y] = tablePoint(svg, upEvent);
        place({ x, y });
      }
      hooks.redraw();
      // The click that follows the drop falls where the unit now stands: ignored.
      setTimeout(() => { dragging = null; }, 0);
    };
    window.addEventListener("pointerup", up);
  }
}

// The move and shoot prompts: a unit picked, then a point or an enemy clicked.
function actControl({ prompt, side, model, hooks, element }) {
  const shooting = prompt.kind === "shoot";
  const units = promptUnits(prompt, side, model);
  // The first unit with something to do: a shooter with a target, else the first.
  const ready = shooting ? units.find((u) => targetsOf(prompt, u, model, "shoot").length) : null;
  let selected = (ready || units[0] || { id: null }).id;
  let plan = null;
  const unit = () => (selected ? unitById(model, selected) : null);
  const allowance = (u) => allowanceOf(u, unitOptions(prompt, u.id));
  const flags = { zen: false, humming: false };
  const along = new Set(); // the units a heroic move with Mastery of Command takes along
  let via = []; // turning points of the move being planned
  const list = el("ul", { className: "sk-units", id: "sk-units", "aria-label": shooting ? "your units able to shoot" : "your units still to move" });
  const editor = el("section", { className: "sk-editor", id: "sk-editor" });
  const endLabel = shooting ? "End shooting (the others hold)" : "End moves (every unit left holds)";
  const end = button(endLabel, send(hooks, { type: shooting ? "end_shooting" : "end_moves", side }), { id: "sk-end" });
  element.append(
    el("p", { className: "sk-help" }, shooting
      ? "Pick a unit, then click the enemy model it shoots at (ringed on the table). A group shoots at the nearest enemy."
      : "Pick a unit, then click a point on the table to move its first model there (the others keep their places around it), or click an enemy model to charge it; then confirm."),
    list, editor, el("p", { className: "sk-buttons" }, end));

  const pickUnit = (id) => { selected = id; plan = null; via = []; fill(); hooks.redraw(); };
  const fill = () => {
    list.replaceChildren(...units.map((u) => el("li", { className: u.done ? "acted" : "" },
      button(`${u.label} ${u.name}`, () => pickUnit(u.id), { className: "sk-unit-button", "data-unit": u.id, "aria-pressed": String(u.id === selected) }))));
    const u = unit();
    if (!u) {
      editor.replaceChildren(el("p", {}, "No unit is left to act."));
      return;
    }
    const rows = [el("h3", {}, `${u.label} ${u.name}: ${unitFacts(u)}`)];
    if (shooting) {
      const targets = targetsOf(prompt, u, model, "shoot");
      rows.push(el("p", { id: "sk-targets" }, targets.length ? `Targets (ringed): ${targets.map((t) => `${modelName(t.model)} at ${inches(t.distance)}`).join(", ")}. Click one on the table or below.` : "No target in sight and range."));
      const row = el("p", { className: "sk-buttons", role: "group", "aria-label": "targets" });
      for (const t of targets) row.append(button(`Shoot at ${modelName(t.model)}`, () => hooks.submit(shootCommand(t.model.id)), { className: "sk-shoot", "data-target": t.model.id }));
      rows.push(row);
      if (u.hero) rows.push(checkbox("sk-zen", "use a Zen token on a die failing by 1", "zen"));
      const humming = (prompt.options || {}).humming;
      if (unitOptions(prompt, u.id).humming || (Array.isArray(humming) && humming.includes(u.id))) rows.push(checkbox("sk-humming", "humming arrows (−1 Courage to groups within 6\" of the target)", "humming"));
    } else {
      const left = allowance(u);
      rows.push(el("p", { id: "sk-allowance", "data-allowance": left }, `Movement allowance: ${inches(left)} (doubled cost in difficult ground, +2" for each obstacle crossed).`));
      if (plan) {
        const target = plan.kind === "charge" ? modelById(model, plan.target) : null;
        rows.push(el("p", { id: "sk-plan", className: `sk-plan-words${plan.tooFar ? " too-far" : ""}`, "data-kind": plan.kind },
          plan.kind === "charge"
            ? `Charge ${target ? modelName(target) : plan.target}: ${inches(plan.distance)} to base contact${plan.tooFar ? ` — more than the ${inches(left)} allowed` : ""}.`
            : `Move ${inches(plan.distance)} in a straight line${plan.tooFar ? ` — more than the ${inches(left)} allowed` : ""}.`));
        rows.push(el("p", { className: "sk-buttons" },
          button(plan.kind === "charge" ? "Charge!" : "Move here", () => hooks.submit(plan.command), { id: "sk-go", className: "sk-go" }),
          button("Cancel", () => { plan = null; via = []; fill(); hooks.redraw(); }, { id: "sk-cancel" })));
        if (plan.kind === "move" && !plan.command.with && via.length < MAX_VIA) {
          rows.push(el("p", { className: "sk-buttons" }, button("Turn here, then click on", () => {
            via = [...via, plan.to];
            plan = null;
            fill();
            hooks.redraw();
          }, { id: "sk-via" })));
        }
      } else {
        rows.push(el("p", { id: "sk-plan", className: "sk-plan-words", "data-via": via.length }, via.length
          ? `Turning point${via.length === 1 ? "" : "s"} set (${via.length}): click where the move ends.`
          : "Click a point to move to, or an enemy model to charge."));
      }
      const boxes = followerBoxes(u);
      if (boxes) rows.push(boxes);
      // By keyboard: a point in inches from the table's south-west corner, or a charge.
      rows.push(pointForm(u));
      const charges = targetsOf(prompt, u, model, "charge").filter((t) => t.distance <= left + 3 * INCH);
      if (charges.length) {
        const row = el("p", { className: "sk-buttons", role: "group", "aria-label": "enemies to charge" });
        for (const t of charges) row.append(button(`Charge ${modelName(t.model)} (${inches(t.distance)})`, () => planCharge(u, t.model), { className: "sk-charge", "data-target": t.model.id }));
        rows.push(row);
      }
      const more = el("p", { className: "sk-buttons" }, button(`Hold ${u.label}`, send(hooks, { type: "hold", side, unit: u.id }), { id: "sk-hold" }));
      const actions = unitOptions(prompt, u.id).actions || [];
      for (const action of ["mount", "dismount", "pavise"]) {
        if (actions.includes(action)) more.append(button(titleCase(action), send(hooks, { type: action, side, unit: u.id }), { className: `sk-${action}` }));
      }
      rows.push(more);
    }
    if (shooting) rows.push(el("p", { className: "sk-buttons" }, button(`Hold ${u.label}`, send(hooks, { type: "hold", side, unit: u.id }), { id: "sk-hold" })));
    editor.replaceChildren(...rows);
  };
  const withFollowers = (move) => {
    if (!along.size) return move;
    return { ...move, command: { ...move.command, with: [...along].sort() } };
  };
  const followerBoxes = (u) => {
    const units = followers(prompt, u, model);
    if (!units.length) return null;
    const box = el("fieldset", { className: "sk-choice sk-followers" }, el("legend", {}, "Mastery of Command: take along (the same move)"));
    for (const f of units) {
      const input = el("input", { type: "checkbox", id: `sk-with-${f.id}`, checked: along.has(f.id) });
      input.addEventListener("change", () => {
        if (input.checked) along.add(f.id);
        else along.delete(f.id);
        if (plan && plan.kind === "move") plan = withFollowers({ ...plan, command: { ...plan.command, with: undefined } });
      });
      box.append(el("label", { htmlFor: input.id }, input, `${f.label} ${f.name}`));
    }
    return box;
  };
  const planCharge = (u, target) => {
    plan = chargePlan(side, u, target, allowance(u));
    fill();
    hooks.redraw();
  };
  const pointForm = (u) => {
    const first = living(u)[0];
    const x = el("input", { id: "sk-x", type: "number", step: "0.1", size: 5, inputMode: "decimal", value: plan && plan.to ? (plan.to[0] / INCH).toFixed(1) : (first.x / INCH).toFixed(1) });
    const y = el("input", { id: "sk-y", type: "number", step: "0.1", size: 5, inputMode: "decimal", value: plan && plan.to ? (plan.to[1] / INCH).toFixed(1) : (first.y / INCH).toFixed(1) });
    const go = button("Plan the move", () => {
      if (x.value === "" || y.value === "") return;
      plan = withFollowers(movePlan(side, u, { x: Number(x.value) * INCH, y: Number(y.value) * INCH }, allowance(u), via));
      fill();
      hooks.redraw();
    }, { id: "sk-point" });
    return el("p", { className: "sk-point-form" }, el("label", { htmlFor: "sk-x" }, 'x (")'), " ", x, " ", el("label", { htmlFor: "sk-y" }, 'y (")'), " ", y, " ", go);
  };
  // A model as a player reads it: its unit's name, and which of them ("Hunters b4.2").
  const modelName = (m) => {
    const owner = unitById(model, m.unit);
    return owner ? (owner.hero ? `${owner.name} (${m.id})` : `${owner.name} ${m.id}`) : m.id;
  };
  const checkbox = (id, words, key) => {
    const input = el("input", { type: "checkbox", id, checked: flags[key] });
    input.addEventListener("change", () => { flags[key] = input.checked; });
    return el("p", {}, el("label", { htmlFor: id }, input, " ", words));
  };
  const shootCommand = (target) => {
    const command = { type: "shoot", side, unit: selected, target };
    if (flags.zen) command.zen = true;
    if (flags.humming) command.humming = true;
    return command;
  };
  fill();

  return {
    command() {
      if (shooting) {
        const u = unit();
        const targets = u ? targetsOf(prompt, u, model, "shoot") : [];
        if (!targets.length) return { type: "end_shooting", side };
        return shootCommand(targets[0].model.id);
      }
      if (plan) return plan.command;
      return selected ? { type: "hold", side, unit: selected } : { type: "end_moves", side };
    },
    onBoard(point) {
      const hit = modelAt(model, point);
      if (hit && hit.unit.side === side) {
        if (units.some((u) => u.id === hit.unit.id)) pickUnit(hit.unit.id);
        return;
      }
      const u = unit();
      if (!u) return;
      if (shooting) {
        if (hit && targetsOf(prompt, u, model, "shoot").some((t) => t.model.id === hit.model.id)) hooks.submit(shootCommand(hit.model.id));
        return;
      }
      plan = hit ? chargePlan(side, u, hit.model, allowance(u)) : withFollowers(movePlan(side, u, point, allowance(u), via));
      fill();
    },
    overlay(Y) {
      const group = svgEl("g", { class: "play-overlay sk-overlay" });
      for (const u of units) {
        for (const m of living(u)) svgEl("circle", { cx: m.x, cy: Y(m.y), r: m.size / 2 + 45, class: `sk-pick${u.id === selected ? " selected" : ""}${u.done ? " done" : ""}`, "data-unit": u.id, "data-model": m.id }, group);
      }
      const u = unit();
      if (!u) return group;
      const first = living(u)[0];
      if (shooting) {
        for (const t of targetsOf(prompt, u, model, "shoot")) svgEl("circle", { cx: t.model.x, cy: Y(t.model.y), r: t.model.size / 2 + 70, class: "sk-offer target shoot", "data-model": t.model.id }, group);
        return group;
      }
      const left = allowance(u);
      const ring = svgEl("g", { class: "reach move sk-allowance", "data-distance": left }, group);
      for (const m of living(u)) svgEl("circle", { cx: m.x, cy: Y(m.y), r: left + m.size / 2 }, ring);
      for (const t of targetsOf(prompt, u, model, "charge")) {
        if (t.distance <= left + 3 * INCH) svgEl("circle", { cx: t.model.x, cy: Y(t.model.y), r: t.model.size / 2 + 60, class: "sk-offer target", "data-model": t.model.id }, group);
      }
      if (first && (plan || via.length)) {
        const to = !plan ? null : plan.kind === "charge" ? modelById(model, plan.target) : { x: plan.to[0], y: plan.to[1] };
        const turns = plan && plan.kind === "charge" ? [] : via;
        const points = [[first.x, first.y], ...turns, ...(to ? [[to.x, to.y]] : [])];
        svgEl("polyline", { points: points.map(([x, y]) => `${x},${Y(y)}`).join(" "), class: `sk-plan${plan && plan.tooFar ? " too-far" : ""}`, fill: "none" }, group);
        for (const [x, y] of turns) svgEl("circle", { cx: x, cy: Y(y), r: 70, class: "sk-turning-point" }, group);
      }
      if (plan && first) {
        if (plan.positions) {
          const ghost = svgEl("g", { class: "sk-ghost" }, group);
          for (const m of living(u)) {
            const [x, y] = plan.positions[m.id];
            svgEl("circle", { cx: x, cy: Y(y), r: m.size / 2, fill: SIDE_COLOURS[side] || "#333" }, ghost);
          }
        }
      }
      return group;
    },
  };
}
