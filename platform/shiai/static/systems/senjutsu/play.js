// Senjutsu's prompt controls (what static/viewer/play.js asks of a system): every
// prompt of the Senjutsu contract (section 7) lists its legal commands under
// options.choices, so the control is built from the choices' kinds, not from the
// prompt's name: cards to choose (the faces, to click), hexes to click then a facing
// (place, move), hexes to click (push), characters (target), and buttons for the
// rest with the prompt's own words. Conceding is offered apart, never as the main
// action. A command is sent as the choice offered, with the answering side added.
import { hexCenter, hexCorners } from "../../boards/hex.js";
import { button, el, svgEl } from "../../viewer/play-controls.js";
import { HEX_SIZE, tableModel, terrainName } from "./board.js";
import { cardElement, KAMAE, namedCard } from "./cards.js";

const FACINGS = ["east", "south-east", "south-west", "west", "north-west", "north-east"];
const ARROWS = ["→", "↘", "↙", "←", "↖", "↗"];
const CARD_KINDS = new Set(["choose", "discard", "counter", "instant", "search", "trim", "replace"]);
const HEX_KINDS = new Set(["place", "move", "push"]);
const VERBS = {
  choose: "Choose the card you play this turn (face down)",
  discard: "Choose a card to discard",
  counter: "Counter with a card?",
  instant: "Play an instant card?",
  search: "Choose the card you search for",
  trim: "Over your hand limit: discard a card (face down)",
  replace: "Replace your revealed card with an instant replacement card?",
  place: "Place your character: click a highlighted hex, then a facing",
  move: "Move: click a highlighted hex, then the facing to end in",
  push: "Push: click the hex to push the target into",
  target: "Choose the targeted character",
  kamae: "Change kamae: choose the path on your kamae tree",
  rotate: "Rotate",
  or: "Choose one of the options",
  pay: "Pay the focus cost?",
  alternative: "Use the card's alternative initiative speed?",
  speed: "Choose your variable initiative speed",
  order: "Tied speeds: choose who resolves first",
  terrain_roll: "Roll for who places terrain first",
  terrain: "Place a piece of terrain: choose the piece, then a highlighted hex, then a facing",
};

const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];

// Prompts whose choices would show the deciding side's hand: the prompt (public)
// lists none, so they are built here from that side's own view; the engine judges
// the command sent (a refusal shows its words and its rule).
export const HAND_KINDS = new Set(["choose", "replace", "trim", "discard", "counter", "instant", "search"]);

// Why a card of the hand cannot be chosen, as far as the view tells (Turn Structure
// In Detail > Choose: enough focus, the kamae required; Instant Cards > Instant
// Additional Cards: not chosen in the Choose step), or null.
export function chooseHint(card, character) {
  if (!card) return null;
  if (card.instant === "additional") return "an instant additional card is played during the Resolve step";
  if (card.focus_cost && card.focus_cost > character.focus) return `needs ${card.focus_cost} focus`;
  if (card.kamae && character.kamaeType && card.kamae !== character.kamaeType) return `needs the ${card.kamae} kamae`;
  return null;
}

