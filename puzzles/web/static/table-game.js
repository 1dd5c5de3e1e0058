// The Table page's whole games against the bots (Between Two Cities): the server keeps no
// game, the game file is the state (kept in localStorage), and every decision the engine asks
// for (the answer's `need`) is taken by tapping. Uses table.js's $, post, words, setup.
"use strict";

const GAME_KEY = "cities-table-game";
const BTC_BOTS = ["greedy", "random", "advisor", "solver"];
let play = null; // {game, need, decided, decisions, seat, bots, over, standings}
let picked = []; // places in the hand picked so far (a pick decision)
let advice = null; // the advice for the turn in progress: {game, choices}

function saveGame() {
  if (play) localStorage.setItem(GAME_KEY, JSON.stringify(play));
  else localStorage.removeItem(GAME_KEY);
}

function gameSay(text) {
  $("game-status").textContent = text;
}

function gameFillPlayers() {
  const [low, high] = setup.games[$("game-variant").value].players;
  const players = $("game-players");
  const was = Number(players.value) || 3;
  players.replaceChildren();
  for (let n = low; n <= high; n++) players.appendChild(new Option(`${n} players`, n));
  players.value = String(Math.min(Math.max(was, low), high));
  const seat = $("game-seat");
  const seatWas = seat.value || "P1";
  seat.replaceChildren();
  for (let n = 1; n <= Number(players.value); n++) seat.appendChild(new Option(`P${n}`, `P${n}`));
  seat.value = Number(seatWas.slice(1)) <= Number(players.value) ? seatWas : "P1";
  fillBotSeats($("game-bots"), Number(players.value), seat.value, BTC_BOTS);
}

async function gameAnswer(answer, decisions) {
  play = { ...answer, decisions: decisions.slice(0, answer.decided) };
  picked = [];
  saveGame();
  drawGame();
  if (play.over) gameSay("The game is over: the standings are below.");
  else gameSay(`Your turn: ${asked(play.need)}`);
}

function asked(need) {
  if (need.kind === "pick") return "pick two tiles of the hand, the first for the left city";
  if (need.kind === "place") return `place ${words(need.tile)} in ${cityName(need.city)}`;
  if (need.kind === "keep") return "keep one of the two duplexes";
  return `assign ${need.tiles.map(words).join(" and ")} to Jamey's cities`;
}

function cityName(i) {
  return play.game.cities[i].name;
}

async function newGame() {
  const body = { variant: $("game-variant").value, players: Number($("game-players").value),
    seat: $("game-seat").value,
    bots: botsOf($("game-bots"), Number($("game-players").value), $("game-seat").value),
    seed: Number($("game-seed").value) || 0 };
  gameSay("Dealing…");
  const answer = await tryPost("/api/table/game/new", body, gameSay, "No game");
  if (answer) await gameAnswer(answer, []);
}

async function decide(decision) {
  const decisions = [...play.decisions, decision];
  gameSay("The bots play…");
  for (const b of document.querySelectorAll("#game-decision button")) b.disabled = true;
  const answer = await tryPost("/api/table/game/turn", { game: play.game, seat: play.seat,
    bots: play.bots, decisions }, gameSay, "Refused");
  if (answer) await gameAnswer(answer, decisions);
  else drawGame();
}

// --- drawing ---------------------------------------------------------------------------------

function cellButton(label, text, classes) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `cell ${classes}`;
  b.textContent = text;
  b.setAttribute("role", "gridcell");
  b.setAttribute("aria-label", label);
  return b;
}

function short(token) {
  return token.startsWith("C:") ? "C" : token;
}

// A city of the game file, from its grid (a token per space: "." empty, "~" landscape).
function drawCityGrid(city, index) {
  const box = document.createElement("figure");
  box.className = "game-city";
  const mine = city.builders.includes(play.seat);
  const caption = document.createElement("figcaption");
  caption.textContent = `${city.name} (${city.builders.join(" and ")})${mine ? ": yours" : ""}`;
  const grid = document.createElement("div");
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", `${city.name}, built by ${city.builders.join(" and ")}`);
  const rows = city.grid.map((row) => row.split(/\s+/));
  grid.className = "mini";
  grid.style.gridTemplateColumns = `repeat(${rows[0].length}, var(--mini))`;
  rows.forEach((row, r) => row.forEach((token, c) => {
    const what = token === "." ? "empty" : token === "~" ? "landscape" : single(token);
    const cls = token === "." ? "" : token === "~" ? "landscape" : "built";
    const cell = document.createElement("span");
    cell.className = `cell ${cls}`;
    cell.setAttribute("role", "gridcell");
    cell.setAttribute("aria-label", `${city.name} row ${r}, column ${c}: ${what}`);
    cell.textContent = token === "." || token === "~" ? "" : short(token);
    cell.dataset.r = r;
    cell.dataset.c = c;
    grid.appendChild(cell);
  }));
  box.append(caption, grid);
  if (mine) box.classList.add("mine");
  box.dataset.city = index;
  return box;
}

