// The Table page: a Between Two Cities city as it stands at a real table, entered by
// tapping tiles into place; every rule is the server's (/api/table/*, the CLI's answers).
"use strict";

const WORDS = { F: "factory", S: "shop", P: "park", H: "house", O: "office" };
const TAVERNS = { f: "food", d: "drink", m: "music", b: "bed" };
const KEY = "cities-table";
const $ = (id) => document.getElementById(id);

let setup = null;
let city = { variant: "standard", mat: "river-bend", placed: [] };
let hand = null; // the tile in hand (a token)
let legal = []; // its legal anchors, "r,c"

function single(token) {
  if (token.startsWith("C:")) return `${token.slice(2).replace(/-/g, " ")} (civic)`;
  if (token[0] === "T") return `${TAVERNS[token[1]] || ""} tavern`;
  return WORDS[token] || token;
}

function words(token) {
  const sep = token.includes("|") ? "|" : token.includes("/") ? "/" : null;
  if (!sep) return single(token);
  const [a, b] = token.split(sep);
  return `${single(a)} ${sep === "|" ? "beside" : "above"} ${single(b)}, duplex`;
}

function isDuplex(token) {
  return token.includes("|") || token.includes("/");
}

function rules() {
  return setup.variants[city.variant];
}

function counts() {
  const d = city.placed.filter((p) => isDuplex(p.tile)).length;
  return { s: city.placed.length - d, d };
}

function roundOf() {
  const { s, d } = counts();
  const r = rules();
  if (s < r.round_one && d === 0) return 1;
  if (d < r.duplexes) return 2;
  return 3;
}

function nextKind() {
  const { s, d } = counts();
  const r = rules();
  if (s < r.round_one && d === 0) return "single";
  if (d < r.duplexes) return "duplex";
  return s < r.singles ? "single" : "none";
}

function state() {
  const out = { edition: "essential", variant: city.variant, round: roundOf(),
    placed: city.placed };
  if (rules().mats) out.mat = city.mat;
  return out;
}

function save() {
  localStorage.setItem(KEY, JSON.stringify(city));
}

function say(text) {
  $("status").textContent = text;
}

async function post(path, body, signal) {
  const response = await fetch(path, { method: "POST", body: JSON.stringify(body), signal,
    headers: { "Content-Type": "application/json" } });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `error ${response.status}`);
  return data;
}

// --- shared by the games' modules ------------------------------------------------------------

// A POST whose refusal is said (`sayIt`, after `failure`) rather than thrown: null then.
async function tryPost(path, body, sayIt, failure) {
  try {
    return await post(path, body);
  } catch (err) {
    sayIt(`${failure}: ${err.message}`);
    return null;
  }
}

// A job's answer streamed (`"stream": true`): every line of JSON handed to `onEvent`
// (progress, then the result); aborting `signal` hangs up, which stops the job on the server.
async function streamPost(path, body, signal, onEvent) {
  const response = await fetch(path, { method: "POST", signal,
    body: JSON.stringify({ ...body, stream: true }),
    headers: { "Content-Type": "application/json" } });
  if (!response.ok) throw new Error((await response.json()).error);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = text.indexOf("\n")) >= 0) {
      onEvent(JSON.parse(text.slice(0, nl)));
      text = text.slice(nl + 1);
    }
  }
}

// A solve run from the page (either game's): its button off and Stop on while it runs, its
// progress said in the `progress` element; Stop hangs up, which ends the job on the server.
async function runSolve(ids, path, body, onEvent) {
  const running = new AbortController();
  $(ids.stop).onclick = () => running.abort();
  $(ids.solve).disabled = true;
  $(ids.stop).disabled = false;
  $(ids.progress).textContent = "Solving…";
  try {
    await streamPost(path, body, running.signal, onEvent);
  } catch (err) {
    $(ids.progress).textContent = err.name === "AbortError" ? "Stopped." : err.message;
  } finally {
    $(ids.solve).disabled = false;
    $(ids.stop).disabled = true;
  }
}

// A solve's progress or status in words (either game's solver answers alike).
function solveWords(event) {
  if (event.progress) {
    const p = event.progress;
    return p.waiting !== undefined ? `waiting: ${p.waiting} solve(s) ahead`
      : `${p.seconds} s: best ${p.best ?? "-"}, bound ${p.bound}`;
  }
  if (event.error) return event.error;
  const r = event.result;
  return r.status === "optimal" ? "proven optimal" : r.status === "feasible"
    ? `best found, bound ${r.bound}` : r.status;
}

// One select per bot seat (every seat but the player's), each kind of bot offered; the
// kinds chosen before are kept. `bots()` reads them back as a list, one name per seat.
function fillBotSeats(box, players, seat, kinds) {
  const was = {};
  for (const s of box.querySelectorAll("select")) was[s.dataset.seat] = s.value;
  box.replaceChildren();
  for (let n = 1; n <= players; n++) {
    const p = `P${n}`;
    if (p === seat) continue;
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.dataset.seat = p;
    select.append(...kinds.map((k) => new Option(k, k)));
    select.value = was[p] && kinds.includes(was[p]) ? was[p] : kinds.includes("greedy")
      ? "greedy" : kinds[0];
    label.append(`Bot ${p} `, select);
    box.append(label);
  }
}

