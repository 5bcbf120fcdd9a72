// Dice as faces: a natural 1 is a fumble, a natural 6 a critical; where a roll is a
// test (success on 4+, or at most a target), each face says whether it succeeded.

export function faceMarks(face, test) {
  const marks = [];
  if (face === 1) marks.push("fumble");
  if (face === 6) marks.push("critical");
  if (test) {
    const ok = test.atLeast !== undefined ? face >= test.atLeast : face <= test.atMost;
    marks.push(ok ? "success" : "failure");
  }
  return marks;
}

export function diceElement(group) {
  const wrap = document.createElement("span");
  wrap.className = "dice" + (group.reroll ? " reroll" : "");
  const label = document.createElement("span");
  label.className = "dice-label";
  const test = group.test
    ? group.test.atLeast !== undefined ? ` (success on ${group.test.atLeast}+)` : ` (success on ${group.test.atMost} or less)`
    : "";
  label.textContent = `${group.reroll ? "re-roll: " : ""}${group.label}${test}`;
  wrap.append(label);
  for (const face of group.faces) {
    const marks = faceMarks(face, group.test);
    const die = document.createElement("span");
    die.className = ["die", ...marks].join(" ");
    die.textContent = String(face);
    const words = marks.length ? ` (${marks.join(", ")})` : "";
    die.setAttribute("aria-label", `${face}${words}`);
    die.title = `${face}${words}`;
    wrap.append(die);
  }
  return wrap;
}
