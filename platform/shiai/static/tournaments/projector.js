// The projector shows one screen at a time and turns to the next every
// data-seconds; the arrow keys (or a click) turn them by hand, F fills the screen. The screen on show
// survives live.js's reloads, so a result coming in does not send the hall back
// to the first screen.
const root = document.querySelector("[data-projector]");

if (root) {
  const pages = [...root.querySelectorAll("[data-proj-page]")];
  const counter = root.querySelector("[data-proj-counter]");
  const seconds = Number(root.dataset.seconds || 15);
  const key = `shiai-projector:${location.pathname}`;
  let index = Number(sessionStorage.getItem(key) || 0) % pages.length || 0;
  let turning = null;

  const show = (next) => {
    index = (next + pages.length) % pages.length;
    pages.forEach((page, at) => {
      page.hidden = at !== index;
    });
    counter.textContent = pages.length > 1 ? `screen ${index + 1} of ${pages.length}` : "";
    sessionStorage.setItem(key, String(index));
  };

  const restart = () => {
    clearInterval(turning);
    if (pages.length > 1) turning = setInterval(() => show(index + 1), seconds * 1000);
  };

  document.documentElement.classList.add("is-cycling");
  show(index);
  restart();
  document.addEventListener("keydown", (event) => {
    if (["ArrowRight", "PageDown", " "].includes(event.key)) show(index + 1);
    else if (["ArrowLeft", "PageUp"].includes(event.key)) show(index - 1);
    else if (event.key === "f" && document.fullscreenEnabled) {
      document.documentElement.requestFullscreen();
      return;
    } else return;
    event.preventDefault();
    restart();
  });
  root.addEventListener("click", () => {
    show(index + 1);
    restart();
  });
}
