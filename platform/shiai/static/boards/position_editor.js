// What every system's position editor page shares (templates/analysis_editor.html):
// "Start a board from this position" posts the edits (the engine checks them all and
// its refusal is shown in its own words), "Ask the engine" lists what the selected
// unit may do in the position with the edits so far (posted with the question, applied
// by the engine, stored nowhere), a piece is dragged on the board with a mouse or a
// finger (dragPieces), what is typed in the form is checked as it is typed and as it
// is added (checkTyped, tryEdit: the refusal shown next to its fields), and a link
// leads back to the game at that step.
const $ = (id) => document.getElementById(id);

export function showError(message) {
  $("edit-error").textContent = message;
  $("edit-error").hidden = false;
}

// `edits`: the list the page adds to; `selected()`: the unit (or character) chosen now.
export function wireEditor(data, edits, selected) {
  $("edit-start").addEventListener("click", async () => {
    if (!data.signed_in) return showError("Sign in to start a board from this position.");
    if (!edits.length) return showError("Make an edit first (or use Analyse from here on the game's page).");
    const response = await fetch(data.edits, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": data.csrf },
      body: JSON.stringify({ step: data.step, edits }),
    });
    const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
    if (response.status === 201) {
      location.assign(answer.editor);
      return;
    }
    showError(`Not allowed: ${answer.message}${answer.rule ? ` (${answer.rule})` : ""}`);
  });

  $("ask-options").addEventListener("click", () => askEngine(data, edits, selected()));

  const back = document.createElement("p");
  back.append(Object.assign(document.createElement("a"), { href: data.board, textContent: "Back to the game at this step" }));
  $("editor").querySelector(".meta").after(back);
}

// The form's controls work from now on: each system's script calls this once it has
// wired them all and drawn the board (the page renders them disabled, so that a click
// made while the script loads is not lost).
export function editorReady() {
  $("editor-controls").disabled = false;
}

// The engine's answer about `unit` in the position at the step with `edits` applied
// (nothing is stored): { answer } when it accepts them, { refusal } in its words (and
// the rule it names) when it refuses one.
async function question(data, edits, unit) {
  const url = data.options.replace("UNIT", encodeURIComponent(unit));
  const response = edits.length
    ? await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": data.csrf },
      body: JSON.stringify({ step: data.step, edits }),
    })
    : await fetch(`${url}?step=${data.step}`, { headers: { Accept: "application/json" } });
  const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) return { refusal: `${answer.message}${answer.rule ? ` (${answer.rule})` : ""}` };
  return { answer };
}