// The commands a hand prompt may take, from the side's own view: every card that
// could answer it (with a hint where the view shows it cannot), and "none" where
// the prompt may be declined. `proposal`: the server's first legal command, the one
// way to name a card the view does not show (a search of the deck).
export function handChoices(kind, side, model, proposal = null) {
  const me = model.characters.find((c) => c.side === side);
  if (!me || !Array.isArray(me.hand)) return [];
  const card = (id) => model.cards[id] || null;
  const hand = me.hand.map((id) => ({ id, card: card(id) }));
  const choices = [];
  const add = (command, hint = null) => choices.push(hint ? { ...command, hint } : command);
  if (kind === "choose") {
    for (const { id, card: c } of hand) add({ kind, side, card: id }, chooseHint(c, me));
    if (me.stuns) add({ kind, side, stun: true });
  } else if (kind === "trim") {
    // Core ability and core weapon cards never count and are never trimmed.
    for (const { id, card: c } of hand) if (!(c && c.core)) add({ kind, side, card: id });
  } else if (kind === "replace") {
    add({ kind, side, card: null });
    for (const { id, card: c } of hand) if (c && c.instant === "replacement") add({ kind, side, card: id });
  } else if (kind === "instant") {
    add({ kind, side, card: null });
    for (const { id, card: c } of hand) if (c && c.instant === "additional") add({ kind, side, card: id });
  } else if (kind === "counter") {
    // Counters: a non-core attack card is discarded to deal the wound.
    add({ kind, side, card: null });
    for (const { id, card: c } of hand) if (c && c.type === "attack" && !c.core) add({ kind, side, card: id });
  } else if (kind === "discard") {
    for (const { id } of hand) add({ kind, side, card: id });
  } else if (kind === "search") {
    add({ kind, side, card: null });
    const seen = new Set();
    for (const item of me.discard) if (item.card && !seen.has(item.card)) { seen.add(item.card); add({ kind, side, card: item.card }); }
    if (proposal && proposal.kind === "search" && proposal.card && !seen.has(proposal.card)) add({ ...proposal, side });
  }
  return choices;
}

// Whether a hand prompt is answered "none" without asking the player: an instant or
// counter window when the hand holds no card that could answer it.
export function passesAtOnce(kind, choices) {
  return (kind === "instant" || kind === "counter") && choices.length === 1 && choices[0].card === null;
}

// The choices of a prompt, grouped by command kind, in the order offered.
export function groupChoices(prompt) {
  const groups = new Map();
  const choices = (prompt.options && Array.isArray(prompt.options.choices)) ? prompt.options.choices : [];
  for (const choice of choices) {
    if (!choice || typeof choice.kind !== "string") continue;
    if (!groups.has(choice.kind)) groups.set(choice.kind, []);
    groups.get(choice.kind).push(choice);
  }
  return groups;
}

// The words of a button for a choice (any kind), with names from the table.
export function choiceLabel(choice, model) {
  const name = (side) => {
    const c = model.characters.find((x) => x.side === side);
    return c ? `${c.name} (${side})` : `side ${side}`;
  };
  const card = (id) => (id === null || id === undefined ? null : namedCard(model.cards, id).name);
  switch (choice.kind) {
    case "choose": return choice.stun ? "Play a stun card (speed 0)" : `Play ${card(choice.card)}`;
    case "discard": case "trim": return `Discard ${card(choice.card)}`;
    case "counter": return choice.card === null ? "No counter" : `Counter with ${card(choice.card)}`;
    case "instant": return choice.card === null ? "No instant card" : `Play ${card(choice.card)}`;
    case "search": return choice.card === null ? "Take nothing" : `Take ${card(choice.card)}`;
    case "replace": return choice.card === null ? "Keep the revealed card" : `Replace it with ${card(choice.card)}`;
    case "alternative": return choice.use ? "Use the alternative speed" : "Keep the printed speed";
    case "pay": return choice.pay ? "Pay the focus" : "Do not pay (skip the line)";
    case "speed": return `Speed ${choice.speed}`;
    case "order": return `${name(choice.first)} resolves first`;
    // The target is named by "target" (the deciding side by "side", as in every command).
    case "target": return `Target ${name(choice.target !== undefined ? choice.target : choice.side)}`;
    case "rotate": return choice.direction === 1 ? "Rotate clockwise ↻" : "Rotate anticlockwise ↺";
    case "or": return `Option ${choice.option + 1}`;
    case "kamae": {
      // Position ids named by their kamae (the deciding side's tree, when the view has it).
      const me = model.characters.find((x) => x.side === choice.side);
      const tree = me && model.trees ? model.trees[me.tree] : null;
      const type = (id) => {
        const at = tree && (tree.positions || []).find((p) => p.id === id);
        return at ? `${KAMAE[at.kamae] || at.kamae} (${id})` : id;
      };
      return `Kamae: ${(choice.path || []).map(type).join(" → ") || "stay"}`;
    }
    case "place": case "move": return `${choice.kind === "place" ? "Place at" : "Move to"} [${choice.hex}] facing ${FACINGS[choice.facing]}${choice.collision ? ` (collides with ${choice.collision})` : ""}`;
    case "push": return `Push into [${choice.hex}]`;
    case "terrain_roll": return "Roll for who places terrain first";
    case "terrain": return `Place ${terrainName(choice.terrain)} at [${choice.hex}] facing ${FACINGS[choice.facing]}`;
    case "concede": return "Concede the game";
    default: return JSON.stringify(choice);
  }
}

