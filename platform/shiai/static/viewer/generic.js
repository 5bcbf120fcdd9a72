// Any other game system: dice found in its events, rounds as turns, the state's
// changed fields as "what changed", no board.

function dice(event) {
  if (!Array.isArray(event.dice) || !event.dice.every(Number.isInteger)) return [];
  const reroll = event.type === "rerolled";
  return [{ label: event.side ? `side ${event.side}` : "roll", faces: event.dice, reroll }];
}

function marks(event) {
  if (event.type === "round_closed") return [{ kind: "turn", label: `round ${event.round + 1}`, after: true }];
  return [];
}

const show = (value) => (value === undefined ? "—" : JSON.stringify(value));

function diff(before, after) {
  const fields = [];
  for (const key of Object.keys({ ...before, ...after }).sort()) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) fields.push({ key, from: before[key], to: after[key] });
  }
  return { before, fields };
}

function changeLines(changes) {
  return changes.fields.map((f) => ({ kind: "field", text: `${f.key}: ${show(f.from)} → ${show(f.to)}` }));
}

function summary(state) {
  return Object.entries(state)
    .filter(([, value]) => value === null || typeof value !== "object" || Object.keys(value).length <= 4)
    .map(([key, value]) => [key.replace(/_/g, " "), typeof value === "object" ? JSON.stringify(value) : String(value)]);
}

export const generic = {
  hasBoard: false,
  hasActivations: false,
  dice,
  marks,
  words: (text) => text,
  unitNames: () => ({}),
  diff,
  changeLines,
  profile: () => null,
  summary,
  units: () => [],
  drawBoard: null,
};
