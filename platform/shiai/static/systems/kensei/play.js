// Kensei's prompt controls: who places scenery first, extra scenery, deployment,
// the active side, the unit to activate, ki abilities, the orders (a move drawn as
// waypoints on the board, with the distance left; attack, shoot and charge with a
// target picked from a list or by clicking one of its miniatures) and the combat
// answers (reactive attack, charge reaction, casualties, chase), the command cards to
// keep in maintenance, the commander activation and the command duel (declaring it,
// then the sealed bet), commander's orders, the offerings to the gods, the opportunity
// charge, closing in, the duel's answer and the attacked side of a tie. Kinds that are not
// here (a multiple combat's orderings, a withdrawal's facing, the winner's melee move)
// fall back to the generic JSON editor, filled with a legal proposal.
import { SIDE_COLOURS } from "./board.js";
import { button, choose, coordinates, el, svgEl } from "../../viewer/play-controls.js";

const CM = 100;
const ELEMENT = 500; // an extra scenery element is 5 x 5 cm
const cm = (value) => `${(Math.round(value / 10) / 10).toFixed(1)} cm`;
const unitLabel = (state, uid) => `${state.units[uid].name} (${uid})`;

// What static/viewer/play.js asks of a system: a control for the prompt, or null.
export function control(prompt, side, state, hooks) {
  const make = KINDS[prompt.kind];
  return make ? make(prompt, side, state, hooks) : null;
}

const KINDS = {
  scenery_order: (prompt, side, state, hooks) => choices(
    "Choose who places extra scenery first.",
    prompt.options.choices.map((first) => [`Side ${first} places first`, { type: "choose_scenery_order", side, first }]),
    hooks,
  ),
  choose_active_side: (prompt, side, state, hooks) => choices(
    "You hold the initiative: choose the side that activates a unit now.",
    prompt.options.choices.map((active) => [`Side ${active} activates`, { type: "choose_active_side", side, active }]),
    hooks,
  ),
  choose_ki: chooseKi,
  choose_unit: chooseUnit,
  place_scenery: placeScenery,
  deploy,
  order,
  react: (prompt, side, state, hooks) => choices(
    `${unitLabel(state, prompt.options.unit)} is attacked by ${unitLabel(state, prompt.options.attacker)}: it fights back.`,
    [
      ["Fight back", { type: "react", side, boost: false }],
      ...(prompt.options.orders >= 2 ? [["Fight back, boosted (2 orders)", { type: "react", side, boost: true }]] : []),
    ],
    hooks,
  ),
  charge_reaction: (prompt, side, state, hooks) => choices(
    `${unitLabel(state, prompt.options.charging)} charges ${unitLabel(state, prompt.options.unit)}: declare its reaction before the charge roll.`,
    [
      ...prompt.options.reactions.map((reaction) => [REACTIONS[reaction] || reaction, { type: "charge_reaction", side, reaction }]),
      ...(prompt.options.boost ? [["Hold and shoot, boosted (2 orders)", { type: "charge_reaction", side, reaction: "hold", boost: true }]] : []),
    ],
    hooks,
  ),
  casualties: (prompt, side, state, hooks) => {
    const options = prompt.options;
    const diverting = options.leader_wounds > 0
      ? [...Array(options.leader_wounds + 1).keys()].map((n) => [
          n === 0 ? "Keep every wound on the leader" : `Divert ${n} of the leader's wounds (1D6 each, 4+ goes to the unit)`,
          { type: "casualties", side, protect: n },
        ])
      : [["Remove casualties (those in melee first, in unit order)", { type: "casualties", side, protect: 0 }]];
    return choices(
      `${unitLabel(state, options.unit)} takes ${options.wounds} wound(s)${options.leader_wounds ? `, its leader ${options.leader_wounds}` : ""}.`,
      diverting,
      hooks,
    );
  },
  chase: (prompt, side, state, hooks) => choices(
    `${unitLabel(state, prompt.options.fleeing)} falls back: does ${unitLabel(state, prompt.options.unit)} chase it (an honour roll first)?`,
    [["Chase", { type: "chase", side, chase: true }], ["Stay", { type: "chase", side, chase: false }]],
    hooks,
  ),
  keep_cards: keepCards,
  commander_activation: (prompt, side, state, hooks) => choices(
    `The activation phase is over: discard your whole hand (${prompt.options.cards} card(s), face down) to activate one more unit?`,
    [
      ...prompt.options.units.map((uid) => [`Activate ${unitLabel(state, uid)}`, { type: "commander_activation", side, unit: uid }]),
      ["Keep the hand", { type: "commander_activation", side, unit: null }],
    ],
    hooks,
  ),
  command_duel: (prompt, side, state, hooks) => choices(
    `Two new units are about to be activated: declare a command duel to steal the initiative? Both sides bet command cards face down (you hold ${prompt.options.hands[side]}, side ${side === "A" ? "B" : "A"} ${prompt.options.hands[side === "A" ? "B" : "A"]}); the higher total takes it, a tie leaves it.`,
    [
      ["Declare a command duel", { type: "command_duel", side, declare: true }],
      ["No duel", { type: "command_duel", side, declare: false }],
    ],
    hooks,
  ),
  command_duel_bet: betCards,
  choose_commander_orders: chooseCommanderOrders,
  keep_commander_order: keepCommanderOrder,
  offering,
  opportunity_charge: opportunityCharge,
  close_in: (prompt, side, state, hooks) => choices(
    `${prompt.options.minis.length} miniature(s) of ${unitLabel(state, prompt.options.unit)} are not in contact after the charge: close them in (keeping formation) or leave them where they stand?`,
    [["Close in", { type: "close_in", side, close: true }], ["Stay", { type: "close_in", side, close: false }]],
    hooks,
  ),
  duel_answer: (prompt, side, state, hooks) => {
    const options = prompt.options;
    const boost = options.orders >= 2;
    return choices(
      `${unitLabel(state, options.challenger)}'s leader challenges ${unitLabel(state, options.unit)}'s leader to a duel.`,
      [
        ["Accept", { type: "duel_answer", side, accept: true, boost: false }],
        ...(boost ? [["Accept, boosted (2 orders)", { type: "duel_answer", side, accept: true, boost: true }]] : []),
        ["Refuse (dishonour)", { type: "duel_answer", side, accept: false, boost: false }],
      ],
      hooks,
    );
  },
  attacked_side: (prompt, side, state, hooks) => choices(
    `${unitLabel(state, prompt.options.attacker)} attacks ${unitLabel(state, prompt.options.unit)} on a tie between its sides: choose the side attacked.`,
    prompt.options.sides.map((attacked) => [`Its ${attacked}`, { type: "attacked_side", side, attacked }]),
    hooks,
  ),
};

