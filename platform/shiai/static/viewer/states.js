// The state after each step, as the view sees it: built from a state held and the
// patches of the steps between (GET /api/games/<id>/deltas, a batch per request), each
// checked against the state's hash; the whole state (GET .../steps/<n>) only on a jump
// far from any state held, or when a patch does not give the hash the server named.

import { applyPatch, stateHash } from "./deltas.js";

const KEEP = 240; // states held (built states share what they did not change)
const JUMP = 12; // farther than this from every state held: the whole state is fetched
const AHEAD = 24; // a delta request goes this many steps past the one asked for

// Of `steps`, the closest to `step` within JUMP of it (undefined: none).
function closest(steps, step) {
  let found;
  for (const at of steps) {
    if (at !== step && Math.abs(at - step) <= JUMP && (found === undefined || Math.abs(at - step) < Math.abs(found - step))) found = at;
  }
  return found;
}

export class StateSource {
  constructor(gameId, view) {
    this.gameId = gameId;
    this.view = view;
    this.cache = new Map();
    this.pending = new Map(); // step -> a full state's request, or a batch's (a Map when done)
    this.known = 0; // the last step known to exist
  }

  query(params) {
    const search = new URLSearchParams(params);
    if (this.view && this.view !== "spectator") search.set("view", this.view);
    const text = search.toString();
    return text ? `?${text}` : "";
  }

  url(step) {
    return `/api/games/${this.gameId}/steps/${step}${this.query({})}`;
  }

  deltasUrl(from, to) {
    return `/api/games/${this.gameId}/deltas${this.query({ from: String(from), to: String(to) })}`;
  }

  put(step, shown) {
    this.cache.delete(step);
    this.cache.set(step, shown);
    if (Number.isInteger(shown.last_step)) this.known = Math.max(this.known, shown.last_step);
    while (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value);
  }

  peek(step) {
    return this.cache.get(step);
  }

  async get(step) {
    const held = this.cache.get(step);
    if (held) return held;
    const got = await (this.pending.get(step) || this.near(step));
    const shown = got instanceof Map ? got.get(step) : got;
    return shown || this.full(step); // a batch that failed, or did not check out
  }

  prefetch(step, last) {
    this.known = Math.max(this.known, last);
    if (step < 0 || step > last || this.cache.has(step) || this.pending.has(step)) return;
    this.get(step).catch(() => {}); // shown, if ever, when asked for again
  }

  // The whole state after `step`.
  full(step) {
    const request = fetch(this.url(step), { headers: { Accept: "application/json" } })
      .then(async (response) => {
        const body = await response.json().catch(() => ({}));
        if (!response.ok) throw new Error(body.message || `the server answered ${response.status}`);
        this.put(step, body);
        return body;
      })
      .finally(() => {
        if (this.pending.get(step) === request) this.pending.delete(step);
      });
    this.pending.set(step, request);
    return request;
  }

  // `step` built from the nearest state held, with the steps beyond it (one request);
  // resolves to the states built, by step (none if anything went wrong).
  // A state being fetched near `step` (the one jumped to) is waited for, once.
  near(step, wait = true) {
    const base = closest(this.cache.keys(), step);
    if (base === undefined) {
      const coming = wait ? closest(this.pending.keys(), step) : undefined;
      if (coming === undefined) return this.full(step);
      const waiting = this.pending.get(coming)
        .catch(() => {})
        .then(() => this.cache.get(step) || this.near(step, false))
        .finally(() => {
          if (this.pending.get(step) === waiting) this.pending.delete(step);
        });
      this.pending.set(step, waiting);
      return waiting;
    }
    const direction = step > base ? 1 : -1;
    const end = direction > 0 ? Math.max(this.known, step) : 0;
    let to = step;
    while (to !== end && Math.abs(to - step) < AHEAD && !this.cache.has(to + direction) && !this.pending.has(to + direction)) to += direction;
    const from = this.cache.get(base);
    const run = fetch(this.deltasUrl(base, to), { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) return new Map();
        return this.build(from, await response.json());
      })
      .catch(() => new Map())
      .finally(() => {
        for (let at = base + direction; at !== to + direction; at += direction) {
          if (this.pending.get(at) === run) this.pending.delete(at);
        }
      });
    for (let at = base + direction; at !== to + direction; at += direction) {
      if (!this.cache.has(at) && !this.pending.has(at)) this.pending.set(at, run);
    }
    return run;
  }

  // Each delta applied in turn to `from`, each result held if its hash is the one named.
  async build(from, answer) {
    const built = new Map();
    if (answer.from_hash !== from.hash) return built; // not the state the patches start at
    let state = from.state;
    for (const delta of answer.deltas) {
      try {
        state = applyPatch(state, delta.patch);
      } catch {
        break;
      }
      if ((await stateHash(state)) !== delta.hash) break; // the rest would be wrong too
      const shown = {
        game_id: answer.game_id,
        step: delta.step,
        last_step: answer.last_step,
        state,
        hash: delta.hash,
        prompt: delta.prompt,
        game_over: answer.game_over,
      };
      this.put(delta.step, shown);
      built.set(delta.step, shown);
    }
    return built;
  }
}