// What static/viewer/play.js asks of a system: a control for the prompt, or null
// (the generic JSON editor) when it offers no choices.
export function control(prompt, side, state, hooks) {
  const model = tableModel(state);
  const listed = prompt.options && Array.isArray(prompt.options.choices);
  if (!listed && HAND_KINDS.has(prompt.kind)) return handControl(prompt, side, model, hooks);
  const groups = groupChoices(prompt);
  const concede = groups.get("concede") || [];
  groups.delete("concede");
  if (!groups.size && !concede.length) return null;
  const send = (choice) => hooks.submit(choice.side === undefined ? { ...choice, side } : choice);
  const text = prompt.options && prompt.options.text;
  const kinds = [...groups.keys()];
  const title = text || kinds.map((kind) => VERBS[kind] || kind.replace(/_/g, " ")).join("; ") || "Decide";
  const element = el("div", { className: "sj-control" });
  const control = { title, element, generic: false, command: () => { throw new Error("click one of the choices above"); } };
  for (const [kind, choices] of groups) {
    if (text && kinds.length > 1) element.append(el("p", { className: "sj-verb" }, VERBS[kind] || kind));
    if (CARD_KINDS.has(kind)) element.append(cardChoices(choices, model, send));
    else if (HEX_KINDS.has(kind)) Object.assign(control, hexChoices(kind, choices, model, send, hooks, element));
    else if (kind === "terrain") Object.assign(control, terrainChoices(choices, model, send, hooks, element));
    else element.append(buttons(choices, model, send));
  }
  if (concede.length) {
    const details = el("details", { className: "sj-concede" }, el("summary", {}, "Concede…"));
    details.append(button("Concede the game", () => send(concede[0]), { id: "sj-concede" }));
    element.append(details);
  }
  return control;
}

function buttons(choices, model, send) {
  const row = el("p", { className: "sj-buttons" });
  choices.forEach((choice, index) => {
    row.append(button(choiceLabel(choice, model), () => send(choice), { className: "sj-choice", "data-kind": choice.kind, "data-index": index }), " ");
  });
  return row;
}

// Cards to click: their faces (a stun, or "none", as a button).
function cardChoices(choices, model, send) {
  const row = el("div", { className: "sj-cards sj-pick" });
  const extra = el("p", { className: "sj-buttons" });
  for (const choice of choices) {
    const id = choice.stun ? "stun" : choice.card;
    if (id === null || id === undefined) {
      extra.append(button(choiceLabel(choice, model), () => send(choice), { className: "sj-choice", "data-kind": choice.kind, "data-card": "none" }));
      continue;
    }
    const label = choiceLabel(choice, model) + (choice.hint ? ` (${choice.hint})` : "");
    const face = cardElement(namedCard(model.cards, id), {
      tag: "button",
      attributes: { type: "button", "aria-label": label, "data-kind": choice.kind, title: choice.hint || null },
    });
    face.classList.add("sj-choice");
    if (choice.hint) {
      face.classList.add("sj-unlikely");
      face.append(el("span", { className: "sj-hint" }, choice.hint));
    }
    const { hint, ...command } = choice;
    face.addEventListener("click", () => send(command));
    row.append(face);
  }
  return el("div", {}, row, extra);
}

