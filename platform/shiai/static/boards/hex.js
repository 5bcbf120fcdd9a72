// Hex boards drawn as SVG, for every system played on hexes: axial coordinates
// [q, r], pointy-top hexes, r growing down the screen; the six facings numbered
// clockwise from east (0 east, 1 south-east, 2 south-west, 3 west, 4 north-west,
// 5 north-east), as engine/hexgrid's Facing. The geometry (hexCenter, hexCorners,
// facingAngle, boardBox) is pure and needs no page; drawHexBoard draws into one.

export const NS = "http://www.w3.org/2000/svg";
const ROOT3 = Math.sqrt(3);
// The step to the neighbour each facing looks at (engine/hexgrid: Facing.vector).
export const FACING_VECTORS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

// The centre of hex [q, r] on the screen, for hexes of `size` (centre to corner).
export function hexCenter([q, r], size) {
  return [size * ROOT3 * (q + r / 2), size * 1.5 * r];
}

// The hex [q, r] a point of the screen is in (the inverse of hexCenter, rounded to
// the nearest hex through cube coordinates).
export function hexAt([x, y], size) {
  const q = ((ROOT3 / 3) * x - y / 3) / size;
  const r = ((2 / 3) * y) / size;
  const s = -q - r;
  let [rq, rr] = [Math.round(q), Math.round(r)];
  const rs = Math.round(s);
  const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs - s)];
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq + 0, rr + 0];
}

// How many steps from hex a to hex b.
export function hexDistance([q0, r0], [q1, r1]) {
  const dq = q1 - q0;
  const dr = r1 - r0;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// The six corners of a pointy-top hex, clockwise from the top one's right neighbour.
export function hexCorners([cx, cy], size) {
  const corners = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    corners.push([cx + size * Math.cos(angle), cy + size * Math.sin(angle)]);
  }
  return corners;
}

// The screen angle of a facing, in degrees clockwise from east.
export function facingAngle(facing) {
  if (!Number.isInteger(facing) || facing < 0 || facing > 5) throw new RangeError(`a facing is 0 to 5, not ${facing}`);
  return 60 * facing;
}

export function neighbour([q, r], facing) {
  const [dq, dr] = FACING_VECTORS[facingAngle(facing) / 60];
  return [q + dq, r + dr];
}

// The box [x, y, width, height] holding every hex, with `margin` around.
export function boardBox(hexes, size, margin = size * 0.2) {
  if (!hexes.length) return [0, 0, 0, 0];
  const xs = [];
  const ys = [];
  for (const hex of hexes) {
    const [x, y] = hexCenter(hex, size);
    xs.push(x - (size * ROOT3) / 2, x + (size * ROOT3) / 2);
    ys.push(y - size, y + size);
  }
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  return [x0, y0, Math.max(...xs) + margin - x0, Math.max(...ys) + margin - y0];
}

// Every hex of a board of `columns` x `rows` laid out as offset rows (odd rows
// shifted right), in axial coordinates.
export function rectangle(columns, rows) {
  const hexes = [];
  for (let r = 0; r < rows; r += 1) {
    for (let col = 0; col < columns; col += 1) hexes.push([col - Math.floor(r / 2), r]);
  }
  return hexes;
}

function svgEl(name, attributes = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const points = (corners) => corners.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");

// Draw a hex board into `container`: `hexes` are { hex: [q, r], terrain?, label? },
// `units` { id, hex, facing, side, label, colour? }. A unit is a counter on its hex
// with a wedge towards its facing; clicking it calls onSelect(id). Returns the <svg>.
export function drawHexBoard(container, { hexes, units = [], size = 50, step = 0, label = "hex board", colours = {}, selected = null, onSelect = null }) {
  const [x, y, width, height] = boardBox(hexes.map((cell) => cell.hex), size);
  const svg = svgEl("svg", { viewBox: `${x} ${y} ${width} ${height}`, class: "battlefield hex-board", "data-step": step, role: "group", "aria-label": label });
  const grid = svgEl("g", { class: "hexes" }, svg);
  for (const cell of hexes) {
    const centre = hexCenter(cell.hex, size);
    const group = svgEl("g", { class: `hex${cell.terrain ? ` ${cell.terrain}` : ""}`, "data-hex": cell.hex.join(",") }, grid);
    svgEl("polygon", { points: points(hexCorners(centre, size)) }, group);
    svgEl("title", {}, group).textContent = `hex ${cell.hex.join(", ")}${cell.terrain ? `: ${cell.terrain}` : ""}`;
    if (cell.label) {
      svgEl("text", { x: centre[0], y: centre[1] + size * 0.75, class: "hex-label", "text-anchor": "middle", "font-size": size * 0.28 }, group).textContent = cell.label;
    }
  }
  for (const unit of units) {
    const [cx, cy] = hexCenter(unit.hex, size);
    const colour = unit.colour || colours[unit.side] || "#333";
    const group = svgEl("g", { class: "unit" + (unit.id === selected ? " selected" : ""), "data-unit": unit.id, transform: `translate(${cx.toFixed(2)} ${cy.toFixed(2)})` }, svg);
    svgEl("title", {}, group).textContent = `${unit.label || unit.id}, side ${unit.side}, facing ${["east", "south-east", "south-west", "west", "north-west", "north-east"][unit.facing]}`;
    const counter = svgEl("g", { class: "counter", transform: `rotate(${facingAngle(unit.facing)})` }, group);
    svgEl("circle", { r: size * 0.6, fill: colour }, counter);
    svgEl("path", { d: `M${size * 0.6},0L${size * 0.15},${-size * 0.3}L${size * 0.15},${size * 0.3}Z`, class: "facing" }, counter);
    if (unit.label) {
      svgEl("text", { y: size * 0.12, class: "unit-label", "text-anchor": "middle", "font-size": size * 0.32, fill: "#fff" }, group).textContent = unit.label;
    }
    if (onSelect) group.addEventListener("click", () => onSelect(unit.id));
  }
  container.replaceChildren(svg);
  return svg;
}
