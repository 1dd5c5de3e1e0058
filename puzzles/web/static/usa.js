// Cities USA on the daily page (/daily/D?game=usa).  Every rule lives on the server: legal
// places from /api/usa/moves, a refusal's reason from /api/usa/check, each action applied by
// the rules engine (/api/usa/play: forced bridges added, the city kept in its frame), the city
// drawn and scored by /api/usa/view (as the day's grade scores it: achievements met claimed), the grade and share line from /api/usa/grade.  This file
// only lays out buttons, names them and remembers.
"use strict";

const usa = {
  puzzle: null, start: null, state: null, view: null,
  history: [],         // the states before each action (Take back)
  mode: null,          // "tile", "feature", "piece", "top" or "bridge"
  choice: null,        // the tile id, feature id or colour chosen
  rotation: 0,
  moves: [],           // the chosen tile's legal moves
  bridgeAt: null,      // bridge mode: the tile place chosen
  pendingMove: null,   // a tile move waiting for the player to pick its bridges
  picked: [],
  cursor: null,        // the keyboard cursor's place [r, c]
};

function usaInitial(p) {
  return {game: "cities-usa", size: p.size, tiles: [], bridges: [], buildings: [], features: [],
          cards: p.cards, achievements: [], bridges_left: p.bridges};
}

function usaUsed() {  // what the city holds already, to count what is left of the pool
  const s = usa.state;
  const tiles = new Set(s.tiles.map((t) => t.tile));
  const features = {};
  for (const f of s.features) features[f.feature] = (features[f.feature] || 0) + 1;
  const pieces = {}, tops = {};
  for (const b of s.buildings) {
    pieces[b.color] = (pieces[b.color] || 0) + b.height;
    if (b.top) tops[b.color] = (tops[b.color] || 0) + 1;
  }
  return {tiles, features, pieces, tops};
}

async function startUsa(date) {
  document.body.classList.add("usa");
  const poll = setInterval(async () => {
    try {
      const p = await api("GET", `/api/usa/progress/${date}`);
      if (p.progress && p.progress !== "ready") $("progress").textContent = `(${p.progress})`;
    } catch { /* the puzzle request reports errors */ }
  }, 700);
  try {
    usa.puzzle = await api("GET", `/api/usa/daily/${date}`);
  } catch (err) {
    $("progress").textContent = "";
    return stopLoading(`Could not load the puzzle: ${err.message}`, true);
  } finally {
    clearInterval(poll);
  }
  const p = usa.puzzle;
  game.puzzle = p;
  $("loading").hidden = true;
  $("game").hidden = false;
  $("usa-left").hidden = false;
  $("left").hidden = true;
  $("usa-boards").append($("optimal"));  // the optimal city is drawn beside the places
  $("usa-left").append($("cursor-status"));  // announced while #left is hidden
  const places = $("usa-places");
  places.tabIndex = 0;
  places.setAttribute("aria-describedby", "usa-keys");
  places.addEventListener("keydown", usaPlacesKey);
  places.addEventListener("focus", usaAnnounceCursor);
  $("optimum").textContent = p.optimum;
  $("usa-brief").textContent = `${p.weekday}, ${p.difficulty.label}. Build a ${p.size[0]}x${p.size[1]} `
    + `city from the starting tile and ${p.tiles.length} city tiles (${p.bridges} bridges), then `
    + `add the features and the building pieces below. Reach the proven optimum of ${p.optimum} points.`;
  const box = $("context");
  box.innerHTML = "";
  const line = (text) => { const el = document.createElement("p"); el.textContent = text; box.append(el); };
  line(`Scoring cards: ${p.cards.join(", ") || "none"}.`);
  line(`Achievements (claimed when met): ${p.achievements.map((a) => `${a.achievement} (${a.points})`).join(", ") || "none"}.`);
  $("context").previousElementSibling.textContent = "Cards";
  const saved = entryOf(date);
  usa.state = saved.state || usaInitial(p);
  usa.history = [];
  game.done = Boolean(saved.done);
  try {
    await usaRefresh();
  } catch {  // a saved city this puzzle does not accept: start afresh
    usa.state = usaInitial(p); game.done = false;
    await usaRefresh();
  }
  if (saved.done && saved.grade) showGrade(saved.grade);
  if (saved.done && saved.gaveUp && !saved.grade) {
    await reveal();
    say(giveUpText(), true);
  }
}

