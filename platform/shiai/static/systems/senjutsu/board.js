// The Senjutsu table: the battlefield's hexes with its terrain and each character
// (facing arrow, name, kamae, focus pips, wounds against the limit, hobbles, stuns),
// the advantage track, and each side's cards: the played card (face down, then both
// turning over together at the reveal: a CSS flip), the hand (readable for its own
// player, a row of backs for anyone else, nothing for a spectator but the count),
// deck and discard. tableModel is pure (node tests it); drawBoard draws into the page.
//
// It reads both shapes a page gets: a side's or a spectator's view (the Senjutsu
// contract, section 9) while the game runs, and the whole state (section 5) once it
// is over, when everything is public.
import { drawHexBoard, hexAt, hexCenter, hexDistance } from "../../boards/hex.js";
import { arrow, arrowDefs } from "../../boards/table.js";
import { cardBack, cardElement, KAMAE, namedCard } from "./cards.js";

export const HEX_SIZE = 50;
// Players A-F; the solo opponents O1-O5 in darker inks (Solo Rules: up to five).
export const SIDE_COLOURS = {
  A: "#9b2226", B: "#1d4e89", C: "#2d6a4f", D: "#7b2cbf", E: "#b08900", F: "#495057",
  O1: "#3d405b", O2: "#6b4226", O3: "#5f0f40", O4: "#386641", O5: "#22223b",
};
const FACINGS = ["east", "south-east", "south-west", "west", "north-west", "north-east"];

const isView = (state) => state.schema === undefined;

