// A game system's own module (static/systems/<id>/replay.js or play.js), at the
// address the page names (its plug-in, shiai.systems): the export `name`, or
// `fallback` when the system has none or its module fails to load (the game is still
// shown and played, the console saying why: `instead`).
export async function systemExport(script, name, fallback, instead) {
  if (!script) return fallback;
  try {
    return (await import(script))[name] || fallback;
  } catch (error) {
    console.error(`the game system's ${script} did not load (${error.message}): ${instead}`);
    return fallback;
  }
}
