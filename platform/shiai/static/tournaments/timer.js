// Counts a round timer down on the device. The page says how many seconds were
// left when the server drew it (data-remaining) and whether the timer runs
// (data-state): counting from the page's own load time, not from the device's
// clock, keeps a phone whose clock is wrong on the hall's time.
const loaded = performance.now();

function clockText(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const mm = String(minutes).padStart(2, "0");
  const ss = String(secs).padStart(2, "0");
  return hours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

function localTime(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function run(timer) {
  if (timer.dataset.counting) return; // included twice on a page: one count
  timer.dataset.counting = "1";
  const clock = timer.querySelector("[data-timer-clock]");
  const label = timer.querySelector("[data-timer-label]");
  const remaining = Number(timer.dataset.remaining);
  if (timer.dataset.state !== "running") return;
  label.textContent = `left · ends at ${localTime(timer.dataset.endsAt)}`;
  const tick = () => {
    const left = Math.max(0, Math.ceil(remaining - (performance.now() - loaded) / 1000));
    clock.textContent = clockText(left);
    if (left === 0) {
      timer.dataset.state = "ended";
      timer.classList.replace("is-running", "is-ended");
      label.textContent = "time is up";
      return;
    }
    // The next tick at the next whole second of the count.
    const ms = (remaining * 1000 - (performance.now() - loaded)) % 1000;
    setTimeout(tick, (ms > 0 ? ms : 1000) + 5);
  };
  tick();
}

document.querySelectorAll("[data-timer]").forEach(run);
