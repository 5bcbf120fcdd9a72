// The projector shows one screen at a time and turns to the next every
// data-seconds; the arrow keys (or a click) turn them by hand, F fills the screen.
// Which screen is on show, and since when, survives live.js's reloads: in a busy
// hall results come in every few seconds, and each reload must neither send the
// hall back to the first screen nor restart the screen's time.
const root = document.querySelector("[data-projector]");

if (root) {
  const pages = [...root.querySelectorAll("[data-proj-page]")];
  const counter = root.querySelector("[data-proj-counter]");
  const period = Number(root.dataset.seconds || 15) * 1000;
  const key = `shiai-projector:${location.pathname}`;
  // The screens' titles: a new round (or check-in closing) is a new set, shown from its first.
  const set = pages.map((page) => page.querySelector("h2")?.textContent).join("|");
  let index = 0;
  let since = Date.now();
  let turning = null;

  const show = (next, at = Date.now()) => {
    index = (next + pages.length) % pages.length;
    since = at;
    pages.forEach((page, position) => {
      page.hidden = position !== index;
    });
    counter.textContent = pages.length > 1 ? `screen ${index + 1} of ${pages.length}` : "";
    sessionStorage.setItem(key, JSON.stringify({ index, since, set }));
  };

  const schedule = () => {
    clearTimeout(turning);
    if (pages.length < 2) return;
    const left = Math.max(0, period - (Date.now() - since));
    turning = setTimeout(() => {
      show(index + 1);
      schedule();
    }, left);
  };

  const turnBy = (step) => {
    show(index + step);
    schedule();
  };

  try {
    const saved = JSON.parse(sessionStorage.getItem(key) || "null");
    if (saved && saved.set === set && Number.isInteger(saved.index) && Number.isFinite(saved.since)) {
      const turns = Math.max(0, Math.floor((Date.now() - saved.since) / period));
      show(saved.index + turns, saved.since + turns * period);
    } else {
      show(0);
    }
  } catch (error) {
    show(0); // a stored value of another version: start again
  }
  document.documentElement.classList.add("is-cycling");
  schedule();
  document.addEventListener("keydown", (event) => {
    if (["ArrowRight", "PageDown", " "].includes(event.key)) turnBy(1);
    else if (["ArrowLeft", "PageUp"].includes(event.key)) turnBy(-1);
    else if (event.key === "f" && document.fullscreenEnabled) {
      document.documentElement.requestFullscreen();
      return;
    } else return;
    event.preventDefault();
  });
  root.addEventListener("click", () => turnBy(1));
}
