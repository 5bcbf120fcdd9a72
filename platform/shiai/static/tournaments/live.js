// Keeps a tournament page current: polls the tournament's version and reloads the
// page when it changes, unless the person is typing in a form. The scroll position
// survives the reload. The element with [data-live-url] says what to poll and how
// often (data-live-seconds); its data-live-version is the version the page shows.
const root = document.querySelector("[data-live-url]");
const SCROLL_KEY = `shiai-scroll:${location.pathname}`;

function restoreScroll() {
  const saved = sessionStorage.getItem(SCROLL_KEY);
  if (saved !== null) {
    sessionStorage.removeItem(SCROLL_KEY);
    window.scrollTo(0, Number(saved));
  }
}

function busy() {
  const active = document.activeElement;
  if (active && ["INPUT", "SELECT", "TEXTAREA"].includes(active.tagName)) return true;
  return [...document.querySelectorAll("form")].some((form) => form.dataset.dirty === "1");
}

async function poll() {
  try {
    const response = await fetch(root.dataset.liveUrl, { cache: "no-store" });
    if (response.ok) {
      const { version } = await response.json();
      if (String(version) !== root.dataset.liveVersion && !busy()) {
        sessionStorage.setItem(SCROLL_KEY, String(window.scrollY));
        location.reload();
        return;
      }
    }
  } catch (error) {
    // Offline for a moment (a hall's Wi-Fi): try again at the next tick.
  }
  setTimeout(poll, Number(root.dataset.liveSeconds || 5) * 1000);
}

if (root) {
  restoreScroll();
  document.addEventListener("input", (event) => {
    const form = event.target.closest("form");
    if (form) form.dataset.dirty = "1";
  });
  setTimeout(poll, Number(root.dataset.liveSeconds || 5) * 1000);
}
