// Patches of states (replays/deltas.py) applied in the browser, and the state hash
// (engine/core/canonical.py: SHA-256 of the canonical JSON) to check the result.
// No DOM here: node imports this module in tests/unit/test_step_deltas_js.py.

export class BadPatch extends Error {}

// `state` with `patch` applied, as a new value; what is not changed is shared.
// An operation is [path, value] (set; an array index may equal its length: append)
// or [path] (remove a key; an array index i cuts the array to length i).
export function applyPatch(state, patch) {
  if (!Array.isArray(patch)) throw new BadPatch("a patch is a list of operations");
  for (const operation of patch) {
    if (!Array.isArray(operation) || operation.length < 1 || operation.length > 2 || !Array.isArray(operation[0])) {
      throw new BadPatch(`an operation is [path] or [path, value], not ${JSON.stringify(operation)}`);
    }
    state = applyAt(state, operation[0], 0, operation.length === 2, operation[1]);
  }
  return state;
}

function applyAt(value, path, depth, setting, newValue) {
  if (depth === path.length) {
    if (!setting) throw new BadPatch("the whole state cannot be removed");
    return newValue;
  }
  const key = path[depth];
  const last = depth === path.length - 1;
  if (value !== null && typeof value === "object" && !Array.isArray(value) && typeof key === "string") {
    const copy = { ...value };
    const has = Object.prototype.hasOwnProperty.call(copy, key);
    if (!last) {
      if (!has) throw new BadPatch(`no member ${key} to change`);
      copy[key] = applyAt(copy[key], path, depth + 1, setting, newValue);
    } else if (setting) {
      // defineProperty: a key named __proto__ is a member like any other.
      Object.defineProperty(copy, key, { value: newValue, enumerable: true, writable: true, configurable: true });
    } else {
      if (!has) throw new BadPatch(`no member ${key} to remove`);
      delete copy[key];
    }
    return copy;
  }
  if (Array.isArray(value) && Number.isInteger(key) && key >= 0 && key <= value.length) {
    const items = value.slice();
    if (!last) {
      if (key === items.length) throw new BadPatch(`no item ${key} to change`);
      items[key] = applyAt(items[key], path, depth + 1, setting, newValue);
    } else if (!setting) {
      items.length = key;
    } else {
      items[key] = newValue;
    }
    return items;
  }
  throw new BadPatch(`${JSON.stringify(key)} leads nowhere`);
}

// The canonical encoding: sorted keys, no spaces, as Python's json.dumps(sort_keys=True,
// separators=(",", ":"), ensure_ascii=False) writes it (states hold no floats).
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// Python sorts strings by code point; JavaScript's sort by UTF-16 unit differs above U+FFFF.
function byCodePoint(a, b) {
  if (a === b) return 0;
  const x = Array.from(a), y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
  }
  return x.length - y.length;
}

// SHA-256 (hex) of the canonical encoding: the state hash the server gives.
export async function stateHash(state) {
  const bytes = new TextEncoder().encode(canonicalJson(state));
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (subtle) return hex(new Uint8Array(await subtle.digest("SHA-256", bytes)));
  return sha256Hex(bytes); // crypto.subtle exists only on https and localhost
}

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// FIPS 180-4 SHA-256, for pages served over plain http (no crypto.subtle there).
// The constants are the first 32 bits of the fractional parts of the square roots
// (H) and cube roots (K) of the first primes, computed here as the standard defines them.
const PRIMES = [];
for (let n = 2; PRIMES.length < 64; n += 1) if (PRIMES.every((p) => n % p)) PRIMES.push(n);
const fraction = (x) => Math.floor((x - Math.floor(x)) * 0x100000000) >>> 0;
const H0 = PRIMES.slice(0, 8).map((p) => fraction(Math.sqrt(p)));
const K = Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));
const rotr = (x, n) => (x >>> n) | (x << (32 - n));

export function sha256Hex(bytes) {
  const blocks = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  blocks.set(bytes);
  blocks[bytes.length] = 0x80;
  const view = new DataView(blocks.buffer);
  view.setUint32(blocks.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(blocks.length - 4, (bytes.length * 8) >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < blocks.length; offset += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, k] = h;
    for (let i = 0; i < 64; i += 1) {
      const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
  }
  return Array.from(h, (word) => word.toString(16).padStart(8, "0")).join("");
}
