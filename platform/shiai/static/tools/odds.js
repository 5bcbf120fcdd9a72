// The Kensei odds page: draws the figures the server built (Plotly, served by
// the platform) and greys out the hand-entry fields while a listed unit is picked.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  for (const pick of document.querySelectorAll("select.unit-pick")) {
    const hand = document.getElementById(pick.dataset.hand);
    const follow = () => { hand.disabled = pick.value !== ""; };
    pick.addEventListener("change", follow);
    follow();
  }
  const source = document.getElementById("odds-figures");
  if (!source) return;
  const figures = JSON.parse(source.textContent);
  for (const element of document.querySelectorAll("[data-figure]")) {
    const figure = figures[element.dataset.figure];
    Plotly.newPlot(element, figure.data, figure.layout, { displaylogo: false, responsive: true })
      .then(() => { element.dataset.drawn = "true"; });
  }
});
