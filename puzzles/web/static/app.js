// The daily puzzle page.  Every rule lives on the server: legal spaces come from /api/moves,
// a refusal's reason from /api/verdict, the score from /api/score, the grade and the share
// line from /api/check; this file only draws, names and remembers.
"use strict";

const CELL = 64;
const COLOUR = {factory: "#6b7280", shop: "#f2c12e", tavern: "#c93c38", park: "#3a9a4a",
                office: "#2f6fd1", house: "#e07b2a", civic: "#8e44ad", district: "#7a6f62"};
const USA = new URLSearchParams(location.search).get("game") === "usa";  // Cities USA (usa.js)
const GAME_QUERY = USA ? "?game=usa" : "";
const STORE = USA ? "cities-usa-daily-progress" : "cities-daily-progress";  // apart per game
const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

const game = {
  date: null, today: null, anyDate: false, puzzle: null, view: null,
  placed: [],          // the player's tiles: {tile, at: [r, c], slot}
  selected: null,      // tray slot
  legal: [],           // anchors [r, c] for the selected tile
  cursor: null,        // [r, c] (keyboard)
  done: false,         // graded or given up: the board is locked until "Try again"
  busy: false,
  pending: null,       // the legal spaces being fetched
  order: null,         // the optimal city's order of play, once revealed
  step: 0,             // the replay's step
  pair: null,          // a pair Sunday's two cities (pair.js)
};

