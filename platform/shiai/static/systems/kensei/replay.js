// Kensei in the viewer: dice of its events, timeline marks, what changed between two
// states, the unit profile and the state panel. The board is board.js.
import { drawBoard, legend, markerList, measure } from "./board.js";

const CM = 100;
const cm = (value) => `${Math.round(value / 10) / 10} cm`;

// The titles' and abilities' names and rules texts from the data files (the state names
// them by id), fetched the first time a unit's profile is shown, not before the viewer
// starts; until they arrive the panel shows the ids, then the viewer is told to fill it
// again ("systemtexts").
let TEXTS = {};
let textsAsked = false;

function askTexts() {
  if (textsAsked) return;
  textsAsked = true;
  fetch(new URL("../../../systems/kensei/texts.json", import.meta.url))
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => ({}))
    .then((texts) => {
      TEXTS = texts;
      document.dispatchEvent(new CustomEvent("systemtexts"));
    });
}

function rollOffs(label, rolls) {
  // A tie is rolled again: every roll after the first is a re-roll.
  return rolls.flatMap((roll, index) =>
    Object.keys(roll).sort().map((side) => ({ label: `${label}, side ${side}`, faces: [roll[side]], reroll: index > 0 })),
  );
}

function dice(event) {
  switch (event.type) {
    case "strategy_rolled":
      return rollOffs("strategy roll", event.rolls);
    case "initiative_rolled":
      return rollOffs("initiative roll", event.rolls);
    case "orders_rolled":
      return Object.keys(event.rolls).sort().map((side) => ({
        label: `order roll, side ${side}`, faces: [event.rolls[side].die],
      }));
    case "boost_rolled":
      return [{ label: "boost", faces: [event.die] }];
    case "offering_window": // a roll waiting for the offerings to the gods
      return [{ label: event.roll.what, faces: event.roll.faces }];
    case "offering_made":
      return event.action === "reroll"
        ? [{ label: `offering to the gods, side ${event.side}, die ${event.die + 1}`, faces: [event.face], reroll: true }]
        : [];
    case "honour_rolled":
      return [{
        label: event.best_of_two ? "honour roll, best of two" : "honour roll",
        faces: event.dice,
        test: { atMost: event.target },
      }];
    default:
      return [];
  }
}

function marks(event) {
  switch (event.type) {
    case "scenery_order_chosen":
    case "scenery_placed":
      return [{ kind: "phase", label: "scenery" }];
    case "strategy_rolled":
      return [{ kind: "phase", label: "deployment" }];
    case "miniatures_deployed":
      return [{ kind: "activation" }];
    case "turn_started":
      return [{ kind: "turn", label: `turn ${event.turn}` }];
    case "initiative_rolled":
      return [{ kind: "phase", label: "activations" }];
    case "active_side_chosen":
      return [{ kind: "activation" }];
    case "turn_ended":
      return [{ kind: "phase", label: "end of turn" }];
    case "battle_ended":
      return [{ kind: "phase", label: "end" }];
    default:
      return [];
  }
}

function unitNames(state) {
  const names = {};
  for (const [uid, unit] of Object.entries(state.units || {})) names[uid] = unit.name;
  return names;
}

