// Writing Samurai Battles orders in the browser (what static/viewer/play.js asks of a
// system: control(prompt, side, state, hooks)). Each turn an army writes one order
// for every unit it has on the table, sealed until both armies have written theirs:
// click a unit (on the board or in the list), pick one of the orders the prompt
// offers it, then give what the order needs: its path hex by hex (the hexes it may
// step to next are lit; a step can be undone), its target, the hex it faces, its
// Kill Zone's range, the unit it joins or takes supplies from. The list shows which
// units have an order; the orders are sent together, as one "orders" command, once
// every unit has one. The engine judges every order (a refusal shows its words and
// its rule); what this control checks is only what a player could not write down.
//
// The pure helpers (exported) are node-tested; control() draws into the page.
import { hexDistance, neighbour } from "../../boards/hex.js";
import { button, el, svgEl } from "../../viewer/play-controls.js";
import { ARROWS, battleModel, FACINGS, frontHexes, hexName, hexPoints, ORDER_NAMES, orderMarks, orderText, same, unitById } from "./board.js";

// How far a path may go, by order and category: Movement Orders > Assault ("Infantry
// units may move up to 2 hexes ... Cavalry units may move up to 4 hexes"), > March
// (1 | 2), > Move and Fire (4, cavalry only), > Run (2 | 4); Retreat Orders > Retreat
// (1 | 2). A catalogue's "moves" (the data's own numbers) come first.
export const PATH_LIMITS = {
  assault: { infantry: 2, cavalry: 4 },
  march: { infantry: 1, cavalry: 2 },
  move_and_fire: { infantry: 0, cavalry: 4 },
  run: { infantry: 2, cavalry: 4 },
  retreat: { infantry: 1, cavalry: 2 },
};

// What each order must carry when it is written (the contract's ORDER shapes).
const NEEDS = {
  all_around: [],
  defend: ["face", "kill_range"],
  fire_and_retreat: ["face"],
  fire: ["target"],
  assault: ["path", "target"],
  march: ["path"],
  move_and_fire: ["path", "fire_at", "target"],
  run: ["path"],
  ambush: ["face"],
  join_up: ["with", "hex"],
  receive_supplies: ["from"],
  rest: [],
  reconnaissance: [],
  retreat: ["path"],
};

// The order ids a unit may take, by unit: the prompt's options ({"e1": [...]}), or,
// for options written under "units", those.
export function allowedOrders(prompt) {
  const options = (prompt && prompt.options) || {};
  const table = options.units && typeof options.units === "object" && !Array.isArray(options.units) ? options.units : options;
  const allowed = {};
  for (const [id, orders] of Object.entries(table)) if (Array.isArray(orders)) allowed[id] = orders.filter((o) => typeof o === "string");
  return allowed;
}

// The units of `side` to write orders for: those the prompt names, in army order.
export function unitsToOrder(prompt, side, model) {
  const allowed = allowedOrders(prompt);
  const named = Object.keys(allowed);
  const units = model.units.filter((u) => u.side === side && (named.length ? named.includes(u.id) : u.onTable));
  return units.map((unit) => ({ unit, allowed: allowed[unit.id] || Object.keys(NEEDS) }));
}

// The fields `orderId` needs for this unit: a Kill Zone's range only for a ranged
// unit (Defensive Orders > Defend), a supplier only for a unit that is not the
// Peasant Transport itself (Special Orders > Receive Supplies).
export function fieldsOf(orderId, unit) {
  const fields = NEEDS[orderId] || [];
  return fields.filter((field) => !(field === "kill_range" && !unit.range) && !(field === "from" && unit.supplies > 0));
}

export function pathLimit(orderId, unit, model) {
  const table = (model.moves && model.moves[orderId]) || PATH_LIMITS[orderId];
  if (!table) return 0;
  return table[unit.category || "infantry"] ?? 0;
}

const onTable = (model) => model.units.filter((u) => u.onTable && Array.isArray(u.hex));
const unitAt = (model, hex) => onTable(model).find((u) => same(u.hex, hex)) || null;

