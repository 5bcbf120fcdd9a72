// How the board is looked at, kept across the redraw of every step: zoom and pan
// (the wheel, a drag, the +/- and reset buttons, a pinch), the ruler (drag to
// measure, in the system's units), the name of what the pointer is over, the
// legend, and stepping from the board itself (a swipe, or a tap on its edges).
//
// Zoom and pan change the battlefield <svg>'s viewBox, never a CSS transform, so
// whatever is drawn in the svg's user units (annotations, the ruler) stays put. The
// board is drawn anew at every step: attach(svg) puts the view back on the new one.
import { NS } from "../boards/table.js";

const MAX_ZOOM = 8;
const STEP_ZOOM = 1.5;
const LABEL_ZOOM = 1.75; // from this zoom on, the units' names are written on the board
const DRAG_PX = 6; // a press that moves less than this is a click
const SWIPE_PX = 60;

const parseBox = (text) => (text || "").trim().split(/[\s,]+/).map(Number);

export class BoardView {
  // container: the element the board is drawn into (#board); measure(a, b): the
  // distance between two points in the svg's user units, in words ("12.5 cm");
  // onStep(delta): step the replay by delta.
  constructor(container, { measure = null, onStep = () => {}, tools = {} } = {}) {
    this.container = container;
    this.measure = measure;
    this.onStep = onStep;
    this.tools = tools; // { zoomIn, zoomOut, reset, ruler, rulerOut, tip, prev, next, legend }
    this.svg = null;
    this.natural = null; // the viewBox as drawn [x, y, w, h]
    this.box = null; // the viewBox shown, null: as drawn
    this.ruling = false;
    this.ruler = null; // { a: [x, y], b: [x, y] } in user units
    this.pointers = new Map();
    this.gesture = null;
    this.wire();
  }

  get zoom() {
    return this.natural && this.box ? this.natural[2] / this.box[2] : 1;
  }

  // After each draw: the same zoom and pan, the ruler, on the new svg.
  attach(svg) {
    this.svg = svg;
    if (!svg) return;
    const natural = parseBox(svg.getAttribute("viewBox"));
    if (!this.natural || natural.join(" ") !== this.natural.join(" ")) {
      this.natural = natural;
      this.box = null;
      this.ruler = null;
    }
    this.apply();
  }

  apply() {
    const svg = this.svg;
    if (!svg || !this.natural) return;
    const box = this.box || this.natural;
    svg.setAttribute("viewBox", box.map((v) => Math.round(v * 100) / 100).join(" "));
    const zoom = this.zoom;
    svg.dataset.zoom = zoom.toFixed(2);
    svg.classList.toggle("zoomed", zoom > 1.01);
    svg.classList.toggle("show-labels", zoom >= LABEL_ZOOM);
    this.container.classList.toggle("zoomed", zoom > 1.01);
    this.container.classList.toggle("ruling", this.ruling);
    this.drawRuler();
    this.placeEdges();
  }

  // The edge buttons (a phone's) at the battlefield's middle height, whatever a system
  // draws around it (Senjutsu: the cards beneath).
  placeEdges() {
    const { prev, next } = this.tools;
    if (!prev || !next || !this.svg) return;
    const frame = prev.offsetParent;
    if (!frame) return; // not shown
    const board = this.svg.getBoundingClientRect();
    const top = board.top - frame.getBoundingClientRect().top + board.height / 2;
    for (const edge of [prev, next]) edge.style.top = `${Math.round(top)}px`;
  }

  // -- zoom and pan -------------------------------------------------------------------

  clamp(box) {
    const [nx, ny, nw, nh] = this.natural;
    let [x, y, w, h] = box;
    const least = nw / MAX_ZOOM;
    if (w < least) {
      const k = least / w;
      x -= ((x + w / 2) - x) * (k - 1);
      y -= ((y + h / 2) - y) * (k - 1);
      w = least;
      h *= k;
    }
    if (w >= nw - 1e-6) return null; // all of it: as drawn
    h = (w * nh) / nw;
    x = Math.min(Math.max(x, nx), nx + nw - w);
    y = Math.min(Math.max(y, ny), ny + nh - h);
    return [x, y, w, h];
  }

  zoomAt(factor, [ux, uy] = this.centre()) {
    if (!this.natural) return;
    const [x, y, w, h] = this.box || this.natural;
    this.box = this.clamp([ux - (ux - x) / factor, uy - (uy - y) / factor, w / factor, h / factor]);
    this.apply();
  }

  centre() {
    const [x, y, w, h] = this.box || this.natural;
    return [x + w / 2, y + h / 2];
  }

  reset() {
    this.box = null;
    this.apply();
  }

