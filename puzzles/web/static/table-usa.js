// The Table page's Cities USA city: a starting tile, then tiles tapped into place (a tap on
// the tile in hand or the R key turns it), each place lit from /api/table/usa/moves, a refused
// one's reason from /api/table/usa/check, each tile laid by the rules engine (/api/usa/play)
// with the forced bridges the player chooses among the engine's choices; then features,
// buildings, tops, voluntary bridges, cards and achievements, each judged by the engine; the
// city drawn and scored by the server; its best finish, the city held where it lies and what is
// still to come laid around it (/api/table/usa/solve). Uses table.js's $, post, runSolve,
// solveWords.
"use strict";

const USA_KEY = "cities-table-usa";
const usaTable = {
  state: null, view: null, history: [], hand: null, rotation: 0, moves: [],
  piece: null, // a feature, building, top or bridge in hand: {kind, value, name}
};
let usaHandOf = "city"; // whose tile in hand R turns: the entered city's, or a game's
let usaSetup = null; // /api/table/usa/setup: features, colours, cards, achievements, games

function usaEmpty() {
  const [rows, cols] = $("usa-size").value.split("x").map(Number);
  return { game: "cities-usa", size: [rows, cols], tiles: [], bridges: [], buildings: [],
    features: [], cards: [], achievements: [], bridges_left: Number($("usa-bridges").value) };
}

function usaSay(text) {
  $("usa-status").textContent = text;
}

function usaSave() {
  localStorage.setItem(USA_KEY, JSON.stringify(usaTable.state));
}

async function usaShow() {
  const view = await post("/api/usa/view", { state: usaTable.state });
  usaTable.view = view;
  const score = await post("/api/table/usa/score", usaTable.state);
  $("usa-file").value = JSON.stringify(usaTable.state);
  usaDrawTiles();
  usaDrawPieces();
  usaDrawPlaces();
  $("usa-picture").innerHTML = usaTable.state.tiles.length ? view.svg : "";
  const svg = $("usa-picture").querySelector("svg");
  if (svg) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "the city, drawn");
  }
  const parts = Object.entries(score.categories).filter(([, v]) => v)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
  $("usa-score").textContent = `Score: ${score.total}` + (parts.length ? ` (${parts.join(", ")})` : "");
}

function usaTileName(id) {
  const on = usaTable.hand === id;
  const kind = id.startsWith("start") ? "starting tile" : "tile";
  return `${kind} ${id}: ${usaTable.view.names[id] || id}` + (on ? `, turned ${usaTable.rotation}` : "");
}

function usaDrawTiles() {
  const used = new Set(usaTable.state.tiles.map((t) => t.tile));
  const first = !usaTable.state.tiles.length;
  const tray = $("usa-tiles");
  tray.replaceChildren();
  for (const id of Object.keys(usaTable.view.names)) {
    if (used.has(id)) continue;
    const starting = id.startsWith("start");
    if (starting !== first) continue; // a starting tile first, then city tiles only
    const on = usaTable.hand === id;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "usa-tile";
    b.setAttribute("aria-label", usaTileName(id));
    b.setAttribute("aria-pressed", String(on));
    const img = document.createElement("img");
    img.src = `/api/usa/tile.svg?tile=${encodeURIComponent(id)}&rotation=${on ? usaTable.rotation : 0}`;
    img.alt = "";
    b.append(img);
    b.addEventListener("click", () => usaChoose(id));
    tray.append(b);
  }
}

function usaRange(state) {
  const [R, C] = state.size;
  const at = state.tiles.map((t) => t.at);
  if (!at.length) return { rows: [0, 0], cols: [0, 0] };
  const rs = at.map((a) => a[0]), cs = at.map((a) => a[1]);
  return { rows: [Math.max(...rs) - R + 1, Math.min(...rs) + R - 1],
    cols: [Math.max(...cs) - C + 1, Math.min(...cs) + C - 1] };
}

function usaLegal() {
  return usaTable.moves.filter((m) => m.rotation === usaTable.rotation);
}

