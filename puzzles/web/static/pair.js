// Pair Sundays: two cities from one pool.  The city being built is app.js's board (game.placed,
// game.view); the other is drawn beside it and chosen with a tab.  Each tile goes to one city;
// /api/board draws both and scores them against each other, as the grader does.
"use strict";

function pairPlaced(i) {  // city i's tiles, the active one's being game.placed
  return i === game.pair.active ? game.placed : game.pair.placed[i];
}

function pairUsedSlots() {
  return new Set([0, 1].flatMap((i) => pairPlaced(i).map((p) => p.slot)));
}

function pairFinished() {
  return game.pair.views.every((v) => v && v.finished);
}

function startPair() {
  game.pair = {active: 0, placed: [[], []], views: [null, null], scores: null};
  const tabs = $("cities");
  tabs.hidden = false;
  tabs.innerHTML = "";
  game.puzzle.mats.forEach((mat, i) => {
    const b = document.createElement("button");
    b.type = "button"; b.id = `city-tab-${i}`;
    b.setAttribute("role", "tab");
    b.dataset.city = String(i);
    b.addEventListener("click", () => switchCity(i));
    tabs.append(b);
  });
  $("other").hidden = false;
  $("mine-caption").hidden = false;
  $("other-board").addEventListener("click", () => switchCity(1 - game.pair.active));
}

function cityLabel(i) {
  const v = game.pair.views[i], s = game.pair.scores && game.pair.scores[i];
  const left = v ? (v.finished ? "complete" : `${v.remaining.reduce((a, b) => a + b, 0)} to place`) : "";
  return `City ${i + 1} (${game.puzzle.mats[i]} mat): ${s ? s.total : 0} points, ${left}`;
}

async function switchCity(i) {
  if (game.busy || i === game.pair.active) return;
  game.pair.placed[game.pair.active] = game.placed;
  game.pair.active = i;
  game.placed = game.pair.placed[i];
  game.pair.placed[i] = [];
  game.selected = null; game.legal = [];
  await refresh();
  say(`Building city ${i + 1} on the ${game.puzzle.mats[i]} mat.`, true);
}

async function refreshPair() {
  const lists = [0, 1].map((i) => pairPlaced(i).map(({tile, at}) => ({tile, at})));
  const both = await api("POST", "/api/board", {date: game.date, cities: lists});
  game.pair.views = both.cities;
  game.pair.scores = both.scores;
  game.pair.score = both.score;
  const a = game.pair.active;
  game.view = both.cities[a];
  const other = both.cities[1 - a];
  $("other-board").innerHTML = other.svg;
  const svg = $("other-board").querySelector("svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `city ${2 - a}, not being built: choose its tab to build it`);
  $("mine-caption").textContent = `city ${a + 1}, ${game.puzzle.mats[a]} mat: being built`;
  $("other-caption").textContent = `city ${2 - a}, ${game.puzzle.mats[1 - a]} mat: tap to build it`;
  for (const b of $("cities").querySelectorAll("button")) {
    const i = Number(b.dataset.city);
    b.setAttribute("aria-selected", String(i === a));
    b.textContent = cityLabel(i);
  }
}

function showPairScore() {
  $("total").textContent = game.pair.score;
  const [s1, s2] = game.pair.scores;
  const table = $("breakdown");
  table.innerHTML = "<tr><th></th><th class=\"n\">city 1</th><th class=\"n\">city 2</th></tr>";
  for (const name of Object.keys(s1.categories)) {
    const tr = document.createElement("tr");
    const sw = `<span class="swatch" style="background:${COLOUR[name] || "#999"}"></span>`;
    tr.innerHTML = `<td>${sw}${name}</td><td class="n">${s1.categories[name]}</td>`
      + `<td class="n">${s2.categories[name]}</td>`;
    table.append(tr);
  }
  const tr = document.createElement("tr");
  tr.innerHTML = `<td><b>total</b> (yours: the lower)</td><td class="n">${s1.total}</td><td class="n">${s2.total}</td>`;
  table.append(tr);
}

function pairAnswer() {
  return {cities: game.pair.views.map((v) => v.city)};
}

function pairSaved() {
  return [0, 1].map((i) => pairPlaced(i).map(({tile, at}) => ({tile, at})));
}

function pairRestore(lists) {  // each tile back in a slot of its token, no slot twice
  const slots = new Set();
  game.pair.placed = [0, 1].map((i) => {
    const out = [];
    for (const {tile, at} of (Array.isArray(lists) && Array.isArray(lists[i]) ? lists[i] : [])) {
      const slot = game.puzzle.tiles.findIndex((t, k) => t === tile && !slots.has(k));
      if (slot < 0) break;
      slots.add(slot);
      out.push({tile, at, slot});
    }
    return out;
  });
  game.pair.active = 0;
  game.placed = game.pair.placed[0];
  game.pair.placed[0] = [];
}

function pairClear() {
  game.pair.placed = [[], []];
  game.placed = [];
}

async function revealPair() {  // both optimal cities, each with its order of play
  const solution = await api("GET", `/api/solution/${game.date}`);
  game.pairOrders = solution.cities.map((c) => c.order || []);
  game.order = game.pairOrders.flat();  // city 1's steps, then city 2's
  await pairShowStep(game.order.length);
  $("replay").hidden = !game.order.length;
  $("replay-step").textContent = `(two cities, scored against each other: ${game.order.length} steps `
    + "in an order the rules accept)";
}

async function pairShowStep(k) {
  game.step = Math.max(0, Math.min(game.order.length, k));
  const [a, b] = game.pairOrders;
  const lists = [a.slice(0, game.step), b.slice(0, Math.max(0, game.step - a.length))];
  const view = await api("POST", "/api/board", {date: game.date, cities: lists});
  $("optimal-board").innerHTML = view.cities.map((v, i) =>
    `<div class="pair-city"><p>city ${i + 1}, ${game.puzzle.mats[i]} mat: ${view.scores[i].total} points</p>${v.svg}</div>`).join("");
  const n = game.order.length, move = game.order[game.step - 1];
  const city = game.step > a.length ? 2 : 1;
  $("replay-step").textContent = game.step === 0 ? `(step 0 of ${n}: the tiles built before play)`
    : `(step ${game.step} of ${n}: city ${city}, ${view.cities[city - 1].tiles[move.tile] || move.tile})`;
  document.body.dataset.step = String(game.step);
}
