// What every system's position editor page shares (templates/analysis_editor.html):
// "Start a board from this position" posts the edits (the engine checks them all and
// its refusal is shown in its own words), "Ask the engine" lists what the selected
// unit may do at the step, and a link leads back to the game at that step.
const $ = (id) => document.getElementById(id);

export function showError(message) {
  $("edit-error").textContent = message;
  $("edit-error").hidden = false;
}

// `edits`: the list the page adds to; `selected()`: the unit (or character) chosen now.
export function wireEditor(data, edits, selected) {
  $("edit-start").addEventListener("click", async () => {
    if (!data.signed_in) return showError("Sign in to start a board from this position.");
    if (!edits.length) return showError("Make an edit first (or use Analyse from here on the game's page).");
    const response = await fetch(data.edits, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": data.csrf },
      body: JSON.stringify({ step: data.step, edits }),
    });
    const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
    if (response.status === 201) {
      location.assign(answer.editor);
      return;
    }
    showError(`Not allowed: ${answer.message}${answer.rule ? ` (${answer.rule})` : ""}`);
  });

  $("ask-options").addEventListener("click", async () => {
    const out = $("unit-options");
    const url = `${data.options.replace("UNIT", encodeURIComponent(selected()))}?step=${data.step}`;
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    const answer = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
    if (!response.ok) {
      out.replaceChildren(Object.assign(document.createElement("p"), { className: "error", textContent: answer.message }));
      return;
    }
    const parts = [Object.assign(document.createElement("p"), { textContent: `The engine waits for ${answer.prompt || "nobody"}.` })];
    if (answer.waiting) parts.push(Object.assign(document.createElement("p"), { className: "waiting", textContent: answer.waiting }));
    if (answer.lines.length) {
      const list = Object.assign(document.createElement("ul"), { id: "unit-option-lines" });
      list.append(...answer.lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
      parts.push(list);
    }
    for (const odds of answer.odds) {
      const link = Object.assign(document.createElement("a"), { href: odds.url, textContent: `What would happen: the odds of a ${odds.kind}` });
      parts.push(Object.assign(document.createElement("p"), {}), link);
    }
    out.replaceChildren(...parts);
  });

  const back = document.createElement("p");
  back.append(Object.assign(document.createElement("a"), { href: data.board, textContent: "Back to the game at this step" }));
  $("editor").querySelector(".meta").after(back);
}
