// Free-form tables (measured, not gridded) drawn to scale as SVG, for every system
// played on one: table units with the origin at the lower-left corner and y up;
// facings in tenths of a degree, 0 = +x, counter-clockwise (engine/tabletop). A
// system's board script (static/systems/<id>/board.js) draws its own pieces with these.

export const NS = "http://www.w3.org/2000/svg";

export function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

export function titled(node, text) {
  svgEl("title", {}, node).textContent = text;
  return node;
}

// The table: an <svg> of width x height table units with the table drawn, and Y,
// which turns a table y (up) into an SVG y (down).
export function tableSvg({ width, height, step, label }) {
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "battlefield",
    "data-step": step,
    // The table's own size: the viewBox changes as the board is zoomed and panned.
    "data-table-width": width,
    "data-table-height": height,
    role: "group",
    "aria-label": label,
  });
  svgEl("rect", { x: 0, y: 0, width, height, class: "table" }, svg);
  return { svg, Y: (y) => height - y };
}

// Where a click on a table's svg falls, in table units (y up), as [x, y].
export function tablePoint(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(svg.getScreenCTM().inverse());
  const height = Number(svg.dataset.tableHeight || svg.viewBox.baseVal.height); // the viewBox zooms
  return [Math.round(at.x), Math.round(height - at.y)];
}

const pointList = (points, Y) => points.map(([x, y]) => `${x},${Y(y)}`).join(" ");

// An axis-aligned zone [x0, y0, x1, y1] (a deployment zone...), outlined.
export function zone(parent, [x0, y0, x1, y1], colour, title, Y) {
  return titled(svgEl("rect", { x: x0, y: Y(y1), width: x1 - x0, height: y1 - y0, class: "zone", stroke: colour }, parent), title);
}

export function polygon(parent, points, attributes, Y) {
  return svgEl("polygon", { points: pointList(points, Y), ...attributes }, parent);
}

export function polyline(parent, points, attributes, Y) {
  return svgEl("polyline", { points: pointList(points, Y), ...attributes }, parent);
}

export function centroid(points) {
  const sum = points.reduce(([sx, sy], [x, y]) => [sx + x, sy + y], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

// A model's base at (x, y), turned to its facing, with a wedge towards its front.
export function base(parent, { x, y, facing, size, shape, leader }, colour, Y) {
  const angle = -facing / 10; // SVG turns clockwise with y down
  const group = svgEl("g", { transform: `translate(${x} ${Y(y)}) rotate(${angle})`, class: "base" + (leader ? " leader" : "") }, parent);
  if (shape === "round") svgEl("circle", { r: size / 2, fill: colour }, group);
  else svgEl("rect", { x: -size / 2, y: -size / 2, width: size, height: size, fill: colour }, group);
  svgEl("path", { d: `M${size / 2},0L${size * 0.1},${-size * 0.22}L${size * 0.1},${size * 0.22}Z`, class: "facing" }, group);
  return group;
}

// A base just removed: its outline crossed out.
export function crossedOut(parent, { x, y, size }, title, Y) {
  const r = size / 2;
  const group = titled(svgEl("g", { class: "casualty" }, parent), title);
  svgEl("circle", { cx: x, cy: Y(y), r, class: "casualty-base" }, group);
  svgEl("path", { d: `M${x - r},${Y(y) - r}L${x + r},${Y(y) + r}M${x - r},${Y(y) + r}L${x + r},${Y(y) - r}`, class: "cross" }, group);
  return group;
}

// Arrowheads for the arrows of moves, charges and shots: one marker per kind, in the
// svg's <defs> (the board is one svg on the page: the ids are unique).
export const ARROW_KINDS = ["move", "charge", "shot"];

export function arrowDefs(svg) {
  const defs = svgEl("defs", {}, null);
  svg.prepend(defs);
  for (const kind of ARROW_KINDS) {
    const marker = svgEl("marker", {
      id: `arrowhead-${kind}`, class: `arrowhead ${kind}`, viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse",
    }, defs);
    svgEl("path", { d: "M0,0L10,5L0,10Z" }, marker);
  }
  return defs;
}

// An arrow from `from` to `to` (table points), of a kind (move, charge, shot).
export function arrow(parent, from, to, kind, title, Y, data = {}) {
  const line = svgEl("line", {
    x1: from[0], y1: Y(from[1]), x2: to[0], y2: Y(to[1]),
    class: `arrow ${kind}`, "marker-end": `url(#arrowhead-${kind})`, "data-kind": kind,
  }, parent);
  for (const [key, value] of Object.entries(data)) line.dataset[key] = String(value);
  return titled(line, title);
}

// The ground within `distance` of the edge of any of `bases` ({x, y, size}): one
// disc per base, in a group whose opacity is applied once, so the union reads as one
// area; a label at its top.
export function reach(parent, bases, distance, className, label, Y) {
  const group = svgEl("g", { class: `reach ${className}`, "data-distance": distance }, parent);
  for (const b of bases) svgEl("circle", { cx: b.x, cy: Y(b.y), r: distance + b.size / 2 }, group);
  const top = bases.reduce((best, b) => (b.y + b.size / 2 > best.y + best.size / 2 ? b : best), bases[0]);
  const text = svgEl("text", { x: top.x, y: Y(top.y + top.size / 2 + distance) + 170, class: "reach-label" }, parent);
  text.textContent = label;
  return titled(group, label);
}