// The hexes the path may step to next: adjacent to its end (the unit's hex to begin
// with), on the board, not impassable, not already on the path, while the path is
// shorter than its limit. Other units' hexes are allowed: encounters are the
// execution's business (Movement Orders > Assault: "if a unit ... encounters another").
export function nextSteps(unit, order, model) {
  const path = order.path || [];
  if (!unit.hex || path.length >= pathLimit(order.order, unit, model)) return [];
  const end = path.length ? path[path.length - 1] : unit.hex;
  const steps = [];
  for (let facing = 0; facing < 6; facing += 1) {
    const hex = neighbour(end, facing);
    const cell = model.hexes.find((c) => same(c.hex, hex));
    if (!cell || cell.impassable || same(hex, unit.hex) || path.some((h) => same(h, hex))) continue;
    steps.push({ hex, facing });
  }
  return steps;
}

// The hexes a defender may face: its six neighbours on the board.
export function faceHexes(unit, model) {
  if (!unit.hex) return [];
  const hexes = [];
  for (let facing = 0; facing < 6; facing += 1) {
    const hex = neighbour(unit.hex, facing);
    if (model.onBoard.has(hex.join(","))) hexes.push({ hex, facing });
  }
  return hexes;
}

// The enemy units it may name: on the table and seen (a hidden unit "cannot be the
// target of any ranged attacks or the Assault order"), nearest first; for Fire Ranged
// Weapons, within the weapon's range ("The target enemy must be within your weapons'
// range and in Line of Sight": the engine judges the line of sight).
export function targets(unit, model, orderId = null) {
  const from = unit.hex;
  const reach = orderId === "fire" && unit.range && from ? unit.range : null;
  return onTable(model)
    .filter((u) => u.side !== unit.side && !u.hidden && !(reach && hexDistance(from, u.hex) > reach))
    .map((u) => ({ unit: u, distance: from ? hexDistance(from, u.hex) : null }))
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || (a.unit.id < b.unit.id ? -1 : 1));
}

// Units it may join (Special Orders > Join Up): of its army and type, adjacent, with
// no more models together than one unit's full strength.
export function partners(unit, model) {
  return onTable(model).filter((u) => u.side === unit.side && u.id !== unit.id && u.type === unit.type && unit.hex && hexDistance(u.hex, unit.hex) === 1 && (!unit.full || u.models + unit.models <= unit.full));
}

// Peasant Transports it may take supplies from: of its army, adjacent, with supplies.
export function suppliers(unit, model) {
  return onTable(model).filter((u) => u.side === unit.side && u.id !== unit.id && u.supplies > 0 && unit.hex && hexDistance(u.hex, unit.hex) === 1);
}

// The Defense Zone an order written facing a hex gives its unit: the three hexes ahead
// once it faces that hex, on the board (the same shape the engine draws in a view).
export function defenseZone(unit, order, model) {
  if (!unit.hex || !Array.isArray(order.face) || !["defend", "fire_and_retreat", "ambush"].includes(order.order)) return [];
  const facing = [0, 1, 2, 3, 4, 5].find((f) => same(neighbour(unit.hex, f), order.face));
  if (facing === undefined) return [];
  return frontHexes(unit.hex, facing).filter((hex) => model.onBoard.has(hex.join(",")));
}

// What an order still lacks, in words, or null once it can be sent.
export function missing(order, unit, model) {
  if (!order || !order.order) return "choose an order";
  for (const field of fieldsOf(order.order, unit)) {
    const value = order[field];
    if (field === "path") {
      const min = order.order === "assault" ? 0 : 1;
      if (!Array.isArray(value) || value.length < min) return "draw its path on the board";
    } else if (field === "fire_at") {
      if (!Number.isInteger(value) || value < 0 || value > (order.path || []).length) return "choose the hex it fires from";
    } else if (value === undefined || value === null || value === "") {
      return {
        target: "choose the enemy unit it targets",
        face: "choose the hex it faces",
        kill_range: "choose its Kill Zone's range",
        with: "choose the unit it joins",
        hex: "choose the hex they join in",
        from: "choose the Peasant Transport",
      }[field];
    }
  }
  return null;
}

// An order with only the fields it needs (a field left from another order is dropped).
export function written(order, unit) {
  const clean = { order: order.order };
  for (const field of fieldsOf(order.order, unit)) if (order[field] !== undefined && order[field] !== null) clean[field] = order[field];
  return clean;
}

