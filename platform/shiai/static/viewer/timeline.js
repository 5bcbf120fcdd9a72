// The shape of a game in steps: turn and phase marks, activation starts, and a
// label for every step (scrub-bar previews). The ruleset adapter names the marks.

export function buildTimeline(steps, adapter) {
  const last = steps.length ? steps[steps.length - 1].step : 0;
  const marks = [];       // {step, kind: "turn" | "phase", label}
  const turns = [0];
  const activations = [0];
  const labels = ["game started"];
  let turn = "";
  let previousCommand = null;
  for (const entry of steps) {
    const found = adapter.marks(entry.event, entry) || [];
    for (const mark of found) {
      const step = entry.step + (mark.after ? 1 : 0);
      if (step > last) continue;
      if (mark.kind === "turn") {
        turns.push(step);
        turn = mark.label;
        marks.push({ step, kind: "turn", label: mark.label });
      } else if (mark.kind === "phase") {
        marks.push({ step, kind: "phase", label: mark.label });
      } else if (mark.kind === "activation") {
        activations.push(step);
      }
    }
    if (!adapter.hasActivations && entry.command !== previousCommand) activations.push(entry.step);
    previousCommand = entry.command;
    labels[entry.step] = (turn ? `${turn} · ` : "") + entry.summary;
  }
  const unique = (list) => [...new Set(list)].sort((a, b) => a - b);
  return { last, marks, turns: unique(turns), activations: unique([...activations, ...turns]), labels };
}

export function after(list, step, last) {
  for (const value of list) if (value > step) return value;
  return last;
}

export function before(list, step) {
  let found = 0;
  for (const value of list) {
    if (value >= step) break;
    found = value;
  }
  return found;
}
