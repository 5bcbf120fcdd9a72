// The new-game page: choosing another game system shows that system's options
// (the page again, for it); without script, the "Show its options" button does.
const form = document.getElementById("choose-system");
if (form) {
  document.documentElement.classList.add("js");
  form.querySelector("select").addEventListener("change", () => form.requestSubmit());
}
