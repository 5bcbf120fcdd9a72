// Dice from the table: in a running game of entered dice that you play (an analysis
// board started with "dice from the table", a game recorded by hand), the play panel
// has a field for the faces you rolled, sent with the command (play.js calls
// field() for each prompt and entered() when it sends). How many dice of how many
// faces the command needs is the engine's to say (shiai.dice_needs): the field asks
// the server as you type and choose, and says "needs 2 more d6"; faces that are no
// face of the system's dice are refused here, before anything is sent, and again by
// the server (a 400 in words, nothing recorded). What was typed stays after a refusal.
import { el } from "./play-controls.js";

const $ = (id) => document.getElementById(id);
const FACE = /^[0-9]{1,3}$/;

class EnteredDice {
  constructor(play, data) {
    this.play = play;
    this.needs = data.needs;
    this.max = data.max;
    this.largest = Math.max(...data.kinds, 2); // the faces of the system's largest die
    this.sides = null; // the faces of the next roll, once the engine has said
    this.asked = 0; // the latest question: older answers are dropped
    // A choice made in the prompt's controls changes the command: ask again.
    play.panel.addEventListener("change", (event) => this.onControl(event));
    play.panel.addEventListener("click", (event) => this.onControl(event));
    play.panel.addEventListener("input", (event) => {
      if (event.target.id === "command-json") this.onControl(event); // the command typed as JSON
    });
  }

  // The field, beside the command being sent (a new one for each prompt).
  field() {
    this.sides = null;
    this.input = el("input", {
      id: "dice-faces", type: "text", inputMode: "numeric", autocomplete: "off",
      maxLength: this.max * 4, placeholder: "e.g. 6 2 5", "aria-describedby": "dice-need",
    });
    this.hint = el("p", { id: "dice-need", className: "dice-need", role: "status" }, "Asking the engine what dice this command rolls…");
    const check = el("button", { type: "button", id: "dice-check" }, "What dice does it need?");
    check.addEventListener("click", () => this.check());
    this.input.addEventListener("input", () => this.check());
    const box = el("fieldset", { className: "entered-dice", id: "entered-dice" },
      el("legend", {}, "Dice rolled at the table"),
      el("label", { htmlFor: "dice-faces" }, "Faces, in the order rolled: "),
      this.input, " ", check, this.hint);
    queueMicrotask(() => this.check()); // once the prompt's controls are drawn
    return box;
  }

  // The faces typed, as numbers; an Error in words if one is not a face of a die.
  faces() {
    const typed = (this.input ? this.input.value : "").split(/[\s,;]+/).filter(Boolean);
    if (typed.length > this.max) throw new Error(`at most ${this.max} dice may be entered with one command`);
    const largest = Math.max(this.largest, this.sides || 0);
    for (const face of typed) {
      if (!FACE.test(face)) throw new Error(`“${face.slice(0, 8)}” is not a die's face: type whole numbers`);
      const value = Number(face);
      if (value < 1 || value > largest) throw new Error(`${value} is not a face of a d${largest}: faces are 1 to ${largest}`);
    }
    return typed.map(Number);
  }

  // What play.js adds to the command it sends: {dice: [...]}, or an Error in words.
  entered() {
    return { dice: this.faces() };
  }

  command() {
    try {
      return this.play.control.command();
    } catch {
      const area = $("command-json");
      try {
        return area ? JSON.parse(area.value) : null;
      } catch {
        return null;
      }
    }
  }

  onControl(event) {
    if (!this.input || !this.input.isConnected) return;
    if (event.target.closest && event.target.closest("#entered-dice")) return;
    this.check();
  }

  say(text, wrong = false) {
    this.hint.textContent = text;
    this.hint.classList.toggle("error", wrong);
    this.input.setAttribute("aria-invalid", wrong ? "true" : "false");
  }

  async check() {
    if (!this.input) return;
    const asked = ++this.asked; // any answer still on its way is now out of date
    let dice;
    try {
      dice = this.faces();
    } catch (error) {
      this.say(error.message, true);
      return;
    }
    const command = this.command();
    if (!command || typeof command !== "object") {
      this.say("Choose the command above: the engine then says what dice it rolls.");
      return;
    }
    const hint = this.hint;
    let body;
    try {
      const response = await fetch(this.needs, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": this.play.live.csrf },
        body: JSON.stringify({ command, dice }),
      });
      body = await response.json().catch(() => ({}));
      if (asked !== this.asked || hint !== this.hint) return; // a newer question, or a new prompt
      if (!response.ok) {
        const words = body.message || `the server answered ${response.status}`;
        this.say(response.status === 400 && /entered die/.test(words) ? words : `The engine would refuse this command as it is: ${words}`, response.status === 400);
        return;
      }
    } catch (error) {
      if (asked === this.asked) this.say(`Could not ask what dice it needs: ${error.message}`, true);
      return;
    }
    this.sides = body.sides;
    if (body.complete && body.used === 0) this.say("This command rolls no dice: send it as it is.");
    else this.say(body.complete ? `${body.words[0].toUpperCase()}${body.words.slice(1)}. Send it.` : `${body.words[0].toUpperCase()}${body.words.slice(1)}.`, !body.complete && body.extra > 0);
    this.hint.dataset.more = String(body.more);
    this.hint.dataset.complete = String(body.complete);
  }
}

// The dice field of this page's game, or null when its dice are not entered here.
export function enteredDice(play) {
  const data = $("entered-dice-data");
  return data ? new EnteredDice(play, JSON.parse(data.textContent)) : null;
}