async function api(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function say(text, ok) {
  const el = $("message");
  el.textContent = text || "";
  el.className = ok ? "ok" : "";
}

function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// --- dates --------------------------------------------------------------------------------

function localDate(d = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function addDays(date, n) {
  const d = new Date(date + "T12:00:00Z");
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function weekdayIndex(date) {  // Monday 0 ... Sunday 6
  return (new Date(date + "T12:00:00Z").getUTCDay() + 6) % 7;
}

function longDate(date) {
  return new Date(date + "T12:00:00Z").toLocaleDateString("en-GB", {
    weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC"});
}

function offered(date) {  // the page offers no day after the player's today
  return game.anyDate || date <= game.today;
}

// --- progress in the browser: each date's board, grade and best; a streak -----------------

function loadProgress() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch { return {}; }
}

function entryOf(date) {
  return loadProgress()[date] || {};
}

function saveEntry(date, changes) {
  const all = loadProgress();
  all[date] = {...(all[date] || {}), ...changes};
  try { localStorage.setItem(STORE, JSON.stringify(all)); } catch { /* private mode: no memory */ }
  showStats();
}

function saveBoard() {
  if (!game.date) return;
  if (game.pair) return saveEntry(game.date, {cities: pairSaved()});
  saveEntry(game.date, {placed: game.placed.map(({tile, at}) => ({tile, at}))});
}

function streak(all) {
  const solved = (d) => all[d] && all[d].best > 0;
  let day = solved(game.today) ? game.today : addDays(game.today, -1);
  let n = 0;
  for (; solved(day); day = addDays(day, -1)) n += 1;
  return n;
}

function showStats() {
  const all = loadProgress();
  const solved = Object.keys(all).filter((d) => all[d].best > 0);
  const n = streak(all);
  const here = all[game.date];
  $("stats").textContent = `solved ${solved.length} · streak ${n} day${n === 1 ? "" : "s"}`
    + (here && here.best ? ` · your best here ${here.best}%` : "");
  for (const a of document.querySelectorAll("#dates a")) {
    const e = all[a.dataset.date];
    const done = Boolean(e && e.best);
    a.classList.toggle("solved", done);
    a.setAttribute("aria-label", `${longDate(a.dataset.date)}, ${a.dataset.kind || "puzzle"}`
      + (done ? `, solved, best ${e.best}%` : ""));
  }
}

// --- loading a date ------------------------------------------------------------------------

function buildCalendar(archive) {
  const dates = archive.dates.filter(offered);
  if (!dates.includes(game.today)) dates.push(game.today);
  if (!dates.includes(game.date)) dates.push(game.date);
  dates.sort();
  const box = $("dates");
  box.innerHTML = "";
  for (const w of WEEKDAYS) {
    const h = document.createElement("span");
    h.className = "wd"; h.textContent = w; h.setAttribute("aria-hidden", "true");
    box.append(h);
  }
  for (let i = 0; i < weekdayIndex(dates[0]); i++) box.append(document.createElement("span"));
  for (let d = dates[0]; d <= dates[dates.length - 1]; d = addDays(d, 1)) {
    if (!dates.includes(d)) { box.append(document.createElement("span")); continue; }
    const a = document.createElement("a");
    a.href = `/daily/${d}${GAME_QUERY}`; a.dataset.date = d;
    a.dataset.kind = archive.kinds[d] || "";
    const day = Number(d.slice(8));
    a.textContent = day === 1 || d === dates[0]
      ? new Date(d + "T12:00:00Z").toLocaleDateString("en-GB", {day: "numeric", month: "short", timeZone: "UTC"})
      : String(day);
    const kind = document.createElement("span");
    kind.className = "kind"; kind.textContent = a.dataset.kind;
    a.append(kind);
    if (d === game.date) { a.className = "current"; a.setAttribute("aria-current", "date"); }
    box.append(a);
  }
}

function stopLoading(text, link) {
  const box = $("loading");
  const spinner = box.querySelector(".spinner");
  if (spinner) spinner.remove();
  box.querySelector("p").textContent = text;
  if (link && game.date !== game.today) {
    const a = document.createElement("a");
    a.href = "/"; a.textContent = "Play today's puzzle";
    const p = document.createElement("p"); p.append(a); box.append(p);
  }
}

async function start() {
  const server = await api("GET", "/api/today");
  game.anyDate = server.any_date;
  const local = localDate();
  // the player's own date; a clock far ahead of the server's gets the server's last day
  game.today = server.last && local > server.last ? server.date : local;
  const m = location.pathname.match(/^\/daily\/(\d{4}-\d{2}-\d{2})$/);
  game.date = m ? m[1] : game.today;
  $("date-label").textContent = game.date;
  const prev = addDays(game.date, -1), next = addDays(game.date, 1);
  $("prev").href = `/daily/${prev}${GAME_QUERY}`;
  $("next").href = `/daily/${next}${GAME_QUERY}`;
  $("game-twocities").href = `/daily/${game.date}`;
  $("game-usa").href = `/daily/${game.date}?game=usa`;
  $(USA ? "game-usa" : "game-twocities").setAttribute("aria-current", "page");
  document.title = USA ? "Cities USA · daily puzzle" : document.title;
  document.querySelector("h1").firstChild.textContent = USA ? "Cities USA " : "Between Two Cities ";
  $("next").classList.toggle("off", !offered(next));
  if (!offered(next)) $("next").setAttribute("aria-hidden", "true");
  const archive = await api("GET", "/api/archive");
  if (!game.anyDate && archive.dates.length && prev < archive.dates[0]) $("prev").classList.add("off");
  buildCalendar(archive);
  showStats();
  if (!offered(game.date)) {
    return stopLoading(`The puzzle of ${game.date} opens on that day: today is ${game.today}.`, true);
  }
  if (USA) return startUsa(game.date);
  const poll = setInterval(async () => {
    try {
      const p = await api("GET", `/api/progress/${game.date}`);
      if (p.progress && p.progress !== "ready") $("progress").textContent = `(${p.progress})`;
    } catch { /* the puzzle request reports errors */ }
  }, 700);
  try {
    game.puzzle = await api("GET", `/api/daily/${game.date}`);
  } catch (err) {
    $("progress").textContent = "";
    return stopLoading(`Could not load the puzzle: ${err.message}`, true);
  } finally {
    clearInterval(poll);
  }
  if (game.puzzle.mats) startPair();  // two cities from one pool (pair.js)
  $("loading").hidden = true;
  $("game").hidden = false;
  describe();
  buildTray();
  await restore();
}

async function restore() {
  const saved = entryOf(game.date);
  game.placed = [];
  if (game.pair) pairRestore(saved.cities);
  else if (Array.isArray(saved.placed) && saved.placed.length) {
    const slots = new Set();
    for (const {tile, at} of saved.placed) {  // each tile back in a slot of its token
      const slot = game.puzzle.tiles.findIndex((t, i) => t === tile && !slots.has(i));
      if (slot < 0) break;
      slots.add(slot);
      game.placed.push({tile, at, slot});
    }
  }
  game.done = Boolean(saved.done);
  try {
    await refresh();
  } catch {  // a board this puzzle does not accept: start afresh
    game.placed = []; game.done = false;
    if (game.pair) pairClear();
    await refresh();
  }
  if (saved.done && saved.grade) showGrade(saved.grade);
  if (saved.done && saved.gaveUp && !saved.grade) {
    await reveal();
    say(giveUpText(), true);
  }
}

function describe() {
  const p = game.puzzle;
  const stars = p.difficulty.label;
  const kind = {complete: "Finish a city: some tiles are already built.",
                choose: "Choose 16 singles and 2 duplexes from the tiles below.",
                full: "Build a city with every tile below.",
                pair: "Build two cities from these tiles: each tile goes to one of them, "
                  + "both are scored against each other, and your score is the lower city's."
                  }[p.kind] || "";
  $("brief").innerHTML = "";
  $("brief").append(`${p.weekday}, ${stars}. ${kind} Reach the proven optimum of `);
  const b = document.createElement("b"); b.textContent = String(p.optimum);
  $("brief").append(b, " points.");
  $("optimum").textContent = p.optimum;
  const ctx = p.context || {rival_factories: [], districts: []};
  const box = $("context");
  box.innerHTML = "";
  const line = (text) => { const el = document.createElement("p"); el.textContent = text; box.append(el); };
  const facts = ctx.rival_factories || [];
  line(facts.length
    ? `Factories: the other cities have ${facts.join(", ")} factories; more factories than them pays more per factory.`
    : "Factories: no rival cities, so any factories rank first.");
  for (const d of ctx.districts || []) {
    line(`District ${d.types.join(" + ")}: the largest group of connected ${d.types.join(" and ")} tiles `
      + `wins ${d.points[0]} points for first place, ${d.points[1]} for second; `
      + `the rivals' largest are ${d.rivals.join(", ") || "none"}.`);
  }
  if (!(ctx.districts || []).length) line("No districts today.");
}

function words(token) {
  return (game.view && game.view.tiles[token]) || token;
}

function buildTray() {
  const tray = $("tray");
  tray.innerHTML = "";
  game.puzzle.tiles.forEach((token, slot) => {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.dataset.slot = slot; btn.dataset.tile = token;
    btn.setAttribute("aria-pressed", "false");
    btn.title = token.includes("|") ? `${token}: a duplex, placed by its left half`
      : token.includes("/") ? `${token}: a duplex, placed by its top half` : token;
    if (token.includes("/")) btn.classList.add("v");
    const img = document.createElement("img");
    img.src = `/api/tile.svg?tile=${encodeURIComponent(token)}`;
    img.alt = "";
    btn.append(img);
    btn.addEventListener("click", () => select(slot));
    btn.draggable = true;
    btn.addEventListener("dragstart", (e) => {
      e.dataTransfer.setData("text/plain", String(slot));
      if (game.selected !== slot) select(slot);
    });
    btn.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const all = [...tray.querySelectorAll("button:not(:disabled):not(.used)")];
        const i = all.indexOf(btn) + (e.key === "ArrowRight" ? 1 : -1);
        if (all[i]) all[i].focus();
        e.preventDefault();
      }
    });
    tray.append(btn);
  });
}

// --- the board -----------------------------------------------------------------------------

async function refresh() {
  game.busy = true;
  try {
    const placed = game.placed.map(({tile, at}) => ({tile, at}));
    if (game.pair) await refreshPair();
    else game.view = await api("POST", "/api/board", {date: game.date, placed});
    for (const b of $("tray").querySelectorAll("button")) b.setAttribute("aria-label", words(b.dataset.tile));
    drawBoard();
    if (game.pair) {
      await loadMoves();
      showPairScore();
    } else {
      const [score] = await Promise.all([api("POST", "/api/score", game.view.city), loadMoves()]);
      showScore(score);
    }
    updateControls();
  } finally {
    game.busy = false;
    document.body.dataset.placed = String(game.pair ? pairUsedSlots().size : game.placed.length);  // for tests
  }
}

async function loadMoves() {
  game.legal = [];
  if (game.selected === null || game.done) return markLegal();
  const tile = game.puzzle.tiles[game.selected];
  const moves = await api("POST", "/api/moves", {state: game.view.state, tile});
  if (game.selected === null || game.puzzle.tiles[game.selected] !== tile) return;  // stale
  game.legal = moves.positions;
  markLegal();
}

function cellEl(r, c) {
  return $("board").querySelector(`g.cell[data-r="${r}"][data-c="${c}"]`);
}

function isDuplex(tile) { return tile.includes("|") || tile.includes("/"); }
function secondOffset(tile) { return tile.includes("|") ? [0, 1] : tile.includes("/") ? [1, 0] : null; }
function selectedTile() { return game.selected === null ? null : game.puzzle.tiles[game.selected]; }

function mineCells() {
  const mine = new Set();
  for (const p of game.placed) {
    mine.add(`${p.at[0]},${p.at[1]}`);
    const off = secondOffset(p.tile);
    if (off) mine.add(`${p.at[0] + off[0]},${p.at[1] + off[1]}`);
  }
  return mine;
}

function drawBoard() {
  const board = $("board");
  board.innerHTML = game.view.svg;
  const svg = board.querySelector("svg");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "the spaces of your city");
  // as large as fits: the whole city in view on a laptop screen
  const rows = game.view.rows[1] - game.view.rows[0] + 1, cols = game.view.cols[1] - game.view.cols[0] + 1;
  $("mine").style.maxWidth = innerWidth > 700
    ? `${Math.max(300, Math.min(520, (innerHeight - 170) * cols / rows))}px` : "";
  const mine = mineCells();
  for (const g of board.querySelectorAll("g.cell")) {
    const r = Number(g.dataset.r), c = Number(g.dataset.c);
    if (mine.has(`${r},${c}`)) g.classList.add("mine");
    g.setAttribute("role", "button");
    g.addEventListener("click", () => clickCell(r, c));
    g.addEventListener("mouseenter", () => preview(r, c));
  }
  svg.addEventListener("mouseleave", () => clearGhost());
  if (game.cursor) {  // the drawn rows and columns change as the city grows
    game.cursor = [Math.min(game.view.rows[1], Math.max(game.view.rows[0], game.cursor[0])),
                   Math.min(game.view.cols[1], Math.max(game.view.cols[0], game.cursor[1]))];
  }
  document.body.dataset.origin = `${game.view.rows[0]},${game.view.cols[0]}`;
  nameCells();
  drawCursor();
}