  // A point on the screen in the svg's user units (through the matrix `inverse`, or
  // the svg's present one).
  toUser(clientX, clientY, inverse = null) {
    const matrix = inverse || this.svg.getScreenCTM().inverse();
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix);
    return [point.x, point.y];
  }

  // -- the ruler ------------------------------------------------------------------------

  setRuling(on) {
    this.ruling = on;
    if (this.tools.ruler) this.tools.ruler.setAttribute("aria-pressed", String(on));
    if (!on) this.ruler = null;
    if (this.tools.rulerOut) this.tools.rulerOut.textContent = on ? "drag on the board to measure" : "";
    this.apply();
  }

  drawRuler() {
    const svg = this.svg;
    if (!svg) return;
    svg.querySelector(":scope > .ruler")?.remove();
    if (!this.ruler) return;
    const { a, b } = this.ruler;
    // Its strokes and type keep their size on the screen whatever the zoom.
    const unit = (this.box || this.natural)[2] / 600;
    const text = this.measure ? this.measure(a, b) : "";
    const group = document.createElementNS(NS, "g");
    group.setAttribute("class", "ruler");
    group.dataset.distance = text;
    group.setAttribute("stroke-width", String(unit * 2));
    const line = document.createElementNS(NS, "line");
    for (const [key, value] of Object.entries({ x1: a[0], y1: a[1], x2: b[0], y2: b[1] })) line.setAttribute(key, String(value));
    group.append(line);
    for (const [cx, cy] of [a, b]) {
      const end = document.createElementNS(NS, "circle");
      end.setAttribute("cx", String(cx));
      end.setAttribute("cy", String(cy));
      end.setAttribute("r", String(unit * 4));
      group.append(end);
    }
    const label = document.createElementNS(NS, "text");
    label.setAttribute("x", String((a[0] + b[0]) / 2));
    label.setAttribute("y", String((a[1] + b[1]) / 2 - unit * 8));
    label.setAttribute("font-size", String(unit * 16));
    label.textContent = text;
    group.append(label);
    svg.append(group);
    if (this.tools.rulerOut) this.tools.rulerOut.textContent = text ? `ruler: ${text}` : "";
  }

  // -- pointers --------------------------------------------------------------------------

  onBoard(event) {
    return this.svg && this.svg.isConnected && event.target instanceof Element && this.svg.contains(event.target);
  }

  down(event) {
    if (!this.onBoard(event) || (event.pointerType === "mouse" && event.button !== 0)) return;
    this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    const inverse = this.svg.getScreenCTM().inverse();
    if (this.pointers.size === 2) {
      const [p, q] = [...this.pointers.values()];
      this.gesture = {
        kind: "pinch", inverse, box: this.box || this.natural,
        spread: Math.hypot(p[0] - q[0], p[1] - q[1]) || 1,
        mid: this.toUser((p[0] + q[0]) / 2, (p[1] + q[1]) / 2, inverse),
      };
      return;
    }
    if (this.pointers.size > 2) return;
    const start = [event.clientX, event.clientY];
    if (this.ruling) {
      event.preventDefault();
      const at = this.toUser(...start, inverse);
      this.ruler = { a: at, b: at };
      this.gesture = { kind: "ruler", inverse, id: event.pointerId };
      this.capture(event.pointerId);
      this.apply();
      return;
    }
    this.gesture = { kind: "press", inverse, start, box: this.box || this.natural, id: event.pointerId, type: event.pointerType, moved: false };
  }

  move(event) {
    if (this.pointers.has(event.pointerId)) this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    const gesture = this.gesture;
    if (!gesture) return;
    if (gesture.kind === "ruler" && event.pointerId === gesture.id) {
      this.ruler.b = this.toUser(event.clientX, event.clientY, gesture.inverse);
      this.drawRuler();
      return;
    }
    if (gesture.kind === "pinch" && this.pointers.size === 2) {
      event.preventDefault();
      const [p, q] = [...this.pointers.values()];
      const factor = Math.hypot(p[0] - q[0], p[1] - q[1]) / gesture.spread;
      const [x, y, w, h] = gesture.box;
      const [ux, uy] = gesture.mid;
      this.box = this.clamp([ux - (ux - x) / factor, uy - (uy - y) / factor, w / factor, h / factor]);
      this.apply();
      return;
    }
    if (gesture.kind !== "press" || event.pointerId !== gesture.id) return;
    const dx = event.clientX - gesture.start[0];
    const dy = event.clientY - gesture.start[1];
    if (!gesture.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    gesture.moved = true;
    if (this.zoom <= 1.01) return; // nothing to pan: a touch may be a swipe
    this.capture(event.pointerId);
    const from = this.toUser(...gesture.start, gesture.inverse);
    const to = this.toUser(event.clientX, event.clientY, gesture.inverse);
    const [x, y, w, h] = gesture.box;
    this.box = this.clamp([x - (to[0] - from[0]), y - (to[1] - from[1]), w, h]) || this.box;
    this.apply();
  }

  // Moves outside the board still reach it (a pointer no longer down: nothing to keep).
  capture(id) {
    try {
      this.container.setPointerCapture(id);
    } catch {
      // not an active pointer
    }
  }

  up(event) {
    this.pointers.delete(event.pointerId);
    const gesture = this.gesture;
    if (!gesture) return;
    if (gesture.kind === "pinch") {
      if (!this.pointers.size) this.gesture = null;
      return;
    }
    if (event.pointerId !== gesture.id) return;
    this.gesture = null;
    if (gesture.kind !== "press" || !gesture.moved) return;
    // A drag is no click on what it started on.
    this.suppressClick = true;
    const dx = event.clientX - gesture.start[0];
    const dy = event.clientY - gesture.start[1];
    if (event.type === "pointerup" && gesture.type !== "mouse" && this.zoom <= 1.01 && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) {
      this.onStep(dx < 0 ? 1 : -1); // swipe left: the next step, as a page turns
    }
  }

  hover(event) {
    const tip = this.tools.tip;
    if (!tip) return;
    const thing = this.onBoard(event) ? event.target.closest("[data-name], .unit, .scenery, .hex") : null;
    const title = thing ? thing.dataset.name || thing.querySelector(":scope > title")?.textContent : null;
    if (!title || this.gesture?.kind === "ruler") {
      tip.hidden = true;
      return;
    }
    tip.textContent = title;
    tip.hidden = false;
    const frame = this.container.getBoundingClientRect();
    const left = Math.min(event.clientX - frame.left + 12, frame.width - tip.offsetWidth - 4);
    tip.style.left = `${Math.max(4, left)}px`;
    tip.style.top = `${Math.max(4, event.clientY - frame.top - tip.offsetHeight - 12)}px`;
  }

  wire() {
    const box = this.container;
    box.addEventListener("pointerdown", (event) => this.down(event));
    box.addEventListener("pointermove", (event) => {
      this.move(event);
      if (event.pointerType === "mouse") this.hover(event);
    });
    box.addEventListener("pointerup", (event) => this.up(event));
    box.addEventListener("pointercancel", (event) => this.up(event));
    box.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && this.tools.tip) this.tools.tip.hidden = true;
    });
    box.addEventListener("pointerover", (event) => this.hover(event));
    box.addEventListener("click", (event) => {
      if (this.suppressClick || this.ruling) {
        event.stopPropagation();
        event.preventDefault();
      }
      this.suppressClick = false;
    }, true);
    box.addEventListener("wheel", (event) => {
      if (!this.onBoard(event) || event.ctrlKey) return;
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      this.zoomAt(factor, this.toUser(event.clientX, event.clientY));
    }, { passive: false });
    const tools = this.tools;
    tools.zoomIn?.addEventListener("click", () => this.zoomAt(STEP_ZOOM));
    tools.zoomOut?.addEventListener("click", () => this.zoomAt(1 / STEP_ZOOM));
    tools.reset?.addEventListener("click", () => {
      this.reset();
      if (this.ruling) this.setRuling(false);
    });
    tools.ruler?.addEventListener("click", () => this.setRuling(!this.ruling));
    tools.prev?.addEventListener("click", () => this.onStep(-1));
    tools.next?.addEventListener("click", () => this.onStep(1));
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.ruling) this.setRuling(false);
      const target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey || !this.svg) return;
      if (target.matches && target.matches("input, select, textarea, [contenteditable]")) return;
      if (target.closest && target.closest("#prompt-panel")) return;
      const keys = { "+": () => this.zoomAt(STEP_ZOOM), "=": () => this.zoomAt(STEP_ZOOM), "-": () => this.zoomAt(1 / STEP_ZOOM), 0: () => this.reset() };
      if (!(event.key in keys)) return;
      event.preventDefault();
      keys[event.key]();
    });
  }

  // The legend: [{ kind: "side" | "terrain" | "marker" | "line" | "mark", label, colour?,
  // short?, className? }], drawn as a list of swatches.
  legend(items) {
    const list = this.tools.legend;
    if (!list) return;
    const wanted = JSON.stringify(items);
    if (list.dataset.items === wanted) return;
    list.dataset.items = wanted;
    list.closest("details, section, div").hidden = !items.length;
    list.replaceChildren(...items.map((item) => {
      const entry = document.createElement("li");
      entry.className = `legend-${item.kind}`;
      const swatch = document.createElement("span");
      swatch.className = `swatch ${item.className || ""}`.trim();
      if (item.colour) swatch.style.setProperty("--swatch", item.colour);
      if (item.short) swatch.textContent = item.short;
      swatch.setAttribute("aria-hidden", "true");
      entry.append(swatch, document.createTextNode(item.label));
      return entry;
    }));
  }
}
