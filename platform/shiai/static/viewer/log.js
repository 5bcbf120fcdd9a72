// The event log beside the board: every event in words, its dice as faces, and
// links that jump to the step (the page without script keeps plain links).
import { diceElement } from "./dice.js";

export function renderLog(list, steps, adapter, names, hrefFor) {
  const fragment = document.createDocumentFragment();
  const entries = [{ step: 0, summary: "game started", event: null, by: null }, ...steps];
  for (const entry of entries) {
    const item = document.createElement("li");
    item.dataset.step = String(entry.step);
    const link = document.createElement("a");
    link.href = hrefFor(entry.step);
    link.textContent = adapter.words(entry.summary, names);
    item.append(link);
    for (const group of entry.event ? adapter.dice(entry.event) : []) item.append(diceElement(group));
    fragment.append(item);
  }
  list.replaceChildren(fragment);
}

export function markCurrent(list, step) {
  const previous = list.querySelector("li[aria-current]");
  if (previous) previous.removeAttribute("aria-current");
  const current = list.querySelector(`li[data-step="${step}"]`);
  if (!current) return;
  current.setAttribute("aria-current", "step");
  const top = current.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }
}
