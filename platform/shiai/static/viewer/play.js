// Play mode: the viewer of a running game follows it live (it polls the game's
// head twice a second and appends new steps), and the prompt panel lets the
// signed-in player answer the prompts of the sides they play. What the panel
// offers is chosen by the prompt's kind, by the game system's play script
// (static/systems/<id>/play.js, imported from the address the page names); any other
// kind, or a system without one, gets the generic control: a JSON command editor, pre-filled with a legal
// command the server proposes. Every control also accepts the JSON editor.
import { replay } from "./replay.js";
import { button, controlFor, el } from "./play-controls.js";
import { systemExport } from "./system.js";
import { tablePoint } from "../boards/table.js";
import { enteredDice } from "./entered-dice.js";

const POLL_MS = 500;
const $ = (id) => document.getElementById(id);

class PlayMode {
  constructor(viewer, live, systemControl) {
    this.replay = viewer;
    this.live = live;
    this.systemControl = systemControl;
    this.youPlay = new Set(live.you_play);
    this.panel = $("prompt-panel");
    this.control = null;
    this.key = null; // which prompt the panel shows: "step:kind:side"
    this.polling = null;
    this.sending = false;
    this.over = false;
    this.dice = enteredDice(this); // a game of dice from the table: faces sent with commands
  }

  start() {
    this.replay.addEventListener("step", (event) => this.onStep(event.detail));
    $("board").addEventListener("click", (event) => this.onBoardClick(event));
    if (this.replay.shown && this.replay.drawn === this.replay.step) {
      this.onStep({ step: this.replay.step, shown: this.replay.shown });
    }
    this.timer = setInterval(() => this.poll(), POLL_MS);
    this.concedeBar();
    this.standingForm();
  }

  // -- standing answers ------------------------------------------------------------------

  // The standing answers the system offers (engine.core.standing), for each side you
  // play: saved as a command of the record; the game then answers those prompts with
  // commands of the record too (the platform submits them as your side's).
  standingForm() {
    const choices = this.live.standing || [];
    const sides = [...this.youPlay];
    if (!choices.length || !sides.length) return;
    const set = (this.replay.shown && this.replay.shown.state && this.replay.shown.state.standing) || {};
    const form = el("details", { className: "standing", id: "standing", open: true });
    form.append(el("summary", {}, "Standing answers"));
    for (const side of sides) {
      const selects = choices.map((choice) => {
        const id = `standing-${side}-${choice.name}`;
        const select = el("select", { id, name: choice.name });
        const values = Object.entries(choice.values);
        const now = (set[side] || {})[choice.name] || values[0][0];
        for (const [value, text] of values) select.append(new Option(text, value, false, value === now));
        form.append(el("label", { htmlFor: id }, `${choice.label}${sides.length > 1 ? ` (side ${side})` : ""}: `, select));
        return select;
      });
      const status = el("span", { className: "standing-status", id: `standing-status-${side}`, role: "status" });
      const save = button(sides.length > 1 ? `Save side ${side}'s standing answers` : "Save my standing answers", async () => {
        const answers = Object.fromEntries(selects.map((select) => [select.name, select.value]));
        const command = { [this.live.command_key || "type"]: "standing", side, answers };
        status.textContent = "Saving…";
        status.textContent = (await this.sendAnytime(command)) || "Saved: recorded in the game.";
      }, { id: `standing-save-${side}` });
      form.append(el("p", {}, save, " ", status));
    }
    (this.concedeBox || this.panel).after(form);
    this.standingBox = form;
  }

