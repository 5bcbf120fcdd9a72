// Senjutsu's position editor (templates/systems/senjutsu/editor_form.html): pick a
// character (from the list or by clicking it), click a hex to move it there, choose
// its facing, set its wounds and stuns, tick the cards of its hand among the player's
// own (hand, deck, discard pile). The edits are listed and previewed on the board; the
// engine checks them all when a board is started (POST .../edits) and its refusal is
// shown in its own words. "Ask the engine" lists what the character may do at the step.
import { drawBoard } from "./board.js";
import { wireEditor } from "../../boards/position_editor.js";
import { loadCatalogue } from "./cards.js";

const $ = (id) => document.getElementById(id);
document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./editor.css", import.meta.url).href }));
const data = JSON.parse($("editor-data").textContent);
// The card and character names: loaded after the controls are wired (so no click is lost).
let catalogue = {};
const edits = [];
let selected = $("edit-character").value;

const cardName = (id) => (catalogue.cards && catalogue.cards[id] ? catalogue.cards[id].name : id);
const isCore = (id) => Boolean(catalogue.cards && catalogue.cards[id] && catalogue.cards[id].core);
const nameOf = (side) => {
  const c = data.state.characters[side];
  const person = catalogue.characters && catalogue.characters[c.character];
  return `${person ? person.name : c.character} (${side})`;
};

// The position with the edits so far, for the preview only (the server decides, and
// refuses what the rules do not allow).
function previewed() {
  let state = data.state;
  for (const edit of edits) {
    const mine = state.characters[edit.character];
    let changed = mine;
    if (edit.edit === "move") changed = { ...mine, hex: edit.hex, facing: edit.facing };
    else if (edit.edit === "markers") changed = { ...mine, wounds: edit.wounds, bleeding: edit.bleeding, stuns: edit.stuns };
    else if (edit.edit === "hand") changed = handTo(mine, edit.cards);
    state = { ...state, characters: { ...state.characters, [edit.character]: changed } };
  }
  return state;
}

// As the engine does it: a card comes from the deck first, then the discard pile;
// a card leaving the hand goes face down to the discard pile.
function handTo(mine, cards) {
  const deck = [...mine.deck];
  const discard = [...mine.discard];
  const held = [...mine.hand];
  for (const card of cards) {
    const at = held.indexOf(card);
    if (at >= 0) { held.splice(at, 1); continue; }
    const inDeck = deck.indexOf(card);
    if (inDeck >= 0) deck.splice(inDeck, 1);
    else {
      const inDiscard = discard.findIndex((item) => item.card === card);
      if (inDiscard >= 0) discard.splice(inDiscard, 1);
    }
  }
  for (const card of held) discard.push({ card, up: false });
  return { ...mine, hand: [...cards].sort(), deck, discard };
}

// Every card the player owns, one entry a copy, those in hand first.
function ownedCards(mine) {
  const where = [
    ...mine.hand.map((card) => ({ card, from: "hand" })),
    ...mine.deck.map((card) => ({ card, from: "deck" })),
    ...mine.discard.map((item) => ({ card: item.card, from: "discard pile" })),
  ];
  const order = { hand: 0, deck: 1, "discard pile": 2 };
  const sorted = where.map((entry, index) => ({ ...entry, index }));
  return sorted.sort((a, b) => order[a.from] - order[b.from] || cardName(a.card).localeCompare(cardName(b.card)) || a.index - b.index);
}

function draw() {
  const state = previewed();
  drawBoard($("board"), state, { step: data.step, catalogue });
  const mine = state.characters[selected];
  if (!mine) return;
  const svg = $("board").querySelector("svg");
  const chosen = svg && svg.querySelector(`.unit[data-unit="${selected}"]`);
  if (chosen) chosen.classList.add("selected");
  $("edit-q").value = String(mine.hex[0]);
  $("edit-r").value = String(mine.hex[1]);
  $("edit-facing").value = String(mine.facing);
  for (const marker of ["wounds", "bleeding", "stuns"]) $(`edit-${marker}`).value = String(mine[marker] || 0);
  $("edit-cards").replaceChildren(...ownedCards(mine).map(cardChoice));
  $("edit-list").replaceChildren(...edits.map((edit) => Object.assign(document.createElement("li"), { textContent: words(edit) })));
}

function cardChoice({ card, from, index }) {
  const box = Object.assign(document.createElement("input"), { type: "checkbox", id: `edit-card-${index}`, checked: from === "hand" });
  box.dataset.card = card;
  if (isCore(card)) box.disabled = true; // core cards never leave the hand
  const label = Object.assign(document.createElement("label"), { htmlFor: box.id, textContent: ` ${cardName(card)} (${isCore(card) ? "core" : from})` });
  const item = document.createElement("li");
  item.append(box, label);
  return item;
}

function words(edit) {
  const name = nameOf(edit.character);
  if (edit.edit === "move") return `move ${name} to hex ${edit.hex.join(", ")}, facing ${$("edit-facing").options[edit.facing].textContent}`;
  if (edit.edit === "markers") return `markers of ${name}: wounds ${edit.wounds}, bleeding ${edit.bleeding}, stuns ${edit.stuns}`;
  return `hand of ${name}: ${edit.cards.map(cardName).join(", ")}`;
}

function select(side) {
  if (!data.state.characters[side]) return;
  selected = side;
  $("edit-character").value = side;
  $("unit-options").replaceChildren();
  draw();
}

const whole = (id) => {
  const value = Number($(id).value);
  return Number.isInteger(value) ? value : NaN;
};

function add(edit) {
  edits.push(edit);
  $("edit-error").hidden = true;
  draw();
}


$("edit-character").addEventListener("change", () => select($("edit-character").value));
// A click on a character picks it; a click on another hex is where to move the chosen one.
$("board").addEventListener("click", (event) => {
  const unit = event.target.closest(".unit[data-unit]");
  if (unit) return select(unit.dataset.unit);
  const hex = event.target.closest(".hex[data-hex]");
  if (!hex) return;
  const [q, r] = hex.dataset.hex.split(",").map(Number);
  $("edit-q").value = String(q);
  $("edit-r").value = String(r);
});
$("edit-move").addEventListener("click", () =>
  add({ edit: "move", character: selected, hex: [whole("edit-q"), whole("edit-r")], facing: whole("edit-facing") }));
$("edit-markers").addEventListener("click", () =>
  add({ edit: "markers", character: selected, wounds: whole("edit-wounds"), bleeding: whole("edit-bleeding"), stuns: whole("edit-stuns") }));
$("edit-hand").addEventListener("click", () =>
  add({ edit: "hand", character: selected, cards: [...$("edit-cards").querySelectorAll("input:checked")].map((box) => box.dataset.card).sort() }));
$("edit-undo").addEventListener("click", () => { edits.pop(); draw(); });

wireEditor(data, edits, () => selected);
catalogue = await loadCatalogue();
for (const option of $("edit-character").options) option.textContent = nameOf(option.value);
draw();
