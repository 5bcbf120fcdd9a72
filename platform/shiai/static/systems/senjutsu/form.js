// The new-game form's Senjutsu part: a duel shows as many sides as players chosen
// (two to six), each with its character and who plays it; a solo game shows side
// A's character and the solo opponents instead. Sides beyond the number of players
// are disabled, so they are not sent (the server reads only the first ones anyway).
// The terrain is placed for the players, or by them in turns from the pieces chosen.
const form = document.querySelector("input[name=mode]")?.form;

function show() {
  const solo = form.querySelector("input[name=mode]:checked")?.value === "solo";
  const players = solo ? 1 : Number(form.querySelector("select[name=players]")?.value || 2);
  for (const part of form.querySelectorAll(".sj-duel-only:not(.sj-seat)")) part.hidden = solo;
  for (const part of form.querySelectorAll(".sj-solo-only")) part.hidden = !solo;
  for (const seat of form.querySelectorAll(".sj-seat")) {
    const unused = Number(seat.dataset.seat) > players;
    seat.hidden = unused;
    for (const control of seat.querySelectorAll("select")) control.disabled = unused;
  }
  // Terrain placed in turns: the pieces to place (disabled, so not sent, otherwise).
  const turns = form.querySelector("input[name=terrain_mode]:checked")?.value === "turns";
  for (const part of form.querySelectorAll(".sj-turns-only")) {
    part.hidden = !turns;
    for (const control of part.querySelectorAll("select")) control.disabled = !turns;
  }
  for (const part of form.querySelectorAll(".sj-placed-only")) part.hidden = turns;
  // An opponent slot left at "none" has no limit, stance or nightmare to choose.
  for (const slot of form.querySelectorAll(".sj-opponent")) {
    const none = !slot.querySelector("select[name^=opponent_]").value;
    const options = slot.querySelector(".sj-opponent-options");
    for (const control of options.querySelectorAll("input, select")) control.disabled = none;
    options.hidden = none;
  }
}

// One side is the player's own: choosing "You" for another side makes the
// previous one hot-seat (still the player's, on this screen).
function oneYou(event) {
  if (event.target.value !== "you") return;
  for (const other of form.querySelectorAll("select[name^=seat_]")) {
    if (other !== event.target && other.value === "you") other.value = "hot-seat";
  }
}

// The pieces to place in turns start as the terrain chosen's pieces.
function poolFromPreset() {
  const chosen = form.querySelector("select[name=terrain]")?.selectedOptions[0];
  const pieces = (chosen?.dataset.pieces || "").split(" ").filter(Boolean);
  for (const count of form.querySelectorAll(".sj-pool select")) {
    count.value = String(pieces.filter((kind) => kind === count.dataset.kind).length);
  }
}

if (form) {
  form.querySelector("select[name=terrain]")?.addEventListener("change", poolFromPreset);
  for (const input of form.querySelectorAll("input[name=terrain_mode]")) input.addEventListener("change", show);
  const inputs = "input[name=mode], select[name=players], .sj-opponent select[name^=opponent_]";
  for (const input of form.querySelectorAll(inputs)) input.addEventListener("change", show);
  for (const seat of form.querySelectorAll("select[name^=seat_]")) seat.addEventListener("change", oneYou);
  show();
}