function botsOf(box, players, seat) {
  const chosen = {};
  for (const s of box.querySelectorAll("select")) chosen[s.dataset.seat] = s.value;
  const out = [];
  for (let n = 1; n <= players; n++) out.push(chosen[`P${n}`] || "greedy"); // own seat: unused
  return out;
}

// A table of rows (the standings), named for screen readers.
function rowsTable(label, heads, rows) {
  const table = document.createElement("table");
  table.setAttribute("aria-label", label);
  const head = table.createTHead().insertRow();
  for (const h of heads) head.appendChild(document.createElement("th")).textContent = h;
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const v of row) tr.insertCell().textContent = String(v);
  }
  return table;
}

// A download link's file: the game file as it stands.
function offerFile(link, data) {
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)],
    { type: "application/json" }));
}

// --- the city ------------------------------------------------------------------------------

function cellsOf(p) {
  const [r, c] = p.at;
  if (!isDuplex(p.tile)) return [[r, c, p.tile]];
  const sep = p.tile.includes("|") ? "|" : "/";
  const [a, b] = p.tile.split(sep);
  return [[r, c, a], sep === "|" ? [r, c + 1, b] : [r + 1, c, b]];
}

function built() {
  const out = new Map();
  for (const p of city.placed) for (const [r, c, t] of cellsOf(p)) out.set(`${r},${c}`, t);
  return out;
}

function range() {
  const n = rules().size;
  const cells = [];
  const mat = rules().mats ? setup.mats[city.mat] : null;
  if (mat) cells.push([0, 0], [mat.height - 1, mat.width - 1]);
  for (const key of built().keys()) cells.push(key.split(",").map(Number));
  if (!cells.length) return { rows: [0, n - 1], cols: [0, n - 1] };
  const rs = cells.map((x) => x[0]), cs = cells.map((x) => x[1]);
  const top = Math.min(...rs), bottom = Math.max(...rs);
  const left = Math.min(...cs), right = Math.max(...cs);
  return { rows: [bottom - n + 1, top + n - 1], cols: [right - n + 1, left + n - 1] };
}

function drawCity() {
  const { rows, cols } = range();
  const mat = rules().mats ? setup.mats[city.mat] : null;
  const land = new Set(mat ? mat.landscape.map((x) => x.join(",")) : []);
  const tiles = built();
  const grid = $("city");
  const across = cols[1] - cols[0] + 1;
  grid.style.setProperty("--cell", `min(64px, calc((100vw - 2.5rem) / ${across} - 2px))`);
  grid.style.gridTemplateColumns = `repeat(${across}, var(--cell))`;
  grid.replaceChildren();
  for (let r = rows[0]; r <= rows[1]; r++) {
    for (let c = cols[0]; c <= cols[1]; c++) {
      const key = `${r},${c}`;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cell";
      b.dataset.r = r;
      b.dataset.c = c;
      b.setAttribute("role", "gridcell");
      let what = "empty";
      if (land.has(key)) {
        b.classList.add("landscape");
        what = "landscape";
      } else if (tiles.has(key)) {
        b.classList.add("built");
        b.textContent = tiles.get(key).startsWith("C:") ? "C" : tiles.get(key);
        what = single(tiles.get(key));
      } else if (mat && !(r >= 0 && c >= 0 && r < mat.height && c < mat.width)) {
        b.classList.add("outside");
      }
      if (legal.includes(key)) {
        b.classList.add("legal");
        what += `, legal for ${words(hand)}`;
      }
      b.setAttribute("aria-label", `row ${r}, column ${c}: ${what}`);
      b.addEventListener("click", () => tap(r, c));
      grid.appendChild(b);
    }
  }
  const { s, d } = counts();
  $("counts").textContent = `${s} of ${rules().singles} singles, ${d} of ${rules().duplexes} ` +
    `duplexes placed; next: ${nextKind()} (round ${roundOf()})`;
  $("file").value = JSON.stringify(state());
  showScore();
}

// The city so far scored as `cities score` scores its city file (the server's answer).
async function showScore() {
  const asked = JSON.stringify(state());
  try {
    const { score } = await post("/api/table/city", { state: state() });
    if (JSON.stringify(state()) !== asked) return;
    const parts = Object.entries(score.categories).filter(([, v]) => v)
      .map(([k, v]) => `${k} ${v}`);
    $("score").textContent = `Score so far: ${score.total}` +
      (parts.length ? ` (${parts.join(", ")})` : "");
  } catch (err) {
    $("score").textContent = "";
  }
}

function drawPalette() {
  const kind = nextKind();
  const pal = $("palette");
  pal.replaceChildren();
  const singles = setup.singles.filter((t) => rules().civics || !t.startsWith("C:"));
  for (const token of [...singles, ...setup.duplexes]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tile";
    b.textContent = token.startsWith("C:") ? token.slice(2, 8) : token;
    b.setAttribute("aria-label", words(token));
    b.setAttribute("aria-pressed", String(token === hand));
    b.disabled = kind !== (isDuplex(token) ? "duplex" : "single");
    b.addEventListener("click", () => choose(token));
    pal.appendChild(b);
  }
}