// What `unit` may do in the position at the step with `edits` applied (the engine
// applies them; nothing is stored), shown under "What can this unit do?". Resolves to
// null, or to the engine's refusal (shown) when it refuses an edit.
export async function askEngine(data, edits, unit) {
  const out = $("unit-options");
  const { answer, refusal } = await question(data, edits, unit);
  if (refusal) {
    out.replaceChildren(Object.assign(document.createElement("p"), { className: "error", textContent: refusal }));
    showError(`Not allowed: ${refusal}`);
    return refusal;
  }
  const about = edits.length ? "the position with your edits" : `step ${data.step} as recorded`;
  const parts = [Object.assign(document.createElement("p"), { textContent: `In ${about}, the engine waits for ${answer.prompt || "nobody"}.` })];
  if (answer.waiting) parts.push(Object.assign(document.createElement("p"), { className: "waiting", textContent: answer.waiting }));
  if (answer.lines.length) {
    const list = Object.assign(document.createElement("ul"), { id: "unit-option-lines" });
    list.append(...answer.lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    parts.push(list);
  }
  for (const odds of answer.odds) {
    const link = Object.assign(document.createElement("a"), { href: odds.url, textContent: `What would happen: the odds of a ${odds.kind}` });
    parts.push(Object.assign(document.createElement("p"), {}), link);
  }
  out.replaceChildren(...parts);
  return null;
}

// The refusal shown next to the form's fields `near` (a fieldset, or a button's
// paragraph): the rule that refuses what was typed there, or nothing (null).
export function refuseNear(near, refusal) {
  let line = near.querySelector(":scope > .refusal");
  if (!refusal) {
    if (line) line.remove();
    near.removeAttribute("aria-invalid");
    return;
  }
  if (!line) {
    line = Object.assign(document.createElement("p"), { className: "error refusal" });
    line.setAttribute("role", "alert");
    near.append(line);
  }
  line.textContent = `Not allowed: ${refusal}`;
  near.setAttribute("aria-invalid", "true");
}

// Only the latest question about a form's fields is answered there: fields typed one
// after the other ask several questions, whose answers may come back in any order.
const asked = new WeakMap();
const ask = (near) => {
  const number = (asked.get(near) || 0) + 1;
  asked.set(near, number);
  return () => asked.get(near) === number;
};

// What is typed in the form, checked as it is typed (a field's change): the engine's
// refusal of `edit` after `edits`, shown next to the fields `near`, or cleared; the
// edit is not added, nothing is stored.
export async function checkTyped(data, edits, edit, unit, near) {
  const latest = ask(near);
  const { refusal } = await question(data, [...edits, edit], unit);
  if (latest()) refuseNear(near, refusal || null);
  return !refusal;
}

// Dragging the board's pieces (by default `.unit[data-unit]` in its svg; `selector` and
// `idOf(node)` name others: Kensei's scenery) with a mouse or a finger: `pick(id)` as
// one is pressed (it may redraw the board; false: not draggable), the piece follows the
// pointer, and `drop(id, down, up)` with the pointer events where it was pressed and
// released. A press without a move is left to the board's clicks; a press on a piece
// picked is no one else's (registered before a BoardView, it does not pan the board).
export function dragPieces(board, { pick, drop, selector = ".unit[data-unit]", idOf = (node) => node.dataset.unit }) {
  let drag = null;
  let dragged = false;
  board.addEventListener("click", (click) => {
    if (dragged) click.stopPropagation();
    dragged = false;
  }, { capture: true });
  const pieceOf = (id) => [...board.querySelectorAll(`svg :is(${selector})`)].find((node) => idOf(node) === id);
  const touchable = () => {
    // A finger on the board drags its pieces rather than scrolling the page (Chromium
    // reads touch-action on an svg's root, not on the shapes inside it): the page is
    // scrolled by a finger beside the board.
    for (const piece of board.querySelectorAll(`svg :is(${selector})`)) piece.ownerSVGElement.style.touchAction = "none";
  };
  new MutationObserver(touchable).observe(board, { childList: true, subtree: true });
  touchable();
  board.addEventListener("pointerdown", (event) => {
    const pressed = event.target.closest(selector);
    dragged = false;
    if (drag || !pressed || event.button > 0) return;
    const id = idOf(pressed);
    if (!pick(id)) return;
    const piece = pieceOf(id);
    if (!piece) return;
    drag = { id, piece, down: event, pointer: event.pointerId, moved: false, transform: piece.getAttribute("transform") || "" };
    board.setPointerCapture(event.pointerId);
    event.preventDefault();
    event.stopImmediatePropagation();
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.down.clientX;
    const dy = event.clientY - drag.down.clientY;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    const matrix = drag.piece.ownerSVGElement.getScreenCTM();
    drag.piece.classList.add("dragging");
    drag.piece.style.pointerEvents = "none";
    drag.piece.setAttribute("transform", `translate(${dx / matrix.a} ${dy / matrix.d}) ${drag.transform}`);
  });
  const end = (event, dropped) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const done = drag;
    drag = null;
    if (board.hasPointerCapture(event.pointerId)) board.releasePointerCapture(event.pointerId);
    if (!done.moved) return;
    dragged = true; // the click that follows a drag is not a click on the board
    done.piece.style.pointerEvents = "";
    done.piece.setAttribute("transform", done.transform);
    done.piece.classList.remove("dragging");
    if (dropped) drop(done.id, done.down, event);
  };
  board.addEventListener("pointerup", (event) => end(event, true));
  board.addEventListener("pointercancel", (event) => end(event, false));
}

// Adds `edit` to `edits` and asks the engine about the position with it (the question
// of "What can this unit do?" for `unit`): refused, the edit is taken back (the board,
// redrawn by `draw`, snaps back) and the engine's words are shown, next to the form's
// fields `near` too when the edit was typed there (a drag has no field).
export async function tryEdit(data, edits, edit, unit, draw, near = null) {
  edits.push(edit);
  $("edit-error").hidden = true;
  for (const line of document.querySelectorAll("#editor .refusal")) refuseNear(line.parentElement, null);
  if (near) ask(near); // a check of its fields still on its way is answered by this one
  // Listed (and drawn) at once, marked busy until the engine has answered: assistive
  // technology waits for the answer, and so may a test before its next drag.
  $("edit-list").setAttribute("aria-busy", "true");
  draw();
  try {
    const refusal = await askEngine(data, edits, unit);
    if (refusal) {
      edits.splice(edits.lastIndexOf(edit), 1);
      draw();
      if (near) refuseNear(near, refusal);
    }
    return !refusal;
  } finally {
    $("edit-list").removeAttribute("aria-busy");
  }
}