function legalCells() {  // every cell some legal placement of the selected tile covers
  const tile = selectedTile();
  const off = tile && secondOffset(tile);
  const cells = new Set();
  for (const [r, c] of game.legal) {
    cells.add(`${r},${c}`);
    if (off) cells.add(`${r + off[0]},${c + off[1]}`);
  }
  return cells;
}

function cellName(r, c) {
  const where = `row ${r - game.view.rows[0] + 1}, column ${c - game.view.cols[0] + 1}`;
  const what = game.view.names[`${r},${c}`];
  if (what) {
    const yours = mineCells().has(`${r},${c}`) ? ", your tile" : "";
    return `${where}: ${what}${yours}`;
  }
  const tile = selectedTile();
  const legal = tile && legalCells().has(`${r},${c}`) ? `, legal for ${words(tile)}` : "";
  return `${where}: empty${legal}`;
}

function nameCells() {
  for (const g of $("board").querySelectorAll("g.cell")) {
    g.setAttribute("aria-label", cellName(Number(g.dataset.r), Number(g.dataset.c)));
  }
}

function markLegal() {
  const board = $("board");
  for (const g of board.querySelectorAll("g.cell.legal")) g.classList.remove("legal");
  for (const el of board.querySelectorAll(".pair")) el.remove();
  const tile = selectedTile();
  const off = tile && secondOffset(tile);
  const svg = board.querySelector("svg");
  for (const [r, c] of game.legal) {
    for (const [a, b] of off ? [[r, c], [r + off[0], c + off[1]]] : [[r, c]]) {
      const el = cellEl(a, b);
      if (el) el.classList.add("legal");
    }
    if (off && svg) {  // a duplex's placement: both halves outlined together
      const [x, y] = svgXY(r, c);
      svg.append(svgRect(x + 6, y + 6, CELL * (1 + off[1]) - 12, CELL * (1 + off[0]) - 12,
                         {class: "pair", "data-r": r, "data-c": c}));
    }
  }
  nameCells();
  if (tile && !game.legal.length) say(`${words(tile)}: no legal space for this tile now.`);
}

