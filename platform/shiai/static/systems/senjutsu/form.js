// The new-game form's Senjutsu part: shows the duel's second player, or the solo
// opponents, as the game chosen. A solo game's player is side A and its opponents
// act by the solo rules (never asked anything), so the page's "You play",
// "Against" and "Bot" choices are put away for it (the form still sends side A and
// the bot, which the opponents' seats keep but never use).
const form = document.querySelector("input[name=mode]")?.form;

function toggle(element, hidden) {
  if (element) element.hidden = hidden;
}

function show() {
  const solo = form.querySelector("input[name=mode]:checked")?.value === "solo";
  for (const part of form.querySelectorAll(".sj-duel-only")) part.hidden = solo;
  for (const part of form.querySelectorAll(".sj-solo-only")) part.hidden = !solo;
  const side = form.querySelector("select[name=side]");
  if (solo && side) side.value = "A";
  toggle(side, solo);
  toggle(form.querySelector("label[for=side]"), solo);
  const bot = form.querySelector("input[name=opponent][value=bot]");
  if (solo && bot) bot.checked = true;
  toggle(bot && bot.closest("fieldset"), solo);
  toggle(form.querySelector("select[name=bot]"), solo);
  toggle(form.querySelector("label[for=bot]"), solo);
  // An opponent slot left at "none" has no limit, stance or nightmare to choose.
  for (const slot of form.querySelectorAll(".sj-opponent")) {
    const none = !slot.querySelector("select[name^=opponent_]").value;
    for (const control of slot.querySelectorAll(".sj-opponent-options input, .sj-opponent-options select")) control.disabled = none;
    toggle(slot.querySelector(".sj-opponent-options"), none);
  }
}

if (form) {
  for (const input of form.querySelectorAll("input[name=mode], .sj-opponent select[name^=opponent_]")) input.addEventListener("change", show);
  show();
}
