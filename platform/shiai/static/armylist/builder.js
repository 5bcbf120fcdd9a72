// The army-list builder. Enhances every .army-list-field (templates/_army_builder.html):
// a faction, a commander level, units (troop, miniatures, leader), leaders acting alone
// and the general, chosen from the system's catalogue (data-catalogue-url); the points
// counted as the list changes; the engine's verdict (data-check-url) listed rule by rule
// a moment after each change; JSON upload and download. The field's textarea always
// holds the list's JSON, so the surrounding form posts it; a list typed or pasted into
// the textarea is read back into the builder.
const CHECK_DELAY_MS = 350;
const MAX_COUNT = 200;
const DEFAULT_BATTLE_SIZE = 400;
const KNOWN_KEYS = ["name", "faction", "battle_size", "commander_level", "general", "units", "leaders"];

let nextId = 1;

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

function option(value, label, selected) {
  const node = el("option", { value }, label);
  node.selected = Boolean(selected);
  return node;
}

function asInteger(value, fallback) {
  return Number.isInteger(value) ? value : fallback;
}

function asText(value) {
  return typeof value === "string" ? value : "";
}

function leaderIds(leader) {
  if (typeof leader === "string") return [leader];
  return Array.isArray(leader) ? leader.filter((item) => typeof item === "string") : [];
}

// A type cap's points at a battle size (Army creation > 5; shiai army_lists / TypeCap.limit).
function capLimit(cap, battleSize) {
  if (cap.max_percent !== null && cap.max_percent !== undefined) {
    return Math.floor((battleSize * cap.max_percent) / 100);
  }
  for (const [upTo, points] of cap.max_points) {
    if (battleSize <= upTo) return points;
  }
  return 0;
}

function slug(text) {
  const found = text.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return found.slice(0, 60) || "army-list";
}

class Builder {
  constructor(field, catalogue) {
    this.field = field;
    this.catalogue = catalogue;
    this.prefix = `army-builder-${nextId++}`;
    this.textarea = field.querySelector("textarea");
    // A registration form has its own faction choice: the builder follows it (one
    // faction control on the page) and sets it when a loaded list names another.
    this.outerFaction = field.closest("form")?.querySelector("select[name=faction]") || null;
    this.eventSize = Number.parseInt(field.dataset.battleSize || "", 10) || null;
    this.troops = new Map();
    for (const faction of catalogue.factions) {
      for (const troop of faction.troops) this.troops.set(troop.id, troop);
    }
    this.timer = null;
    this.request = null;
    this.state = this.emptyState();
    this.render();
    const text = this.textarea.value.trim();
    if (text) this.loadText(text, { announce: false, keepText: true });
    else if (this.outerFaction?.value) this.changeFaction(this.outerFaction.value);
    else {
      this.refresh();
      this.scheduleCheck();
    }
  }

  // --- the list ---------------------------------------------------------------------

  emptyState() {
    const size = this.eventSize || this.clampSize(DEFAULT_BATTLE_SIZE);
    const levels = this.catalogue.commander_levels;
    return {
      name: "",
      faction: "",
      battle_size: size,
      commander_level: levels.length ? levels[0].level : 0,
      general: "",
      units: [],
      leaders: [],
      extra: {},
    };
  }

  clampSize(size) {
    const { min, max } = this.catalogue.battle_size;
    return Math.min(Math.max(size, min), max);
  }

  fromDocument(doc) {
    const state = this.emptyState();
    state.name = asText(doc.name);
    state.faction = asText(doc.faction);
    state.battle_size = asInteger(doc.battle_size, state.battle_size);
    state.commander_level = asInteger(doc.commander_level, state.commander_level);
    state.general = asText(doc.general);
    state.units = (Array.isArray(doc.units) ? doc.units : [])
      .filter((unit) => unit && typeof unit === "object")
      .map((unit) => ({
        troop: asText(unit.troop),
        count: asInteger(unit.count, 1),
        leaders: leaderIds(unit.leader),
        id: typeof unit.id === "string" ? unit.id : undefined,
      }));
    state.leaders = (Array.isArray(doc.leaders) ? doc.leaders : [])
      .filter((leader) => leader && typeof leader === "object")
      .map((leader) => ({ troop: asText(leader.troop), id: typeof leader.id === "string" ? leader.id : undefined }));
    for (const [key, value] of Object.entries(doc)) {
      if (!KNOWN_KEYS.includes(key)) state.extra[key] = value;
    }
    return state;
  }