// Opportunity charge: let the move go, or charge the mover with one of the units offered
// at the start, middle or end of its move (boosted for two orders when the side has them).
function opportunityCharge(prompt, side, state, hooks) {
  const options = prompt.options;
  const pass = { type: "opportunity_charge", side };
  if (!options.units.length) return choices(`${unitLabel(state, options.mover)} moves.`, [["Let it go", pass]], hooks);
  const unit = choose("opportunity-unit", "Charging unit", options.units.map((uid) => [uid, unitLabel(state, uid)]));
  const point = choose("opportunity-point", "Meet it at", options.points.map((where) => [where, `the ${where} of its move`]), options.points[options.points.length - 1]);
  const boost = el("input", { type: "checkbox", id: "opportunity-boost", disabled: !options.boost });
  const element = el("div", { className: "choices" }, unit.element, point.element,
    el("p", {}, el("label", { htmlFor: boost.id }, boost, " boosted (2 orders: MOV doubled, the attack boosted)")));
  const control = {
    title: `${unitLabel(state, options.mover)} moves: declare an opportunity charge on it, or let it go.`,
    element,
    generic: false,
    command() {
      const charge = { ...pass, unit: unit.select.value, point: point.select.value };
      return boost.checked ? { ...charge, boost: true } : charge;
    },
  };
  element.append(el("p", {},
    confirm("Charge", control, hooks, "opportunity-confirm"), " ",
    button("Let it go", () => hooks.submit(pass), { id: "opportunity-pass" })));
  return control;
}

// Offering to the gods: a roll has just been made. Pass, or spend one card of the hand
// on it: re-roll any die (the card face down) or add the card's value to one of your
// own dice (face up). The hand is in the side's own view only; another view falls back
// to the JSON editor.
const JUDGES = {
  success: (judge) => `success on 4+ after ${judge.modifier >= 0 ? "+" : ""}${judge.modifier} (a natural 1 fails, a 6 succeeds)`,
  wound: (judge) => `wound on 4+ after ${judge.modifier >= 0 ? "+" : ""}${judge.modifier}`,
  honour: (judge) => `holds on ${judge.target} or less`,
  order: (judge) => `two orders on a total of 4+ (INI ${judge.bonus}), ki on 6+`,
  at_least: (judge) => `counts on ${judge.target}+`,
  opposed: () => "the higher total wins",
  total: () => "the dice are added up",
};

function offering(prompt, side, state, hooks) {
  const hand = state.cards && state.cards[side] ? state.cards[side].hand : null;
  if (!Array.isArray(hand)) return null;
  const roll = prompt.options.roll;
  const dieLabel = (index) => {
    const boost = roll.boosts[index] ? `+${roll.boosts[index]}` : "";
    return `die ${index + 1}: ${roll.faces[index]}${boost} (side ${roll.owners[index]})`;
  };
  const dice = roll.faces.map((_face, index) => [String(index), dieLabel(index)]);
  const die = choose("offering-die", "Die", dice);
  const action = choose("offering-action", "Offering", [
    ["reroll", "Re-roll it (the card face down)"],
    ["boost", "Add the card's value (your own die; face up)"],
  ]);
  const cards = [...new Set(hand)].sort((a, b) => a - b).map((value) => [String(value), `a ${value}`]);
  const card = choose("offering-card", "Card", cards);
  const done = prompt.options.offers.map((offer) => `side ${offer.side} ${offer.action === "pass" ? "passed" : offer.action === "boost" ? `boosted die ${offer.die + 1} by ${offer.card}` : `re-rolled die ${offer.die + 1}`}`);
  const element = el("div", { className: "choices" },
    el("p", {}, `${JUDGES[roll.judge.kind] ? JUDGES[roll.judge.kind](roll.judge) : ""}${done.length ? `; ${done.join(", ")}` : ""}.`),
    die.element, action.element, card.element);
  const control = {
    title: `${roll.what}: ${roll.faces.map((face, index) => face + (roll.boosts[index] ? `+${roll.boosts[index]}` : "")).join(", ")}. Make an offering to the gods with one of your ${hand.length} command card(s), or pass.`,
    element,
    generic: false,
    command() {
      const index = Number(die.select.value);
      if (action.select.value === "boost" && roll.owners[index] !== side) throw new Error("a boost goes on a die of your own roll");
      return { type: "offering", side, action: action.select.value, die: index, card: Number(card.select.value) };
    },
  };
  element.append(el("p", {},
    confirm("Make the offering", control, hooks, "offering-confirm"), " ",
    button("Pass", () => hooks.submit({ type: "offering", side, action: "pass" }), { id: "offering-pass" })));
  return control;
}