async function usaRefresh() {
  game.busy = true;
  try {
    usa.view = await api("POST", "/api/usa/view", {state: usa.state, date: game.date});
    game.view = {finished: usaFinished()};
    usaDrawTray();
    usaDrawGrid();
    $("usa-picture").innerHTML = usa.view.svg;
    const svg = $("usa-picture").querySelector("svg");
    if (svg) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", "your city, drawn"); }
    showScore(usa.view.score);
    usaControls();
  } finally {
    game.busy = false;
    document.body.dataset.usaActions = String(usa.history.length);
  }
}

function usaFinished() {
  return usa.state.tiles.length === usa.puzzle.size[0] * usa.puzzle.size[1];
}

function usaButton(label, onClick, extra = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.setAttribute("aria-label", label);
  for (const [k, v] of Object.entries(extra)) b.dataset[k] = v;
  b.addEventListener("click", onClick);
  return b;
}

function usaDrawTray() {
  const p = usa.puzzle, used = usaUsed();
  const tray = $("tray");
  tray.innerHTML = "";
  for (const id of [p.start, ...p.tiles]) {
    if (used.tiles.has(id)) continue;
    const on = usa.mode === "tile" && usa.choice === id;
    const rot = on ? usa.rotation : 0;
    const name = `${id === p.start ? "starting tile" : "tile"} ${id}: ${usa.view.names[id] || id}`;
    const b = usaButton(name + (on ? `, turned ${rot}` : ""), async (e) => {
      await usaChoose("tile", id);
      if (e.detail === 0 && usa.mode === "tile") $("usa-places").focus();  // chosen by keyboard
    }, {tile: id});
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("selected", on);
    b.disabled = game.done || (!usa.state.tiles.length && id !== p.start);
    const img = document.createElement("img");
    img.src = `/api/usa/tile.svg?tile=${encodeURIComponent(id)}&rotation=${rot}`;
    img.alt = "";
    b.append(img);
    tray.append(b);
  }
  const extras = $("usa-extras");
  extras.innerHTML = "";
  const left = (n, word) => `${n} ${word}${n === 1 ? "" : "s"} left`;
  const feats = {};
  for (const f of p.features) feats[f] = (feats[f] || 0) + 1;
  for (const [f, n] of Object.entries(feats)) {
    const k = n - (used.features[f] || 0);
    if (k <= 0) continue;
    const b = usaButton(`feature ${f}`, () => usaChoose("feature", f), {feature: f});
    b.textContent = `${f} ×${k}`;
    usaMark(b, "feature", f);
    extras.append(b);
  }
  for (const [color, n] of Object.entries(p.pieces)) {
    const k = n - (used.pieces[color] || 0);
    if (k <= 0) continue;
    const b = usaButton(`${color} piece`, () => usaChoose("piece", color), {color});
    b.textContent = `${color} piece (${left(k, "piece")})`;
    b.classList.add(`piece-${color}`);
    usaMark(b, "piece", color);
    extras.append(b);
  }
  const tops = {};
  for (const c of p.tops || []) tops[c] = (tops[c] || 0) + 1;
  for (const [color, n] of Object.entries(tops)) {
    if (n - (used.tops[color] || 0) <= 0) continue;
    const b = usaButton(`${color} skyscraper top`, () => usaChoose("top", color), {color});
    b.textContent = `${color} top`;
    usaMark(b, "top", color);
    extras.append(b);
  }
  if (usa.view.bridges_left > 0 && usa.state.tiles.length) {
    const b = usaButton("a bridge", () => usaChoose("bridge", "bridge"));
    b.textContent = `bridge (${left(usa.view.bridges_left, "bridge")})`;
    usaMark(b, "bridge", "bridge");
    extras.append(b);
  }
}

function usaMark(b, mode, choice) {
  const on = usa.mode === mode && usa.choice === choice;
  b.setAttribute("aria-pressed", String(on));
  b.classList.toggle("selected", on);
  b.disabled = game.done;
}

