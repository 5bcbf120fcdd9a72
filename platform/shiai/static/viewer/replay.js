// The replay viewer: navigation (buttons, keys, scrub bar, log, address and history),
// the board, the log, the state and unit panels, playback, dice verification.
// A play mode extends this: it listens to "step" events and fills #prompt-panel.
// What is particular to a game system (its board, its words, its units) comes from
// its adapter: the module static/systems/<id>/replay.js, imported from the address
// the page names (the system's plug-in, shiai.systems), or generic.js.
import { generic } from "./generic.js";
import { systemExport } from "./system.js";
import { markCurrent, renderLog, renderLogFilter } from "./log.js";
import { StateSource } from "./states.js";
import { after, before, buildTimeline } from "./timeline.js";
import { BoardView } from "./board-view.js";

const $ = (id) => document.getElementById(id);

export class Replay extends EventTarget {
  constructor(root, data, adapter) {
    super();
    this.root = root;
    this.data = data;
    this.game = data.game;
    this.adapter = adapter;
    // The one-line summaries are the log the page lists (they work without script).
    const summaries = new Map([...$("log").children].map((li) => [Number(li.dataset.step), li.textContent.trim()]));
    this.steps = data.steps.map((entry) => ({ ...entry, summary: summaries.get(entry.step) || entry.event.type }));
    this.byStep = new Map(this.steps.map((entry) => [entry.step, entry]));
    this.timeline = buildTimeline(this.steps, this.adapter);
    this.source = new StateSource(this.game.id, data.view);
    this.source.put(data.shown.step, data.shown);
    this.names = this.adapter.unitNames(data.shown.state);
    this.step = data.shown.step;
    this.selected = null;
    this.speed = data.speed;
    this.timer = null;
    this.drawn = -1;
    this.scrubbing = false;
    this.changes = null;
    this.view = new BoardView($("board"), {
      measure: this.adapter.measure || null,
      onStep: (delta) => {
        this.pause();
        this.goTo(this.step + delta);
      },
      tools: {
        zoomIn: $("zoom-in"), zoomOut: $("zoom-out"), reset: $("zoom-reset"), ruler: $("ruler"),
        rulerOut: $("ruler-out"), tip: $("board-tip"), prev: $("edge-prev"), next: $("edge-next"),
        legend: $("legend-items"),
      },
    });
  }

  get last() {
    return this.game.last_step;
  }

  start() {
    // On a phone the legend starts folded: the board and its bar come first.
    if (window.matchMedia("(max-width: 900px)").matches) $("legend").open = false;
    this.drawLog();
    this.drawMarks();
    this.wire();
    // The script's controls show once they answer: a click on one never goes unheard.
    document.documentElement.classList.add("js");
    history.replaceState({ step: this.step }, "", this.href(this.step));
    this.show(this.step);
    if (this.data.play) this.play();
  }

  drawLog() {
    renderLog($("log"), this.steps, this.adapter, this.names, (step) => this.href(step), this.timeline);
    renderLogFilter($("log"), this.names);
    markCurrent($("log"), this.step);
  }

  href(step, extra = {}) {
    const params = new URLSearchParams(location.search);
    params.set("step", String(step));
    params.delete("play");
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return `${location.pathname}?${params}`;
  }

  // Steps recorded since the page was drawn (play mode): the log, the timeline and
  // the scrub bar grow; whoever was at the last step follows to the new last one,
  // whoever browses back stays where they are.
  extend(entries) {
    const fresh = entries.filter((entry) => entry.step > this.last);
    if (!fresh.length) return;
    const following = this.step === this.last;
    for (const entry of fresh) {
      const added = { step: entry.step, command: entry.command_index, by: entry.command ? entry.command.side : null, event: entry.event, summary: entry.summary, tags: entry.tags || [] };
      this.steps.push(added);
      this.byStep.set(added.step, added);
    }
    this.game.last_step = fresh[fresh.length - 1].step;
    this.timeline = buildTimeline(this.steps, this.adapter);
    $("last-step").textContent = String(this.last);
    $("scrub").max = String(this.last);
    this.drawLog();
    this.drawMarks();
    if (following) this.goTo(this.last, { push: false });
    else this.show(this.step);
  }

