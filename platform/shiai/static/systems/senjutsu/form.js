// The new-game form's Senjutsu part: shows the duel's second player or the solo
// opponents as the game chosen (a solo game's player is side A, so its side is set).
const form = document.querySelector("input[name=mode]")?.form;

function show() {
  if (!form) return;
  const solo = form.querySelector("input[name=mode]:checked")?.value === "solo";
  for (const part of form.querySelectorAll(".sj-duel-only")) part.hidden = solo;
  for (const part of form.querySelectorAll(".sj-solo-only")) part.hidden = !solo;
  const side = form.querySelector("select[name=side]");
  if (solo && side) side.value = "A";
  if (side) side.disabled = false;
  const invite = form.querySelector("input[name=opponent][value=invite]");
  if (invite) {
    invite.disabled = solo;
    if (solo && invite.checked) form.querySelector("input[name=opponent][value=bot]").checked = true;
  }
}

if (form) {
  for (const radio of form.querySelectorAll("input[name=mode]")) radio.addEventListener("change", show);
  show();
}