  toDocument() {
    const s = this.state;
    const units = s.units.map((unit) => {
      const entry = {};
      if (unit.id !== undefined) entry.id = unit.id;
      entry.troop = unit.troop;
      entry.count = unit.count;
      if (unit.leaders.length === 1) entry.leader = unit.leaders[0];
      else if (unit.leaders.length > 1) entry.leader = [...unit.leaders];
      return entry;
    });
    const leaders = s.leaders.map((leader) =>
      leader.id !== undefined ? { id: leader.id, troop: leader.troop } : { troop: leader.troop },
    );
    return {
      name: s.name,
      faction: s.faction,
      battle_size: s.battle_size,
      commander_level: s.commander_level,
      general: s.general,
      units,
      leaders,
      ...s.extra,
    };
  }

  faction() {
    return this.catalogue.factions.find((faction) => faction.id === this.state.faction) || null;
  }

  cost(troopId) {
    const troop = this.troops.get(troopId);
    return troop ? troop.cost : 0;
  }

  unitCost(unit) {
    const leaders = unit.leaders.reduce((sum, id) => sum + this.cost(id), 0);
    return this.cost(unit.troop) * Math.max(unit.count, 0) + leaders;
  }

  commanderCost() {
    const level = this.catalogue.commander_levels.find((entry) => entry.level === this.state.commander_level);
    return level ? level.cost : 0;
  }

  // What the list costs: troops, leaders and the commander level (shiai.army_lists.points).
  points() {
    const units = this.state.units.reduce((sum, unit) => sum + this.unitCost(unit), 0);
    const alone = this.state.leaders.reduce((sum, leader) => sum + this.cost(leader.troop), 0);
    return units + alone + this.commanderCost();
  }

  // The leaders of the list (leading a unit or alone), in list order, each once.
  listedLeaders() {
    const ids = [];
    for (const unit of this.state.units) ids.push(...unit.leaders);
    for (const leader of this.state.leaders) ids.push(leader.troop);
    return [...new Set(ids.filter((id) => id))];
  }

  // After an edit in the builder: keep the general among the list's leaders.
  keepGeneral() {
    const leaders = this.listedLeaders();
    if (leaders.includes(this.state.general)) return;
    const hero = leaders.find((id) => (this.troops.get(id) || {}).class === "H");
    this.state.general = hero || leaders[0] || "";
  }

  // --- the page ---------------------------------------------------------------------