// The one command of the orders phase, or the reason it cannot be sent yet.
export function ordersCommand(side, drafts, entries, model) {
  const lacking = entries.filter(({ unit }) => missing(drafts[unit.id], unit, model));
  if (lacking.length) {
    const names = lacking.map(({ unit }) => `${unit.number} ${unit.typeName}`);
    throw new Error(`write an order for every unit: ${names.join(", ")} ${lacking.length === 1 ? "has" : "have"} none yet (Rest is an order)`);
  }
  const orders = {};
  for (const { unit } of entries) orders[unit.id] = written(drafts[unit.id], unit);
  return { type: "orders", side, orders };
}

// Join Up names both units (Special Orders > Join Up: "You must issue this order to
// two units"): giving it to one gives it to its partner too, naming each other and
// the same hex, when the partner may take it.
export function pairJoin(drafts, unit, entries) {
  const order = drafts[unit.id];
  if (!order || order.order !== "join_up" || !order.with) return;
  const partner = entries.find((e) => e.unit.id === order.with);
  if (!partner || !partner.allowed.includes("join_up")) return;
  drafts[order.with] = { order: "join_up", with: unit.id, hex: order.hex };
}

// -- the control -------------------------------------------------------------------------

// A page showing another view than the army's own (hot-seat: the spectator view) does
// not show where the army's hidden units are (Special Orders > Ambush): it asks the
// API for this army's view of the latest step and calls `then` with its state.
function ownView(side, entries, then) {
  const viewer = typeof window !== "undefined" ? window.shiaiReplay : null;
  if (!viewer || entries.every((e) => e.unit.hex)) return;
  const url = `/api/games/${encodeURIComponent(viewer.game.id)}/steps/${viewer.last}?view=${encodeURIComponent(side)}`;
  fetch(url, { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((answer) => { if (answer && answer.state) then(answer.state); })
    .catch(() => {});
}

// Orders written but not sent are kept by game, army and turn: the panel is drawn
// anew when the other army's sealed answer moves the game on meanwhile.
const DRAFTS = new Map();

function draftFor(side, model) {
  const game = typeof window !== "undefined" && window.shiaiReplay ? window.shiaiReplay.game.id : "";
  const id = `${game}:${side}:${model.turn}`;
  if (!DRAFTS.has(id)) DRAFTS.set(id, { orders: {}, selected: null });
  return DRAFTS.get(id);
}

export function control(prompt, side, state, hooks) {
  if (!prompt || prompt.kind !== "orders") return null;
  let model = battleModel(state);
  let entries = unitsToOrder(prompt, side, model);
  if (!entries.length) return null;
  const draft = draftFor(side, model);
  const drafts = draft.orders;
  if (!draft.selected || !entries.some((e) => e.unit.id === draft.selected)) draft.selected = (entries.find((e) => missing(drafts[e.unit.id], e.unit, model)) || entries[0]).unit.id;
  const element = el("div", { className: "sb-control" });
  const entry = (id) => entries.find((e) => e.unit.id === id) || null;
  // Every change draws the panel anew; the keyboard's focus stays where it was (the
  // same control, the next step's first button, the same unit's button).
  const changed = () => {
    const active = typeof document !== "undefined" ? document.activeElement : null;
    const inside = active && element.contains(active) ? active : null;
    fill();
    hooks.redraw();
    if (!inside) return;
    let again = null;
    if (inside.classList.contains("sb-step")) again = element.querySelector(".sb-step") || element.querySelector("#sb-undo");
    else if (inside.classList.contains("sb-unit-button")) again = element.querySelector(`.sb-unit-button[data-unit="${inside.dataset.unit}"]`);
    else if (inside.id) again = element.querySelector(`#${inside.id}`);
    if (again && !again.disabled) again.focus();
  };

  const select = (id) => {
    if (!entry(id)) return;
    draft.selected = id;
    changed();
  };
  const setOrder = (id, orderId) => {
    const { unit } = entry(id);
    const before = drafts[id] || {};
    const order = { order: orderId };
    // Keep what still fits the new order (a path drawn for a March stays for a Run).
    for (const field of fieldsOf(orderId, unit)) if (before[field] !== undefined) order[field] = before[field];
    if (order.path) order.path = order.path.slice(0, pathLimit(orderId, unit, model));
    if (orderId === "join_up" && !order.hex) order.hex = unit.hex;
    drafts[id] = order;
    changed();
  };
  const update = (id, field, value) => {
    const { unit } = entry(id);
    drafts[id] = { ...drafts[id], [field]: value };
    if (field === "with") drafts[id].hex = drafts[id].hex || unit.hex;
    pairJoin(drafts, unit, entries);
    changed();
  };
  const step = (id, hex) => {
    const { unit } = entry(id);
    const order = drafts[id];
    if (!nextSteps(unit, order, model).some((s) => same(s.hex, hex))) return false;
    order.path = [...(order.path || []), hex];
    changed();
    return true;
  };

  // A click on the board's hex: the next step of the path, the hex faced, the target,
  // or else the unit of this army standing there.
  const clickHex = (hex) => {
    const current = entry(draft.selected);
    const order = current ? drafts[current.unit.id] : null;
    if (current && order) {
      const fields = fieldsOf(order.order, current.unit);
      if (fields.includes("path") && step(current.unit.id, hex)) return;
      if (fields.includes("face") && faceHexes(current.unit, model).some((f) => same(f.hex, hex))) return update(current.unit.id, "face", hex);
      const there = unitAt(model, hex);
      if (fields.includes("target") && there && targets(current.unit, model, order.order).some((t) => t.unit.id === there.id)) return update(current.unit.id, "target", there.id);
      if (fields.includes("with") && there && partners(current.unit, model).some((p) => p.id === there.id)) return update(current.unit.id, "with", there.id);
      if (fields.includes("from") && there && suppliers(current.unit, model).some((p) => p.id === there.id)) return update(current.unit.id, "from", there.id);
    }
    const mine = unitAt(model, hex);
    if (mine && entry(mine.id)) select(mine.id);
  };

  const fill = () => {
    element.replaceChildren(
      el("p", { className: "sb-help" }, "Click a unit, choose its order, then draw its path or choose its target on the board (or with the lists below). The orders stay sealed until both armies have written theirs."),
      unitList(),
      editor(),
      footer(),
    );
  };

  const unitList = () => {
    const list = el("ul", { className: "sb-units", id: "sb-units", "aria-label": "your units and their orders" });
    for (const { unit } of entries) {
      const lacking = missing(drafts[unit.id], unit, model);
      const state = lacking ? (drafts[unit.id] ? "incomplete" : "none") : "done";
      const words = drafts[unit.id] && drafts[unit.id].order ? ORDER_NAMES[drafts[unit.id].order] : "no order yet";
      const item = el("li", { className: `sb-unit-item ${state}`, "data-unit": unit.id, "data-order-state": state });
      item.append(button(`${state === "done" ? "✓" : "•"} ${unit.number} ${unit.typeName}: ${words}${lacking && drafts[unit.id] ? ` (${lacking})` : ""}`, () => select(unit.id), {
        className: "sb-unit-button",
        "aria-pressed": String(unit.id === draft.selected),
        "data-unit": unit.id,
      }));
      list.append(item);
    }
    return list;
  };

  const editor = () => {
    const current = entry(draft.selected);
    if (!current) return null;
    const { unit, allowed } = current;
    const order = drafts[unit.id] || null;
    const box = el("section", { className: "sb-editor", id: "sb-editor", "aria-label": `the order of ${unit.name}` });
    box.append(el("h3", {}, `${unit.name} at ${hexName(unit.hex)}, facing ${unit.facingName}`));
    const pick = el("select", { id: "sb-order" });
    pick.append(new Option("(choose an order)", ""));
    for (const id of allowed) pick.append(new Option(ORDER_NAMES[id] || id, id, false, Boolean(order && order.order === id)));
    pick.addEventListener("change", () => pick.value && setOrder(unit.id, pick.value));
    box.append(el("p", {}, el("label", { htmlFor: "sb-order" }, "Order "), pick));
    if (order) for (const field of fieldsOf(order.order, unit)) box.append(fieldEditor(field, unit, order));
    if (order) {
      const lacking = missing(order, unit, model);
      box.append(el("p", { className: `sb-order-state ${lacking ? "incomplete" : "done"}`, id: "sb-order-state" }, lacking ? `Still to do: ${lacking}.` : `Written: ${orderText(written(order, unit), model)}.`));
    }
    return box;
  };

  const chooser = (id, label, options, value, onChange) => {
    const sel = el("select", { id });
    sel.append(new Option("(choose)", ""));
    for (const [v, text] of options) sel.append(new Option(text, v, false, String(v) === String(value ?? "")));
    sel.addEventListener("change", () => sel.value !== "" && onChange(sel.value));
    return el("p", {}, el("label", { htmlFor: id }, label), " ", sel);
  };

  const fieldEditor = (field, unit, order) => {
    switch (field) {
      case "path": {
        const path = order.path || [];
        const limit = pathLimit(order.order, unit, model);
        const box = el("div", { className: "sb-path-editor" });
        box.append(el("p", { id: "sb-path", "data-steps": path.length }, `Path (${path.length} of up to ${limit} hex${limit === 1 ? "" : "es"}): ${path.length ? path.map(hexName).join(" → ") : "click a lit hex next to the unit"}`));
        const row = el("p", { className: "sb-buttons sb-steps", role: "group", "aria-label": "the next step of the path" });
        for (const next of nextSteps(unit, order, model)) {
          row.append(button(`${ARROWS[next.facing]} ${FACINGS[next.facing]} ${hexName(next.hex)}`, () => step(unit.id, next.hex), { className: "sb-step", "data-hex": next.hex.join(",") }));
        }
        row.append(button("Undo the last step", () => { order.path = path.slice(0, -1); changed(); }, { id: "sb-undo", disabled: !path.length }));
        row.append(button("Clear the path", () => { order.path = []; changed(); }, { id: "sb-clear", disabled: !path.length }));
        box.append(row);
        return box;
      }
      case "target":
        return chooser("sb-target", "Target", targets(unit, model, order.order).map(({ unit: t, distance }) => [t.id, `${t.name} at ${hexName(t.hex)}${distance === null ? "" : `, ${distance} hex${distance === 1 ? "" : "es"} away`}`]), order.target, (v) => update(unit.id, "target", v));
      case "face":
        return chooser("sb-face", "Facing the hex", faceHexes(unit, model).map(({ hex, facing }) => [hex.join(","), `${ARROWS[facing]} ${FACINGS[facing]} ${hexName(hex)}`]), order.face ? order.face.join(",") : "", (v) => update(unit.id, "face", v.split(",").map(Number)));
      case "kill_range":
        return chooser("sb-kill-range", "Kill Zone up to", Array.from({ length: unit.range || 0 }, (_, i) => [i + 1, `${i + 1} hex${i ? "es" : ""}`]), order.kill_range, (v) => update(unit.id, "kill_range", Number(v)));
      case "fire_at": {
        const hexes = [unit.hex, ...(order.path || [])];
        return chooser("sb-fire-at", "Fire from", hexes.map((h, i) => [i, `${i === 0 ? "its start" : `step ${i}`} ${hexName(h)}`]), order.fire_at, (v) => update(unit.id, "fire_at", Number(v)));
      }
      case "with":
        return chooser("sb-with", "Join with", partners(unit, model).map((p) => [p.id, `${p.name} (${p.models} models) at ${hexName(p.hex)}`]), order.with, (v) => update(unit.id, "with", v));
      case "hex": {
        const partner = order.with ? unitById(model, order.with) : null;
        const hexes = [unit.hex, ...(partner ? [partner.hex] : [])];
        return chooser("sb-join-hex", "The joined unit stands in", hexes.map((h) => [h.join(","), hexName(h)]), order.hex ? order.hex.join(",") : "", (v) => update(unit.id, "hex", v.split(",").map(Number)));
      }
      case "from":
        return chooser("sb-from", "Supplies from", suppliers(unit, model).map((p) => [p.id, `${p.name} (${p.supplies} left)`]), order.from, (v) => update(unit.id, "from", v));
      default:
        return null;
    }
  };

  const footer = () => {
    const lacking = entries.filter(({ unit }) => missing(drafts[unit.id], unit, model));
    const box = el("div", { className: "sb-submit" });
    const rest = button(`Rest every unit without an order (${entries.filter(({ unit }) => !drafts[unit.id]).length})`, () => {
      for (const { unit, allowed } of entries) if (!drafts[unit.id] && allowed.includes("rest")) drafts[unit.id] = { order: "rest" };
      changed();
    }, { id: "sb-rest-others", disabled: !entries.some(({ unit }) => !drafts[unit.id]) });
    const send = button("Seal and send the orders", () => {
      try {
        hooks.submit(ordersCommand(side, drafts, entries, model));
      } catch (error) {
        note.textContent = error.message;
      }
    }, { id: "sb-send", disabled: lacking.length > 0 });
    const note = el("p", { id: "sb-send-note", role: "status" }, lacking.length ? `${lacking.length} of ${entries.length} unit${entries.length === 1 ? "" : "s"} still need${lacking.length === 1 ? "s" : ""} an order: ${lacking.map(({ unit }) => unit.number).join(", ")}.` : `Every unit has an order.`);
    box.append(el("p", { className: "sb-buttons" }, rest, " ", send), note);
    return box;
  };

  // The overlay: the orders written so far, the selected unit ringed, and the hexes a
  // click may choose lit (the next steps, the hexes to face, the targets...).
  const overlay = () => {
    const group = svgEl("g", { class: "play-overlay sb-overlay" });
    const pickable = svgEl("g", { class: "sb-pickable" }, group);
    for (const { unit } of entries) {
      if (!unit.hex) continue;
      const cell = svgEl("polygon", { points: hexPoints(unit.hex, 0.95), class: `sb-pick${unit.id === draft.selected ? " selected" : ""}${missing(drafts[unit.id], unit, model) ? "" : " done"}`, "data-unit": unit.id, role: "button", "aria-label": `choose ${unit.name}` }, pickable);
      cell.addEventListener("click", (event) => { event.stopPropagation(); clickHex(unit.hex); });
    }
    for (const { unit } of entries) {
      const order = drafts[unit.id];
      if (!order) continue;
      const marks = svgEl("g", { class: "sb-draft", "data-unit": unit.id }, group);
      // The Defense Zone the facing written gives (Defensive Orders > Defend: "This will
      // determine the direction of the unit's Defense Zone").
      for (const hex of defenseZone(unit, order, model)) svgEl("polygon", { points: hexPoints(hex, 0.88), class: "sb-zone defense sb-draft-zone", "data-hex": hex.join(",") }, marks);
      orderMarks(marks, unit, order, model);
    }
    const current = entry(draft.selected);
    const order = current ? drafts[current.unit.id] : null;
    if (current && order) {
      const fields = fieldsOf(order.order, current.unit);
      const offer = (hex, kind, label) => {
        const cell = svgEl("polygon", { points: hexPoints(hex, 0.8), class: `sb-offer ${kind}`, "data-hex": hex.join(","), role: "button", "aria-label": label }, group);
        cell.addEventListener("click", (event) => { event.stopPropagation(); clickHex(hex); });
      };
      if (fields.includes("path")) for (const s of nextSteps(current.unit, order, model)) offer(s.hex, "step", `step to hex ${s.hex.join(", ")}`);
      if (fields.includes("face")) for (const f of faceHexes(current.unit, model)) offer(f.hex, "face", `face hex ${f.hex.join(", ")}`);
      if (fields.includes("target")) for (const t of targets(current.unit, model, order.order)) offer(t.unit.hex, "target", `target ${t.unit.name}`);
      if (fields.includes("with")) for (const p of partners(current.unit, model)) offer(p.hex, "partner", `join with ${p.name}`);
      if (fields.includes("from")) for (const p of suppliers(current.unit, model)) offer(p.hex, "partner", `supplies from ${p.name}`);
    }
    return group;
  };

  fill();
  ownView(side, entries, (state) => {
    // Hot-seat in the spectator view: the army's hidden units are drawn from its own
    // view, fetched for it (the server lets only its player have it).
    model = battleModel(state);
    entries = unitsToOrder(prompt, side, model);
    changed();
  });
  return {
    title: `Write the orders of the ${side === "east" ? "East" : side === "west" ? "West" : side} army for turn ${model.turn}`,
    element,
    generic: false,
    command: () => ordersCommand(side, drafts, entries, model),
    overlay,
  };
}
