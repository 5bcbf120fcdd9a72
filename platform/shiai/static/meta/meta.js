// The meta dashboards: draws the figures the server built with Plotly (served by
// the platform); each chart is marked data-drawn once drawn.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const source = document.getElementById("meta-figures");
  if (!source) return;
  const figures = JSON.parse(source.textContent);
  for (const element of document.querySelectorAll("[data-figure]")) {
    const figure = figures[element.dataset.figure];
    Plotly.newPlot(element, figure.data, figure.layout, { displaylogo: false, responsive: true })
      .then(() => { element.dataset.drawn = "true"; });
  }
});