  // A command any side may give at any step (a concession, standing answers): sent at
  // the step the game is at, again should the game move on meanwhile (a 409). Returns
  // the refusal in words, or null once recorded (and the page has caught up).
  async sendAnytime(command) {
    if (this.sending) return "A command is on its way: try again in a moment.";
    this.busy(true);
    try {
      let response;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const head = await (await fetch(this.live.head, { headers: { Accept: "application/json" } })).json();
        response = await fetch(this.live.commands, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": this.live.csrf },
          body: JSON.stringify({ command, expected_step: head.last_step }),
        });
        if (response.status !== 409) break;
      }
      const body = await response.json().catch(() => ({}));
      if (!response.ok) return `Not recorded: ${body.message || `the server answered ${response.status}`}`;
      await this.catchUp();
      return null;
    } catch (error) {
      return `Could not send it: ${error.message}`;
    } finally {
      this.busy(false);
    }
  }

  // -- conceding -----------------------------------------------------------------------

  // Resigning (the kernel's concession, a command in the record like any other): a
  // button per side you play, asking once more before it is sent.
  concedeBar() {
    const commands = this.live.concede || {};
    const sides = Object.keys(commands).filter((side) => this.youPlay.has(side));
    if (!sides.length) return;
    this.concedeBox = el("section", { id: "concede", className: "concede", "aria-label": "Concede" });
    const ask = () => {
      const buttons = sides.map((side) => button(
        sides.length > 1 ? `Yes, side ${side} concedes` : "Yes, concede the game",
        () => this.concede(commands[side]),
        { id: `concede-yes-${side}`, className: "danger" },
      ));
      const keep = button("No, keep playing", offer, { id: "concede-no" });
      this.concedeBox.replaceChildren(el("p", { role: "alert" }, "Concede? The game ends now and the other side wins.", " "), ...buttons, " ", keep);
    };
    const offer = () => this.concedeBox.replaceChildren(button("Concede…", ask, { id: "concede-ask" }));
    offer();
    this.panel.after(this.concedeBox);
  }

  async concede(command) {
    const refused = await this.sendAnytime(command);
    if (refused) this.concedeBox.replaceChildren(el("p", { role: "alert" }, refused));
  }

  // -- following the game -----------------------------------------------------------

  // One poll at a time: a caller during one gets that one (``polling`` is its promise).
  poll() {
    if (this.over) return Promise.resolve();
    if (!this.polling) this.polling = this.fetchNew().finally(() => { this.polling = null; });
    return this.polling;
  }

  // After a command is recorded: the poll in flight may have asked before it was, so
  // wait for it, then ask again; the page then shows the game as the command left it.
  async catchUp() {
    if (this.polling) await this.polling;
    await this.poll();
  }

  async fetchNew() {
    try {
      const response = await fetch(this.live.head, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const head = await response.json();
      if (head.last_step > this.replay.last) {
        const query = new URLSearchParams({ since: String(this.replay.last) });
        if (this.live.view !== "spectator") query.set("view", this.live.view);
        const steps = await fetch(`${this.live.steps}?${query}`, { headers: { Accept: "application/json" } });
        if (steps.ok) this.replay.extend((await steps.json()).steps);
      }
      if (head.status === "ended") this.end();
    } catch {
      // offline for a moment: the next poll tries again
    }
  }

  end() {
    this.over = true;
    clearInterval(this.timer);
    if (this.concedeBox) this.concedeBox.remove();
    if (this.standingBox) this.standingBox.remove();
    const result = el("p", { className: "game-result", id: "game-result", role: "status" });
    const note = el("p", { className: "game-over" }, "The game has ended. ");
    note.append(el("a", { href: location.pathname }, "Reload to see the revealed seed and the whole record"));
    this.show("The game has ended", [result, note]);
    // The outcome, in words: who won and how (a concession, the last turn...).
    fetch(this.live.head.replace(/\/head$/, ""), { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((game) => {
        const outcome = game && game.outcome;
        if (!outcome) return;
        const how = outcome.termination.replace(/_/g, " ");
        const who = outcome.winner ? `Side ${outcome.winner} (${this.live.players[outcome.winner] || "a player"}) wins` : "A draw";
        result.textContent = `${who}: ${how}${outcome.detail ? ` (${outcome.detail})` : ""}.`;
      })
      .catch(() => {});
  }

  // -- the prompt panel ---------------------------------------------------------------

  onStep({ step, shown }) {
    if (this.over) return;
    if (step !== this.replay.last) {
      this.key = null;
      this.control = null;
      const back = el("button", { type: "button", id: "to-latest" }, "Back to the latest step");
      back.addEventListener("click", () => this.replay.goTo(this.replay.last));
      this.show("Your decision", [el("p", {}, `You are looking at step ${step}; the game is at step ${this.replay.last}.`), back]);
      return;
    }
    const prompt = shown.prompt;
    const side = prompt ? prompt.sides.find((s) => this.youPlay.has(s)) : null;
    if (!prompt || !side) {
      this.key = null;
      this.control = null;
      const who = prompt ? prompt.sides.map((s) => `side ${s} (${this.live.players[s] || "a player"})`).join(" and ") : "the next step";
      const text = prompt ? `Waiting for ${who} to ${prompt.kind.replace(/_/g, " ")}…` : `Waiting for ${who}…`;
      this.show(this.youPlay.size ? "Waiting" : "Live", [el("p", { role: "status", id: "waiting" }, text)]);
      return;
    }
    const key = `${step}:${prompt.kind}:${side}`;
    if (key === this.key && this.control) {
      this.drawOverlay();
      return;
    }
    if (prompt.sealed && this.youPlay.size > 1 && this.passedTo !== key) {
      this.passDevice(key, side);
      return;
    }
    this.key = key;
    this.control = controlFor(this.systemControl, prompt, side, shown.state, {
      propose: () => this.propose(side),
      details: () => this.details(side),
      submit: (command) => this.submit(command),
      redraw: () => this.drawOverlay(),
    });
    this.show(`Your decision: side ${side}`, [
      el("p", { className: "prompt-kind", id: "prompt-kind" }, this.control.title),
      this.control.element,
      ...(this.dice ? [this.dice.field()] : []),
      this.editor(prompt, side),
      el("p", { className: "play-error", id: "play-error", role: "alert" }),
      el("p", { className: "play-status", id: "play-status", role: "status" }),
    ]);
    this.drawOverlay();
  }

  // Hot-seat and a sealed prompt: one screen, two players answering in secret.
  // Before a side's controls are shown, the screen asks to be handed to that
  // side's player, who says so with a button; the other side's sealed answer is
  // not on the screen (the spectator view hides it, the panel was cleared).
  passDevice(key, side) {
    this.key = null;
    this.control = null;
    this.drawOverlay();
    const children = [
      el("p", { id: "pass-device" }, `Side ${side} answers in secret. Hand the device to side ${side}'s player; the other player looks away until the answer is sent.`),
    ];
    if (this.live.view !== "spectator") {
      const link = el("a", { href: `${location.pathname}?view=spectator`, id: "to-spectator" }, "Switch to the spectator view");
      children.push(el("p", { role: "alert" }, `This screen shows side ${this.live.view}'s own view, with its sealed answers: `, link, " before handing the device over."));
    } else {
      const ready = el("button", { type: "button", id: "pass-ready" }, `I am side ${side}: show my decision`);
      ready.addEventListener("click", () => {
        this.passedTo = key;
        this.onStep({ step: this.replay.step, shown: this.replay.shown });
      });
      children.push(ready);
    }
    this.show(`Pass the device to side ${side}`, children);
    this.panel.dataset.prompt = `pass:${key}`;
  }

  show(title, children) {
    // What the panel shows, for scripts and tests: "step:kind:side" or empty.
    this.panel.dataset.prompt = this.key || "";
    const heading = el("h2", { id: "prompt-h" }, title);
    this.panel.replaceChildren(heading, ...children);
    this.panel.hidden = false;
    if (this.sending) this.busy(true); // enabled again when the answer comes

  }

  // The generic control, and the escape hatch of every other: the command as JSON.
  editor(prompt, side) {
    const details = el("details", { className: "json-editor", open: this.control.generic });
    const summary = el("summary", {}, "Command as JSON");
    const area = el("textarea", { id: "command-json", rows: 8, spellcheck: false, "aria-label": "the command, as JSON" });
    area.value = JSON.stringify({ type: prompt.kind, side }, null, 1);
    const placeholder = area.value;
    const send = el("button", { type: "button", id: "send-json" }, "Send this command");
    const fill = el("button", { type: "button", id: "fill-json" }, "Fill in from the controls above");
    send.addEventListener("click", () => {
      let command;
      try {
        command = JSON.parse(area.value);
      } catch (error) {
        this.error(`That is not valid JSON: ${error.message}`);
        return;
      }
      this.submit(command);
    });
    fill.addEventListener("click", () => {
      try {
        area.value = JSON.stringify(this.control.command(), null, 1);
      } catch (error) {
        this.error(error.message);
      }
    });
    // The proposal replaces the placeholder only: a command the player has typed or
    // filled in meanwhile stays (the proposal may arrive after it, on a slow server),
    // and so does the field once the player is in it (a proposal landing between
    // their selecting the text and typing over it would be typed after).
    let entered = false;
    area.addEventListener("focus", () => { entered = true; });
    this.propose(side).then((command) => {
      if (command && !entered && area.value === placeholder) area.value = JSON.stringify(command, null, 1);
    });
    details.append(summary, area, el("p", {}, send, " ", fill));
    return details;
  }

  async propose(side) {
    if (!this.proposals) this.proposals = new Map();
    const key = `${this.key}`;
    if (!this.proposals.has(key)) {
      const request = fetch(`${this.live.proposal}?side=${encodeURIComponent(side)}`, { headers: { Accept: "application/json" } })
        .then(async (response) => (response.ok ? (await response.json()).command : null))
        .catch(() => null);
      this.proposals.set(key, request);
    }
    return this.proposals.get(key);
  }

  // What a system's control may ask about the prompt beyond the prompt itself (Kensei:
  // line of sight to the targets), fetched once a step, when the control first asks;
  // an empty object when the server cannot say (the engine still checks the command).
  async details(side) {
    if (!this.detailed) this.detailed = new Map();
    const key = `${this.key}`;
    if (!this.detailed.has(key)) {
      const request = fetch(`${this.live.details}?side=${encodeURIComponent(side)}`, { headers: { Accept: "application/json" } })
        .then(async (response) => (response.ok ? (await response.json()).details : {}))
        .catch(() => ({}));
      this.detailed.set(key, request);
    }
    return this.detailed.get(key);
  }

  error(message) {
    const box = $("play-error");
    if (box) box.textContent = message;
  }

  status(message) {
    const box = $("play-status");
    if (box) box.textContent = message;
  }

  // While a command is on its way, the buttons of the panel (of whatever panel is
  // shown: a poll may redraw it meanwhile) are disabled, and enabled again once it is
  // answered; buttons a control disabled itself are left as they are.
  busy(sending) {
    this.sending = sending;
    for (const button of this.panel.querySelectorAll("button")) {
      if (sending && !button.disabled) {
        button.disabled = true;
        button.dataset.sending = "1";
      } else if (!sending && button.dataset.sending) {
        button.disabled = false;
        delete button.dataset.sending;
      }
    }
    // For scripts and tests: while it is set, what the panel shows may be a passing step.
    if (sending) this.panel.dataset.busy = "1";
    else delete this.panel.dataset.busy;
    // Answered, and the game has moved on: the prompt shown is an older step's until the
    // newest is drawn (its onStep sets the panel's prompt again).
    if (!sending && this.key && !this.key.startsWith(`${this.replay.last}:`)) this.panel.dataset.prompt = "";
  }

  async submit(command) {
    if (this.sending) return; // a second click while the first is on its way
    this.error("");
    this.status("Sending…");
    this.busy(true);
    try {
      let response;
      let body;
      for (let attempt = 0; ; attempt += 1) {
        const asked = this.key;
        response = await fetch(this.live.commands, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": this.live.csrf },
          body: JSON.stringify({ command, expected_step: this.replay.last, ...this.dice?.entered() }),
        });
        body = await response.json().catch(() => ({}));
        if (response.status !== 409 || attempt > 0 || !(await this.askedAgain(asked))) break;
      }
      if (!response.ok) {
        const rule = body.rule ? ` (${body.rule})` : "";
        this.status("");
        this.error(`${response.status === 409 ? "The game moved on: " : "Not allowed: "}${body.message || `the server answered ${response.status}`}${rule}`);
        if (response.status === 409) this.poll();
        return;
      }
      this.status(`Recorded: the game is at step ${body.last_step}.`);
      await this.catchUp();
    } catch (error) {
      this.status("");
      this.error(`Could not send the command: ${error.message}`);
    } finally {
      this.busy(false);
    }
  }

  // A sealed choice answered while another side answered theirs: that answer moved the
  // game on (a 409) without changing what this side is asked, which it cannot see. Once
  // the page has caught up, whether the same side is asked the same sealed question
  // (the command is then sent again, once, at the new step; the engine judges it).
  async askedAgain(asked) {
    await this.catchUp();
    const prompt = this.replay.step === this.replay.last && this.replay.shown ? this.replay.shown.prompt : null;
    const question = (key) => (key ? key.slice(key.indexOf(":")) : null);
    return Boolean(asked && this.key && prompt && prompt.sealed && question(asked) === question(this.key));
  }

  // -- the board ---------------------------------------------------------------------

  onBoardClick(event) {
    if (!this.control || !this.control.onBoard) return;
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const [x, y] = tablePoint(svg, event);
    const unit = event.target.closest ? event.target.closest(".unit") : null;
    this.control.onBoard({ x, y }, unit ? unit.dataset.unit : null);
    this.drawOverlay();
  }

  drawOverlay() {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const old = svg.querySelector(".play-overlay");
    if (old) old.remove();
    if (this.control && this.control.overlay && this.replay.step === this.replay.last) {
      const height = Number(svg.dataset.tableHeight || svg.viewBox.baseVal.height); // the viewBox zooms
      svg.append(this.control.overlay((y) => height - y));
    }
  }
}

const data = JSON.parse($("replay-data").textContent);
if (replay && data.live) {
  // The system's prompt controls; without them the JSON editor answers every prompt.
  const control = await systemExport(data.scripts.play, "control", null, "the JSON editor answers its prompts");
  const play = new PlayMode(replay, data.live, control);
  window.shiaiPlay = play;
  play.start();
}