// The commander's orders' names and texts from the data (the prompts that choose them
// carry them; remembered for the panel of the later prompts).
const ORDER_TEXTS = {};
const orderLabel = (id) => (ORDER_TEXTS[id] ? ORDER_TEXTS[id].name : id.replace(/[-_]/g, " "));
const orderCost = (said) => `${said.cards} card(s)${said.plus_x ? " + X" : ""}`;
const orderText = (id) => {
  const said = ORDER_TEXTS[id];
  return said ? el("span", { className: "text-from-data", "data-order": id }, `${said.text} (cost: ${orderCost(said)})`) : null;
};
const learnOrderTexts = (prompt) => Object.assign(ORDER_TEXTS, (prompt.options && prompt.options.texts) || {});

// Setup: one commander's order into the hand and the deck's orders face down (the
// first orders of the list are proposed). The choice is secret until the game ends.
function chooseCommanderOrders(prompt, side, state, hooks) {
  const orders = prompt.options.orders[side];
  const size = prompt.options.deck[side];
  if (!Array.isArray(orders)) return null;
  learnOrderTexts(prompt);
  const rows = orders.map((id, index) => ({
    id,
    hand: el("input", { type: "radio", name: "order-hand", id: `order-hand-${index}`, checked: index === 0 }),
    deck: el("input", { type: "checkbox", id: `order-deck-${index}`, checked: index > 0 && index <= size }),
  }));
  const list = el("div", { className: "choices" });
  rows.forEach((row) => list.append(el("p", {},
    el("label", { htmlFor: row.hand.id }, row.hand, " in hand"), " ",
    el("label", { htmlFor: row.deck.id }, row.deck, " face down"), " ", el("strong", {}, orderLabel(row.id)), orderText(row.id))));
  const control = {
    title: `Choose your commander's orders: one into your hand and ${size} more, shuffled face down (the other side does not see your choice).`,
    element: list,
    generic: false,
    command() {
      const first = rows.find((row) => row.hand.checked);
      const deck = rows.filter((row) => row.deck.checked && row !== first).map((row) => row.id);
      if (!first) throw new Error("choose the order to take into your hand");
      if (deck.length !== size) throw new Error(`choose exactly ${size} orders face down, besides the one in hand`);
      return { type: "choose_commander_orders", side, first: first.id, deck };
    },
  };
  list.append(confirm("Take these orders", control, hooks, "orders-confirm"));
  return control;
}

// Maintenance: keep the commander's order in hand or the one just drawn (own view only).
// An order timed for the maintenance is played here too, before choosing.
function keepCommanderOrder(prompt, side, state, hooks) {
  const mine = state.commander_orders && state.commander_orders.sides[side];
  if (!mine || !Array.isArray(mine.hand) || !Array.isArray(mine.drawn)) return null;
  learnOrderTexts(prompt);
  const control = choices(
    "Keep one of your two commander's orders; the other is discarded face down.",
    [...mine.hand, ...mine.drawn].map((id) => [`Keep ${orderLabel(id)}`, { type: "keep_commander_order", side, keep: id }]),
    hooks,
  );
  const texts = el("ul", { className: "order-texts" }, ...[...mine.hand, ...mine.drawn].map((id) => el("li", {}, el("strong", {}, orderLabel(id)), orderText(id))));
  control.element = el("div", {}, control.element, texts, commanderOrderPanel(side, state, null, hooks));
  return control;
}

// Command duel: tick the cards of the hand to bet face down (one or more). The hand is
// in the side's own view only; another view falls back to the JSON editor.
function betCards(prompt, side, state, hooks) {
  const hand = state.cards && state.cards[side] ? state.cards[side].hand : null;
  if (!Array.isArray(hand)) return null;
  const ranked = hand.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const boxes = ranked.map((card) => ({
    value: card.value,
    box: el("input", { type: "checkbox", id: `bet-${card.index}`, checked: false }),
  }));
  const list = el("p", { className: "choices" });
  boxes.forEach(({ value, box }) => list.append(el("label", { htmlFor: box.id }, box, ` ${value}`), " "));
  const declarer = prompt.options.declared_by === side ? "You declared" : `Side ${prompt.options.declared_by} declared`;
  const control = {
    title: `${declarer} a command duel: bet one or more of your command cards face down; both bets are revealed together and discarded face up.`,
    element: list,
    generic: false,
    command() {
      const cards = boxes.filter(({ box }) => box.checked).map(({ value }) => value);
      if (!cards.length) throw new Error("bet one or more cards");
      return { type: "command_duel_bet", side, cards };
    },
  };
  list.append(confirm("Bet these cards", control, hooks, "bet-confirm"));
  return control;
}

