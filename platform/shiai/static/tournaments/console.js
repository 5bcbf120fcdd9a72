// The organiser console. A refused action draws the console at the action's URL
// (a POST): the page takes the console's own address back, so that a live reload
// (live.js, loaded after this script) asks for the console and never re-sends the
// form, and it shows the section the form was sent from. A section reached by its
// anchor inside a folded earlier round opens.
const root = document.querySelector("[data-console-url]");

function reveal(id, scroll) {
  const target = id && document.getElementById(id);
  if (!target) return;
  for (let folded = target.closest("details"); folded; folded = folded.parentElement.closest("details")) {
    folded.open = true;
  }
  if (scroll) target.scrollIntoView({ block: "center" });
}

if (root) {
  if (location.pathname !== root.dataset.consoleUrl) {
    const anchor = root.dataset.anchor;
    history.replaceState(null, "", root.dataset.consoleUrl + (anchor ? `#${anchor}` : ""));
    // The refusal stays in sight (it sticks to the top of the window), the section under it.
    reveal(anchor, true);
  } else if (location.hash) {
    reveal(decodeURIComponent(location.hash.slice(1)), true);
  }
  window.addEventListener("hashchange", () => reveal(decodeURIComponent(location.hash.slice(1)), true));
}