function svgXY(r, c) {
  return [(c - game.view.cols[0]) * CELL, (r - game.view.rows[0]) * CELL];
}

function svgRect(x, y, w, h, attrs) {
  const el = document.createElementNS(SVGNS, "rect");
  for (const [k, v] of Object.entries({x, y, width: w, height: h, rx: 9, ...attrs})) el.setAttribute(k, v);
  return el;
}

function drawCursor() {
  document.body.dataset.cursor = game.cursor ? game.cursor.join(",") : "";
  const svg = $("board").querySelector("svg");
  const old = svg && svg.querySelector("#cursor");
  if (old) old.remove();
  if (!svg || !game.cursor) return;
  const [x, y] = svgXY(...game.cursor);
  const tile = selectedTile();
  const off = (tile && secondOffset(tile)) || [0, 0];
  svg.append(svgRect(x + 2, y + 2, CELL * (1 + off[1]) - 4, CELL * (1 + off[0]) - 4, {id: "cursor"}));
}

function announceCursor() {
  if (game.cursor) $("cursor-status").textContent = cellName(...game.cursor);
}

function clearGhost() {
  for (const el of $("board").querySelectorAll(".ghost")) el.remove();
}

function anchorFor(r, c) {
  // the space as the first half, else as the second half of a duplex
  const has = (a, b) => game.legal.some(([x, y]) => x === a && y === b);
  if (has(r, c)) return [r, c];
  const tile = selectedTile();
  const off = tile && secondOffset(tile);
  if (off && has(r - off[0], c - off[1])) return [r - off[0], c - off[1]];
  return null;
}

