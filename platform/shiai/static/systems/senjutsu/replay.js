// Senjutsu in the viewer (what static/viewer/replay.js asks of a system, as
// viewer/generic.js): timeline marks (turns, reveals, each card resolved), the
// characters' names, what changed between two steps, the state panel and the
// table (board.js). Senjutsu rolls no dice: its shuffles are recorded in the state.
import { drawBoard as drawTable, legend, measure, tableModel } from "./board.js";
import { loadCatalogue } from "./cards.js";

// The public catalogue: a finished game's whole state names cards by id only.
const CATALOGUE = typeof location === "undefined" ? {} : await loadCatalogue();

function marks(event) {
  switch (event.type) {
    case "turn_started":
      return [{ kind: "turn", label: `turn ${event.turn}` }];
    case "revealed":
      return [{ kind: "phase", label: "reveal" }];
    case "resolving":
      return [{ kind: "activation" }];
    case "turn_ended":
      return [{ kind: "phase", label: "end of turn" }];
    case "game_over":
      return [{ kind: "phase", label: "end" }];
    default:
      return [];
  }
}

function unitNames(state) {
  const names = {};
  for (const c of tableModel(state, CATALOGUE).characters) names[c.side] = c.name;
  return names;
}

// "side A" in a sentence becomes "side A (Ronin)" (unless the name follows already).
function words(text, names) {
  return text.replace(/\b[Ss]ide ([A-F])\b(?! \()/g, (whole, side) => (names[side] ? `${whole} (${names[side]})` : whole));
}

function diff(before, after, event) {
  const was = tableModel(before, CATALOGUE);
  const now = tableModel(after, CATALOGUE);
  const fields = [];
  for (const c of now.characters) {
    const old = was.characters.find((o) => o.side === c.side);
    if (!old) continue;
    const change = (what, from, to) => {
      if (JSON.stringify(from) !== JSON.stringify(to)) fields.push({ side: c.side, name: c.name, what, from, to });
    };
    change("hex", old.hex, c.hex);
    change("facing", old.facingName, c.facingName);
    change("kamae", old.kamaeName, c.kamaeName);
    change("focus", old.focus, c.focus);
    change("wounds", old.wounds, c.wounds);
    change("bleeding", old.bleeding, c.bleeding);
    change("hobbles", old.hobbles.length, c.hobbles.length);
    change("stuns", old.stuns, c.stuns);
    change("cards in hand", old.handCount, c.handCount);
    if (c.solo && old.solo) change("stuns above", old.solo.stuns_above, c.solo.stuns_above);
    change("defeated", old.defeated, c.defeated);
  }
  if (JSON.stringify(was.advantage) !== JSON.stringify(now.advantage)) {
    fields.push({ side: null, what: "advantage track", from: was.advantage.map((a) => a.side).join(" "), to: now.advantage.map((a) => a.side).join(" ") });
  }
  return { before, fields, event };
}

const show = (value) => (Array.isArray(value) ? `[${value.join(", ")}]` : value === null || value === undefined ? "–" : String(value));

function changeLines(changes) {
  return changes.fields.map((f) => ({
    kind: f.what === "wounds" || f.what === "defeated" ? "casualty" : "field",
    text: f.side ? `${f.name} (${f.side}): ${f.what} ${show(f.from)} → ${show(f.to)}` : `${f.what}: ${f.from} → ${f.to}`,
  }));
}

function summary(state) {
  const model = tableModel(state, CATALOGUE);
  const rows = [
    ["Turn", String(model.turn ?? "–")],
    ["Phase", String(model.phase || "").replace(/_/g, " ")],
    ["Advantage", model.advantage.map((a) => `${a.name} (${a.side})`).join(" › ")],
  ];
  for (const c of model.characters) {
    if (c.solo) {
      rows.push([`Side ${c.side}`, `${c.name} (solo opponent)${c.defeated ? " (defeated)" : ""}: ${c.solo.stance} stance, wounds left ${c.solo.wounds_left} of ${c.woundLimit}, stuns above ${c.solo.stuns_above}, deck ${c.deckCount}`]);
      continue;
    }
    rows.push([`Side ${c.side}`, `${c.name}${c.defeated ? " (defeated)" : ""}: ${c.kamaeName} kamae, focus ${c.focus}, wounds ${c.wounds}/${c.woundLimit}, hand ${c.handCount}, deck ${c.deckCount}`]);
  }
  if (model.winner) rows.push(["Winner", `side ${model.winner}`]);
  return rows;
}

export const adapter = {
  hasBoard: true,
  hasActivations: true,
  dice: () => [],
  marks,
  words,
  unitNames,
  diff,
  changeLines,
  profile: () => null,
  summary,
  units: () => [],
  drawBoard(container, state, { step, changes }) {
    return drawTable(container, state, { step, catalogue: CATALOGUE, previous: changes ? changes.before : null, event: changes ? changes.event : null });
  },
  legend: (state) => legend(state, CATALOGUE),
  measure,
};