// The city a tile is placed in, as the engine hands it over (need.state, mat coordinates),
// its legal places lit and tappable.
function drawPlace(need) {
  const state = need.state;
  const mat = state.mat ? setup.mats[state.mat] : null;
  const cells = [...need.positions];
  const tiles = new Map();
  for (const p of state.placed || []) {
    for (const [r, c, t] of cellsOf(p)) {
      tiles.set(`${r},${c}`, t);
      cells.push([r, c]);
    }
  }
  if (mat) cells.push([0, 0], [mat.height - 1, mat.width - 1]);
  const rs = cells.map((x) => x[0]), cs = cells.map((x) => x[1]);
  const top = Math.min(...rs), bottom = Math.max(...rs);
  const left = Math.min(...cs), right = Math.max(...cs);
  const land = new Set(mat ? mat.landscape.map((x) => x.join(",")) : []);
  const lit = new Set(need.positions.map((p) => p.join(",")));
  const grid = document.createElement("div");
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", `${cityName(need.city)}: tap a lit space for ${words(need.tile)}`);
  grid.className = "place";
  grid.style.gridTemplateColumns = `repeat(${right - left + 1}, var(--cell))`;
  for (let r = top; r <= bottom; r++) {
    for (let c = left; c <= right; c++) {
      const key = `${r},${c}`;
      let what = "empty", cls = "";
      if (land.has(key)) [what, cls] = ["landscape", "landscape"];
      else if (tiles.has(key)) [what, cls] = [single(tiles.get(key)), "built"];
      if (lit.has(key)) {
        what += `, legal for ${words(need.tile)}`;
        cls += " legal";
      }
      const b = cellButton(`row ${r}, column ${c}: ${what}`,
        tiles.has(key) ? short(tiles.get(key)) : "", cls);
      b.dataset.r = r;
      b.dataset.c = c;
      b.addEventListener("click", () => {
        if (lit.has(key)) decide({ place: [r, c] });
        else gameSay(`${words(need.tile)} may not go at row ${r}, column ${c}`);
      });
      grid.appendChild(b);
    }
  }
  return grid;
}

function drawHand(need) {
  const box = document.createElement("div");
  box.setAttribute("role", "toolbar");
  box.setAttribute("aria-label", "your hand");
  box.className = "hand";
  const [a, b] = need.cities.map(cityName);
  need.hand.forEach((token, i) => {
    const t = document.createElement("button");
    t.type = "button";
    t.className = "tile";
    t.textContent = short(token);
    const at = picked.indexOf(i);
    t.setAttribute("aria-label", `hand tile ${i + 1}: ${words(token)}`);
    t.setAttribute("aria-pressed", String(at >= 0));
    if (at >= 0) t.textContent += at === 0 ? ` → ${a}` : ` → ${b}`;
    t.addEventListener("click", () => {
      if (picked.includes(i)) picked = picked.filter((x) => x !== i);
      else picked.push(i);
      if (picked.length === 2) {
        const pick = picked;
        gameSay(`${words(need.hand[pick[0]])} for ${a}, ${words(need.hand[pick[1]])} for ${b}`);
        decide({ pick });
      } else {
        gameSay(picked.length ? `${words(token)} for ${a}; now the tile for ${b}`
          : `Pick the tile for ${a}`);
        drawGame();
      }
    });
    box.appendChild(t);
  });
  return box;
}

function choiceButton(label, decision) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.addEventListener("click", () => decide(decision));
  return b;
}

function drawStandings(standings) {
  return rowsTable("standings", ["place", "player", "score", "cities"], standings.standings
    .map((row) => [row.place, row.player, row.final, row.cities.join(", ")]));
}