function usaRange() {  // the places drawn: every one a tile could still take
  const [R, C] = usa.puzzle.size;
  const at = usa.state.tiles.map((t) => t.at);
  if (!at.length) return {rows: [0, R - 1], cols: [0, C - 1]};
  const rs = at.map((a) => a[0]), cs = at.map((a) => a[1]);
  return {rows: [Math.max(...rs) - R + 1, Math.min(...rs) + R - 1],
          cols: [Math.max(...cs) - C + 1, Math.min(...cs) + C - 1]};
}

function usaPlaceName(r, c, rg) {
  return `place row ${r - rg.rows[0] + 1}, column ${c - rg.cols[0] + 1}`;
}

function usaDrawGrid() {
  const grid = $("usa-places");
  grid.innerHTML = "";
  const rg = usaRange();
  document.body.dataset.usaOrigin = `${rg.rows[0]},${rg.cols[0]}`;
  grid.style.gridTemplateColumns = `repeat(${rg.cols[1] - rg.cols[0] + 1}, minmax(0, 1fr))`;
  const laid = {};
  for (const t of usa.view.places) laid[`${t.at[0]},${t.at[1]}`] = t;
  const legal = new Set(usa.moves.filter((m) => m.rotation === usa.rotation).map((m) => `${m.at[0]},${m.at[1]}`));
  if (usa.cursor) {  // kept inside the places drawn
    usa.cursor = [Math.max(rg.rows[0], Math.min(rg.rows[1], usa.cursor[0])),
                  Math.max(rg.cols[0], Math.min(rg.cols[1], usa.cursor[1]))];
    document.body.dataset.usaCursor = `${usa.cursor[0]},${usa.cursor[1]}`;
  }
  for (let r = rg.rows[0]; r <= rg.rows[1]; r++) {
    for (let c = rg.cols[0]; c <= rg.cols[1]; c++) {
      const t = laid[`${r},${c}`];
      const where = usaPlaceName(r, c, rg);
      if (!t) {
        const ok = usa.mode === "tile" && legal.has(`${r},${c}`);
        const b = usaButton(`${where}: empty` + (ok ? `, legal for ${usa.choice} turned ${usa.rotation}` : ""),
                            () => usaPlaceTile(r, c), {r, c});
        b.className = "place" + (ok ? " legal" : "") + (usaAtCursor(r, c) ? " cursor" : "");
        b.tabIndex = -1;  // the grid is one tab stop: the arrow keys move its cursor
        grid.append(b);
        continue;
      }
      const cell = document.createElement("div");
      cell.className = "place laid" + (usaAtCursor(r, c) ? " cursor" : "");
      cell.setAttribute("role", "group");
      cell.setAttribute("aria-label", `${where}: ${t.name} (${t.tile}), turned ${t.rotation}`);
      const img = document.createElement("img");
      img.src = `/api/usa/tile.svg?tile=${encodeURIComponent(t.tile)}&rotation=${t.rotation}`;
      img.alt = "";
      cell.append(img);
      const quads = document.createElement("div");
      quads.className = "quads";
      for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
        const R = 2 * r + dr, C = 2 * c + dc;
        const name = `space row ${R - 2 * rg.rows[0] + 1}, column ${C - 2 * rg.cols[0] + 1}: `
          + (usa.view.spaces[`${R},${C}`] || "");
        quads.append(usaButton(name, () => usaSpace(R, C, r, c), {sr: R, sc: C}));
      }
      cell.append(quads);
      grid.append(cell);
    }
  }
  const bridge = $("usa-bridge");
  bridge.innerHTML = "";
  bridge.hidden = !(usa.mode === "bridge" && usa.bridgeAt) && !usa.pendingMove;
  if (usa.mode === "bridge" && usa.bridgeAt) {
    const [r, c] = usa.bridgeAt;
    bridge.append(`A bridge on the tile at ${usaPlaceName(r, c, rg)}: which arm? `);
    for (const [arm, word] of [["N", "north"], ["E", "east"], ["S", "south"], ["W", "west"]]) {
      const b = usaButton(`bridge on the ${word} arm`, () => usaAct({action: "bridge", at: [r, c], arm}));
      b.textContent = word;
      bridge.append(b);
    }
  }
  if (usa.pendingMove) {  // more dead ends than bridges to fix them: the player picks
    const m = usa.pendingMove;
    bridge.append(`This tile makes dead ends: pick ${m.must_fix} bridge${m.must_fix > 1 ? "s" : ""} to fix them. `);
    for (const f of m.forced_bridges) {
      const key = `${f.at[0]},${f.at[1]},${f.arm}`;
      const b = usaButton(`bridge on ${usaPlaceName(f.at[0], f.at[1], rg)}, arm ${f.arm}`, () => usaPickBridge(f));
      b.textContent = `${usaPlaceName(f.at[0], f.at[1], rg)} ${f.arm}`;
      b.setAttribute("aria-pressed", String(usa.picked.some((p) => `${p.at[0]},${p.at[1]},${p.arm}` === key)));
      bridge.append(b);
    }
  }
}

