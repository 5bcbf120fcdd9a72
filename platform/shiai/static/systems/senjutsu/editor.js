// Senjutsu's position editor (templates/systems/senjutsu/editor_form.html): pick a
// character (from the list or by clicking it), click a hex to move it there, choose
// its facing, set its wounds and stuns, tick the cards of its hand among the player's
// own (hand, deck, discard pile). The edits are listed and previewed on the board; the
// engine checks each as it is added (refused, its words are shown next to the fields
// and nothing is added) and all of them again when a board is started (POST
// .../edits). "Ask the engine" lists what the character may do at the step.
import { drawBoard } from "./board.js";
import { checkTyped, dragPieces, editorReady, tryEdit, wireEditor } from "../../boards/position_editor.js";
import { loadCatalogue } from "./cards.js";

const $ = (id) => document.getElementById(id);
document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL("./editor.css", import.meta.url).href }));
const data = JSON.parse($("editor-data").textContent);
// The card and character names: loaded after the controls are wired (so no click is lost).
let catalogue = {};
const edits = [];
let selected = $("edit-character").value;
let busy = false; // a dragged move is being checked
let dropped = null; // the move edit of the last drag, which the facing chosen next turns

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

// An edit of the form, checked by the engine before it is added; refused, the rule is
// shown next to the fields `near` (the button's fieldset). One at a time, in the order
// they are made.
let checked = Promise.resolve();
function add(edit, button) {
  checked = checked.then(async () => {
    busy = true;
    dropped = null;
    await tryEdit(data, edits, edit, selected, draw, button.closest("fieldset"));
    busy = false;
  });
  return checked;
}

const typedMove = () => ({ edit: "move", character: selected, hex: [whole("edit-q"), whole("edit-r")], facing: whole("edit-facing") });
const typedMarkers = () => ({ edit: "markers", character: selected, wounds: whole("edit-wounds"), bleeding: whole("edit-bleeding"), stuns: whole("edit-stuns") });


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
$("edit-move").addEventListener("click", () => add(typedMove(), $("edit-move")));
$("edit-markers").addEventListener("click", () => add(typedMarkers(), $("edit-markers")));
$("edit-hand").addEventListener("click", () =>
  add({ edit: "hand", character: selected, cards: [...$("edit-cards").querySelectorAll("input:checked")].map((box) => box.dataset.card).sort() }, $("edit-hand")));
// The hex and the markers are checked as they are typed (asked about, not added).
for (const [ids, typed, button] of [[["edit-q", "edit-r"], typedMove, "edit-move"], [["edit-wounds", "edit-bleeding", "edit-stuns"], typedMarkers, "edit-markers"]]) {
  for (const id of ids) $(id).addEventListener("change", () => busy || checkTyped(data, edits, typed(), selected, $(button).closest("fieldset")));
}
$("edit-undo").addEventListener("click", () => { dropped = null; edits.pop(); draw(); });

// A character dragged to a hex: the same move edit as the form's, checked by the
// engine at once; the facing chosen just after turns it there (the same edit again).
async function moveTo(side, hex, facing) {
  busy = true;
  const edit = { edit: "move", character: side, hex, facing };
  dropped = (await tryEdit(data, edits, edit, side, draw)) ? edit : null;
  busy = false;
}
dragPieces($("board"), {
  pick: (side) => {
    if (busy || !data.state.characters[side]) return false;
    if (side !== selected) select(side);
    return true;
  },
  drop: async (side, down, up) => {
    const cell = document.elementsFromPoint(up.clientX, up.clientY).map((node) => node.closest(".hex[data-hex]")).find(Boolean);
    const mine = previewed().characters[side];
    if (!cell || cell.dataset.hex === mine.hex.join(",")) return;
    await moveTo(side, cell.dataset.hex.split(",").map(Number), mine.facing);
  },
});
$("edit-facing").addEventListener("change", async () => {
  if (busy || !dropped || edits[edits.length - 1] !== dropped || dropped.character !== selected) return;
  edits.pop();
  await moveTo(dropped.character, dropped.hex, whole("edit-facing"));
});

wireEditor(data, edits, () => selected);
catalogue = await loadCatalogue();
for (const option of $("edit-character").options) option.textContent = nameOf(option.value);
draw();
editorReady();