function usaDead(m) {
  const n = m.forced_bridges.length;
  return n ? `, makes ${n} dead end${n > 1 ? "s" : ""}: ${m.must_fix} bridge` +
    `${m.must_fix === 1 ? "" : "s"} forced` : "";
}

// A Cities USA city's places (a tile's legal places lit for `hand` turned `rotation`); with
// `onSpace`, each built tile's four spaces are buttons too (features and pieces).
function usaDrawCity(grid, state, view, hand, rotation, legalMoves, onPlace, onSpace) {
  grid.replaceChildren();
  const rg = usaRange(state);
  const across = rg.cols[1] - rg.cols[0] + 1;
  grid.style.setProperty("--place", `min(120px, calc((100vw - 2.5rem) / ${across} - 2px))`);
  grid.style.gridTemplateColumns = `repeat(${across}, var(--place))`;
  const laid = new Map(view.places.map((t) => [t.at.join(","), t]));
  const legal = new Map(legalMoves.map((m) => [m.at.join(","), m]));
  for (let r = rg.rows[0]; r <= rg.rows[1]; r++) {
    for (let c = rg.cols[0]; c <= rg.cols[1]; c++) {
      const key = `${r},${c}`;
      const t = laid.get(key);
      const b = document.createElement(t && onSpace ? "div" : "button");
      if (!(t && onSpace)) b.type = "button";
      b.setAttribute("role", t && onSpace ? "group" : "gridcell");
      b.className = "usa-place";
      b.dataset.r = r;
      b.dataset.c = c;
      if (t) {
        b.setAttribute("aria-label", `place row ${r}, column ${c}: ${t.name}` +
          `${t.tile ? ` (${t.tile})` : ""}, turned ${t.rotation}`);
        if (t.tile) { // an inline tile (spaces given, no id) is drawn in the picture only
          const img = document.createElement("img");
          img.src = `/api/usa/tile.svg?tile=${encodeURIComponent(t.tile)}&rotation=${t.rotation}`;
          img.alt = "";
          b.append(img);
        } else {
          b.textContent = t.name;
        }
        b.classList.add("built");
        if (onSpace) {
          const quads = document.createElement("div");
          quads.className = "quads";
          for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
            const R = 2 * r + dr, C = 2 * c + dc;
            const q = document.createElement("button");
            q.type = "button";
            q.setAttribute("aria-label", `space row ${R}, column ${C}: ${view.spaces[`${R},${C}`] || ""}`);
            q.addEventListener("click", () => onSpace(R, C));
            quads.append(q);
          }
          b.append(quads);
        }
      } else {
        const m = legal.get(key);
        b.setAttribute("aria-label", `place row ${r}, column ${c}: empty` + (m
          ? `, legal for ${hand} turned ${rotation}${usaDead(m)}` : ""));
        if (m) b.classList.add("legal");
      }
      if (b.tagName === "BUTTON") b.addEventListener("click", () => onPlace(r, c));
      grid.append(b);
    }
  }
}

function usaDrawPlaces() {
  usaDrawCity($("usa-places"), usaTable.state, usaTable.view, usaTable.hand, usaTable.rotation,
    usaLegal(), usaTap, usaTable.piece && usaTable.piece.kind !== "bridge" ? usaSpaceTap : null);
}

// The bridges a move lets the player lay (the engine's `bridge_choices`) in words.
function usaBridgeWords(bridges) {
  if (!bridges.length) return "no bridge";
  return bridges.map((b) => `arm ${b.arm} of the tile at row ${b.at[0]}, column ${b.at[1]}`)
    .join(" and ");
}

// Buttons in `area` for each choice (`label` names one), `onChoose` called with the one tapped.
function usaOffer(area, heading, choices, label, onChoose) {
  area.replaceChildren();
  if (!choices.length) return;
  const h = document.createElement("p");
  h.textContent = heading;
  area.append(h);
  choices.forEach((choice) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label(choice);
    b.setAttribute("aria-label", label(choice));
    b.addEventListener("click", () => onChoose(choice));
    area.append(b);
  });
}