async function usaChoose(mode, choice) {
  if (game.done || game.busy) return;
  if (mode === "tile" && usa.mode === "tile" && usa.choice === choice) {
    usa.rotation = (usa.rotation + 90) % 360;  // tapping the chosen tile again turns it
  } else if (usa.mode === mode && usa.choice === choice) {
    usa.mode = null; usa.choice = null;
  } else {
    usa.mode = mode; usa.choice = choice; usa.rotation = mode === "tile" ? 0 : usa.rotation;
  }
  usa.bridgeAt = null; usa.pendingMove = null; usa.picked = [];
  usa.moves = [];
  if (usa.mode === "tile") {
    const found = await api("POST", "/api/usa/moves", {state: usa.state, tile: usa.choice});
    usa.moves = found.moves;
    const n = usa.moves.filter((m) => m.rotation === usa.rotation).length;
    say(`Tile ${usa.choice}, turned ${usa.rotation}: ${n ? `${n} legal place${n > 1 ? "s" : ""} outlined` : "no legal place at this turn; turn it (tap it again, or R)"}.`, n > 0);
  } else if (usa.mode === "bridge") {
    say("A bridge: tap a space of the tile to build it on, then its arm.", true);
  } else if (usa.mode) {
    say(`${usa.mode === "feature" ? "Feature" : usa.mode === "top" ? "Top" : "Piece"} ${usa.choice} chosen: tap a space.`, true);
  } else {
    say("", true);
  }
  usaDrawTray();
  usaDrawGrid();
  document.body.dataset.usaMode = `${usa.mode || ""}:${usa.choice || ""}:${usa.rotation}`;
}

function usaLetGo() {
  usa.mode = null; usa.choice = null; usa.rotation = 0; usa.moves = [];
  usa.bridgeAt = null; usa.pendingMove = null; usa.picked = [];
  say("", true);
  usaDrawTray();
  usaDrawGrid();
  document.body.dataset.usaMode = "::0";
}

function usaRotate() {
  if (usa.mode === "tile") usaChoose("tile", usa.choice);
}

async function usaRefuse(action, what) {
  try {
    const verdict = await api("POST", "/api/usa/check", {state: usa.state, action});
    say(`${what} cannot go there: ${verdict.reason}.`);
  } catch (err) {
    say(`${what} cannot go there (${err.message}).`);
  }
}

async function usaPlaceTile(r, c) {
  if (game.done || game.busy) return;
  if (usa.mode !== "tile") return say("Choose a tile first, then an outlined place.");
  const action = {action: "tile", tile: usa.choice, at: [r, c], rotation: usa.rotation};
  const move = usa.moves.find((m) => m.rotation === usa.rotation && m.at[0] === r && m.at[1] === c);
  if (!move) return usaRefuse(action, `Tile ${usa.choice} turned ${usa.rotation}`);
  if (move.forced_bridges.length > move.must_fix) {
    usa.pendingMove = {...move, tile: usa.choice, rotation: usa.rotation};
    usa.picked = [];
    usaDrawGrid();
    return say(`Pick ${move.must_fix} of the bridges offered to fix the dead ends.`, true);
  }
  await usaAct(action);
}

async function usaPickBridge(f) {
  const m = usa.pendingMove;
  usa.picked.push(f);
  if (usa.picked.length < m.must_fix) return usaDrawGrid();
  await usaAct({action: "tile", tile: m.tile, at: m.at, rotation: m.rotation, bridges: usa.picked});
}