function words(text, names) {
  return text.replace(/(?<![(\w.])\b([AB]\.u\d+)(\.m\d+)?\b/g, (whole, uid, mini) =>
    names[uid] ? `${names[uid]}${mini ? " " + mini.slice(1) : ""} (${whole})` : whole,
  );
}

function diff(before, after, event) {
  const moved = [];
  const casualties = [];
  const placed = [];
  const markers = [];
  const paths = {};
  if (event && event.type === "moved") for (const m of event.minis) paths[m.id] = m.path || [];
  for (const [mid, now] of Object.entries(after.minis)) {
    const was = before.minis[mid];
    if (!was) continue;
    if (now.removed && !was.removed) casualties.push(mid);
    else if (now.placed && !was.placed) placed.push(mid);
    else if (now.placed && !now.removed && (now.x !== was.x || now.y !== was.y || now.facing !== was.facing)) {
      const path = (paths[mid] || []).filter(([x, y]) => !(x === now.x && y === now.y));
      moved.push({ id: mid, from: [was.x, was.y], path, to: [now.x, now.y], turned: now.facing !== was.facing });
    }
  }
  for (const [uid, unit] of Object.entries(after.units)) {
    const was = before.units[uid];
    if (!was) {
      markers.push({ unit: uid, text: "joins the table as a unit of its own" });
      continue;
    }
    const old = new Map(markerList(was.markers).map((m) => [m.key, m.text]));
    const now = new Map(markerList(unit.markers).map((m) => [m.key, m.text]));
    for (const [key, text] of now) if (old.get(key) !== text) markers.push({ unit: uid, text: `${text} marker added` });
    for (const [key, text] of old) if (!now.has(key)) markers.push({ unit: uid, text: `${text} marker removed` });
  }
  return { before, event, moved, casualties, placed, markers };
}

function changeLines(changes, names) {
  const lines = [];
  const unitOf = (mid) => mid.split(".").slice(0, 2).join(".");
  const name = (uid) => (names[uid] ? `${names[uid]} (${uid})` : uid);
  for (const move of changes.moved) {
    const [x0, y0] = move.from;
    const [x1, y1] = move.to;
    const distance = Math.hypot(x1 - x0, y1 - y0);
    lines.push({ kind: "moved", text: distance ? `${move.id} of ${name(unitOf(move.id))} moves ${cm(distance)}` : `${move.id} of ${name(unitOf(move.id))} turns` });
  }
  if (changes.placed.length) lines.push({ kind: "placed", text: `${changes.placed.length} miniature(s) deployed: ${changes.placed.join(", ")}` });
  for (const mid of changes.casualties) lines.push({ kind: "casualty", text: `${mid} of ${name(unitOf(mid))}`, crossed: true });
  for (const change of changes.markers) lines.push({ kind: "marker", text: `${name(change.unit)}: ${change.text}` });
  return lines;
}

function profile(unit, state) {
  const rows = [
    ["Side", `${unit.side} (${state.sides[unit.side] ? state.sides[unit.side].name : ""})`],
    ["Type", `${unit.type}${unit.skirmish ? ", skirmishers" : ""}, class ${unit.class}`],
    ["MOV", `${unit.mov} cm`],
    ["AT melee / ranged", `${unit.at[0]} / ${unit.at[1]}`],
    ["INI", unit.ini],
    ["HO", unit.ho],
    ["WO", unit.wo],
    ["Miniatures", `${unit.minis.length} on the table (${unit.initial} at the start)`],
    ["Leader", unit.leader || "none"],
    ...abilityRows(unit),
    ["Ki in use", unit.ki || "none"],
    ["Markers", markerList(unit.markers).map((m) => m.text).join(", ") || "none"],
  ];
  if (unit.ranged && unit.ranged.length) rows.splice(4, 0, ["Ranged", unit.ranged.join(", ")]);
  return { title: `${unit.name} (${unit.id})`, rows };
}

// One row per title of the unit's troop and per ability, each with its name and text.
function abilityRows(unit) {
  askTexts();
  const titles = ((TEXTS.troop_titles || {})[unit.troop] || []).map((id) => {
    const said = (TEXTS.titles || {})[id];
    return [`Title: ${said ? said.name : id}`, said ? said.text : ""];
  });
  const ability = (id, kind) => {
    const said = (TEXTS.abilities || {})[id];
    return [`${said ? said.name : id.replace(/_/g, " ")} (${kind})`, said ? said.text : id];
  };
  const abilities = [
    ...unit.abilities.permanent.map((id) => ability(id, "permanent ability")),
    ...unit.abilities.ki.map((id) => ability(id, "ki")),
  ];
  return [...titles, ...(abilities.length ? abilities : [["Abilities", "none"]])];
}

function summary(state) {
  const rows = [["Phase", (state.phase || "").replace(/_/g, " ")]];
  if (state.turn) rows.push(["Turn", `${state.turn} of ${state.scenario.last_turn}`]);
  if (state.initiative) rows.push(["Initiative", `side ${state.initiative}`]);
  const act = state.activation;
  if (act) {
    rows.push(["Active side", `${act.active_side}${act.solo ? " (solo)" : ""}`]);
    const chosen = Object.entries(act.units).filter(([, u]) => u).map(([s, u]) => `${s}: ${u}`);
    if (chosen.length) rows.push(["Activated", chosen.join(", ")]);
    if (act.rolled) rows.push(["Orders left", `A ${act.orders.A}, B ${act.orders.B}`]);
  }
  rows.push(["Battle points", `A ${state.battle_points.A}, B ${state.battle_points.B}`]);
  for (const side of ["A", "B"]) {
    const record = state.sides[side];
    rows.push([`Side ${side}`, `${record.name} (${record.faction}), ${record.cost} pts${record.general_dead ? ", general dead" : ""}`]);
    if (state.cards) rows.push([`Cards ${side}`, cardsText(state.cards[side])]);
  }
  return rows;
}

// A side's command cards as the view shows them: values where the view may see
// them (its own hand, everything once the battle is over), counts otherwise.
function cardsText(cards) {
  const pile = (value) => (Array.isArray(value) ? (value.length ? `${value.length} (${value.join(" ")})` : "0") : String(value));
  const deck = Array.isArray(cards.deck) ? cards.deck.length : cards.deck;
  const faceUp = cards.discard.filter((card) => card.value !== null).map((card) => card.value);
  const hidden = cards.discard.length - faceUp.length;
  const discard = `${cards.discard.length}${faceUp.length ? ` (${faceUp.join(" ")}${hidden ? `, ${hidden} face down` : ""})` : ""}`;
  const drawn = pile(cards.drawn);
  return `hand ${pile(cards.hand)}${drawn !== "0" ? `, drawn ${drawn}` : ""}, deck ${deck}, discard ${discard}`;
}

function units(state) {
  return Object.values(state.units)
    .filter((unit) => !unit.removed)
    .map((unit) => ({ id: unit.id, side: unit.side, label: `${unit.name} (${unit.id})` }));
}

// What static/viewer/replay.js asks of a system (as viewer/generic.js).
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
  drawBoard,
  legend,
  measure,
};