  // -- navigation -------------------------------------------------------------------

  goTo(step, { push = true } = {}) {
    const target = Math.max(0, Math.min(this.last, step));
    if (target === this.step && this.drawn === target) return;
    this.step = target;
    if (push) history.pushState({ step: target }, "", this.href(target));
    else history.replaceState({ step: target }, "", this.href(target));
    this.show(target);
  }

  nextActivation() { return after(this.timeline.activations, this.step, this.last); }
  previousActivation() { return before(this.timeline.activations, this.step); }
  nextTurn() { return after(this.timeline.turns, this.step, this.last); }
  previousTurn() { return before(this.timeline.turns, this.step); }

  onKey(event) {
    const target = event.target;
    if (target.closest && target.closest("#prompt-panel")) return;
    // Fields that use these keys themselves keep them (the scrub bar is ours).
    if (target.matches && target.matches("input:not([type=range]), select, textarea, [contenteditable]")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowLeft: () => (event.shiftKey ? this.previousActivation() : this.step - 1),
      ArrowRight: () => (event.shiftKey ? this.nextActivation() : this.step + 1),
      ArrowUp: () => this.previousActivation(),
      ArrowDown: () => this.nextActivation(),
      PageUp: () => this.previousTurn(),
      PageDown: () => this.nextTurn(),
      Home: () => 0,
      End: () => this.last,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    this.pause();
    this.goTo(keys[event.key]());
  }

  wire() {
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.addEventListener("popstate", (event) => {
      const step = event.state && Number.isInteger(event.state.step)
        ? event.state.step
        : Number(new URLSearchParams(location.search).get("step") ?? this.last);
      this.pause();
      this.goTo(step, { push: false });
    });
    const buttons = {
      first: () => 0,
      prev: () => this.step - 1,
      next: () => this.step + 1,
      last: () => this.last,
    };
    for (const [id, where] of Object.entries(buttons)) {
      $(id).addEventListener("click", (event) => {
        event.preventDefault();
        this.pause();
        this.goTo(where());
      });
    }
    $("log").addEventListener("click", (event) => {
      const item = event.target.closest("li[data-step]");
      if (!item) return;
      event.preventDefault();
      this.pause();
      this.goTo(Number(item.dataset.step));
    });
    const scrub = $("scrub");
    // A drag is one history entry: the first move pushes, the rest replace it.
    scrub.addEventListener("input", () => {
      this.goTo(Number(scrub.value), { push: !this.scrubbing });
      this.scrubbing = true;
    });
    scrub.addEventListener("change", () => { this.scrubbing = false; });
    scrub.addEventListener("pointermove", (event) => this.preview(event));
    scrub.addEventListener("pointerleave", () => { $("scrub-preview").hidden = true; });
    $("play").addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    $("speed").addEventListener("change", () => {
      this.speed = Number($("speed").value);
      this.updateShare();
      if (this.timer) { this.pause(); this.play(); }
    });
    $("view").addEventListener("change", () => {
      location.assign(this.href(this.step, { view: $("view").value }));
    });
    $("unit-select").addEventListener("change", () => this.select($("unit-select").value || null));
    // A system's texts for the unit panel arrived (fetched when first needed).
    document.addEventListener("systemtexts", () => { if (this.shown) this.fillUnits(this.shown.state); });
    $("state-details").addEventListener("toggle", () => this.fillStateJson());
    const verify = $("verify");
    if (verify) verify.addEventListener("click", () => this.verify(verify));
    copiesField($("copy-share"), $("share"));
  }

  // -- playback ---------------------------------------------------------------------

  play() {
    if (this.step >= this.last) this.goTo(0, { push: false });
    const button = $("play");
    button.setAttribute("aria-pressed", "true");
    button.setAttribute("aria-label", "pause the replay");
    button.textContent = "⏸ pause";
    this.timer = setInterval(() => {
      if (this.step >= this.last) return this.pause();
      this.goTo(this.step + 1, { push: false });
    }, 1000 / this.speed);
  }

  pause() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    const button = $("play");
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", "play the replay");
    button.textContent = "▶ play";
  }