// Hexes to click on the battlefield, then (place, move) a facing: the overlay
// highlights the hexes offered, then the facings offered at the hex chosen; the
// panel lists the same as buttons (keyboard and screen readers).
function hexChoices(kind, choices, model, send, hooks, element) {
  let chosen = null;
  const hexes = [];
  for (const choice of choices) if (!hexes.some((h) => same(h, choice.hex))) hexes.push(choice.hex);
  const at = (hex) => choices.filter((c) => same(c.hex, hex));
  const panel = el("div", { className: "sj-hex-choice" });
  const pick = (hex) => {
    const offered = at(hex);
    if (!offered.length) return;
    if (kind === "push" || offered.length === 1) {
      send(offered[0]);
      return;
    }
    chosen = hex;
    panel.replaceChildren(
      el("p", { id: "sj-chosen-hex" }, `Hex [${hex}]: choose the facing.`),
      buttons(offered, model, send),
      button("Another hex", () => { chosen = null; fill(); hooks.redraw(); }, { id: "sj-other-hex" }),
    );
    hooks.redraw();
  };
  const fill = () => {
    const select = el("select", { id: "sj-hex-select", "aria-label": "or choose the hex from the list" });
    select.append(new Option("(or choose a hex)", ""));
    for (const hex of hexes) select.append(new Option(`[${hex}]`, hex.join(",")));
    select.addEventListener("change", () => { if (select.value) pick(select.value.split(",").map(Number)); });
    panel.replaceChildren(el("p", {}, `${hexes.length} hex(es) offered, highlighted on the battlefield. `, select));
  };
  fill();
  element.append(panel);
  const overlay = () => {
    const group = svgEl("g", { class: "play-overlay sj-overlay" });
    if (chosen) {
      const [x, y] = hexCenter(chosen, HEX_SIZE);
      svgEl("polygon", { points: corners([x, y]), class: "sj-hex-chosen" }, group);
      // One arrow a facing; a facing reached with different collisions (Move Effects >
      // Collisions) lists them in the panel instead of sending one.
      const facings = new Map();
      for (const choice of at(chosen)) {
        if (!facings.has(choice.facing)) facings.set(choice.facing, []);
        facings.get(choice.facing).push(choice);
      }
      for (const [facing, offered] of facings) {
        const choice = offered[0];
        const angle = (Math.PI / 3) * facing;
        const ax = x + Math.cos(angle) * HEX_SIZE * 0.62;
        const ay = y + Math.sin(angle) * HEX_SIZE * 0.62;
        const arrow = svgEl("g", { class: "sj-facing-choice", "data-facing": choice.facing, role: "button", "aria-label": `face ${FACINGS[choice.facing]}` }, group);
        svgEl("circle", { cx: ax, cy: ay, r: HEX_SIZE * 0.3 }, arrow);
        svgEl("text", { x: ax, y: ay + HEX_SIZE * 0.12, "text-anchor": "middle", "font-size": HEX_SIZE * 0.36 }, arrow).textContent = ARROWS[choice.facing];
        arrow.addEventListener("click", (event) => {
          event.stopPropagation();
          if (offered.length === 1) send(choice);
          else panel.replaceChildren(el("p", {}, `Facing ${FACINGS[facing]}: which way it ends.`), buttons(offered, model, send));
        });
      }
    } else {
      for (const hex of hexes) {
        const cell = svgEl("polygon", { points: corners(hexCenter(hex, HEX_SIZE)), class: "sj-hex-offered", "data-hex": hex.join(","), role: "button", "aria-label": `hex ${hex.join(", ")}` }, group);
        cell.addEventListener("click", (event) => { event.stopPropagation(); pick(hex); });
      }
    }
    return group;
  };
  return { overlay };
}