// A terrain piece's name from its id ("cherry-tree": "Cherry Tree"), as the catalogue
// names the box's pieces; `names` (kind: name) where the view or catalogue has them.
export function terrainName(kind, names = {}) {
  if (names[kind]) return names[kind];
  return String(kind).split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

// Boards combined (Battlefield Setup > 1): which board (its index in the view's
// board.boards) each hex comes from, read with the catalogue's battlefields; empty
// for one board or without the catalogue.
export function boardParts(board, battlefields) {
  const parts = new Map();
  ((board && board.boards) || []).forEach((part, index) => {
    const field = battlefields[part.battlefield];
    const [dq, dr] = part.offset || [0, 0];
    for (const [q, r] of (field && field.hexes) || []) parts.set(`${q + dq},${r + dr}`, index);
  });
  return parts;
}

// Terrain placed in turns (Battlefield Setup > 2): the pieces left (by kind, with a
// count), the turn order once rolled, whose turn it is, the pieces set aside; or null.
function poolOf(pool, names) {
  if (!pool) return null;
  const left = [];
  for (const kind of pool.left || []) {
    const entry = left.find((k) => k.kind === kind);
    if (entry) entry.count += 1;
    else left.push({ kind, name: terrainName(kind, names), count: 1 });
  }
  const order = pool.order || [];
  const placing = order.length && left.length ? order[(pool.next || 0) % order.length] : null;
  return { left, order, placing, setAside: (pool.set_aside || []).map((k) => terrainName(k, names)) };
}

// The kamae type of a character's position (a view names it; a whole state is read
// with its tree from the catalogue).
function kamaeType(character, trees) {
  if (character.kamae_type) return character.kamae_type;
  const tree = trees && trees[character.tree];
  const position = tree && (tree.positions || []).find((p) => p.id === character.kamae);
  return position ? position.kamae : null;
}

// A played card as everyone at the table sees it: { card, speed, revealed }.
function playedOf(played, view, phase) {
  if (!played) return null;
  if (view) return { card: played.card, speed: played.speed, revealed: Boolean(played.revealed) };
  // A finished game's whole state: every card is public, but a replay still shows
  // the chosen cards face down until the reveal turns them over.
  return { card: played.card, speed: played.speed, revealed: phase !== "choose", phaseHidden: phase === "choose" };
}

// Everything drawBoard shows, as plain data. `catalogue` is the public catalogue
// ({cards, characters, trees, terrain}), needed for a whole state only.
export function tableModel(state, catalogue = {}) {
  const view = isView(state);
  const cards = { ...(catalogue.cards || {}), ...(state.cards || {}) };
  const trees = { ...(catalogue.trees || {}), ...(state.trees || {}) };
  const people = catalogue.characters || {};
  const terrainKinds = catalogue.terrain || {};
  const terrainAt = new Map();
  const names = Object.fromEntries(Object.entries(terrainKinds).map(([kind, k]) => [kind, k.name]));
  for (const piece of state.terrain || []) {
    const name = piece.name || terrainName(piece.kind, names);
    names[piece.kind] = name;
    const solid = new Set((piece.solid || piece.hexes || []).map((h) => h.join(",")));
    for (const hex of piece.hexes || []) terrainAt.set(hex.join(","), { id: piece.id, kind: piece.kind, name, solid: solid.has(hex.join(",")) });
  }
  const parts = boardParts(state.board, catalogue.battlefields || {});
  const labelled = new Set(); // a piece is named on its first hex only
  const hexes = ((state.board && state.board.hexes) || []).map((hex) => {
    const terrain = terrainAt.get(hex.join(","));
    const label = terrain && !labelled.has(terrain.id) ? terrain.name : null;
    if (terrain) labelled.add(terrain.id);
    return { hex, terrain: terrain ? `terrain ${terrain.kind}${terrain.solid ? "" : " open"}` : null, label, part: parts.get(hex.join(",")) || 0 };
  });
  for (const trap of state.traps || []) {
    const hex = trap.hex || trap;
    const cell = hexes.find((h) => Array.isArray(hex) && h.hex[0] === hex[0] && h.hex[1] === hex[1]);
    if (cell) cell.trap = true;
  }
  const sides = state.sides || Object.keys(state.characters || {});
  const characters = sides.map((side) => {
    const c = state.characters[side];
    const name = c.name || (people[c.character] && people[c.character].name) || c.character;
    const hand = Array.isArray(c.hand) ? c.hand : null;
    // Stun cards are counted apart from the hand's ids (contract, section 5).
    const handCount = (c.hand_count !== undefined ? c.hand_count : hand ? hand.length : 0) + (c.stuns || 0);
    const deckCount = c.deck_count !== undefined ? c.deck_count : Array.isArray(c.deck) ? c.deck.length : 0;
    const discard = (c.discard || []).map((d) => ({ card: view ? d.card : d.card, up: d.up }));
    const type = kamaeType(c, trees);
    return {
      side,
      name,
      character: c.character,
      tree: c.tree || c.character, // the view names no tree: a character's tree has its id
      weapon: c.weapon,
      weaponName: c.weapon && cards[c.weapon] ? cards[c.weapon].name : c.weapon,
      hex: c.hex,
      facing: c.facing,
      facingName: Number.isInteger(c.facing) ? FACINGS[c.facing] : "",
      kamae: c.kamae,
      kamaeType: type,
      kamaeName: type ? KAMAE[type] || type : c.kamae,
      focus: c.focus || 0,
      wounds: c.wounds || 0,
      bleeding: c.bleeding || 0,
      woundLimit: c.wound_limit,
      handLimit: c.hand_limit,
      hobbles: c.hobbles || [],
      stuns: c.stuns || 0,
      defeated: Boolean(c.defeated),
      hand, // null: not this viewer's to read
      handCount,
      deckCount,
      discard,
      played: playedOf(c.played, view, state.phase),
      solo: c.solo || null,
      advantage: (state.advantage || []).indexOf(side) + 1,
    };
  });
  // A spectator's view reads no hand at all: no backs are drawn for it either.
  const spectator = view && characters.every((c) => c.hand === null);
  return {
    spectator,
    turn: state.turn,
    phase: state.phase,
    mode: state.mode,
    winner: state.winner || null,
    hexes,
    characters,
    terrainPool: poolOf(state.terrain_pool, names),
    advantage: (state.advantage || []).map((side) => ({ side, name: (characters.find((c) => c.side === side) || {}).name || side })),
    cards,
    trees,
  };
}

// -- drawing ---------------------------------------------------------------------------

function el(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

// The state a side panel's played card was in at the previous step, to turn it over
// (a flip) when this step reveals it.
function wasFaceDown(previous, side) {
  const before = previous && previous.characters.find((c) => c.side === side);
  return Boolean(before && before.played && !before.played.revealed);
}

let stylesheet = false;
function ensureStyles() {
  if (stylesheet || typeof document === "undefined") return;
  stylesheet = true;
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./senjutsu.css", import.meta.url).href }));
}

// Draw the table into `container` (the viewer's #board). The battlefield's <svg> is
// the first in the container: the play mode draws its overlay on it.
export function drawBoard(container, state, { step = 0, catalogue = {}, previous = null, event = null } = {}) {
  ensureStyles();
  const model = tableModel(state, catalogue);
  const before = previous ? tableModel(previous, catalogue) : null;
  const units = model.characters
    .filter((c) => Array.isArray(c.hex) && !c.defeated)
    .map((c) => ({ id: c.side, hex: c.hex, facing: c.facing, side: c.side, label: "" }));
  const holder = el("div", { class: "sj-battlefield" });
  const svg = drawHexBoard(holder, {
    hexes: model.hexes.map(({ hex, terrain }) => ({ hex, terrain })),
    units,
    size: HEX_SIZE,
    step,
    label: `the battlefield, turn ${model.turn}, ${model.phase}`,
    colours: SIDE_COLOURS,
  });
  svg.classList.add("sj-board");
  // Boards combined: every other board's hexes in another tint, to see the seam.
  for (const cell of model.hexes.filter((h) => h.part % 2 === 1)) {
    const hex = svg.querySelector(`.hex[data-hex="${cell.hex.join(",")}"]`);
    if (hex) hex.classList.add("sj-part-odd");
  }
  // Room around the hexes for the names and marks of a character on the edge.
  const [x, y, width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const pad = HEX_SIZE * 0.7;
  svg.setAttribute("viewBox", `${x - pad} ${y - pad} ${width + 2 * pad} ${height + 2 * pad}`);
  for (const cell of model.hexes.filter((h) => h.trap)) {
    const [x, y] = hexCenter(cell.hex, HEX_SIZE);
    svgEl("circle", { cx: x, cy: y - HEX_SIZE * 0.55, r: HEX_SIZE * 0.14, class: "sj-trap" }, svg).append(Object.assign(svgEl("title"), { textContent: "a trap" }));
  }
  // Terrain names over every hex (drawn after the hexes, so no hex covers them).
  const names = svgEl("g", { class: "sj-terrain-names" });
  svg.insertBefore(names, svg.querySelector(".unit"));
  for (const cell of model.hexes.filter((h) => h.label)) {
    const [x, y] = hexCenter(cell.hex, HEX_SIZE);
    svgEl("text", { x, y: y + HEX_SIZE * 0.62, "text-anchor": "middle", "font-size": HEX_SIZE * 0.26, class: "sj-terrain-name" }, names).textContent = cell.label;
  }
  for (const c of model.characters) if (Array.isArray(c.hex) && !c.defeated) decorate(svg, c);
  markEvent(svg, model, before, event);

  const track = el("ol", { class: "sj-track", "aria-label": "advantage track, top first" });
  for (const entry of model.advantage) {
    track.append(el("li", { class: `sj-token side-${entry.side}` }, `${entry.name} (${entry.side})`));
  }
  const head = el("p", { class: "sj-turn" }, `Turn ${model.turn ?? "–"} · ${String(model.phase || "").replace(/_/g, " ")}`);
  if (model.winner) head.append(el("strong", { class: "sj-winner" }, ` · winner: side ${model.winner}`));
  const table = el("div", { class: "sj-table", "data-step": step, "data-phase": model.phase || "" });
  const sides = el("div", { class: "sj-sides" });
  for (const c of model.characters) sides.append(sidePanel(c, model.cards, wasFaceDown(before, c.side), model.spectator));
  const status = el("div", { class: "sj-status" }, head, el("div", { class: "sj-track-box" }, el("span", {}, "Advantage: "), track));
  if (model.terrainPool && model.phase === "terrain") status.append(poolLine(model.terrainPool, model.characters));
  const legend = el("p", { class: "sj-legend" }, "On the battlefield: W wounds / limit · B bleeding · H hobbles · S stuns · ● focus");
  table.append(holder, legend, status, sides);
  container.setAttribute("role", "region");
  container.setAttribute("aria-label", "the battlefield and the cards at this step");
  container.replaceChildren(table);
  return svg;
}

// The characters this step's event is about, ringed, and an arrow for each one that
// changed hex.
const flat = (x) => (Array.isArray(x) ? x : [x]);
const same = (a, b) => Array.isArray(a) && Array.isArray(b) && a[0] === b[0] && a[1] === b[1];

export function eventSides(event, sides) {
  const found = new Set();
  if (!event) return found;
  for (const key of ["side", "target", "attacker", "defender", "sides", "by"]) {
    for (const value of flat(event[key])) if (sides.includes(value)) found.add(value);
  }
  return found;
}

function markEvent(svg, model, before, event) {
  const sides = model.characters.map((c) => c.side);
  for (const side of eventSides(event, sides)) {
    const unit = svg.querySelector(`.unit[data-unit="${side}"]`);
    if (unit) unit.classList.add("in-event");
  }
  if (!before) return;
  const layer = svgEl("g", { class: "arrows" }, svg);
  for (const c of model.characters) {
    const old = before.characters.find((o) => o.side === c.side);
    if (!old || !Array.isArray(old.hex) || !Array.isArray(c.hex) || same(old.hex, c.hex)) continue;
    if (!svg.querySelector("defs")) arrowDefs(svg);
    const steps = hexDistance(old.hex, c.hex);
    arrow(layer, hexCenter(old.hex, HEX_SIZE), hexCenter(c.hex, HEX_SIZE), "move", `${c.name} moves ${steps} hex${steps === 1 ? "" : "es"}`, (y) => y, { unit: c.side });
  }
}

// The ruler's distance in hexes between two points of the battlefield.
export function measure(a, b) {
  const steps = hexDistance(hexAt(a, HEX_SIZE), hexAt(b, HEX_SIZE));
  return `${steps} hex${steps === 1 ? "" : "es"}`;
}

// The legend: the characters by their sides' colours, and the marks of an event.
export function legend(state, catalogue = {}) {
  const model = tableModel(state, catalogue);
  const items = model.characters.map((c) => ({ kind: "side", colour: SIDE_COLOURS[c.side] || "#333", label: `${c.name} (side ${c.side})` }));
  const terrain = [...new Set(model.hexes.filter((h) => h.label).map((h) => h.label))];
  if (terrain.length) items.push({ kind: "terrain", colour: "#b5a27a", label: `terrain: ${terrain.join(", ")}` });
  items.push({ kind: "mark", className: "event-halo", label: "in this step's event" });
  items.push({ kind: "line", className: "move", label: "move" });
  return items;
}

// Terrain placed in turns: what is left to place, and who places next.
function poolLine(pool, characters) {
  const who = (side) => `${(characters.find((c) => c.side === side) || {}).name || "side"} (${side})`;
  const left = pool.left.map((k) => (k.count > 1 ? `${k.name} ×${k.count}` : k.name)).join(", ");
  const parts = [left ? `Terrain to place: ${left}` : "All the terrain is placed"];
  if (!pool.order.length && left) parts.push("a die decides who places first");
  else if (pool.placing) parts.push(`next: ${who(pool.placing)}`);
  if (pool.setAside.length) parts.push(`set aside (no room): ${pool.setAside.join(", ")}`);
  return el("p", { class: "sj-terrain-pool" }, parts.join(" · "));
}

// The marks beside a character on the battlefield: name, kamae, focus pips, wounds.
function decorate(svg, c) {
  const unit = svg.querySelector(`.unit[data-unit="${c.side}"]`);
  if (!unit) return;
  unit.classList.add("sj-character");
  unit.setAttribute("data-hex", Array.isArray(c.hex) ? c.hex.join(",") : "");
  const s = HEX_SIZE;
  const name = svgEl("text", { y: -s * 0.68, class: "sj-label", "text-anchor": "middle", "font-size": s * 0.3 }, unit);
  // A solo opponent has no kamae or focus: its stance instead (Solo Rules).
  name.textContent = c.solo ? `${c.name} · ${c.solo.stance}` : `${c.name} · ${c.kamaeName || ""}`;
  const pips = svgEl("g", { class: "sj-pips", transform: `translate(${s * 0.72} ${-s * 0.4})` }, unit);
  for (let i = 0; i < c.focus; i += 1) svgEl("circle", { cy: i * s * 0.2, r: s * 0.08, class: "sj-focus-pip" }, pips);
  const hurt = svgEl("text", { y: s * 0.9, class: "sj-wounds", "text-anchor": "middle", "font-size": s * 0.28 }, unit);
  hurt.textContent = [`W${c.wounds}/${c.woundLimit}`, c.bleeding ? `B${c.bleeding}` : "", c.hobbles.length ? `H${c.hobbles.length}` : "", c.stuns ? `S${c.stuns}` : ""].filter(Boolean).join(" ");
  const title = unit.querySelector("title");
  if (title && c.solo) title.textContent = `${c.name}, solo opponent, side ${c.side}, facing ${c.facingName}; ${c.solo.stance} stance, wounds left ${c.solo.wounds_left} of ${c.woundLimit}, stuns above ${c.solo.stuns_above}`;
  else if (title) title.textContent = `${c.name}, side ${c.side}, facing ${c.facingName}; ${c.kamaeName} kamae, focus ${c.focus}, wounds ${c.wounds} of ${c.woundLimit}${c.bleeding ? `, bleeding ${c.bleeding}` : ""}, hobbles ${c.hobbles.length}, stuns ${c.stuns}`;
}

// A solo opponent's facts (Solo Rules): its stance and approach, the wounds it has
// left of its limit, the stun cards above its deck; no kamae, focus, weapon or hand.
function soloFacts(c) {
  return [
    ["Opponent", "solo rules (never asked)"],
    ["Stance", c.solo.stance],
    ["Approach", c.solo.approach || "–"],
    ["Wounds left", `${c.solo.wounds_left} of ${c.woundLimit}${c.bleeding ? `, bleeding ${c.bleeding}` : ""}`],
    ["Stuns above", String(c.solo.stuns_above)],
    ["Hobbles", c.hobbles.length ? c.hobbles.map((q) => `${q}/4 turned`).join(", ") : "none"],
    ["Deck", String(c.deckCount)],
    ["Advantage", c.advantage ? `#${c.advantage}` : "–"],
  ];
}

function facts(c) {
  const dl = el("dl", { class: "sj-facts" });
  const rows = c.solo ? soloFacts(c) : [
    ["Kamae", `${c.kamaeName || "–"}${c.kamae ? ` (${c.kamae})` : ""}`],
    ["Focus", String(c.focus)],
    ["Wounds", `${c.wounds} of ${c.woundLimit}${c.bleeding ? `, bleeding ${c.bleeding}` : ""}`],
    ["Hobbles", c.hobbles.length ? c.hobbles.map((q) => `${q}/4 turned`).join(", ") : "none"],
    ["Stuns", `${c.stuns} (hand limit ${c.handLimit})`],
    ["Weapon", c.weaponName || "–"],
    ["Deck", String(c.deckCount)],
    ["Advantage", c.advantage ? `#${c.advantage}` : "–"],
  ];
  for (const [term, value] of rows) dl.append(el("dt", {}, term), el("dd", {}, value));
  return dl;
}

// The played card: a back while face down; both faces in a flipping box once
// revealed (turned over by CSS, animated when this very step revealed it).
function playedSlot(c, cards, flip) {
  const slot = el("div", { class: "sj-played", "data-side": c.side });
  slot.append(el("span", { class: "sj-slot-label" }, "Played"));
  if (!c.played) {
    slot.append(el("span", { class: "sj-empty" }, "nothing"));
    return slot;
  }
  const known = c.played.card !== null && c.played.card !== undefined && !c.played.phaseHidden;
  // Its own player reads a card still face down to the others.
  const own = known && !c.played.revealed;
  const box = el("div", { class: "sj-flip" + ((known && c.played.revealed && !flip) || own ? " revealed" : ""), "data-card": known ? c.played.card : "" });
  const front = known ? cardElement(namedCard(cards, c.played.card)) : cardBack("the played card, face down");
  front.classList.add("sj-face");
  const back = cardBack("the played card, face down");
  back.classList.add("sj-backface");
  box.append(back, front);
  slot.append(box);
  if (known && c.played.revealed && flip) {
    // This step revealed it: draw it face down, then turn it over.
    requestAnimationFrame(() => requestAnimationFrame(() => box.classList.add("revealed")));
  }
  if (own) slot.append(el("span", { class: "sj-played-note" }, "face down to the others until the reveal"));
  if (c.played.speed !== null && c.played.speed !== undefined) slot.append(el("span", { class: "sj-played-speed" }, `speed ${c.played.speed}`));
  return slot;
}

function sidePanel(c, cards, flip, spectator) {
  const panel = el("section", { class: `sj-side side-${c.side}${c.defeated ? " defeated" : ""}`, "data-side": c.side, "aria-label": `side ${c.side}: ${c.name}` });
  panel.append(el("h3", {}, el("span", { class: "sj-swatch" }), `${c.name} · side ${c.side}${c.solo ? " · solo opponent" : ""}${c.defeated ? " · defeated" : ""}`));
  panel.append(facts(c));
  panel.append(playedSlot(c, cards, flip));
  if (c.solo) {
    panel.classList.add("sj-solo");
    panel.append(discardLine(c, cards));
    return panel;
  }
  const hand = el("div", { class: "sj-hand", "data-count": c.handCount });
  if (c.hand) {
    hand.append(el("span", { class: "sj-slot-label" }, `Hand (${c.handCount})`));
    const row = el("div", { class: "sj-cards" });
    for (const id of c.hand) row.append(cardElement(namedCard(cards, id)));
    for (let i = 0; i < c.stuns; i += 1) row.append(cardElement(namedCard(cards, "stun")));
    hand.append(row);
  } else if (spectator) {
    hand.append(el("span", { class: "sj-slot-label" }, `Hand: ${c.handCount} card(s)`));
  } else {
    hand.append(el("span", { class: "sj-slot-label" }, `Hand: ${c.handCount} card(s), hidden`));
    const row = el("div", { class: "sj-cards backs" });
    for (let i = 0; i < Math.min(c.handCount, 12); i += 1) row.append(cardBack());
    hand.append(row);
  }
  panel.append(hand);
  panel.append(discardLine(c, cards));
  return panel;
}

function discardLine(c, cards) {
  // The discard pile: face-up cards by name (the last ones), face-down ones by name
  // only where this view may read them (its own pile, or a finished game).
  const up = c.discard.filter((d) => d.up && d.card).map((d) => namedCard(cards, d.card).name);
  const downKnown = c.discard.filter((d) => !d.up && d.card).map((d) => namedCard(cards, d.card).name);
  const down = c.discard.filter((d) => !d.up).length;
  const parts = [];
  if (up.length) parts.push(up.length > 8 ? `…, ${up.slice(-8).join(", ")}` : up.join(", "));
  if (down) parts.push(`${down} face down${downKnown.length ? `: ${downKnown.slice(-8).join(", ")}` : ""}`);
  return el("p", { class: "sj-discard" }, `Discard: ${c.discard.length}${parts.length ? ` (${parts.join("; ")})` : ""}`);
}
