// The event log beside the board: every event in words, its dice as faces, and
// links that jump to the step (the page without script keeps plain links).
// With a timeline the log is grouped by turn and by activation: each group folds and
// unfolds (a <details>: Enter or Space on its heading), and a filter hides the
// bookkeeping (the steps a system tags "bookkeeping"), keeps only the combats (tagged
// "combat") or only the steps that name one unit.
import { diceElement } from "./dice.js";

const FILTERS = [
  ["all", "every event"],
  ["no-bookkeeping", "hide bookkeeping"],
  ["combat", "only combats"],
];

function stepItem(entry, adapter, names, hrefFor) {
  const item = document.createElement("li");
  item.dataset.step = String(entry.step);
  item.value = entry.step; // numbered by step in any group, as the flat log
  item.dataset.tags = (entry.tags || []).join(" ");
  item.dataset.text = entry.summary || "";
  const link = document.createElement("a");
  link.href = hrefFor(entry.step);
  link.textContent = adapter.words(entry.summary || "", names);
  item.append(link);
  for (const group of entry.event ? adapter.dice(entry.event) : []) item.append(diceElement(group));
  return item;
}

function group(kind, label, items) {
  const item = document.createElement("li");
  item.className = `log-group log-${kind}`;
  const details = document.createElement("details");
  details.open = true;
  const heading = document.createElement("summary");
  heading.textContent = label;
  const list = document.createElement("ol");
  list.className = "log-steps";
  list.append(...items);
  details.append(heading, list);
  item.append(details);
  return item;
}

// Runs of entries split at the given first steps (sorted).
function split(entries, starts) {
  const runs = [];
  for (const entry of entries) {
    if (!runs.length || starts.has(entry.step)) runs.push([]);
    runs[runs.length - 1].push(entry);
  }
  return runs;
}

function activationLabel(run, adapter, names) {
  const main = run.find((e) => !(e.tags || []).includes("bookkeeping")) || run[0];
  const first = run[0].step;
  const last = run[run.length - 1].step;
  const where = first === last ? `step ${first}` : `steps ${first}-${last}`;
  return `${adapter.words(main.summary || "", names)} (${where})`;
}

export function renderLog(list, steps, adapter, names, hrefFor, timeline = null) {
  const entries = [{ step: 0, summary: "game started", event: null, by: null, tags: [] }, ...steps];
  const fragment = document.createDocumentFragment();
  if (!timeline) {
    for (const entry of entries) fragment.append(stepItem(entry, adapter, names, hrefFor));
  } else {
    const turnLabels = new Map(timeline.marks.filter((m) => m.kind === "turn").map((m) => [m.step, m.label]));
    const turnStarts = new Set(timeline.turns);
    const activationStarts = new Set([...timeline.activations, ...timeline.turns]);
    for (const turn of split(entries, turnStarts)) {
      const label = turnLabels.get(turn[0].step) || (turn[0].step === 0 ? "Before the battle" : `from step ${turn[0].step}`);
      // An activation of one step is that step alone (deployment, end of turn...).
      const activations = split(turn, activationStarts).map((run) =>
        run.length === 1
          ? stepItem(run[0], adapter, names, hrefFor)
          : group("activation", activationLabel(run, adapter, names), run.map((e) => stepItem(e, adapter, names, hrefFor))),
      );
      const item = group("turn", label.charAt(0).toUpperCase() + label.slice(1), activations);
      item.dataset.first = String(turn[0].step);
      fragment.append(item);
    }
  }
  list.replaceChildren(fragment);
  applyFilter(list);
}

// The filter bar above the log: what to show, and one unit (from ``names``).
export function renderLogFilter(list, names) {
  let bar = document.getElementById("log-filter");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "log-filter";
    bar.className = "log-filter";
    const show = document.createElement("select");
    show.id = "log-show";
    show.setAttribute("aria-label", "Show in the log");
    for (const [value, text] of FILTERS) show.append(new Option(text, value));
    const unit = document.createElement("select");
    unit.id = "log-unit";
    unit.setAttribute("aria-label", "Only the events of one unit");
    const fold = document.createElement("button");
    fold.type = "button";
    fold.id = "log-fold";
    fold.textContent = "Fold all turns";
    fold.addEventListener("click", () => {
      const turns = [...list.querySelectorAll(":scope > li.log-turn > details")];
      const open = turns.some((d) => d.open);
      for (const details of turns) details.open = !open;
      fold.textContent = open ? "Unfold all turns" : "Fold all turns";
    });
    for (const select of [show, unit]) select.addEventListener("change", () => applyFilter(list));
    bar.append(show, unit, fold);
    list.before(bar);
  }
  const unit = document.getElementById("log-unit");
  const wanted = Object.keys(names).sort().join(",");
  if (unit.dataset.units !== wanted) {
    const chosen = unit.value;
    unit.replaceChildren(new Option("every unit", ""), ...Object.keys(names).sort().map((uid) => new Option(`${names[uid]} (${uid})`, uid)));
    unit.value = Object.hasOwn(names, chosen) ? chosen : "";
    unit.dataset.units = wanted;
  }
  unit.hidden = !wanted;
}

function names(text, uid) {
  const escaped = uid.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w.])${escaped}(?![\\w])`).test(text);
}

export function applyFilter(list) {
  const show = document.getElementById("log-show");
  const unit = document.getElementById("log-unit");
  const mode = show ? show.value : "all";
  const uid = unit ? unit.value : "";
  for (const item of list.querySelectorAll("li[data-step]")) {
    const tags = item.dataset.tags ? item.dataset.tags.split(" ") : [];
    let hidden = false;
    if (mode === "no-bookkeeping") hidden = tags.includes("bookkeeping");
    if (mode === "combat") hidden = !tags.includes("combat");
    if (uid && !names(item.dataset.text || "", uid)) hidden = true;
    item.hidden = hidden;
  }
  for (const groupItem of [...list.querySelectorAll("li.log-activation"), ...list.querySelectorAll("li.log-turn")]) {
    groupItem.hidden = !groupItem.querySelector("li[data-step]:not([hidden])");
  }
}

export function markCurrent(list, step) {
  const previous = list.querySelector("li[aria-current]");
  if (previous) previous.removeAttribute("aria-current");
  const current = list.querySelector(`li[data-step="${step}"]`);
  if (!current) return;
  current.setAttribute("aria-current", "step");
  for (let details = current.closest("details"); details; details = details.parentElement.closest("details")) {
    details.open = true;
  }
  if (current.hidden) return;
  const top = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }
}