function preview(r, c) {
  clearGhost();
  if (game.selected === null) return;
  const at = anchorFor(r, c);
  if (!at) return;
  const tile = selectedTile();
  const off = secondOffset(tile) || [0, 0];
  const [x, y] = svgXY(...at);
  const ghost = svgRect(x + 4, y + 4, CELL * (1 + off[1]) - 8, CELL * (1 + off[0]) - 8,
                        {fill: "#ffffff", stroke: "#2e7d4a", "stroke-width": 3, class: "ghost"});
  $("board").querySelector("svg").append(ghost);
}

// --- playing -------------------------------------------------------------------------------

function select(slot, focusBoard) {
  if (game.done || game.busy) return;
  game.selected = game.selected === slot ? null : slot;
  for (const b of $("tray").querySelectorAll("button")) {
    const on = Number(b.dataset.slot) === game.selected;
    b.classList.toggle("selected", on);
    b.setAttribute("aria-pressed", String(on));
  }
  say(game.selected === null ? "" : `${words(selectedTile())} chosen: pick an outlined space.`, true);
  if (focusBoard === "keys" && !game.cursor) {  // the keyboard's cursor starts top left
    game.cursor = [game.view.rows[0], game.view.cols[0]];
  }
  game.pending = loadMoves().then(drawCursor);
  if (focusBoard === "keys" && game.selected !== null) {
    $("board").focus();
    game.pending.then(announceCursor);
  }
}

async function refuse(at) {
  // the rules engine's reason, as cities check gives it
  const tile = selectedTile();
  for (const el of $("board").querySelectorAll(".cell.refused")) el.classList.remove("refused");
  const el = cellEl(...at);
  if (el) el.classList.add("refused");
  try {
    const verdict = await api("POST", "/api/verdict", {state: game.view.state, tile, at});
    say(`${words(tile)} cannot go there: ${verdict.reason}.`);
  } catch (err) {
    say(`${words(tile)} cannot go there (${err.message}).`);
  }
  document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
}

async function place(at) {
  const tile = selectedTile();
  const ok = game.legal.some(([r, c]) => r === at[0] && c === at[1]);
  if (!ok) {
    await refuse(at);
    return false;
  }
  game.placed.push({tile, at, slot: game.selected});
  game.selected = null;
  say(`${words(tile)} placed.`, true);
  await refresh();
  saveBoard();
  return true;
}