function drawGame() {
  const area = $("game-decision");
  area.replaceChildren();
  $("game-cities").replaceChildren();
  $("game-download").hidden = !play;
  $("advice-form").hidden = !play || play.over;
  if (!play) return;
  const need = play.need;
  if (play.over) {
    area.appendChild(drawStandings(play.standings));
  } else if (need.kind === "pick") {
    area.appendChild(drawHand(need));
  } else if (need.kind === "place") {
    area.appendChild(drawPlace(need));
  } else if (need.kind === "keep") {
    need.hand.forEach((t, i) => area.appendChild(choiceButton(`Keep ${words(t)}`, { keep: i })));
  } else if (need.kind === "assign") {
    const [x, y] = need.tiles;
    const [a, b] = need.cities.map(cityName);
    area.appendChild(choiceButton(`${words(x)} to ${a}, ${words(y)} to ${b}`, { assign: [x, y] }));
    area.appendChild(choiceButton(`${words(y)} to ${a}, ${words(x)} to ${b}`, { assign: [y, x] }));
  }
  const cities = play.game.cities.map((c, i) => drawCityGrid(c, i));
  cities.sort((p, q) => Number(q.classList.contains("mine")) - Number(p.classList.contains("mine")));
  $("game-cities").append(...cities);
  drawAdvice();
  offerFile($("game-download"), play.game);
}

// --- advice ----------------------------------------------------------------------------------

function where(choice) {
  return `${words(choice.tile)} in ${choice.city_name} at row ${choice.at[0]}, column ${choice.at[1]}`;
}

async function getAdvice() {
  const body = { game: play.game, player: play.seat,
    seed: Number($("advice-seed").value) || 0 };
  const samples = Number($("advice-samples").value);
  if (samples) body.samples = samples;
  const asked = play.game;
  gameSay("Thinking about your hand…");
  $("game-advise").disabled = true;
  try {
    const answer = await post("/api/table/advise", body);
    if (play && play.game === asked) {
      advice = { game: JSON.stringify(asked), choices: answer.choices };
      drawAdvice();
      gameSay(answer.choices.length ? `Advice: ${where(answer.choices[0])} first`
        : "No advice: nothing to choose");
    }
  } catch (err) {
    gameSay(`No advice: ${err.message}`);
  } finally {
    $("game-advise").disabled = false;
  }
}

// The ranked choices, with their intervals; the best one marked on the board: its space in
// its city, and in the city being placed in when that is the one.
function drawAdvice() {
  const list = $("advice");
  list.replaceChildren();
  for (const el of document.querySelectorAll(".advised")) el.classList.remove("advised");
  if (!play || !advice || advice.game !== JSON.stringify(play.game)) return;
  const shown = 6; // the best few; the rest in one line
  advice.choices.slice(0, shown).forEach((choice, i) => {
    const li = document.createElement("li");
    const other = choice.other ? `, then ${where(choice.other)}` : "";
    li.textContent = `${where(choice)}${other}: ${choice.expected} expected ` +
      `(${choice.low} to ${choice.high}, ${choice.samples} samples)`;
    if (i === 0) li.className = "best";
    list.appendChild(li);
  });
  if (advice.choices.length > shown) {
    const li = document.createElement("li");
    li.className = "more";
    li.textContent = `and ${advice.choices.length - shown} more choices, ranked lower`;
    list.appendChild(li);
  }
  const best = advice.choices[0];
  if (!best) return;
  const [r, c] = best.at;
  // a city's grid is in mat coordinates when it has a mat
  const city = play.game.cities[best.city - 1].mat
    && document.querySelector(`#game-cities [data-city="${best.city - 1}"]`);
  const cell = city && city.querySelector(`[data-r="${r}"][data-c="${c}"]`);
  const mark = (el) => {
    el.classList.add("advised");
    const label = el.getAttribute("aria-label");
    if (!label.endsWith(", advised")) el.setAttribute("aria-label", `${label}, advised`);
  };
  if (cell) mark(cell);
  if (play.need && play.need.kind === "place" && play.need.city === best.city - 1) {
    const spot = document.querySelector(`#game-decision [data-r="${r}"][data-c="${c}"]`);
    if (spot) mark(spot);
  }
}

function startGames() {
  $("game-advise").addEventListener("click", getAdvice);
  const variant = $("game-variant");
  variant.replaceChildren(...Object.keys(setup.games).map((v) =>
    new Option(v === "two-player-advanced" ? "two-player with Jamey" : v, v)));
  variant.addEventListener("change", gameFillPlayers);
  $("game-players").addEventListener("change", gameFillPlayers);
  $("game-seat").addEventListener("change", gameFillPlayers);
  gameFillPlayers();
  $("game-new").addEventListener("click", newGame);
  $("game-quit").addEventListener("click", () => {
    play = null;
    saveGame();
    drawGame();
    gameSay("No game in progress.");
  });
  try {
    play = JSON.parse(localStorage.getItem(GAME_KEY) || "null");
  } catch (err) {
    play = null;
  }
  drawGame();
  gameSay(play ? (play.over ? "The game is over." : `Game resumed. Your turn: ${asked(play.need)}`)
    : "No game in progress.");
}
