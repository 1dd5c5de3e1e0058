// The daily puzzle page.  Every rule lives on the server: legal spaces come from /api/moves,
// the score from /api/score, the grade from /api/check; this file only draws and remembers.
"use strict";

const CELL = 64;
const COLOUR = {factory: "#6b7280", shop: "#f2c12e", tavern: "#d64541", park: "#3a9a4a",
                office: "#2f6fd1", house: "#e07b2a", civic: "#8e44ad", district: "#7a6f62"};
const STORE = "cities-daily-progress";
const $ = (id) => document.getElementById(id);

const game = {
  date: null, puzzle: null, view: null,
  placed: [],          // the player's tiles: {tile, at: [r, c], slot}
  selected: null,      // tray slot
  legal: [],           // anchors [r, c] for the selected tile
  cursor: null,        // [r, c] (keyboard)
  done: false,         // submitted or given up
  busy: false,
  pending: null,       // the legal spaces being fetched
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

// --- progress in the browser: solved dates, best percentage, a streak ------------------------

function loadProgress() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch { return {}; }
}

function saveResult(date, entry) {
  const all = loadProgress();
  const old = all[date] || {};
  all[date] = {
    best: Math.max(old.best || 0, entry.best || 0),
    gaveUp: Boolean(old.gaveUp || entry.gaveUp) && !(old.best || entry.best),
  };
  localStorage.setItem(STORE, JSON.stringify(all));
  showStats();
}

function addDays(date, n) {
  const d = new Date(date + "T12:00:00Z");
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function showStats() {
  const all = loadProgress();
  const solved = Object.keys(all).filter((d) => all[d].best > 0);
  let streak = 0;
  for (let d = game.date; all[d] && all[d].best > 0; d = addDays(d, -1)) streak += 1;
  const here = all[game.date];
  $("stats").textContent = `solved ${solved.length} · streak ${streak} day${streak === 1 ? "" : "s"}`
    + (here && here.best ? ` · best today ${here.best}%` : "");
  for (const a of document.querySelectorAll("#dates a")) {
    a.classList.toggle("solved", Boolean(all[a.dataset.date] && all[a.dataset.date].best));
  }
}

// --- loading a date ------------------------------------------------------------------------

async function start() {
  const m = location.pathname.match(/^\/daily\/(\d{4}-\d{2}-\d{2})$/);
  game.date = m ? m[1] : (await api("GET", "/api/today")).date;
  $("date-label").textContent = game.date;
  $("prev").href = `/daily/${addDays(game.date, -1)}`;
  $("next").href = `/daily/${addDays(game.date, 1)}`;
  const archive = await api("GET", "/api/archive");
  $("dates").innerHTML = "";
  for (const d of archive.dates) {
    const a = document.createElement("a");
    a.href = `/daily/${d}`; a.textContent = d.slice(5); a.dataset.date = d;
    if (d === game.date) a.className = "current";
    $("dates").append(a);
  }
  showStats();
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
    $("loading").querySelector("p").textContent = `Could not load the puzzle: ${err.message}`;
    $("loading").querySelector(".spinner").remove();
    return;
  } finally {
    clearInterval(poll);
  }
  if (game.puzzle.mats) {  // two cities: not on this page yet
    $("loading").querySelector(".spinner").remove();
    $("loading").querySelector("p").textContent = "This puzzle builds two cities; play it with "
      + `cities daily --date ${game.date} and check your answer with --check.`;
    return;
  }
  $("loading").hidden = true;
  $("game").hidden = false;
  describe();
  buildTray();
  await refresh();
}