async function takeBack(index) {
  if (game.done || index < 0 || index >= game.placed.length) return;
  const before = game.placed.slice();
  const [gone] = game.placed.splice(index, 1);
  try {
    game.selected = null;
    await refresh();
    saveBoard();
    say(`${words(gone.tile)} taken back.`, true);
  } catch (err) {
    game.placed = before;
    await refresh();
    say(`Cannot take that tile back now (${err.message}); take back the later tiles first.`);
  }
}

function placedAt(r, c) {
  return game.placed.findIndex((p) => {
    const off = secondOffset(p.tile) || [0, 0];
    return (p.at[0] === r && p.at[1] === c) || (isDuplex(p.tile) && p.at[0] + off[0] === r && p.at[1] + off[1] === c);
  });
}

async function clickCell(r, c) {
  if (game.done || game.busy) return;
  if (game.cursor) game.cursor = [r, c];
  if (game.selected === null) {
    const i = placedAt(r, c);
    if (i >= 0) return takeBack(i);
    drawCursor();
    return say("Pick a tile first, then an outlined space.");
  }
  await game.pending;
  const at = anchorFor(r, c);
  if (!at) { drawCursor(); return refuse([r, c]); }
  await place(at);
}

function updateControls() {
  const v = game.view;
  const used = game.pair ? pairUsedSlots() : new Set(game.placed.map((p) => p.slot));
  const finished = game.pair ? pairFinished() : v.finished;
  const wants = v.next;
  for (const b of $("tray").querySelectorAll("button")) {
    const slot = Number(b.dataset.slot);
    b.classList.toggle("used", used.has(slot));
    const duplex = isDuplex(b.dataset.tile);
    b.disabled = game.done || v.finished || (wants === "duplex") !== duplex;
    b.classList.toggle("selected", slot === game.selected);
  }
  const [r1, d, r3] = v.remaining;
  const gaveUp = entryOf(game.date).gaveUp && !entryOf(game.date).best;
  $("next-kind").textContent = game.done ? (gaveUp ? "Given up: the optimal city is shown."
    : "Try again to beat your best, or pick another day.")
    : finished ? (game.pair ? "Both cities are complete: submit them." : "The city is complete: submit it.")
    : v.finished ? "This city is complete: build the other one."
    : wants === "duplex" ? `Round 2: place ${d} duplex${d > 1 ? "es" : ""}.`
    : r1 ? `Round 1: ${r1} single tile${r1 > 1 ? "s" : ""} before the duplexes.`
    : `Round 3: ${r3} single tile${r3 > 1 ? "s" : ""}.`;
  $("submit").disabled = game.done || !finished;
  $("undo").disabled = game.done || !game.placed.length;
  $("reset").disabled = game.done || !game.placed.length;
  $("giveup").disabled = game.done;
  $("retry").hidden = !game.done || Boolean(gaveUp);
}

function showScore(score) {
  $("total").textContent = score.total;
  const table = $("breakdown");
  table.innerHTML = "";
  for (const [name, points] of Object.entries(score.categories)) {
    const tr = document.createElement("tr");
    const sw = `<span class="swatch" style="background:${COLOUR[name] || "#999"}"></span>`;
    tr.innerHTML = `<td>${sw}${name}</td><td class="n">${points}</td>`;
    table.append(tr);
  }
}

// --- grading, trying again, giving up, the optimal city -------------------------------------

function showGrade(grade) {
  $("result").hidden = false;
  $("percent").textContent = `${grade.percent}%`;
  const best = entryOf(game.date).best || 0;
  $("verdict").textContent = (grade.legal
    ? `${grade.score} of the proven optimum ${grade.optimum}` + (grade.percent >= 100 ? ": optimal!" : ".")
    : `Not a legal answer: ${grade.problems.join("; ")}`)
    + (best > grade.percent ? ` Your best here: ${best}%.` : "");
  $("share").textContent = grade.share;
  $("share-button").hidden = !navigator.share;
  $("copy").textContent = "Copy";
  $("copy-note").textContent = "";
}

