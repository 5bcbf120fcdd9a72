// The prompt panel's controls, chosen by the prompt's kind. A control is
// { title, element, generic, command(), onBoard?(point, unitId), overlay?(Y) }:
// command() builds the command from what the player chose (or throws an Error
// saying what is missing); onBoard receives clicks on the battlefield in table
// units; overlay draws the choice so far (an SVG group) over the board.
const SVG = "http://www.w3.org/2000/svg";

export function el(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key in node && !key.includes("-") && key !== "list") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

export function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

export function button(label, onClick, attributes = {}) {
  const node = el("button", { type: "button", ...attributes }, label);
  node.addEventListener("click", onClick);
  return node;
}

// A labelled <select>: [value, text] options; returns { element, select }.
export function choose(id, label, options, selected = null) {
  const select = el("select", { id });
  for (const [value, text] of options) select.append(new Option(text, value, false, value === selected));
  return { element: el("p", {}, el("label", { htmlFor: id }, label), " ", select), select };
}

// Keyboard placement: x and y in centimetres, and a button that acts as a click there.
export function coordinates(idPrefix, label, onPoint) {
  const x = el("input", { id: `${idPrefix}-x`, type: "number", step: "0.1", size: 6, inputMode: "decimal" });
  const y = el("input", { id: `${idPrefix}-y`, type: "number", step: "0.1", size: 6, inputMode: "decimal" });
  const go = button(label, () => {
    if (x.value === "" || y.value === "") return;
    onPoint({ x: Math.round(Number(x.value) * 100), y: Math.round(Number(y.value) * 100) });
  }, { id: `${idPrefix}-add` });
  return el("p", { className: "coordinates" },
    el("label", { htmlFor: x.id }, "x (cm)"), " ", x, " ",
    el("label", { htmlFor: y.id }, "y (cm)"), " ", y, " ", go);
}

// Any prompt kind without a control of its own: the JSON editor below is the control.
function generic(prompt) {
  const options = prompt.options && Object.keys(prompt.options).length
    ? el("details", { className: "prompt-options" }, el("summary", {}, "What the prompt offers"), el("pre", {}, JSON.stringify(prompt.options, null, 1)))
    : null;
  return {
    title: `${prompt.kind.replace(/_/g, " ")}: write the command below (it starts from a legal one when the server has one to propose).`,
    element: el("div", {}, options),
    generic: true,
    command() {
      throw new Error("write the command in the JSON editor");
    },
  };
}

// ``specific``: the game system's control(prompt, side, state, hooks) (its play
// script's, static/systems/<id>/play.js), or null; the generic editor otherwise.
export function controlFor(specific, prompt, side, state, hooks) {
  return (specific && specific(prompt, side, state, hooks)) || generic(prompt);
}