// Maintenance: tick the drawn cards to keep (the highest are ticked). The drawn
// cards are in the side's own view only; another view falls back to the JSON editor.
function keepCards(prompt, side, state, hooks) {
  const drawn = state.cards && state.cards[side] ? state.cards[side].drawn : null;
  if (!Array.isArray(drawn)) return null;
  const limit = prompt.options.limit[side];
  const ranked = drawn.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const boxes = ranked.map((card, rank) => ({
    value: card.value,
    box: el("input", { type: "checkbox", id: `keep-${card.index}`, checked: rank < limit }),
  }));
  const list = el("p", { className: "choices" });
  boxes.forEach(({ value, box }) => list.append(el("label", { htmlFor: box.id }, box, ` ${value}`), " "));
  const control = {
    title: `Keep up to ${limit} of the ${drawn.length} command cards you drew; the rest are discarded face down.`,
    element: list,
    generic: false,
    command() {
      const keep = boxes.filter(({ box }) => box.checked).map(({ value }) => value);
      if (keep.length > limit) throw new Error(`keep at most ${limit} cards`);
      return { type: "keep_cards", side, keep };
    },
  };
  list.append(confirm("Keep these cards", control, hooks, "keep-confirm"), " ",
    button("Keep no card", () => hooks.submit({ type: "keep_cards", side, keep: [] }), { id: "keep-none" }));
  return control;
}

const REACTIONS = { none: "No reaction", flee: "Flee (2D6 away)", hold: "Hold and shoot" };
const TARGETED = ["attack", "shoot", "charge", "duel"];
const SIGHTED = ["shoot", "charge"]; // their targets' line of sight is asked apart

function enemyUnits(state, side) {
  return Object.entries(state.units)
    .filter(([, unit]) => unit.side !== side && !unit.removed && unit.minis.some((m) => state.minis[m].placed && !state.minis[m].removed))
    .map(([uid]) => uid);
}

function nearestUnit(state, uids, point) {
  let best = null;
  for (const uid of uids) {
    for (const mid of state.units[uid].minis) {
      const mini = state.minis[mid];
      if (!mini.placed || mini.removed) continue;
      const d = Math.hypot(mini.x - point.x, mini.y - point.y);
      if (!best || d < best[0]) best = [d, uid];
    }
  }
  return best && best[0] <= 2000 ? best[1] : null; // within 20 cm of a click
}

// Ki: each ability by its name, with its text from the data files, and a decline.
function chooseKi(prompt, side, state, hooks) {
  const texts = prompt.options.texts || {};
  const list = el("div", { className: "choices ki-choices" });
  prompt.options.abilities.forEach((ability, index) => {
    const said = texts[ability] || { name: ability.replace(/_/g, " "), text: "" };
    list.append(el("p", {},
      button(`Use ${said.name}`, () => hooks.submit({ type: "choose_ki", side, ability }), { id: `choice-${index}`, title: said.text }),
      el("span", { className: "ability-text" }, said.text)));
  });
  list.append(el("p", {}, button("Use no ki ability this turn", () => hooks.submit({ type: "choose_ki", side, ability: null }), { id: "ki-decline" })));
  return {
    title: `${unitLabel(state, prompt.options.unit)} rolled 6+: it may call on one ki ability for the rest of the turn.`,
    element: list,
    generic: false,
    command: () => ({ type: "choose_ki", side, ability: prompt.options.abilities[0] }),
  };
}

function choices(title, options, hooks) {
  const list = el("p", { className: "choices" });
  options.forEach(([label, command], index) => list.append(button(label, () => hooks.submit(command), { id: `choice-${index}` }), " "));
  return { title, element: list, generic: false, command: () => options[0][1] };
}

function confirm(label, control, hooks, id = "confirm") {
  return button(label, () => {
    try {
      hooks.submit(control.command());
    } catch (error) {
      document.getElementById("play-error").textContent = error.message;
    }
  }, { id, className: "primary" });
}

// -- activation ----------------------------------------------------------------------

function chooseUnit(prompt, side, state, hooks) {
  learnOrderTexts(prompt);
  const units = prompt.options.units;
  const picker = choose("play-unit", "Unit to activate", units.map((uid) => [uid, unitLabel(state, uid)]));
  const control = {
    title: "Choose a unit to activate (or click one of yours on the board).",
    generic: false,
    command: () => ({ type: "choose_unit", side, unit: picker.select.value }),
    onBoard(point, uid) {
      if (uid && units.includes(uid)) picker.select.value = uid;
    },
    overlay(Y) {
      return highlight(state, [picker.select.value], Y);
    },
  };
  picker.select.addEventListener("change", () => hooks.redraw());
  control.element = el("div", {}, picker.element, el("p", {}, confirm("Activate this unit", control, hooks)), commanderOrderPanel(side, state, null, hooks));
  return control;
}