async function submit() {
  if (!game.view || game.done || !(game.pair ? pairFinished() : game.view.finished)) return;
  const address = `${location.origin}/daily/${game.date}`;
  const answer = game.pair ? pairAnswer() : game.view.city;
  const grade = await api("POST", "/api/check", {date: game.date, answer, address});
  game.done = true;
  game.selected = null; game.legal = []; game.cursor = null;
  const old = entryOf(game.date);
  const better = grade.legal && grade.percent >= (old.best || 0);
  saveEntry(game.date, {
    done: true,
    grade: better || !old.grade ? grade : old.grade,  // the best result is the one kept
    best: Math.max(old.best || 0, grade.legal ? grade.percent : 0),
  });
  drawBoard();
  updateControls();
  showGrade(grade);
  say(`Graded: ${grade.percent}%.`, true);
  $("result").scrollIntoView({block: "nearest", behavior: reducedMotion() ? "auto" : "smooth"});
}

async function retry() {
  saveEntry(game.date, {done: false, placed: [], cities: [[], []]});
  game.done = false; game.placed = []; game.selected = null;
  if (game.pair) pairClear();
  $("result").hidden = true;
  $("optimal").hidden = true; $("mine-caption").hidden = !game.pair; $("reveal").hidden = false;
  await refresh();
  say(`Try again: your best here stays ${entryOf(game.date).best || 0}%.`, true);
}

async function showStep(k) {
  if (USA) return usaShowStep(k);
  if (game.pair) return pairShowStep(k);
  game.step = Math.max(0, Math.min(game.order.length, k));
  const view = await api("POST", "/api/board", {date: game.date, placed: game.order.slice(0, game.step)});
  $("optimal-board").innerHTML = view.svg;
  const move = game.order[game.step - 1];
  $("replay-step").textContent = game.step === 0 ? `(step 0 of ${game.order.length}: the tiles built before play)`
    : `(step ${game.step} of ${game.order.length}: ${view.tiles[move.tile] || move.tile})`;
  document.body.dataset.step = String(game.step);
}

async function reveal() {
  if (USA) {
    await usaReveal();
  } else if (game.pair) {
    await revealPair();
  } else {
    await revealOne();
  }
  $("optimal").hidden = false;
  $("mine-caption").hidden = false;
  $("reveal").hidden = true;
  $("optimal").scrollIntoView({block: "start", behavior: reducedMotion() ? "auto" : "smooth"});
}

async function revealOne() {
  const [svg, solution] = await Promise.all([
    fetch(`/api/solution/${game.date}.svg`).then((r) => r.text()),
    api("GET", `/api/solution/${game.date}`)]);
  game.order = solution.order || [];
  game.step = game.order.length;
  $("optimal-board").innerHTML = svg;
  $("replay-step").textContent = game.order.length ? `(${game.order.length} tiles, in an order the rules accept)` : "";
  $("replay").hidden = !game.order.length;
}

function giveUpText() {
  return "The optimal city is shown beside yours. "
    + (game.date === game.today ? "Come back tomorrow!" : "Another day waits in the archive.");
}

function askGiveUp() {
  if (game.done) return;
  $("confirm-giveup").hidden = false;
  $("giveup-no").focus();
}

async function giveUp() {
  $("confirm-giveup").hidden = true;
  if (game.done) return;
  if (USA) return usaGiveUp();
  game.done = true;
  game.selected = null; game.legal = [];
  updateControls();
  drawBoard();
  saveEntry(game.date, {done: true, gaveUp: true});
  updateControls();
  await reveal();
  say(giveUpText(), true);
}

function copyByCommand(text) {  // works on plain http too, where navigator.clipboard is absent
  const area = document.createElement("textarea");
  area.value = text; area.setAttribute("readonly", "");
  area.style.position = "fixed"; area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  area.remove();
  return ok;
}

async function copyShare() {
  const text = $("share").textContent;
  let ok = false;
  if (navigator.clipboard && window.isSecureContext) {
    try { await navigator.clipboard.writeText(text); ok = true; } catch { ok = false; }
  }
  if (!ok) ok = copyByCommand(text);
  if (ok) {
    $("copy").textContent = "Copied";
    $("copy-note").textContent = "The result is on the clipboard.";
  } else {  // last resort: the text selected, for the browser's own Copy
    const range = document.createRange();
    range.selectNodeContents($("share"));
    const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
    $("copy-note").textContent = "The result is selected: copy it with your browser's Copy.";
  }
  document.body.dataset.copied = String(ok);
}

async function shareResult() {
  try {
    await navigator.share({title: "Between Two Cities daily", text: $("share").textContent});
  } catch { /* the player closed the share sheet */ }
}