  render() {
    const p = this.prefix;
    const { min, max } = this.catalogue.battle_size;
    this.root = this.field.querySelector(".army-builder");
    this.root.replaceChildren();
    this.root.hidden = false;
    this.field.querySelector(".army-list-json").open = false;

    this.nameInput = el("input", { id: `${p}-name`, type: "text", maxlength: 100, autocomplete: "off", placeholder: "e.g. Clan vanguard" });
    this.factionSelect = el("select", { id: `${p}-faction` });
    this.factionSelect.append(option("", "Choose a faction", true));
    for (const faction of this.catalogue.factions) {
      this.factionSelect.append(option(faction.id, faction.name, false));
    }
    this.sizeInput = el("input", { id: `${p}-size`, type: "number", min, max, step: 1, inputmode: "numeric" });
    this.levelSelect = el("select", { id: `${p}-level` });
    for (const level of this.catalogue.commander_levels) {
      this.levelSelect.append(option(String(level.level), `${level.name} (${level.cost} points)`, false));
    }
    this.generalSelect = el("select", { id: `${p}-general` });
    const sizeHint = this.eventSize
      ? el("small", { id: `${p}-size-hint` }, `This event plays ${this.eventSize} points.`)
      : el("small", { id: `${p}-size-hint` }, `${min} to ${max} points.`);
    this.sizeInput.setAttribute("aria-describedby", `${p}-size-hint`);

    this.unitsList = el("div", { class: "army-units" });
    this.addUnitButton = el("button", { type: "button", class: "army-add" }, "Add a unit");
    this.leadersList = el("div", { class: "army-leaders" });
    this.addLeaderButton = el("button", { type: "button", class: "army-add" }, "Add a leader");

    this.pointsValue = el("strong", { class: "army-points-value", dataset: { points: "0" } }, "0");
    this.pointsOf = el("span", { class: "army-points-of" });
    this.pointsNote = el("span", { class: "army-points-note" });
    this.pointsFill = el("span", { class: "army-bar-fill" });
    this.pointsBar = el("span", { class: "army-bar", "aria-hidden": "true" }, this.pointsFill);
    this.capsList = el("ul", { class: "army-caps", "aria-label": "Points spent by troop type, against their caps" });
    this.pointsBox = el(
      "p",
      { class: "army-points", role: "status", "aria-live": "polite" },
      el("span", {}, "Points "),
      this.pointsValue,
      this.pointsOf,
      this.pointsNote,
    );

    this.checkStatus = el("p", { class: "army-check-status" });
    this.violations = el("ul", { class: "army-violations" });
    this.checkBox = el(
      "section",
      { class: "army-check", "aria-live": "polite", "aria-labelledby": `${p}-check-title`, dataset: { checkState: "idle" } },
      el("h3", { id: `${p}-check-title` }, "Check by the rules engine"),
      this.checkStatus,
      this.violations,
    );

    this.uploadInput = el("input", { type: "file", accept: ".json,application/json", class: "army-upload-input", "data-army-upload": true });
    this.uploadLabel = el("label", { class: "army-button army-upload" }, "Upload JSON", this.uploadInput);
    this.downloadButton = el("button", { type: "button", class: "army-button army-download" }, "Download JSON");
    this.fileNote = el("p", { class: "army-file-note", role: "status" });

    const labelled = (id, text, control, extra = null) =>
      el("div", { class: "army-control" }, el("label", { for: id }, text), control, extra);

    if (this.catalogue.notice) this.root.append(el("p", { class: "army-sample" }, this.catalogue.notice));
    this.root.append(
      el(
        "fieldset",
        { class: "army-list-head" },
        el("legend", {}, "Army"),
        this.outerFaction ? null : labelled(`${p}-faction`, "Faction", this.factionSelect),
        labelled(`${p}-name`, "List name", this.nameInput),
        labelled(`${p}-size`, "Battle size (points)", this.sizeInput, sizeHint),
        labelled(`${p}-level`, "Commander level", this.levelSelect),
        labelled(`${p}-general`, "General", this.generalSelect),
      ),
      el("fieldset", { class: "army-units-box" }, el("legend", {}, "Units"), this.unitsList, this.addUnitButton),
      el(
        "fieldset",
        { class: "army-leaders-box" },
        el("legend", {}, "Leaders acting alone"),
        this.leadersList,
        this.addLeaderButton,
      ),
      el("div", { class: "army-summary" }, this.pointsBox, this.pointsBar),
      this.capsList,
      this.checkBox,
      el("div", { class: "army-files" }, this.uploadLabel, this.downloadButton, this.fileNote),
    );

    this.factionSelect.addEventListener("change", () => this.changeFaction(this.factionSelect.value));
    this.outerFaction?.addEventListener("change", () => this.changeFaction(this.outerFaction.value));
    this.nameInput.addEventListener("input", () => this.edit(() => { this.state.name = this.nameInput.value; }));
    this.sizeInput.addEventListener("input", () => {
      const size = Number.parseInt(this.sizeInput.value, 10);
      if (Number.isInteger(size)) this.edit(() => { this.state.battle_size = size; });
    });
    this.levelSelect.addEventListener("change", () =>
      this.edit(() => { this.state.commander_level = Number.parseInt(this.levelSelect.value, 10); }),
    );
    this.generalSelect.addEventListener("change", () => this.edit(() => { this.state.general = this.generalSelect.value; }));
    this.addUnitButton.addEventListener("click", () => this.addUnit());
    this.addLeaderButton.addEventListener("click", () => this.addLeader());
    this.uploadInput.addEventListener("change", () => this.upload());
    this.downloadButton.addEventListener("click", () => this.download());
    let typing = null;
    this.textarea.addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(() => this.loadText(this.textarea.value, { announce: false, keepText: true }), CHECK_DELAY_MS);
    });
    this.field.dataset.builder = "ready";
  }

  // Show the state in every control (after a load, a faction change, an added unit...).
  refresh() {
    const s = this.state;
    const faction = this.faction();
    if (s.faction && !faction && ![...this.factionSelect.options].some((o) => o.value === s.faction)) {
      this.factionSelect.append(option(s.faction, `${s.faction} (not in the catalogue)`, false));
    }
    this.factionSelect.value = s.faction;
    if (this.outerFaction && s.faction && this.outerFaction.value !== s.faction) {
      this.outerFaction.value = s.faction;
    }
    this.nameInput.value = s.name;
    this.sizeInput.value = String(s.battle_size);
    if (![...this.levelSelect.options].some((o) => o.value === String(s.commander_level))) {
      this.levelSelect.append(option(String(s.commander_level), `Level ${s.commander_level} (not in the rules)`, false));
    }
    this.levelSelect.value = String(s.commander_level);
    const disabled = !faction;
    this.addUnitButton.disabled = disabled;
    this.addLeaderButton.disabled = disabled;
    this.renderUnits();
    this.renderLeaders();
    this.renderGeneral();
    this.renderPoints();
  }

  troopLabel(troop, extraCost = false) {
    const cost = extraCost ? `+${troop.cost}` : `${troop.cost}`;
    const unique = troop.unique ? ", unique" : "";
    return `${troop.name}, ${cost} pts · ${troop.class_name}${unique}`;
  }

  // A troop select: the choices, grouped by type, and the current value even when the
  // catalogue does not offer it here (a list uploaded with it: the engine will say why).
  troopSelect(id, choices, current, { none = null, extraCost = false } = {}) {
    const select = el("select", { id });
    if (none !== null) select.append(option("", none, current === ""));
    const groups = new Map();
    for (const troop of choices) {
      if (!groups.has(troop.type)) groups.set(troop.type, []);
      groups.get(troop.type).push(troop);
    }
    for (const [type, troops] of groups) {
      const group = el("optgroup", { label: type });
      for (const troop of troops) group.append(option(troop.id, this.troopLabel(troop, extraCost), troop.id === current));
      select.append(group);
    }
    if (current && !choices.some((troop) => troop.id === current)) {
      const known = this.troops.get(current);
      const label = known ? `${this.troopLabel(known, extraCost)}: not offered here` : `${current} (not in the catalogue)`;
      select.prepend(option(current, label, true));
    }
    select.value = current;
    return select;
  }

  unitTroops() {
    const faction = this.faction();
    return faction ? faction.troops.filter((troop) => !troop.leader) : [];
  }

  leaderTroops() {
    const faction = this.faction();
    return faction ? faction.troops.filter((troop) => troop.leader) : [];
  }

  // Leaders who may lead this unit: army leaders able to lead units, of the unit's type.
  unitLeaderTroops(unit) {
    const troop = this.troops.get(unit.troop);
    return this.leaderTroops().filter((leader) => leader.can_lead_units && (!troop || leader.type === troop.type));
  }

  renderUnits() {
    const p = this.prefix;
    this.unitsList.replaceChildren();
    if (!this.state.units.length) {
      this.unitsList.append(el("p", { class: "army-empty" }, this.faction() ? "No unit yet." : "Choose a faction first."));
    }
    this.state.units.forEach((unit, index) => {
      const key = `${p}-u${index}`;
      const number = index + 1;
      const troopSelect = this.troopSelect(`${key}-troop`, this.unitTroops(), unit.troop);
      const count = el("input", { id: `${key}-count`, type: "number", min: 1, max: MAX_COUNT, step: 1, inputmode: "numeric", value: unit.count });
      const leaderSelect = this.troopSelect(`${key}-leader`, this.unitLeaderTroops(unit), unit.leaders[0] || "", {
        none: "No leader",
        extraCost: true,
      });
      const cost = el("output", { class: "army-unit-cost", for: `${key}-troop ${key}-count ${key}-leader` }, `${this.unitCost(unit)} pts`);
      const remove = el("button", { type: "button", class: "army-remove", "aria-label": `Remove unit ${number}` }, "Remove");
      const row = el(
        "fieldset",
        { class: "army-unit", dataset: { unit: String(number) } },
        el("legend", {}, `Unit ${number}`),
        el("div", { class: "army-control army-troop" }, el("label", { for: `${key}-troop` }, "Troop"), troopSelect),
        el("div", { class: "army-control army-count" }, el("label", { for: `${key}-count` }, "Miniatures"), count),
        el("div", { class: "army-control army-troop" }, el("label", { for: `${key}-leader` }, "Unit leader"), leaderSelect),
        el("div", { class: "army-unit-end" }, cost, remove),
      );
      if (unit.leaders.length > 1) {
        const others = unit.leaders.slice(1).map((id) => (this.troops.get(id) || { name: id }).name).join(", ");
        const keep = el("button", { type: "button", class: "army-remove" }, "Keep one leader");
        keep.addEventListener("click", () => this.structural(() => { unit.leaders = unit.leaders.slice(0, 1); }));
        row.append(el("p", { class: "army-unit-note" }, `Also led by ${others}: a unit has one leader. `, keep));
      }
      troopSelect.addEventListener("change", () => this.changeTroop(unit, troopSelect.value, `${key}-troop`));
      count.addEventListener("input", () => {
        const value = Number.parseInt(count.value, 10);
        if (!Number.isInteger(value)) return;
        this.edit(() => { unit.count = value; });
        cost.textContent = `${this.unitCost(unit)} pts`;
      });
      leaderSelect.addEventListener("change", () => {
        this.structural(() => {
          const rest = unit.leaders.slice(1);
          unit.leaders = leaderSelect.value ? [leaderSelect.value, ...rest] : rest;
        }, `${key}-leader`);
      });
      remove.addEventListener("click", () => {
        this.structural(() => this.state.units.splice(index, 1));
        this.addUnitButton.focus();
      });
      this.unitsList.append(row);
    });
  }

  renderLeaders() {
    const p = this.prefix;
    this.leadersList.replaceChildren();
    if (!this.state.leaders.length) {
      this.leadersList.append(el("p", { class: "army-empty" }, this.faction() ? "No leader acting alone." : "Choose a faction first."));
    }
    this.state.leaders.forEach((leader, index) => {
      const key = `${p}-l${index}`;
      const number = index + 1;
      const select = this.troopSelect(`${key}-troop`, this.leaderTroops(), leader.troop);
      const remove = el("button", { type: "button", class: "army-remove", "aria-label": `Remove leader ${number}` }, "Remove");
      const row = el(
        "div",
        { class: "army-leader", dataset: { leader: String(number) } },
        el("div", { class: "army-control army-troop" }, el("label", { for: `${key}-troop` }, `Leader ${number}`), select),
        el("div", { class: "army-unit-end" }, el("output", { class: "army-unit-cost", for: `${key}-troop` }, `${this.cost(leader.troop)} pts`), remove),
      );
      select.addEventListener("change", () => this.structural(() => { leader.troop = select.value; }, `${key}-troop`));
      remove.addEventListener("click", () => {
        this.structural(() => this.state.leaders.splice(index, 1));
        this.addLeaderButton.focus();
      });
      this.leadersList.append(row);
    });
  }

  renderGeneral() {
    const select = this.generalSelect;
    const none = this.listedLeaders().length ? "Choose a leader" : "No leader in the list yet";
    select.replaceChildren(option("", none, this.state.general === ""));
    for (const id of this.listedLeaders()) {
      const troop = this.troops.get(id);
      select.append(option(id, troop ? `${troop.name} (${troop.class_name})` : id, id === this.state.general));
    }
    if (this.state.general && !this.listedLeaders().includes(this.state.general)) {
      select.append(option(this.state.general, `${this.state.general}: not among the leaders`, true));
    }
    select.value = this.state.general;
  }

  renderPoints() {
    const total = this.points();
    const size = this.state.battle_size;
    this.pointsValue.textContent = String(total);
    this.pointsValue.dataset.points = String(total);
    this.pointsOf.textContent = ` of ${size}`;
    const left = size - total;
    this.pointsNote.textContent = left >= 0 ? ` (${left} to spare)` : ` (${-left} over the battle size)`;
    this.pointsBox.classList.toggle("over", left < 0);
    this.pointsFill.style.width = `${Math.min(100, (100 * total) / Math.max(size, 1))}%`;
    this.capsList.replaceChildren();
    const faction = this.faction();
    if (!faction) return;
    const spent = new Map();
    for (const unit of this.state.units) {
      const troop = this.troops.get(unit.troop);
      if (!troop || troop.leader) continue;
      spent.set(troop.type, (spent.get(troop.type) || 0) + troop.cost * Math.max(unit.count, 0));
    }
    for (const [type, cap] of Object.entries(faction.type_caps)) {
      const used = spent.get(type) || 0;
      const limit = capLimit(cap, size);
      const item = el("li", { class: used > limit ? "over" : "" }, `${type}: ${used} of at most ${limit}`);
      this.capsList.append(item);
    }
  }

  // --- changes ----------------------------------------------------------------------

  // A change that does not alter the controls' structure (typing a name, a count...).
  edit(change) {
    change();
    this.renderPoints();
    this.written();
  }

  // A change that alters which controls there are: show them again, keep the focus.
  structural(change, focusId = null) {
    change();
    this.keepGeneral();
    this.refresh();
    this.written();
    if (focusId) document.getElementById(focusId)?.focus();
  }

  // Another faction: its troops only (units and leaders of the old one go).
  changeFaction(factionId) {
    this.structural(() => {
      const previous = this.faction();
      this.state.faction = factionId;
      const current = this.faction();
      const owned = new Set(current ? current.troops.map((troop) => troop.id) : []);
      this.state.units = this.state.units.filter((unit) => owned.has(unit.troop));
      for (const unit of this.state.units) unit.leaders = unit.leaders.filter((id) => owned.has(id));
      this.state.leaders = this.state.leaders.filter((leader) => owned.has(leader.troop));
      if (current && (!this.state.name || (previous && this.state.name === `${previous.name} army`))) {
        this.state.name = `${current.name} army`;
      }
    }, this.factionSelect.id);
  }

  changeTroop(unit, troopId, focusId) {
    this.structural(() => {
      unit.troop = troopId;
      const troop = this.troops.get(troopId);
      if (troop && troop.unique) unit.count = 1;
      else if (troop && unit.count < this.catalogue.min_unit_size) unit.count = this.catalogue.min_unit_size;
      const allowed = this.unitLeaderTroops(unit).map((leader) => leader.id);
      unit.leaders = unit.leaders.filter((id) => allowed.includes(id));
    }, focusId);
  }

  addUnit() {
    const troops = this.unitTroops();
    if (!troops.length) return;
    const first = troops[0];
    const count = first.unique ? 1 : this.catalogue.min_unit_size;
    this.structural(() => this.state.units.push({ troop: first.id, count, leaders: [], id: undefined }));
    document.getElementById(`${this.prefix}-u${this.state.units.length - 1}-troop`)?.focus();
  }

  addLeader() {
    const used = new Set(this.listedLeaders());
    const choices = this.leaderTroops();
    const pick = choices.find((troop) => !used.has(troop.id)) || choices[0];
    if (!pick) return;
    this.structural(() => this.state.leaders.push({ troop: pick.id, id: undefined }));
    document.getElementById(`${this.prefix}-l${this.state.leaders.length - 1}-troop`)?.focus();
  }

  // The builder changed the list: write its JSON into the form's field and have it checked.
  // Until a unit or a leader is added nothing is built, and the field stays empty (a
  // registration without a list is "missing", not a list that breaks the rules).
  written() {
    const empty = !this.state.units.length && !this.state.leaders.length;
    this.textarea.value = empty ? "" : JSON.stringify(this.toDocument(), null, 2);
    this.textarea.dispatchEvent(new Event("change", { bubbles: true }));
    this.scheduleCheck();
  }

  // A list from a file or typed into the textarea: shown in the builder, checked as it is.
  loadText(text, { announce = true, keepText = false, fileName = "" } = {}) {
    if (!keepText) this.textarea.value = text;
    let doc = null;
    let problem = "";
    try {
      doc = JSON.parse(text);
      if (!doc || typeof doc !== "object" || Array.isArray(doc)) problem = "it is not a JSON object";
    } catch (error) {
      problem = `it is not JSON (${error.message})`;
    }
    if (!text.trim()) {
      this.state = this.emptyState();
      this.refresh();
      this.scheduleCheck();
      return;
    }
    if (problem) {
      this.fileNote.textContent = `${fileName || "The list"} cannot be read into the builder: ${problem}.`;
    } else {
      this.state = this.fromDocument(doc);
      this.refresh();
      this.fileNote.textContent = announce
        ? `Loaded ${fileName || "the list"}: ${this.state.name || "a list without a name"}.`
        : "";
    }
    this.scheduleCheck();
  }

  async upload() {
    const file = this.uploadInput.files && this.uploadInput.files[0];
    if (!file) return;
    const limit = this.catalogue.max_list_bytes;
    if (file.size > limit) {
      this.fileNote.textContent = `${file.name} is ${file.size.toLocaleString("en")} bytes; a list is at most ${limit.toLocaleString("en")} bytes.`;
      this.uploadInput.value = "";
      return;
    }
    const text = await file.text();
    this.uploadInput.value = "";
    this.loadText(text, { fileName: file.name });
  }

  download() {
    const text = this.textarea.value.trim() ? this.textarea.value : JSON.stringify(this.toDocument(), null, 2);
    const blob = new Blob([text.endsWith("\n") ? text : `${text}\n`], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = el("a", { href: url, download: `${slug(this.state.name || this.state.faction)}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  // --- the engine's verdict -----------------------------------------------------------

  scheduleCheck() {
    clearTimeout(this.timer);
    // A verdict on an older version of the list is of no use now.
    if (this.request) this.request.abort();
    this.request = null;
    if (!this.textarea.value.trim()) {
      this.checkBox.dataset.checkState = "idle";
      this.checkStatus.textContent = "Choose a faction and add units: the list is checked as you build it.";
      this.violations.replaceChildren();
      return;
    }
    this.checkBox.dataset.checkState = "pending";
    this.checkStatus.textContent = "Checking the list…";
    this.timer = setTimeout(() => this.check(), CHECK_DELAY_MS);
  }

  async check() {
    if (this.request) this.request.abort();
    const request = new AbortController();
    this.request = request;
    const body = JSON.stringify({
      game_system: this.field.dataset.gameSystem,
      battle_size: this.eventSize,
      list: this.textarea.value,
    });
    let answer;
    let status;
    try {
      const response = await fetch(this.field.dataset.checkUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": this.field.dataset.csrf || "" },
        body,
        signal: request.signal,
        credentials: "same-origin",
      });
      status = response.status;
      answer = await response.json();
    } catch (error) {
      if (request.signal.aborted) return;
      this.showProblem("The list could not be checked (no answer from the site); it is checked again when the form is sent.");
      return;
    }
    if (request.signal.aborted) return;
    this.request = null;
    if (status !== 200) {
      this.showProblem(answer && answer.message ? `The list could not be checked: ${answer.message}` : `The list could not be checked (${status}).`);
      return;
    }
    this.showVerdict(answer);
  }

  showProblem(message) {
    this.checkBox.dataset.checkState = "error";
    this.checkStatus.textContent = message;
    this.violations.replaceChildren();
  }

  showVerdict(answer) {
    const found = answer.violations || [];
    const points = answer.points === null || answer.points === undefined ? "" : ` (${answer.points} points)`;
    this.checkBox.dataset.checkState = found.length ? "violations" : "valid";
    this.checkBox.classList.toggle("valid", !found.length);
    this.checkStatus.textContent = found.length
      ? `The list breaks ${found.length} rule${found.length === 1 ? "" : "s"}${points}:`
      : `The engine finds nothing wrong: the list is legal${points}.`;
    this.violations.replaceChildren(
      ...found.map((violation) =>
        el("li", { dataset: { rule: violation.rule } }, el("code", { class: "army-rule" }, violation.rule), " ", violation.message),
      ),
    );
  }
}

async function start(field) {
  field.dataset.builder = "loading";
  const response = await fetch(field.dataset.catalogueUrl, { headers: { Accept: "application/json" } });
  if (!response.ok) {
    field.dataset.builder = "unavailable";
    return;
  }
  new Builder(field, await response.json());
}

for (const field of document.querySelectorAll(".army-list-field[data-catalogue-url]")) {
  if (field.dataset.builder) continue;
  start(field).catch(() => {
    field.dataset.builder = "unavailable";
  });
}