// -- scenery -----------------------------------------------------------------------------

function placeScenery(prompt, side, state, hooks) {
  const allowed = prompt.options.elements;
  const pieces = [];
  const kind = choose("scenery-kind", "Kind", [["difficult", "difficult terrain"], ["normal", "obstacle"], ["impassable", "impassable"]]);
  const height = choose("scenery-height", "Height", [0, 1, 2, 3, 4, 5, 6].map((h) => [String(h), String(h)]), "1");
  const size = choose("scenery-size", "Size", [["500x500", "5 × 5 cm (1 element)"], ["1000x1000", "10 × 10 cm (2 elements)"], ["1000x500", "10 × 5 cm (2 elements)"]]);
  const used = el("p", { id: "scenery-used", "aria-live": "polite" });
  const list = el("ul", { className: "placements" });
  const cost = (p) => Math.ceil((2 * (p.width + p.depth)) / (4 * ELEMENT));
  const refresh = () => {
    used.textContent = `You may place ${allowed} element(s) of 5 × 5 cm; these pieces use ${pieces.reduce((n, p) => n + cost(p), 0)}.`;
    list.replaceChildren(...pieces.map((p, i) => el("li", {}, `piece ${i + 1}: ${p.kind}, height ${p.height}, ${p.width / CM} × ${p.depth / CM} cm at (${cm(p.x)}, ${cm(p.y)})`)));
    hooks.redraw();
  };
  const add = (point) => {
    const [width, depth] = size.select.value.split("x").map(Number);
    const x = Math.max(0, Math.min(state.table.width - width, point.x - width / 2));
    const y = Math.max(0, Math.min(state.table.height - depth, point.y - depth / 2));
    pieces.push({ x: Math.round(x), y: Math.round(y), width, depth, kind: kind.select.value, height: Number(height.select.value) });
    refresh();
  };
  const control = {
    title: allowed ? "Place your extra scenery: click the board where a piece goes." : "You have no extra scenery to place.",
    generic: false,
    command: () => ({ type: "place_scenery", side, pieces: pieces.map((p) => ({ ...p })) }),
    onBoard: (point) => add(point),
    overlay(Y) {
      const group = svgEl("g", { class: "play-overlay" });
      for (const p of pieces) svgEl("rect", { x: p.x, y: Y(p.y + p.depth), width: p.width, height: p.depth, class: "ghost-scenery" }, group);
      return group;
    },
  };
  const proposal = button("Use the proposed scenery", async () => {
    const command = await hooks.propose();
    if (command && command.type === "place_scenery") {
      pieces.splice(0, pieces.length, ...command.pieces);
      refresh();
    }
  }, { id: "use-proposal" });
  control.element = el("div", {},
    allowed ? el("div", { className: "row" }, kind.element, height.element, size.element) : null,
    allowed ? coordinates("scenery", "Place a piece here", add) : null,
    used, list,
    el("p", {},
      allowed ? button("Undo the last piece", () => { pieces.pop(); refresh(); }, { id: "undo-piece" }) : null, " ",
      allowed ? proposal : null, " ",
      button("Place no extra scenery", () => hooks.submit({ type: "place_scenery", side, pieces: [] }), { id: "no-scenery" }), " ",
      allowed ? confirm("Confirm the scenery", control, hooks) : null));
  refresh();
  return control;
}

// -- deployment --------------------------------------------------------------------------

function facingTowards(from, to) {
  const degrees = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
  return Math.round((((degrees % 360) + 360) % 360) * 10) % 3600;
}

function deploy(prompt, side, state, hooks) {
  const { units, stage, zone } = prompt.options;
  const centre = { x: state.table.width / 2, y: state.table.height / 2 };
  const facing = facingTowards({ x: (zone[0] + zone[2]) / 2, y: (zone[1] + zone[3]) / 2 }, centre);
  let placed = [];
  const picker = choose("deploy-unit", "Unit to deploy", units.map((uid) => [uid, unitLabel(state, uid)]));
  const pending = () => state.units[picker.select.value].minis.filter((m) => !state.minis[m].placed && !state.minis[m].removed);
  const needed = () => (stage === "starting" ? 1 : pending().length);
  const next = el("p", { id: "deploy-next", "aria-live": "polite" });
  const list = el("ul", { className: "placements" });
  const refresh = () => {
    const left = pending().filter((m) => !placed.some((p) => p.id === m));
    next.textContent = placed.length >= needed()
      ? `All placed: confirm, or click again to start over.`
      : `Click inside your deployment zone to place ${left[0]} (${needed() - placed.length} to place${stage === "starting" ? ": the unit's starting position" : ""}).`;
    list.replaceChildren(...placed.map((p) => el("li", {}, `${p.id} at (${cm(p.x)}, ${cm(p.y)}), facing ${p.facing / 10}°`)));
    hooks.redraw();
  };
  const place = (point) => {
    if (placed.length >= needed()) placed = [];
    const left = pending().filter((m) => !placed.some((p) => p.id === m));
    placed.push({ id: left[0], x: point.x, y: point.y, facing });
    refresh();
  };
  picker.select.addEventListener("change", () => { placed = []; refresh(); });
  const control = {
    title: stage === "starting"
      ? "Deployment: give a unit its starting position (one miniature)."
      : "Deployment: place the rest of a unit.",
    generic: false,
    command() {
      if (placed.length < needed()) throw new Error(`place ${needed() - placed.length} more miniature(s) first`);
      return { type: "deploy", side, unit: picker.select.value, minis: placed.map((p) => ({ ...p })) };
    },
    onBoard: (point) => place(point),
    overlay(Y) {
      const group = svgEl("g", { class: "play-overlay" });
      svgEl("rect", { x: zone[0], y: Y(zone[3]), width: zone[2] - zone[0], height: zone[3] - zone[1], class: "zone-highlight", stroke: SIDE_COLOURS[side] }, group);
      for (const p of placed) ghost(group, state.minis[p.id], p.x, p.y, p.facing, Y);
      return group;
    },
  };
  const proposal = button("Use the proposed placement", async () => {
    const command = await hooks.propose();
    if (command && command.type === "deploy") {
      picker.select.value = command.unit;
      placed = command.minis.map((m) => ({ ...m }));
      refresh();
    }
  }, { id: "use-proposal" });
  control.element = el("div", {}, picker.element, coordinates("deploy", "Place here", place), next, list,
    el("p", {}, proposal, " ", button("Clear", () => { placed = []; refresh(); }, { id: "clear-placements" }), " ", confirm("Confirm the deployment", control, hooks)));
  refresh();
  return control;
}

