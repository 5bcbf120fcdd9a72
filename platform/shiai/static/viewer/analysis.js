// "Analyse from here" (templates/analysis_header.html) starts the analysis board
// from the step the viewer shows: keep the form's step, and its note, current as
// the replay moves. A step between the events of one command (nobody decides
// there: its prompt is null) is analysed from the end of that command.
import { replay } from "./replay.js";

const step = document.getElementById("analyse-step");
const note = document.getElementById("analyse-note");
if (replay && step) {
  replay.addEventListener("step", (event) => {
    const { step: shown, shown: state } = event.detail;
    step.value = String(shown);
    const editor = document.getElementById("open-editor");
    if (editor) editor.search = `?step=${shown}`;
    if (!note) return;
    const from = shown === 0 || state?.prompt ? `step ${shown}` : `the end of the command of step ${shown}`;
    note.textContent = `a new board from ${from} · this game is not changed`;
  });
}
