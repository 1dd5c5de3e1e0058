// The Table page's Cities USA city: a starting tile, then tiles tapped into place (a tap on
// the tile in hand or the R key turns it), each place lit from /api/table/usa/moves, a refused
// one's reason from /api/table/usa/check, each tile laid by the rules engine (/api/usa/play:
// forced bridges added), the city drawn and scored by the server. Uses table.js's $ and post.
"use strict";

const USA_KEY = "cities-table-usa";
const usaTable = {
  state: null, view: null, history: [], hand: null, rotation: 0, moves: [],
};

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
    usaLegal(), usaTap, null);
}

async function usaChoose(id) {
  if (usaTable.hand === id) {
    usaRotate();
    return;
  }
  usaTable.hand = id;
  usaTable.rotation = 0;
  usaTable.moves = [];
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
  try {
    const legal = usaLegal().some((m) => m.at[0] === r && m.at[1] === c);
    if (!legal) {
      const verdict = await post("/api/table/usa/check", { state: usaTable.state, action });
      usaSay(`${id} may not go at row ${r}, column ${c}: ${verdict.reason}`);
      return;
    }
    const done = await post("/api/usa/play", { state: usaTable.state, action });
    if (!done.legal) {
      usaSay(`${id} may not go at row ${r}, column ${c}: ${done.reason}`);
      return;
    }
    usaTable.history.push(usaTable.state);
    usaTable.state = done.state;
    usaTable.hand = null;
    usaTable.moves = [];
    usaSave();
    await usaShow();
    usaSay(`${id} placed at row ${r}, column ${c}: ${done.reason}`);
  } catch (err) {
    usaSay(err.message);
  }
}

async function usaReset(state) {
  usaTable.state = state || usaEmpty();
  usaTable.history = [];
  usaTable.hand = null;
  usaTable.moves = [];
  usaSave();
  await usaShow();
}

async function startUsaTable() {
  $("usa-undo").addEventListener("click", async () => {
    if (!usaTable.history.length) {
      usaSay("Nothing to take back.");
      return;
    }
    usaTable.state = usaTable.history.pop();
    usaTable.hand = null;
    usaTable.moves = [];
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
        && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) {
      usaRotate();
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