// --- features, buildings, tops, bridges, cards and achievements --------------------------------

function usaPieces() {
  const out = usaSetup.features.map((f) => ({ kind: "feature", value: f.id,
    name: `feature ${f.name}`, text: f.name }));
  for (const c of usaSetup.colors) {
    out.push({ kind: "building", value: c, name: `${c} building piece`, text: `${c} piece` });
  }
  for (const c of usaSetup.colors) {
    out.push({ kind: "top", value: c, name: `${c} skyscraper top`, text: `${c} top` });
  }
  out.push({ kind: "bridge", value: null, name: "a voluntary bridge", text: "bridge" });
  return out;
}

function usaDrawPieces() {
  const tray = $("usa-pieces");
  tray.replaceChildren();
  const ready = usaTable.state.tiles.length > 0;
  for (const p of usaPieces()) {
    const on = !!usaTable.piece && usaTable.piece.kind === p.kind && usaTable.piece.value === p.value;
    const b = document.createElement("button");
    b.type = "button";
    b.className = `usa-piece ${p.kind}`;
    if (p.kind !== "feature" && p.value) b.dataset.color = p.value;
    b.textContent = p.text;
    b.setAttribute("aria-label", p.name);
    b.setAttribute("aria-pressed", String(on));
    b.disabled = !ready;
    b.addEventListener("click", () => usaChoosePiece(p));
    tray.append(b);
  }
}

async function usaChoosePiece(p) {
  usaTable.piece = p;
  usaTable.hand = null;
  usaTable.moves = [];
  $("usa-choices").replaceChildren();
  usaDrawTiles();
  usaDrawPieces();
  usaDrawPlaces();
  if (p.kind !== "bridge") {
    usaSay(`${p.name}: tap a space of the city`);
    return;
  }
  const found = await post("/api/table/usa/bridges", { state: usaTable.state });
  usaOffer($("usa-choices"), "Lay a voluntary bridge on:", found.bridges,
    (b) => `bridge on ${usaBridgeWords([b])}`,
    (b) => usaAct({ action: "bridge", at: b.at, arm: b.arm }, "the bridge", `on ${usaBridgeWords([b])}`));
  usaSay(found.bridges.length ? `${found.bridges.length} bridge(s) the rules allow: choose one`
    : `No voluntary bridge is allowed (${found.bridges_left} bridge(s) left)`);
}

function usaSpaceTap(R, C) {
  const p = usaTable.piece;
  const action = p.kind === "feature" ? { action: "feature", feature: p.value, space: [R, C] }
    : { action: p.kind, color: p.value, space: [R, C] };
  usaAct(action, p.name, `on space row ${R}, column ${C}`);
}

// One action judged and applied by the rules engine (/api/usa/play), its refusal explained.
async function usaAct(action, what, where) {
  try {
    const done = await post("/api/usa/play", { state: usaTable.state, action });
    if (!done.legal) {
      usaSay(`${what} may not go ${where}: ${done.reason}`);
      return false;
    }
    usaTable.history.push(usaTable.state);
    usaTable.state = done.state;
    $("usa-choices").replaceChildren();
    if (usaTable.piece && usaTable.piece.kind === "bridge") usaTable.piece = null;
    usaSave();
    await usaShow();
    usaSay(`${what} placed ${where}: ${done.reason}`);
    return true;
  } catch (err) {
    usaSay(err.message);
    return false;
  }
}

function usaFillClaims() {
  $("usa-card").replaceChildren(...usaSetup.cards.map((c) => new Option(c.name, c.id)));
  const ach = $("usa-achievement");
  ach.replaceChildren(...usaSetup.achievements.map((a) => new Option(a.name, a.id)));
  const rings = () => {
    const a = usaSetup.achievements.find((x) => x.id === ach.value);
    $("usa-ring").replaceChildren(...a.points.map((n) => new Option(`${n} points`, n)));
  };
  ach.addEventListener("change", rings);
  rings();
  $("usa-card-add").addEventListener("click", () => usaAct({ action: "card",
    card: $("usa-card").value }, `card ${$("usa-card").selectedOptions[0].text}`, "in the city"));
  $("usa-claim").addEventListener("click", () => usaAct({ action: "achievement",
    achievement: ach.value, points: Number($("usa-ring").value) },
  `achievement ${ach.selectedOptions[0].text}`, `for ${$("usa-ring").value} points`));
}