// Terrain placed in turns (Battlefield Setup > 2): the pieces left, one button each
// (its name and how many are left), then the hexes and facings of the piece chosen as
// for a character (hexChoices). The first piece is chosen to begin with.
export function terrainPieces(choices, model) {
  const left = new Map();
  for (const kind of (model.terrainPool && model.terrainPool.left) || []) left.set(kind.kind, kind.count);
  const pieces = [];
  for (const choice of choices) if (!pieces.some((p) => p.kind === choice.terrain)) pieces.push({ kind: choice.terrain, name: terrainName(choice.terrain), count: left.get(choice.terrain) || 1 });
  return pieces;
}

function terrainChoices(choices, model, send, hooks, element) {
  const pieces = terrainPieces(choices, model);
  const row = el("p", { className: "sj-buttons sj-pieces", role: "group", "aria-label": "the piece to place" });
  const where = el("div", { className: "sj-piece-hexes" });
  let current = null;
  const choose = (piece, redraw = true) => {
    for (const b of row.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.terrain === piece.kind));
    where.replaceChildren();
    current = hexChoices("terrain", choices.filter((c) => c.terrain === piece.kind), model, send, hooks, where);
    if (redraw) hooks.redraw();
  };
  for (const piece of pieces) {
    row.append(button(`${piece.name}${piece.count > 1 ? ` (${piece.count} left)` : ""}`, () => choose(piece), { className: "sj-piece", "data-terrain": piece.kind, "aria-pressed": "false" }), " ");
  }
  element.append(el("p", { className: "sj-verb" }, "The piece:"), row, where);
  if (pieces.length) choose(pieces[0], false);
  return { overlay: (...args) => (current ? current.overlay(...args) : svgEl("g", { class: "play-overlay sj-overlay" })) };
}

const corners = (centre) => hexCorners(centre, HEX_SIZE * 0.92).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

// A hand prompt: the side's cards from its own view (handChoices), as faces to click.
// A page showing another view (hot-seat, the device passed in the spectator view)
// asks the API for this side's view of the latest step: the server lets only this
// side's player have it.
function handControl(prompt, side, model, hooks) {
  const send = (choice) => hooks.submit(choice.side === undefined ? { ...choice, side } : choice);
  const element = el("div", { className: "sj-control" });
  const title = (prompt.options && prompt.options.text) || VERBS[prompt.kind] || prompt.kind;
  const control = { title, element, generic: false, command: () => { throw new Error("click one of the cards above"); } };
  let proposal = null;
  let shown = model;
  const fill = () => {
    const choices = handChoices(prompt.kind, side, shown, proposal);
    if (passesAtOnce(prompt.kind, choices)) {
      // The engine asks at every instant or counter window (whether a side holds such a
      // card is its secret); with none in hand there is nothing to decide: pass at once.
      element.replaceChildren(el("p", { role: "status" }, `${title} No such card in hand: passed.`));
      setTimeout(() => send(choices[0]), 0);
      return;
    }
    if (!choices.length) {
      element.replaceChildren(el("p", {}, "This view shows no card to answer with: write the command below."));
      return;
    }
    element.replaceChildren(cardChoices(choices, shown, send));
  };
  const me = model.characters.find((c) => c.side === side);
  const viewer = typeof window !== "undefined" ? window.shiaiReplay : null;
  if (me && me.hand === null && viewer) {
    element.replaceChildren(el("p", { role: "status" }, `Fetching side ${side}'s hand…`));
    const url = `/api/games/${encodeURIComponent(viewer.game.id)}/steps/${viewer.last}?view=${encodeURIComponent(side)}`;
    fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`the server answered ${response.status}`))))
      .then((answer) => { shown = tableModel(answer.state); fill(); })
      .catch((error) => element.replaceChildren(el("p", { role: "alert" }, `Could not fetch side ${side}'s hand (${error.message}): write the command below.`)));
  } else {
    fill();
  }
  if (prompt.kind === "search" && hooks.propose) {
    hooks.propose().then((found) => { proposal = found; if (element.isConnected) fill(); });
  }
  return control;
}