function describe() {
  const p = game.puzzle;
  const stars = p.difficulty.label;
  const kind = {complete: "Finish a city: some tiles are already built.",
                choose: "Choose 16 singles and 2 duplexes from the tiles below.",
                full: "Build a city with every tile below.",
                pair: "Build two cities."}[p.kind] || "";
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

function buildTray() {
  const tray = $("tray");
  tray.innerHTML = "";
  game.puzzle.tiles.forEach((token, slot) => {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.dataset.slot = slot; btn.dataset.tile = token;
    btn.setAttribute("aria-label", `tile ${token}`);
    btn.title = token.includes("|") ? `${token}: a duplex, placed by its left half`
      : token.includes("/") ? `${token}: a duplex, placed by its top half` : token;
    if (token.includes("/")) btn.classList.add("v");
    const img = document.createElement("img");
    img.src = `/api/tile.svg?tile=${encodeURIComponent(token)}`;
    img.alt = token;
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
    game.view = await api("POST", "/api/board", {date: game.date, placed});
    drawBoard();
    const [score] = await Promise.all([api("POST", "/api/score", game.view.city), loadMoves()]);
    showScore(score);
    updateControls();
  } finally {
    game.busy = false;
    document.body.dataset.placed = String(game.placed.length);  // for tests and scripts
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

function drawBoard() {
  const board = $("board");
  board.innerHTML = game.view.svg;
  // as large as fits: the whole city in view on a laptop screen
  const rows = game.view.rows[1] - game.view.rows[0] + 1, cols = game.view.cols[1] - game.view.cols[0] + 1;
  $("mine").style.maxWidth = `${Math.max(300, Math.min(520, (innerHeight - 170) * cols / rows))}px`;
  const mine = new Set();
  for (const p of game.placed) {
    mine.add(`${p.at[0]},${p.at[1]}`);
    const off = secondOffset(p.tile);
    if (off) mine.add(`${p.at[0] + off[0]},${p.at[1] + off[1]}`);
  }
  for (const g of board.querySelectorAll("g.cell")) {
    const r = Number(g.dataset.r), c = Number(g.dataset.c);
    if (mine.has(`${r},${c}`)) g.classList.add("mine");
    g.addEventListener("click", () => clickCell(r, c));
    g.addEventListener("mouseenter", () => preview(r, c));
  }
  board.querySelector("svg").addEventListener("mouseleave", () => clearGhost());
  drawCursor();
}

function markLegal() {
  for (const g of $("board").querySelectorAll("g.cell.legal")) g.classList.remove("legal");
  const tile = game.selected === null ? null : game.puzzle.tiles[game.selected];
  for (const [r, c] of game.legal) {
    const el = cellEl(r, c);
    if (el) el.classList.add("legal");
    const off = tile && secondOffset(tile);
    if (off) { const other = cellEl(r + off[0], c + off[1]); if (other) other.classList.add("legal"); }
  }
  const tileName = tile ? `${tile}: ` : "";
  if (tile && !game.legal.length) say(`${tileName}no legal space for this tile now.`);
}

function svgXY(r, c) {
  return [(c - game.view.cols[0]) * CELL, (r - game.view.rows[0]) * CELL];
}

function svgRect(x, y, w, h, attrs) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", "rect");
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
  const tile = game.selected === null ? null : game.puzzle.tiles[game.selected];
  const off = (tile && secondOffset(tile)) || [0, 0];
  svg.append(svgRect(x + 2, y + 2, CELL * (1 + off[1]) - 4, CELL * (1 + off[0]) - 4, {id: "cursor"}));
}

function clearGhost() {
  for (const el of $("board").querySelectorAll(".ghost")) el.remove();
}

function anchorFor(r, c) {
  // the clicked cell as the first half, else as the second half of a duplex
  const has = (a, b) => game.legal.some(([x, y]) => x === a && y === b);
  if (has(r, c)) return [r, c];
  const tile = game.selected === null ? null : game.puzzle.tiles[game.selected];
  const off = tile && secondOffset(tile);
  if (off && has(r - off[0], c - off[1])) return [r - off[0], c - off[1]];
  return null;
}

function preview(r, c) {
  clearGhost();
  if (game.selected === null) return;
  const at = anchorFor(r, c);
  if (!at) return;
  const tile = game.puzzle.tiles[game.selected];
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
    b.classList.toggle("selected", Number(b.dataset.slot) === game.selected);
  }
  say("");
  if (focusBoard === "keys" && !game.cursor) game.cursor = [0, 0];  // the keyboard's cursor
  game.pending = loadMoves().then(drawCursor);
  if (focusBoard === "keys" && game.selected !== null) $("board").focus();
}

async function place(at) {
  const tile = game.puzzle.tiles[game.selected];
  const ok = game.legal.some(([r, c]) => r === at[0] && c === at[1]);
  if (!ok) {
    say(`${tile} cannot go there: the green spaces are the legal ones.`);
    return false;
  }
  game.placed.push({tile, at, slot: game.selected});
  game.selected = null;
  say("");
  await refresh();
  return true;
}

async function takeBack(index) {
  if (game.done || index < 0 || index >= game.placed.length) return;
  const before = game.placed.slice();
  game.placed.splice(index, 1);
  try {
    game.selected = null;
    await refresh();
    say("");
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
    return say("Pick a tile first, then a green space.");
  }
  const at = anchorFor(r, c);
  if (!at) { drawCursor(); return say(`${game.puzzle.tiles[game.selected]} cannot go there: the green spaces are the legal ones.`); }
  await place(at);
}

function updateControls() {
  const v = game.view;
  const used = new Set(game.placed.map((p) => p.slot));
  const wants = v.next;
  for (const b of $("tray").querySelectorAll("button")) {
    const slot = Number(b.dataset.slot);
    b.classList.toggle("used", used.has(slot));
    const duplex = isDuplex(b.dataset.tile);
    b.disabled = game.done || v.finished || (wants === "duplex") !== duplex;
    b.classList.toggle("selected", slot === game.selected);
  }
  const [r1, d, r3] = v.remaining;
  $("next-kind").textContent = v.finished ? "· the city is complete: submit it"
    : wants === "duplex" ? `· round 2: place ${d} duplex${d > 1 ? "es" : ""}`
    : r1 ? `· round 1: ${r1} single tile${r1 > 1 ? "s" : ""} before the duplexes`
    : `· round 3: ${r3} single tile${r3 > 1 ? "s" : ""}`;
  $("submit").disabled = game.done || !v.finished;
  $("undo").disabled = game.done || !game.placed.length;
  $("reset").disabled = game.done || !game.placed.length;
  $("giveup").disabled = game.done;
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

// --- submitting, giving up, the optimal city -------------------------------------------------

async function submit() {
  if (!game.view || !game.view.finished || game.done) return;
  const grade = await api("POST", "/api/check", {date: game.date, answer: game.view.city});
  game.done = true;
  game.selected = null; game.legal = []; game.cursor = null;
  drawBoard();
  updateControls();
  $("result").hidden = false;
  $("percent").textContent = `${grade.percent}%`;
  $("verdict").textContent = grade.legal
    ? `${grade.score} of the proven optimum ${grade.optimum}` + (grade.percent >= 100 ? ": optimal!" : ".")
    : `Not a legal answer: ${grade.problems.join("; ")}`;
  $("share").textContent = grade.share;
  if (grade.legal) saveResult(game.date, {best: grade.percent});
  say("");
}

async function reveal() {
  const svg = await (await fetch(`/api/solution/${game.date}.svg`)).text();
  $("optimal-board").innerHTML = svg;
  $("optimal").hidden = false;
  $("mine-caption").hidden = false;
  $("reveal").hidden = true;
}

async function giveUp() {
  if (game.done) return;
  game.done = true;
  game.selected = null; game.legal = [];
  updateControls();
  drawBoard();
  saveResult(game.date, {gaveUp: true});
  await reveal();
  say("The optimal city is shown beside yours. Come back tomorrow!", true);
}

async function copyShare() {
  const text = $("share").textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("copy").textContent = "Copied";
  } catch {
    const range = document.createRange();
    range.selectNodeContents($("share"));
    const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
    $("copy").textContent = "Selected: press Ctrl+C";
  }
}

// --- keyboard ------------------------------------------------------------------------------

function onBoardKey(e) {
  if (!game.view || game.done) return;
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[e.key]) {
    const [r, c] = game.cursor || [-moves[e.key][0], -moves[e.key][1]];
    const nr = Math.min(game.view.rows[1], Math.max(game.view.rows[0], r + moves[e.key][0]));
    const nc = Math.min(game.view.cols[1], Math.max(game.view.cols[0], c + moves[e.key][1]));
    game.cursor = [nr, nc];
    drawCursor();
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
  $("board").addEventListener("dragover", (e) => e.preventDefault());
  $("board").addEventListener("drop", onDrop);
  $("tray").addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest("button")) {
      e.preventDefault();
      const slot = Number(e.target.closest("button").dataset.slot);
      select(slot, "keys");
    } else if (e.key === "Backspace") {
      e.preventDefault();
      takeBack(game.placed.length - 1);
    }
  });
  $("submit").addEventListener("click", submit);
  $("undo").addEventListener("click", () => takeBack(game.placed.length - 1));
  $("reset").addEventListener("click", async () => { game.placed = []; game.selected = null; await refresh(); });
  $("giveup").addEventListener("click", giveUp);
  $("copy").addEventListener("click", copyShare);
  $("reveal").addEventListener("click", reveal);
  start().catch((err) => say(err.message));
});