// -- orders ------------------------------------------------------------------------------

function order(prompt, side, state, hooks) {
  learnOrderTexts(prompt);
  const uid = prompt.options.unit;
  const unit = state.units[uid];
  const boosted = prompt.options.boosted_move !== undefined;
  const allowance = boosted ? prompt.options.boosted_move : unit.mov * CM;
  const orders = boosted ? 0 : prompt.options.orders;
  const minis = unit.minis.map((m) => state.minis[m]).filter((m) => m.placed && !m.removed);
  const start = {
    x: Math.round(minis.reduce((n, m) => n + m.x, 0) / minis.length),
    y: Math.round(minis.reduce((n, m) => n + m.y, 0) / minis.length),
  };
  const kinds = boosted
    ? [["move", `boosted move: up to ${cm(allowance)}`]]
    : [
        ["move", `move: up to ${cm(allowance)} (1 order)`],
        ["boost", "boost the move: 2 orders, 2 × MOV + 1D6 (rolled first)"],
        ["disengage", "disengage: 2 orders"],
        ["attack", "attack a unit it is engaged with"],
        ["shoot", "shoot at a unit"],
        ["charge", "charge a unit it sees (1D6 + MOV)"],
        ["duel", "challenge an enemy leader to a duel"],
        ["reload", "reload"],
        ["shelter", "shelter"],
      ];
  const kind = choose("order-kind", "Order", kinds);
  // The orders and targets the rules refuse this unit, with the engine's words and
  // rule (from the same checks its decision makes): offered disabled with the reason
  // on hover, and listed under the list, where a tap or a focus shows the reason
  // (a phone has no hover).
  const refused = boosted ? {} : prompt.options.refused || {};
  const targets = { ...(prompt.options.targets || {}) };
  const why = el("p", { id: "refusal-why", className: "refusal-why", "aria-live": "polite" });
  const explain = (text) => { why.textContent = text; };
  const offered = new Set(kinds.map(([value]) => value));
  for (const option of kind.select.options) {
    if (!refused[option.value]) continue;
    option.disabled = true;
    option.title = refused[option.value];
    option.text = `${option.text} (not now)`;
  }
  const entry = (label, reason, id) => {
    const said = `${label} ${reason}`;
    const tap = button(label, () => explain(said), { className: "refused-entry", title: reason, id });
    tap.addEventListener("focus", () => explain(said));
    return el("li", {}, tap, " ", el("span", { className: "refused-reason" }, reason));
  };
  const shownRefusals = Object.entries(refused).filter(([order]) => offered.has(order));
  const refusals = shownRefusals.length
    ? el("ul", { className: "order-refusals", id: "order-refusals" },
      ...shownRefusals.map(([order, reason]) => entry(`${order}:`, reason, `refused-${order}`)))
    : null;
  if (kind.select.selectedOptions[0] && kind.select.selectedOptions[0].disabled) {
    const first = [...kind.select.options].find((option) => !option.disabled);
    if (first) kind.select.value = first.value;
  }
  const enemies = enemyUnits(state, side);
  const target = choose("order-target", "Target unit (or click one of its miniatures)", enemies.map((e) => [e, unitLabel(state, e)]));
  const targetRefusals = el("ul", { className: "order-refusals target-refusals", id: "target-refusals" });
  // The target list of the chosen order: refused targets disabled, with their reason
  // (line of sight once the page has asked it: see askSight).
  const fillTargets = () => {
    const chosen = kind.select.value;
    const verdicts = targets[chosen] || {};
    const rows = [];
    for (const option of target.select.options) {
      const uid = option.value;
      const reason = verdicts[uid];
      option.disabled = Boolean(reason);
      option.title = reason || "";
      option.text = `${unitLabel(state, uid)}${reason ? " (refused)" : ""}`;
      if (reason) rows.push(entry(`${unitLabel(state, uid)}:`, reason, `refused-target-${uid.replace(/[^\w-]/g, "_")}`));
    }
    targetRefusals.replaceChildren(...rows);
    targetRefusals.hidden = !rows.length;
    const current = target.select.selectedOptions[0];
    if (!current || current.disabled) {
      const first = [...target.select.options].find((option) => !option.disabled);
      if (first) target.select.value = first.value;
    }
  };
  const boostBox = el("input", { type: "checkbox", id: "order-boost" });
  const boostLabel = el("label", { htmlFor: "order-boost" }, boostBox, " boosted (2 orders)");
  const targetControls = el("div", {}, target.element, targetRefusals, orders >= 2 ? el("p", {}, boostLabel) : "");
  const targeting = () => TARGETED.includes(kind.select.value);
  const facingChoice = choose("order-facing", "Facing at the end", [["path", "along the last stretch of the path"], ["keep", "as now"]]);
  const waypoints = [];
  const distance = el("p", { id: "distance", "aria-live": "polite" });
  const drawing = () => ["move", "disengage"].includes(kind.select.value);
  const length = () => {
    let total = 0;
    let from = start;
    for (const w of waypoints) {
      total += Math.hypot(w.x - from.x, w.y - from.y);
      from = w;
    }
    return total;
  };
  const refresh = () => {
    const used = length();
    distance.textContent = drawing()
      ? `Path: ${waypoints.length} waypoint(s), ${cm(used)} of ${cm(allowance)}; ${cm(Math.max(0, allowance - used))} left${used > allowance ? " (too far)" : ""}.`
      : "";
    pathControls.hidden = !drawing();
    targetControls.hidden = !targeting();
    hooks.redraw();
  };
  // Line of sight is not in the prompt (the bots ask every prompt, and it is costly):
  // once a shoot or a charge is picked, the page asks the server once a step which of
  // the targets the prompt accepts it refuses, with the decision's words and rule.
  let sightAsked = false;
  const askSight = () => {
    if (sightAsked || !SIGHTED.includes(kind.select.value) || !hooks.details) return;
    sightAsked = true;
    targetControls.dataset.sight = "asking";
    hooks.details().then((details) => {
      const sight = (details && details.sight) || {};
      for (const [order, verdicts] of Object.entries(sight)) {
        const refusedHere = Object.entries(verdicts).filter(([, reason]) => reason);
        if (targets[order] && refusedHere.length) targets[order] = { ...targets[order], ...Object.fromEntries(refusedHere) };
      }
      targetControls.dataset.sight = "checked";
      fillTargets();
      refresh();
    });
  };
  const kindChanged = () => {
    fillTargets();
    explain("");
    askSight();
    refresh();
  };
  const add = (point) => {
    if (targeting()) {
      const picked = nearestUnit(state, enemies, point);
      if (picked) {
        target.select.value = picked;
        const verdicts = targets[kind.select.value] || {};
        explain(verdicts[picked] ? `${unitLabel(state, picked)}: ${verdicts[picked]}` : "");
        refresh();
      }
      return;
    }
    if (!drawing()) return;
    waypoints.push(point);
    refresh();
  };
  const endFacing = (mini) => {
    if (facingChoice.select.value === "keep" || !waypoints.length) return mini.facing;
    const from = waypoints.length > 1 ? waypoints[waypoints.length - 2] : start;
    const heading = facingTowards(from, waypoints[waypoints.length - 1]);
    // Square bases turn by quarter turns, so a block of them turns without overlapping.
    return mini.base.shape === "square" ? (Math.round(heading / 900) * 900) % 3600 : heading;
  };
  const moved = () => minis.map((m) => ({
    id: m.id,
    path: waypoints.map((w) => [m.x + w.x - start.x, m.y + w.y - start.y]),
    facing: endFacing(m),
  }));
  const control = {
    title: boosted
      ? `${unitLabel(state, uid)} runs: draw its boosted move (up to ${cm(allowance)}).`
      : `Give ${unitLabel(state, uid)} an order (${orders} order(s) left). To move, click waypoints on the board: the unit moves as a block.`,
    generic: false,
    command() {
      const chosen = kind.select.value;
      if (chosen === "boost") return { type: "order", side, order: "move", boost: true };
      if (chosen === "reload" || chosen === "shelter") return { type: "order", side, order: chosen };
      if (TARGETED.includes(chosen)) {
        const reason = (targets[chosen] || {})[target.select.value];
        if (reason) {
          explain(`${unitLabel(state, target.select.value)}: ${reason}`);
          throw new Error(`${unitLabel(state, target.select.value)}: ${reason}`);
        }
        return { type: "order", side, order: chosen, target: target.select.value, boost: orders >= 2 && boostBox.checked };
      }
      return { type: "order", side, order: chosen, minis: waypoints.length ? moved() : [] };
    },
    onBoard: (point) => add(point),
    overlay(Y) {
      const group = svgEl("g", { class: "play-overlay" });
      for (const node of highlight(state, [uid], Y).children) group.append(node.cloneNode(true));
      if (targeting() && target.select.value) {
        for (const node of highlight(state, [target.select.value], Y).children) {
          const copy = node.cloneNode(true);
          copy.classList.add("target");
          group.append(copy);
        }
      }
      if (!drawing() || !waypoints.length) return group;
      const points = [start, ...waypoints].map((p) => `${p.x},${Y(p.y)}`).join(" ");
      svgEl("polyline", { points, class: length() > allowance ? "path too-far" : "path" }, group);
      for (const w of waypoints) svgEl("circle", { cx: w.x, cy: Y(w.y), r: 60, class: "waypoint" }, group);
      for (const m of moved()) {
        const end = m.path[m.path.length - 1];
        ghost(group, state.minis[m.id], end[0], end[1], m.facing, Y);
      }
      return group;
    },
  };
  const pathControls = el("div", {},
    coordinates("waypoint", "Add a waypoint", add),
    el("p", {},
      button("Undo the last waypoint", () => { waypoints.pop(); refresh(); }, { id: "undo-waypoint" }), " ",
      button("Clear the path", () => { waypoints.splice(0); refresh(); }, { id: "clear-path" })),
    facingChoice.element);
  kind.select.addEventListener("change", kindChanged);
  target.select.addEventListener("change", refresh);
  facingChoice.select.addEventListener("change", refresh);
  // In a Lead, an activated unit may give no order.
  const pass = prompt.options.lead
    ? el("p", {}, button("Give no order (pass)", () => hooks.submit({ type: "order", side, order: "pass", unit: uid }), { id: "order-pass" }))
    : null;
  control.element = el("div", {}, kind.element, refusals, targetControls, why, pass, distance, pathControls, el("p", {}, confirm("Give the order", control, hooks)), commanderOrderPanel(side, state, uid, hooks));
  fillTargets();
  askSight();
  refresh();
  return control;
}

