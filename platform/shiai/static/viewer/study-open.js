// The "Annotate / study" button of a finished game's page opens the study at the
// step shown now, wherever the reader has stepped to since the page loaded.
import { replay } from "./replay.js";

const field = document.getElementById("study-open-step");
if (replay && field) replay.addEventListener("step", (event) => { field.value = String(event.detail.step); });