  updateShare() {
    const url = new URL(location.href);
    url.search = new URLSearchParams({ step: "0", play: "1", speed: String(this.speed) }).toString();
    if (this.data.view !== "spectator") url.searchParams.set("view", this.data.view);
    $("share").value = url.toString();
  }

  // -- showing a step -----------------------------------------------------------------

  show(step) {
    $("step").textContent = String(step);
    $("state-step").textContent = String(step);
    $("scrub").value = String(step);
    $("scrub").setAttribute("aria-valuetext", `step ${step}: ${this.timeline.labels[step] || ""}`);
    for (const [id, target] of [["first", 0], ["prev", Math.max(0, step - 1)], ["next", Math.min(this.last, step + 1)], ["last", this.last]]) {
      $(id).href = this.href(target);
      $(id).classList.toggle("disabled", target === step);
    }
    document.title = document.title.replace(/step \d+/, `step ${step}`);
    markCurrent($("log"), step);
    $("state-link").href = this.source.url(step);
    this.source.get(step)
      .then(async (shown) => {
        const previous = step > 0 ? await this.source.get(step - 1) : null;
        if (this.step !== step) return; // moved on meanwhile
        this.render(step, shown, previous);
      })
      .catch((error) => {
        if (this.step === step) $("board").dataset.error = error.message;
        $("changes").replaceChildren(Object.assign(document.createElement("li"), { className: "error", textContent: `could not load step ${step}: ${error.message}` }));
      });
    for (const near of [step + 1, step + 2, step - 1]) this.source.prefetch(near, this.last);
  }

  render(step, shown, previous) {
    const state = shown.state;
    Object.assign(this.names, this.adapter.unitNames(state));
    renderLogFilter($("log"), this.names);
    this.shown = shown;
    const entry = this.byStep.get(step);
    const changes = previous ? this.adapter.diff(previous.state, state, entry ? entry.event : null) : null;
    this.changes = changes;
    this.drawBoard(step, state, changes);
    $("state-hash").textContent = shown.hash;
    const prompt = shown.prompt;
    $("prompt").textContent = prompt
      ? `Waiting for ${prompt.sides.join(", ")}: ${prompt.kind.replace(/_/g, " ")}${prompt.sealed ? " (sealed)" : ""}`
      : "";
    $("state-summary").replaceChildren(table(this.adapter.summary(state)));
    const lines = changes ? this.adapter.changeLines(changes, this.names) : [];
    const items = lines.map((line) => {
      const item = document.createElement("li");
      item.className = line.kind;
      const text = line.crossed ? document.createElement("del") : document.createTextNode("");
      text.textContent = line.crossed ? `${line.text} (casualty)` : line.text;
      item.append(text);
      return item;
    });
    if (!items.length) items.push(Object.assign(document.createElement("li"), { textContent: step ? "nothing on the table changed" : "the game starts" }));
    // The change panel opens with the log's own line for the step: both say the same.
    if (entry) items.unshift(Object.assign(document.createElement("li"), { className: "sentence", textContent: this.adapter.words(entry.summary || "", this.names) }));
    $("changes").replaceChildren(...items);
    this.fillUnits(state);
    this.fillStateJson();
    this.drawn = step;
    this.dispatchEvent(new CustomEvent("step", { detail: { step, shown } }));
  }

  // The board, and the view of it kept from the step before (zoom, pan, ruler).
  drawBoard(step, state, changes) {
    if (this.adapter.hasBoard) {
      this.adapter.drawBoard($("board"), state, {
        step, selected: this.selected, changes, onSelect: (uid) => this.select(uid),
      });
      this.view.attach($("board").querySelector("svg.battlefield"));
      this.view.legend(this.adapter.legend ? this.adapter.legend(state) : []);
    } else {
      const note = document.createElement("p");
      note.className = "no-board";
      note.dataset.step = String(step);
      note.textContent = "This game system has no board to draw: its state is listed beside.";
      $("board").replaceChildren(note);
      this.view.attach(null);
      this.view.legend([]);
    }
    $("board").dataset.step = String(step);
    delete $("board").dataset.error;
  }

  fillStateJson() {
    if ($("state-details").open && this.shown) $("state-json").textContent = JSON.stringify(this.shown.state, null, 1);
  }