// A commander's order from the hand, played before the order (or the unit's choice):
// the order, its units (the active one proposed) and the command cards paid. The
// engine checks the timing, the units and the cost, and says which rule refuses.
function commanderOrderPanel(side, state, uid, hooks) {
  const mine = state.commander_orders && state.commander_orders.sides[side];
  const hand = state.cards && state.cards[side] ? state.cards[side].hand : null;
  if (!mine || !Array.isArray(mine.hand) || !mine.hand.length || !Array.isArray(hand)) return "";
  const which = choose("commander-order", "Commander's order", mine.hand.map((id) => [id, orderLabel(id)]));
  const said = el("p", { id: "commander-order-text", className: "text-from-data" });
  const describe = () => {
    const id = which.select.value;
    said.textContent = ORDER_TEXTS[id] ? `${ORDER_TEXTS[id].text} (cost: ${orderCost(ORDER_TEXTS[id])})` : "";
  };
  which.select.addEventListener("change", describe);
  describe();
  const own = Object.entries(state.units)
    .filter(([, unit]) => unit.side === side && !unit.removed && unit.minis.some((m) => state.minis[m].placed && !state.minis[m].removed))
    .map(([id]) => id);
  const unitBoxes = own.map((id, index) => ({
    id,
    box: el("input", { type: "checkbox", id: `corder-unit-${index}`, checked: id === uid }),
  }));
  const cardBoxes = hand.map((value, index) => ({
    value,
    box: el("input", { type: "checkbox", id: `corder-card-${index}`, checked: false }),
  }));
  const units = el("p", {}, "Units: ");
  unitBoxes.forEach(({ id, box }) => units.append(el("label", { htmlFor: box.id }, box, ` ${unitLabel(state, id)}`), " "));
  const cards = el("p", {}, "Pay with command cards: ");
  cardBoxes.forEach(({ value, box }) => cards.append(el("label", { htmlFor: box.id }, box, ` ${value}`), " "));
  const play = button("Play the commander's order", () => hooks.submit({
    type: "commander_order",
    side,
    order: which.select.value,
    units: unitBoxes.filter(({ box }) => box.checked).map(({ id }) => id),
    cards: cardBoxes.filter(({ box }) => box.checked).map(({ value }) => value),
  }), { id: "corder-play" });
  return el("details", { id: "commander-order-panel" }, el("summary", {}, "Play a commander's order"), which.element, said, units, cards, el("p", {}, play));
}

// -- drawing ----------------------------------------------------------------------------

function ghost(group, mini, x, y, facing, Y) {
  const size = mini.base.size;
  const base = svgEl("g", { transform: `translate(${x} ${Y(y)}) rotate(${-facing / 10})`, class: "ghost" }, group);
  if (mini.base.shape === "round") svgEl("circle", { r: size / 2 }, base);
  else svgEl("rect", { x: -size / 2, y: -size / 2, width: size, height: size }, base);
  svgEl("path", { d: `M${size / 2},0L${size * 0.1},${-size * 0.22}L${size * 0.1},${size * 0.22}Z`, class: "facing" }, base);
}

function highlight(state, uids, Y) {
  const group = svgEl("g", { class: "play-overlay" });
  for (const uid of uids) {
    const unit = state.units[uid];
    if (!unit) continue;
    for (const mid of unit.minis) {
      const mini = state.minis[mid];
      if (!mini.placed || mini.removed) continue;
      svgEl("circle", { cx: mini.x, cy: Y(mini.y), r: mini.base.size / 2 + 80, class: "active-unit" }, group);
    }
  }
  return group;
}
