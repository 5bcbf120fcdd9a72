// Senjutsu's cards in the browser: what a card face says (cardFace: pure, tested
// under node by tests/unit/test_senjutsu_js.py) and the face drawn as HTML
// (cardElement, cardBack). A card is the catalogue's JSON (the Senjutsu contract,
// section 2): the view names every card it shows under "cards"; a finished game's
// state (shown whole) is read with the public catalogue the plug-in serves
// (/systems/senjutsu/catalogue.json, see loadCatalogue).
import { hexCenter, hexCorners } from "../../boards/hex.js";

const SVG = "http://www.w3.org/2000/svg";
export const TYPES = { attack: "Attack", defence: "Defence", meditation: "Meditation", core: "Core", status: "Status", stun: "Stun" };
export const KAMAE = { neutral: "Neutral", aggression: "Aggression", balance: "Balance", determination: "Determination" };
const INSTANT = { additional: "Instant additional", replacement: "Instant replacement", instant: "Instant" };
const CONDITION = { attack_successful: "play if attack successful", block_successful: "play if block successful" };

// The speed as printed: "5", or "6–2" for a variable initiative speed.
export function speedText(initiative) {
  if (Array.isArray(initiative)) return `${initiative[0]}–${initiative[1]}`;
  return initiative === null || initiative === undefined ? "–" : String(initiative);
}

// Every effect of a card, nested ones (OR options, If Successful...) included.
export function effectsOf(card) {
  const found = [];
  const walk = (effects) => {
    for (const effect of effects || []) {
      found.push(effect);
      walk(effect.if_successful);
      walk(effect.targeted);
      for (const option of effect.options || []) for (const line of option) walk(line.effects);
    }
  };
  for (const line of [...(card.lines || []), ...((card.split && card.split.lines) || []), ...(card.bottom || [])]) walk(line.effects);
  return found;
}

// The card's positional grid, facing east with the character at [0, 0]: the hexes
// its attacks strike (with their wounds and icons) and its blocks cover.
export function gridOf(card) {
  const cells = new Map();
  const at = (hex) => {
    const key = hex.join(",");
    if (!cells.has(key)) cells.set(key, { hex, wounds: 0, block: false, icons: [] });
    return cells.get(key);
  };
  // A grid entry is a cell ({hex, wounds...}) or, for a block, a bare [dq, dr].
  const cellsOf = (effect) => (effect.grid || []).map((item) => (Array.isArray(item) ? { hex: item } : item));
  for (const effect of effectsOf(card)) {
    if (effect.do === "attack") {
      for (const cell of cellsOf(effect)) {
        const shown = at(cell.hex);
        shown.wounds += cell.wounds === undefined ? 1 : cell.wounds;
        shown.attack = true;
        for (const icon of ["bleeding", "execution", "poison", "hobble", "stun", "asterisk"]) {
          if (cell[icon]) shown.icons.push(icon === "bleeding" && cell.bleeding > 1 ? `bleeding ×${cell.bleeding}` : icon);
        }
      }
    } else if (effect.do === "block") {
      for (const cell of cellsOf(effect)) at(cell.hex).block = true;
    }
  }
  return [...cells.values()].sort((a, b) => a.hex[1] - b.hex[1] || a.hex[0] - b.hex[0]);
}