  fillUnits(state) {
    const select = $("unit-select");
    const units = this.adapter.units(state);
    select.closest("section").hidden = !units.length;
    const wanted = units.map((u) => u.id).join(",");
    if (select.dataset.units !== wanted) {
      const options = [new Option("(click a base or choose)", "")];
      for (const unit of units) options.push(new Option(`side ${unit.side}: ${unit.label}`, unit.id));
      select.replaceChildren(...options);
      select.dataset.units = wanted;
    }
    select.value = this.selected && units.some((u) => u.id === this.selected) ? this.selected : "";
    const unit = this.selected ? state.units[this.selected] : null;
    const profile = unit ? this.adapter.profile(unit, state) : null;
    const box = $("unit-profile");
    if (!profile) {
      box.textContent = this.selected ? `${this.selected} is no longer on the table.` : "";
      return;
    }
    const heading = document.createElement("h3");
    heading.textContent = profile.title;
    box.replaceChildren(heading, table(profile.rows));
  }

  select(uid) {
    this.selected = uid;
    for (const node of document.querySelectorAll("#board .unit")) node.classList.toggle("selected", node.dataset.unit === uid);
    if (!this.shown) return;
    // Drawn again: the board shows the selected unit's reach. What the play mode drew
    // over it is carried over; others redraw theirs on "boardredrawn".
    if (this.drawn === this.step) {
      const kept = [...document.querySelectorAll("#board svg.battlefield > .play-overlay")];
      this.drawBoard(this.step, this.shown.state, this.changes);
      const svg = $("board").querySelector("svg.battlefield");
      if (svg) svg.append(...kept);
      this.dispatchEvent(new CustomEvent("boardredrawn", { detail: { step: this.step } }));
    }
    this.fillUnits(this.shown.state);
  }

  // -- the scrub bar --------------------------------------------------------------------

  drawMarks() {
    const box = $("marks");
    const span = Math.max(1, this.last);
    box.replaceChildren(...this.timeline.marks.map((mark) => {
      const tick = document.createElement("span");
      tick.className = `mark ${mark.kind}`;
      tick.style.left = `${(100 * mark.step) / span}%`;
      tick.title = `${mark.label} (step ${mark.step})`;
      if (mark.kind === "turn") tick.textContent = mark.label.replace(/^turn /, "T").replace(/^round /, "R");
      return tick;
    }));
  }

  preview(event) {
    const bar = $("scrub").getBoundingClientRect();
    const fraction = Math.max(0, Math.min(1, (event.clientX - bar.left) / bar.width));
    const step = Math.round(fraction * this.last);
    const output = $("scrub-preview");
    output.hidden = false;
    output.textContent = `step ${step}: ${this.adapter.words(this.timeline.labels[step] || "", this.names)}`;
    output.style.left = `${fraction * 100}%`;
  }

  // -- fairness ----------------------------------------------------------------------------

  async verify(button) {
    const out = $("verify-result");
    button.disabled = true;
    out.textContent = "re-deriving every roll…";
    try {
      const response = await fetch(button.dataset.url, { headers: { Accept: "application/json" } });
      const report = await response.json();
      if (!response.ok) throw new Error(report.message || `the server answered ${response.status}`);
      out.className = report.identical ? "verified" : "mismatch";
      out.textContent = `${report.identical ? "✔ all match" : "✘ mismatch"}: ${report.message}`;
    } catch (error) {
      out.className = "mismatch";
      out.textContent = `could not verify: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  }
}

// A "Copy" button beside a read-only field holding a link.
export function copiesField(button, field) {
  button.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Press Ctrl+C";
    }
  });
}

function table(rows) {
  const dl = document.createElement("dl");
  for (const [term, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = String(value);
    dl.append(dt, dd);
  }
  return dl;
}

const root = $("replay");
const data = root ? JSON.parse($("replay-data").textContent) : null;
// The system's adapter, or the generic one.
const adapter = data ? await systemExport(data.scripts.replay, "adapter", generic, "the generic viewer shows the game") : null;
export const replay = root ? new Replay(root, data, adapter) : null;
if (replay) {
  window.shiaiReplay = replay;
  replay.start();
}
