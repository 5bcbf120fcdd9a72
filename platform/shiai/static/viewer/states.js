// Fetching the state after a step from the JSON API, with a small cache and prefetching.

const KEEP = 240; // states held; a Kensei state is ~30 kB

export class StateSource {
  constructor(gameId, view) {
    this.gameId = gameId;
    this.view = view;
    this.cache = new Map();
    this.pending = new Map();
  }

  url(step) {
    const query = this.view && this.view !== "spectator" ? `?view=${encodeURIComponent(this.view)}` : "";
    return `/api/games/${this.gameId}/steps/${step}${query}`;
  }

  put(step, shown) {
    this.cache.delete(step);
    this.cache.set(step, shown);
    while (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value);
  }

  peek(step) {
    return this.cache.get(step);
  }

  async get(step) {
    const held = this.cache.get(step);
    if (held) return held;
    if (this.pending.has(step)) return this.pending.get(step);
    const request = fetch(this.url(step), { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(body.message || `the server answered ${response.status}`);
        this.put(step, body);
        return body;
      })
      .finally(() => this.pending.delete(step));
    this.pending.set(step, request);
    return request;
  }

  prefetch(step, last) {
    if (step < 0 || step > last || this.cache.has(step) || this.pending.has(step)) return;
    this.get(step).catch(() => {}); // shown, if ever, when asked for again
  }
}