function draw() {
  drawCity();
  drawPalette();
}

async function choose(token) {
  hand = token;
  legal = [];
  draw();
  try {
    const found = await post("/api/table/moves", { state: state(), tile: token });
    if (hand !== token) return;
    legal = found.positions.map((p) => p.join(","));
    say(legal.length ? `${words(token)}: ${legal.length} legal place(s), lit`
      : `${words(token)}: no legal place`);
  } catch (err) {
    say(err.message);
  }
  draw();
}

async function tap(r, c) {
  if (!hand) {
    say("Choose the tile in hand first.");
    return;
  }
  const key = `${r},${c}`;
  if (legal.includes(key)) {
    city.placed.push({ tile: hand, at: [r, c] });
    save();
    const token = hand;
    const kind = nextKind();
    hand = kind === (isDuplex(token) ? "duplex" : "single") ? token : null;
    legal = [];
    say(`${words(token)} placed at row ${r}, column ${c}`);
    if (hand) await choose(hand); else draw();
    return;
  }
  try {
    const verdict = await post("/api/table/check", { state: state(), tile: hand, at: [r, c] });
    say(verdict.legal ? `${words(hand)} may go at row ${r}, column ${c}`
      : `${words(hand)} may not go at row ${r}, column ${c}: ${verdict.reason}`);
  } catch (err) {
    say(err.message);
  }
}

// --- the best finish -----------------------------------------------------------------------

async function solve() {
  const body = { state: state(),
    time_limit: Number($("seconds").value) || 60,
    tiles: $("from-box").checked ? "box"
      : $("to-come").value.split(/[\s,]+/).filter(Boolean) };
  $("answer").textContent = "";
  await runSolve({ solve: "solve", stop: "stop", progress: "progress" }, "/api/table/solve",
    body, show);
}

function show(event) {
  if (event.result) {
    const r = event.result;
    $("progress").textContent = r.score === null ? `No city: ${solveWords(event)}`
      : `Best finish: ${r.score} points, ${solveWords(event)}`;
    $("answer").textContent = r.city ? r.city.grid.join("\n") : "";
  } else {
    $("progress").textContent = solveWords(event);
  }
}

// --- set-up --------------------------------------------------------------------------------

function fillSelects() {
  $("variant").replaceChildren(...Object.keys(setup.variants).map((v) => new Option(v, v)));
  $("mat").replaceChildren(...Object.entries(setup.mats).map(([id, m]) => new Option(m.name, id)));
  $("variant").value = city.variant;
  $("mat").value = city.mat;
  $("mat-label").hidden = !rules().mats;
}

function reset(keep) {
  city = { variant: $("variant").value, mat: $("mat").value, placed: keep || [] };
  hand = null;
  legal = [];
  $("mat-label").hidden = !rules().mats;
  save();
  draw();
}

async function start() {
  setup = await (await fetch("/api/table/setup")).json();
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "null");
    if (kept && setup.variants[kept.variant]) city = kept;
  } catch (err) {
    localStorage.removeItem(KEY);
  }
  fillSelects();
  $("variant").addEventListener("change", () => reset());
  $("mat").addEventListener("change", () => reset());
  $("restart").addEventListener("click", () => { reset(); say("A new city."); });
  $("undo").addEventListener("click", () => {
    const gone = city.placed.pop();
    save();
    hand = null;
    legal = [];
    draw();
    say(gone ? `${words(gone.tile)} taken back` : "Nothing to take back.");
  });
  $("solve").addEventListener("click", solve);
  $("export").addEventListener("click", () => {
    $("file").value = JSON.stringify(state(), null, 1);
    say("The city-in-progress file is in the box below.");
  });
  $("load").addEventListener("click", async () => {
    try {
      const data = JSON.parse($("file").value);
      await post("/api/table/moves", { state: data, tile: "F" }); // the server checks it
      city = { variant: data.variant || "standard", mat: data.mat || city.mat,
        placed: data.placed || [] };
      fillSelects();
      save();
      hand = null;
      legal = [];
      draw();
      say("City loaded.");
    } catch (err) {
      say(`Not loaded: ${err.message}`);
    }
  });
  draw();
  startGames(); // table-game.js
  const kind = $("game-kind");
  kind.value = localStorage.getItem(`${KEY}-game`) === "usa" ? "usa" : "btc";
  const showKind = () => {
    document.body.classList.toggle("usa", kind.value === "usa");
    document.body.classList.toggle("btc", kind.value === "btc");
    localStorage.setItem(`${KEY}-game`, kind.value);
  };
  kind.addEventListener("change", showKind);
  showKind();
  startUsaTable().then(startUsaGames); // table-usa.js, then table-usa-game.js (its setup)
  say("Choose the tile in hand: every legal place lights up.");
}

document.addEventListener("DOMContentLoaded", start); // after table-game.js, table-usa.js