async function usaSpace(R, C, r, c) {
  if (game.done || game.busy) return;
  if (usa.mode === "bridge") {
    usa.bridgeAt = [r, c];
    usaDrawGrid();
    return say("Which arm? Pick it below the places.", true);
  }
  const action = usa.mode === "feature" ? {action: "feature", feature: usa.choice, space: [R, C]}
    : usa.mode === "piece" ? {action: "building", color: usa.choice, space: [R, C]}
    : usa.mode === "top" ? {action: "top", color: usa.choice, space: [R, C]} : null;
  if (!action) return say("Choose a feature, a piece or a bridge first, then a space.");
  await usaAct(action);
}

async function usaAct(action) {
  const what = action.action === "tile" ? `Tile ${action.tile}` : action.action === "bridge" ? "A bridge"
    : action.action === "feature" ? `Feature ${action.feature}` : `A ${action.color} ${action.action === "top" ? "top" : "piece"}`;
  const done = await api("POST", "/api/usa/play", {state: usa.state, action});
  if (!done.legal) {
    usa.pendingMove = null; usa.picked = [];
    usaDrawGrid();
    return say(`${what} cannot go there: ${done.reason}.`);
  }
  usa.history.push(usa.state);
  usa.state = done.state;
  const keep = action.action === "building" || action.action === "feature";
  if (!keep) { usa.mode = null; usa.choice = null; }
  usa.moves = []; usa.bridgeAt = null; usa.pendingMove = null; usa.picked = [];
  saveEntry(game.date, {state: usa.state});
  await usaRefresh();
  say(`${what} placed: ${done.reason}.`, true);
}

function usaControls() {
  const p = usa.puzzle;
  const left = p.size[0] * p.size[1] - usa.state.tiles.length;
  $("next-kind").textContent = game.done ? "Try again to beat your best, or pick another day."
    : left ? `${left} tile${left > 1 ? "s" : ""} to place; features and pieces any time.`
    : "Every place is built: add features and pieces, then submit.";
  $("submit").disabled = game.done || !usaFinished();
  $("undo").disabled = game.done || !usa.history.length;
  $("reset").disabled = game.done || !usa.state.tiles.length;
  $("giveup").disabled = game.done;
  $("retry").hidden = !game.done || Boolean(entryOf(game.date).gaveUp);
}

async function usaSubmit() {
  if (game.done || !usaFinished()) return;
  const grade = await api("POST", "/api/usa/grade", {date: game.date, answer: usa.state});
  game.done = true;
  usa.mode = null; usa.choice = null; usa.moves = [];
  const old = entryOf(game.date);
  const better = grade.legal && grade.percent >= (old.best || 0);
  saveEntry(game.date, {done: true, grade: better || !old.grade ? grade : old.grade,
                        best: Math.max(old.best || 0, grade.legal ? grade.percent : 0)});
  await usaRefresh();
  showGrade(grade);
  say(`Graded: ${grade.percent}%.`, true);
}

async function usaUndo() {
  if (game.done || !usa.history.length) return;
  usa.state = usa.history.pop();
  usa.mode = null; usa.choice = null; usa.moves = [];
  saveEntry(game.date, {state: usa.state});
  await usaRefresh();
  say("Taken back.", true);
}

async function usaReset() {
  if (game.done) return;
  usa.history = [];
  usa.state = usaInitial(usa.puzzle);
  usa.mode = null; usa.choice = null; usa.moves = [];
  saveEntry(game.date, {state: usa.state});
  await usaRefresh();
}

async function usaRetry() {
  saveEntry(game.date, {done: false, state: usaInitial(usa.puzzle)});
  game.done = false;
  await usaReset();
  $("result").hidden = true;
  $("optimal").hidden = true; $("reveal").hidden = false;
  say(`Try again: your best here stays ${entryOf(game.date).best || 0}%.`, true);
}

// --- giving up, the optimal city and its replay ---------------------------------------------

async function usaGiveUp() {
  game.done = true;
  usa.mode = null; usa.choice = null; usa.moves = [];
  saveEntry(game.date, {done: true, gaveUp: true});
  await usaRefresh();
  await reveal();
  say(giveUpText(), true);
}