// --- keyboard ------------------------------------------------------------------------------

function onBoardKey(e) {
  if (!game.view || game.done) return;
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[e.key]) {
    const [r, c] = game.cursor || [game.view.rows[0] - moves[e.key][0], game.view.cols[0] - moves[e.key][1]];
    const nr = Math.min(game.view.rows[1], Math.max(game.view.rows[0], r + moves[e.key][0]));
    const nc = Math.min(game.view.cols[1], Math.max(game.view.cols[0], c + moves[e.key][1]));
    game.cursor = [nr, nc];
    drawCursor();
    announceCursor();
    e.preventDefault();
  } else if (e.key === "Enter" || e.key === " ") {
    if (game.selected !== null && game.cursor) place(game.cursor).then((ok) => {
      if (ok) { const next = $("tray").querySelector("button:not(:disabled):not(.used)"); if (next) next.focus(); }
    });
    e.preventDefault();
  } else if (e.key === "Backspace" || e.key === "Delete") {
    const here = game.cursor ? placedAt(...game.cursor) : -1;
    takeBack(here >= 0 ? here : game.placed.length - 1);
    e.preventDefault();
  } else if (e.key === "Escape") {
    if (game.selected !== null) select(game.selected);
  }
}

async function onDrop(e) {
  e.preventDefault();
  const g = e.target.closest && e.target.closest("g.cell");
  if (!g || game.selected === null) return;
  await game.pending;  // the legal spaces of the tile being dragged
  await clickCell(Number(g.dataset.r), Number(g.dataset.c));
}

window.addEventListener("DOMContentLoaded", () => {
  $("board").addEventListener("keydown", onBoardKey);
  $("board").addEventListener("focus", announceCursor);
  $("board").addEventListener("dragover", (e) => e.preventDefault());
  $("board").addEventListener("drop", onDrop);
  $("tray").addEventListener("keydown", (e) => {
    if (USA) return;  // Cities USA's tray buttons act on their own click (usa.js)
    if ((e.key === "Enter" || e.key === " ") && e.target.closest("button")) {
      e.preventDefault();
      const slot = Number(e.target.closest("button").dataset.slot);
      select(slot, "keys");
    } else if (e.key === "Backspace") {
      e.preventDefault();
      takeBack(game.placed.length - 1);
    }
  });
  if (USA) {
    $("submit").addEventListener("click", usaSubmit);
    $("undo").addEventListener("click", usaUndo);
    $("reset").addEventListener("click", usaReset);
    $("retry").addEventListener("click", usaRetry);
    $("usa-rotate").addEventListener("click", usaRotate);
    addEventListener("keydown", (e) => {
      if ((e.key === "r" || e.key === "R") && !e.ctrlKey && !e.metaKey) usaRotate();
      if (e.key === "Escape") usaLetGo();
    });
  }
  $("submit").addEventListener("click", () => USA || submit());
  $("undo").addEventListener("click", () => USA || takeBack(game.placed.length - 1));
  $("reset").addEventListener("click", async () => {
    if (USA) return;
    game.placed = []; game.selected = null;
    if (game.pair) pairClear();
    await refresh(); saveBoard();
  });
  $("giveup").addEventListener("click", askGiveUp);
  $("giveup-yes").addEventListener("click", giveUp);
  $("giveup-no").addEventListener("click", () => { $("confirm-giveup").hidden = true; $("giveup").focus(); });
  $("copy").addEventListener("click", copyShare);
  $("share-button").addEventListener("click", shareResult);
  $("retry").addEventListener("click", () => USA || retry());
  $("reveal").addEventListener("click", reveal);
  $("replay-back").addEventListener("click", () => showStep(game.step - 1));
  $("replay-next").addEventListener("click", () => showStep(game.step + 1));
  $("replay-all").addEventListener("click", () => showStep(game.order.length));
  const fitDock = () => {  // on a phone the bar at the bottom must not hide the board's end
    const phone = matchMedia("(max-width: 700px)").matches;
    document.body.style.paddingBottom = phone ? `${$("dock").offsetHeight + 16}px` : "";
  };
  new ResizeObserver(fitDock).observe($("dock"));
  addEventListener("resize", fitDock);
  start().catch((err) => say(err.message));
});
