// "Analyse from here" (templates/analysis_header.html) starts the analysis board
// from the step the viewer shows: keep the form's step current as the replay moves.
import { replay } from "./replay.js";

const step = document.getElementById("analyse-step");
const shown = document.getElementById("analyse-step-shown");
if (replay && step) {
  replay.addEventListener("step", (event) => {
    step.value = String(event.detail.step);
    if (shown) shown.textContent = String(event.detail.step);
  });
}