async function usaReveal() {  // the solution and its order of play, as cities daily --solution
  usa.solution = await api("GET", `/api/usa/solution/${game.date}`);
  game.order = usa.solution.order || [];
  await usaShowStep(game.order.length);
  $("replay").hidden = !game.order.length;
  $("replay-step").textContent = `(${game.order.length} steps in an order the rules accept, `
    + "then its buildings and features)";
}

function usaStepCity(k) {  // the solution's tiles and bridges of its first k steps
  const s = usa.solution;
  if (k >= game.order.length) return s;
  const tiles = [], bridges = [];
  for (const a of game.order.slice(0, k)) {
    if (a.action === "tile") {
      tiles.push({tile: a.tile, at: a.at, rotation: a.rotation});
      bridges.push(...(a.bridges || []));
    } else if (a.action === "bridge") {
      bridges.push({at: a.at, arm: a.arm});
    }
  }
  return {game: s.game, size: s.size, tiles, bridges, buildings: [], features: [],
          cards: s.cards, achievements: [], bridges_left: usa.puzzle.bridges - bridges.length};
}

function usaStepWords(a) {
  return a.action === "tile" ? `tile ${a.tile} (${usa.view.names[a.tile] || a.tile}), turned ${a.rotation}`
    + (a.bridges && a.bridges.length ? `, with ${a.bridges.length} bridge${a.bridges.length > 1 ? "s" : ""}` : "")
    : `a bridge on the ${{N: "north", E: "east", S: "south", W: "west"}[a.arm]} arm`;
}

async function usaShowStep(k) {
  game.step = Math.max(0, Math.min(game.order.length, k));
  const svg = await fetch("/api/usa/board", {method: "POST", headers: {"Content-Type": "application/json"},
                                              body: JSON.stringify(usaStepCity(game.step))}).then((r) => r.text());
  $("optimal-board").innerHTML = svg;
  const pic = $("optimal-board").querySelector("svg");
  if (pic) { pic.setAttribute("role", "img"); pic.setAttribute("aria-label", "a proven optimal city, drawn"); }
  const n = game.order.length;
  $("replay-step").textContent = game.step === 0 ? `(step 0 of ${n}: nothing built yet)`
    : game.step === n ? `(step ${n} of ${n}: the whole city, with its buildings and features)`
    : `(step ${game.step} of ${n}: ${usaStepWords(game.order[game.step - 1])})`;
  document.body.dataset.step = String(game.step);
}

// --- the keyboard cursor over the places ---------------------------------------------------

function usaAtCursor(r, c) {
  return Boolean(usa.cursor) && usa.cursor[0] === r && usa.cursor[1] === c;
}

function usaCursorName() {
  const [r, c] = usa.cursor, rg = usaRange();
  const el = $("usa-places").querySelector(`.place.cursor`);
  return el ? el.getAttribute("aria-label") : usaPlaceName(r, c, rg);
}

function usaAnnounceCursor() {
  if (!usa.cursor) {  // first: a legal place of the chosen tile, else the first tile laid
    const m = usa.moves.find((x) => x.rotation === usa.rotation);
    const t = usa.state.tiles[0];
    const rg = usaRange();
    usa.cursor = m ? [...m.at] : t ? [...t.at] : [rg.rows[0], rg.cols[0]];
    usaDrawGrid();
  }
  $("cursor-status").textContent = usaCursorName();
}

function usaPlacesKey(e) {
  const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[e.key];
  if (step) {
    e.preventDefault();
    if (!usa.cursor) return usaAnnounceCursor();
    usa.cursor = [usa.cursor[0] + step[0], usa.cursor[1] + step[1]];
    usaDrawGrid();  // clamps it to the places drawn
    $("usa-places").focus();
    $("cursor-status").textContent = usaCursorName();
  } else if ((e.key === "Enter" || e.key === " ") && e.target === $("usa-places") && usa.cursor) {
    e.preventDefault();
    const [r, c] = usa.cursor;
    if (usa.state.tiles.some((t) => t.at[0] === r && t.at[1] === c)) {
      return say(`${usaCursorName()}. Choose a feature, piece or bridge, then Tab to its spaces.`, true);
    }
    usaPlaceTile(r, c);
  }
}