// What a card face says, as plain data (no page needed).
export function cardFace(card) {
  const tags = [];
  if (card.rank) tags.push(card.rank);
  if (card.weapon) tags.push("weapon");
  if (card.signature) tags.push(`signature: ${card.signature}`);
  if (card.school) tags.push(`school: ${card.school}`);
  const notes = [];
  if (card.kamae) notes.push(`Requires ${KAMAE[card.kamae] || card.kamae} kamae`);
  if (card.focus_cost) notes.push(`Focus cost ${card.focus_cost}`);
  if (card.instant) notes.push(INSTANT[card.instant] + (card.condition ? ` (${CONDITION[card.condition] || card.condition})` : ""));
  if (card.alternative) {
    const alt = card.alternative;
    notes.push(`Alternative speed ${alt.initiative}${alt.kamae ? ` in ${KAMAE[alt.kamae] || alt.kamae} kamae (mandatory)` : ""}${alt.focus ? ` for ${alt.focus} focus` : ""}`);
  }
  if (card.split) notes.push(`Split: the part below resolves at speed ${card.split.initiative}`);
  const ranged = effectsOf(card).filter((e) => e.do === "ranged_attack" || e.do === "ranged").map((e) => e.range);
  if (ranged.length) notes.push(`Range ${Math.max(...ranged)}`);
  return {
    id: card.id,
    name: card.name,
    speed: speedText(card.initiative),
    type: TYPES[card.type] || card.type,
    typeKey: card.type,
    tags,
    notes,
    grid: gridOf(card),
    text: card.text || "",
    keywords: card.keywords || [],
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
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const points = (corners) => corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

// The positional grid as small hexes: the character in the middle facing east
// (an arrow), struck hexes red with their wounds, blocked hexes blue.
export function gridElement(grid) {
  const size = 10;
  const svg = svgEl("svg", { viewBox: "-45 -38 90 76", class: "sj-grid", role: "img" });
  const shown = new Map(grid.map((cell) => [cell.hex.join(","), cell]));
  const words = [];
  for (let q = -2; q <= 2; q += 1) {
    for (let r = -2; r <= 2; r += 1) {
      if (Math.abs(q + r) > 2) continue;
      const centre = hexCenter([q, r], size);
      const cell = shown.get(`${q},${r}`);
      const kind = q === 0 && r === 0 ? "self" : cell ? (cell.attack ? "struck" : "blocked") : "empty";
      const group = svgEl("g", { class: `sj-cell ${kind}${cell && cell.block ? " block" : ""}` }, svg);
      svgEl("polygon", { points: points(hexCorners(centre, size * 0.95)) }, group);
      if (kind === "self") {
        svgEl("path", { d: `M${centre[0] + 7},${centre[1]}L${centre[0] - 3},${centre[1] - 5}L${centre[0] - 3},${centre[1] + 5}Z`, class: "arrow" }, group);
      } else if (cell) {
        const label = cell.attack ? String(cell.wounds || "•") : "▣";
        svgEl("text", { x: centre[0], y: centre[1] + 3.5, "text-anchor": "middle" }, group).textContent = label + (cell.icons.length ? "*" : "");
        words.push(`[${cell.hex}]: ${cell.attack ? `${cell.wounds} wound(s)` : ""}${cell.block ? " block" : ""}${cell.icons.length ? ` (${cell.icons.join(", ")})` : ""}`);
      }
    }
  }
  svg.setAttribute("aria-label", words.length ? `grid facing east: ${words.join("; ")}` : "no grid");
  return svg;
}

// A card face as HTML: speed, name, type and rank, notes, grid, text.
export function cardElement(card, { tag = "div", attributes = {} } = {}) {
  const face = cardFace(card);
  const node = el(tag, { class: `sj-card ${face.typeKey}`, "data-card": card.id, ...attributes });
  node.append(
    el("span", { class: "sj-head" }, el("span", { class: "sj-speed", title: "initiative speed" }, face.speed), el("strong", { class: "sj-name" }, face.name)),
    el("span", { class: "sj-type" }, [face.type, ...face.tags].join(" · ")),
  );
  if (face.grid.length) node.append(gridElement(face.grid));
  for (const note of face.notes) node.append(el("span", { class: "sj-note" }, note));
  if (face.text) node.append(el("span", { class: "sj-text" }, face.text));
  return node;
}

// The back of a card nobody may read here.
export function cardBack(label = "a card, face down") {
  return el("div", { class: "sj-card sj-back", role: "img", "aria-label": label }, el("span", { class: "sj-back-mark" }, "戦術"));
}

// A card that is no card object: a stun card (speed 0), or one unknown to this page.
export function namedCard(cards, id) {
  if (id === "stun") return { id: "stun", name: "Stun", type: "stun", initiative: 0, text: "Played instead of an ability card: speed 0, then returned to the supply." };
  return (cards && cards[id]) || { id, name: id, type: "", initiative: null, text: "" };
}

// -- the public catalogue --------------------------------------------------------------

let catalogue = null;

// The public catalogue (cards, characters, kamae trees, terrain) the plug-in serves,
// fetched once; {} if it cannot be had (the view's own cards still show).
export function loadCatalogue() {
  if (!catalogue) {
    catalogue = fetch(new URL("/systems/senjutsu/catalogue.json", location.href), { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
  }
  return catalogue;
}