// --- the best finish: the city held, what is still to come laid around it ----------------

function usaWords(id) {
  return $(id).value.split(/[\s,]+/).filter(Boolean);
}

async function usaSolve() {
  const pieces = {};
  for (const pair of usaWords("usa-pieces-to-come")) {
    const [color, n] = pair.split("=");
    pieces[color] = Number(n);
  }
  $("usa-best").replaceChildren();
  await runSolve({ solve: "usa-solve", stop: "usa-stop", progress: "usa-progress" },
    "/api/table/usa/solve", { state: usaTable.state, tiles: usaWords("usa-to-come"),
      features: usaWords("usa-features-to-come"), pieces,
      time_limit: Number($("usa-seconds").value) || 60 },
    usaShowSolve);
}

function usaStep(a) {
  const at = `row ${a.at[0]}, column ${a.at[1]}`;
  if (a.action === "bridge") return `a voluntary bridge on arm ${a.arm} of the tile at ${at}`;
  const fixes = (a.bridges || []).length ? `, fixing its dead ends with ${usaBridgeWords(a.bridges)}` : "";
  return `${a.tile} at ${at} turned ${a.rotation}${fixes}`;
}

// The best finish: its picture, each tile held (as it stands) or new, and the order of play
// from the city as it stands (places as the city's own grid names them, step by step).
async function usaShowSolve(event) {
  if (!event.result) {
    $("usa-progress").textContent = solveWords(event);
    return;
  }
  const r = event.result;
  $("usa-progress").textContent = r.score === null ? `No finish: ${solveWords(event)}`
    : `Best finish: ${r.score} points, ${solveWords(event)}`;
  if (!r.city) return;
  const view = await post("/api/usa/view", { state: r.city });
  const figure = document.createElement("figure");
  figure.innerHTML = view.svg;
  const svg = figure.querySelector("svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `the best finish, ${r.score} points`);
  const [dr, dc] = r.shift;
  const held = new Set(usaTable.state.tiles.map((t) => `${t.at[0] + dr},${t.at[1] + dc}`));
  const tiles = document.createElement("ul");
  tiles.setAttribute("aria-label", "the best finish's tiles");
  for (const t of view.places) {
    const li = document.createElement("li");
    const kept = held.has(t.at.join(","));
    li.textContent = `${t.tile} at row ${t.at[0]}, column ${t.at[1]} turned ${t.rotation}: ` +
      (kept ? "as it stands" : "new");
    if (kept) li.className = "held";
    tiles.append(li);
  }
  const order = document.createElement("ol");
  order.setAttribute("aria-label", "the order of play from the city as it stands");
  for (const a of r.order) {
    const li = document.createElement("li");
    li.textContent = usaStep(a);
    order.append(li);
  }
  const caption = document.createElement("figcaption");
  caption.textContent = `The best finish (${r.score} points): the city as it stands, ` +
    `${r.order.filter((a) => a.action === "tile").length} tile(s) to lay.`;
  figure.append(caption, tiles, order);
  $("usa-best").replaceChildren(figure);
  $("usa-best").dataset.shift = JSON.stringify(r.shift);
}

async function usaChoose(id) {
  usaHandOf = "city";
  if (usaTable.hand === id) {
    usaRotate();
    return;
  }
  usaTable.hand = id;
  usaTable.piece = null;
  usaTable.rotation = 0;
  usaTable.moves = [];
  $("usa-choices").replaceChildren();
  try {
    const found = await post("/api/table/usa/moves", { state: usaTable.state, tile: id });
    if (usaTable.hand !== id) return;
    usaTable.moves = found.moves;
  } catch (err) {
    usaSay(err.message);
  }
  usaLit();
}

function usaRotate() {
  if (!usaTable.hand) return;
  usaTable.rotation = (usaTable.rotation + 90) % 360;
  usaLit();
}

function usaLit() {
  usaDrawTiles();
  usaDrawPlaces();
  const n = usaLegal().length;
  usaSay(`${usaTable.hand} turned ${usaTable.rotation}: ` +
    (n ? `${n} legal place${n > 1 ? "s" : ""}, lit` : "no legal place (tap it or R to turn it)"));
}

async function usaTap(r, c) {
  const id = usaTable.hand;
  if (!id) {
    usaSay("Choose a tile first.");
    return;
  }
  const action = { action: "tile", tile: id, at: [r, c], rotation: usaTable.rotation };
  $("usa-choices").replaceChildren();
  try {
    const legal = usaLegal().some((m) => m.at[0] === r && m.at[1] === c);
    if (!legal) {
      const verdict = await post("/api/table/usa/check", { state: usaTable.state, action });
      usaSay(`${id} may not go at row ${r}, column ${c}: ${verdict.reason}`);
      return;
    }
    const m = usaLegal().find((x) => x.at[0] === r && x.at[1] === c);
    const lay = async (bridges) => {
      usaTable.hand = null;
      usaTable.moves = [];
      await usaAct({ ...action, bridges }, id, `at row ${r}, column ${c}`);
    };
    if (m.bridge_choices.length > 1) { // more dead ends than bridges: the player chooses
      usaOffer($("usa-choices"), `${id} makes ${m.forced_bridges.length} dead ends and ` +
        `${m.must_fix} bridge(s) remain: choose which to fix`, m.bridge_choices,
      (choice) => `fix with a bridge on ${usaBridgeWords(choice)}`, lay);
      usaSay(`${id} at row ${r}, column ${c}: choose the bridges to lay`);
      return;
    }
    await lay(m.bridge_choices[0]);
  } catch (err) {
    usaSay(err.message);
  }
}

async function usaReset(state) {
  usaTable.state = state || usaEmpty();
  usaTable.history = [];
  usaTable.hand = null;
  usaTable.piece = null;
  usaTable.moves = [];
  $("usa-choices").replaceChildren();
  usaSave();
  await usaShow();
}

async function startUsaTable() {
  usaSetup = await (await fetch("/api/table/usa/setup")).json();
  usaFillClaims();
  $("usa-solve").addEventListener("click", usaSolve);
  $("usa-undo").addEventListener("click", async () => {
    if (!usaTable.history.length) {
      usaSay("Nothing to take back.");
      return;
    }
    usaTable.state = usaTable.history.pop();
    usaTable.hand = null;
    usaTable.moves = [];
    $("usa-choices").replaceChildren();
    usaSave();
    await usaShow();
    usaSay("Taken back.");
  });
  $("usa-restart").addEventListener("click", async () => {
    await usaReset();
    usaSay("A new city: choose its starting tile.");
  });
  $("usa-export").addEventListener("click", () => {
    $("usa-file").value = JSON.stringify(usaTable.state, null, 1);
    usaSay("The city file is in the box below.");
  });
  $("usa-load").addEventListener("click", async () => {
    const before = usaTable.state;
    try {
      const data = JSON.parse($("usa-file").value);
      await post("/api/table/usa/score", data); // the server checks it
      await usaReset(data);
      usaSay("City loaded.");
    } catch (err) {
      usaTable.state = before;
      usaSay(`Not loaded: ${err.message}`);
    }
  });
  document.addEventListener("keydown", (e) => {
    if ((e.key === "r" || e.key === "R") && !document.body.classList.contains("btc")
        && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement
          || e.target instanceof HTMLSelectElement)) {
      if (usaPlanHolds()) usaPlanTurn(); // the tile the game's worker took
      else usaRotate();
    }
  });
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(USA_KEY) || "null");
  } catch (err) {
    kept = null;
  }
  try {
    await usaReset(kept);
  } catch (err) {
    await usaReset();
  }
  usaSay(usaTable.state.tiles.length ? "Choose the next tile: its legal places light up."
    : "Choose the starting tile.");
}
