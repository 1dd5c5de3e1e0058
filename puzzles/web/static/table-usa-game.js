// The Table page's Cities USA games against the bots (every variant; solo: against the
// Builders Guild of America) through /api/table/usa/game/*: the game file is the state (kept
// in localStorage); a starting tile, a worker space of the board, then what the worker took
// placed in the city one action at a time (the tile in hand turned by a second tap or R, its
// forced bridges chosen among the engine's choices, then one voluntary bridge if the player
// likes), each applied by the rules engine (/api/usa/play) before the plan is sent. Uses
// table.js's $, post and fillBotSeats, table-usa.js's usaDrawCity, usaSetup, usaOffer,
// usaBridgeWords and usaHandOf.
"use strict";

const USA_GAME_KEY = "cities-table-usa-game";
let usaPlay = null; // {game, need, decided, decisions, seat, bots, over, standings}
const usaPlan = { city: null, view: null, actions: [], used: [], item: null, moves: [],
  rotation: 0, choices: null, bridges: [] }; // choices: a tile's bridge choices on offer

function usaGameSay(text) {
  $("usa-game-status").textContent = text;
}

// What an item is comes from the board row the worker took it from.
function usaItemKind(item) {
  if (item.startsWith("top:")) return "top";
  return { cards: "card", tiles: "tile", features: "feature", pieces: "building" }[
    usaPlay.need.space[0]];
}

async function usaGameAnswer(answer, decisions) {
  usaPlay = { ...answer, decisions: decisions.slice(0, answer.decided) };
  localStorage.setItem(USA_GAME_KEY, JSON.stringify(usaPlay));
  await usaPlanStart();
  await usaDrawOthers();
  usaDrawGame();
  usaGameSay(usaPlay.over ? "The game is over: the standings are below."
    : `Your turn: ${usaAsked(usaPlay.need)}`);
}

function usaAsked(need) {
  if (need.kind === "start") return "choose your starting tile";
  if (need.kind === "space") return "choose a space of the board for your worker";
  return `place what your worker took (${need.items.join(", ")}), then Done`;
}

async function usaPlanStart() {
  usaPlan.actions = [];
  usaPlan.used = [];
  usaPlan.item = null;
  usaPlan.moves = [];
  usaPlan.rotation = 0;
  usaPlan.choices = null;
  usaPlan.bridges = [];
  usaPlan.city = !usaPlay ? null : usaPlay.need && usaPlay.need.kind === "place"
    ? usaPlay.need.city : usaPlay.game.cities[usaPlay.seat] || null;
  usaPlan.view = usaPlan.city ? await post("/api/usa/view", { state: usaPlan.city }) : null;
}

function usaFillGameForm() {
  const game = usaSetup.games[$("usa-game-variant").value];
  const players = $("usa-game-players");
  const was = Number(players.value) || game.players[1];
  players.replaceChildren();
  for (let n = game.players[0]; n <= game.players[1]; n++) {
    players.appendChild(new Option(`${n} player${n > 1 ? "s" : ""}`, n));
  }
  players.value = String(Math.min(Math.max(was, game.players[0]), game.players[1]));
  const seat = $("usa-game-seat");
  const seatWas = seat.value || "P1";
  seat.replaceChildren();
  for (let n = 1; n <= Number(players.value); n++) seat.appendChild(new Option(`P${n}`, `P${n}`));
  seat.value = Number(seatWas.slice(1)) <= Number(players.value) ? seatWas : "P1";
  fillBotSeats($("usa-game-bots"), Number(players.value), seat.value, usaSetup.bots);
}

async function usaNewGame() {
  usaGameSay("Dealing…");
  const players = Number($("usa-game-players").value);
  const seat = $("usa-game-seat").value;
  const answer = await tryPost("/api/table/usa/game/new", { variant: $("usa-game-variant").value,
    players, seat, bots: botsOf($("usa-game-bots"), players, seat),
    seed: Number($("usa-game-seed").value) || 0 }, usaGameSay, "No game");
  if (answer) await usaGameAnswer(answer, []);
}

async function usaDecide(decision) {
  const decisions = [...usaPlay.decisions, decision];
  usaGameSay(usaPlay.game.variant === "solo" ? "The Builders Guild plays…" : "The bots play…");
  const answer = await tryPost("/api/table/usa/game/turn", { game: usaPlay.game,
    seat: usaPlay.seat, bots: usaPlay.bots, decisions }, usaGameSay, "Refused");
  if (answer) await usaGameAnswer(answer, decisions);
}

// --- a plan: the items the worker took, placed one action at a time -------------------------

// The tile the worker took, in hand: turned 90 degrees (a second tap, or R), as a tap says it.
function usaPlanTurn() {
  usaPlan.rotation = (usaPlan.rotation + 90) % 360;
  usaDrawGame();
  usaGameSay(`${usaPlay.need.items[usaPlan.item]} turned ${usaPlan.rotation}: tap a lit place`);
}

// Whether R turns the game's tile in hand: one is in hand, taken after the entered city's.
function usaPlanHolds() {
  const item = usaPlay && !usaPlay.over && usaPlay.need && usaPlay.need.kind === "place"
    && usaPlan.item !== null ? usaPlay.need.items[usaPlan.item] : undefined;
  return usaHandOf === "game" && item !== undefined && usaItemKind(item) === "tile";
}

async function usaPlanItem(i) {
  const item = usaPlay.need.items[i] ?? usaPlay.need.tops[i - usaPlay.need.items.length];
  usaHandOf = "game";
  if (usaPlan.item === i && usaItemKind(item) === "tile") {
    usaPlanTurn();
    return;
  }
  usaPlan.item = i;
  usaPlan.rotation = 0;
  usaPlan.moves = [];
  if (usaItemKind(item) === "tile") {
    usaPlan.moves = (await post("/api/table/usa/moves", { state: usaPlan.city, tile: item })).moves;
  }
  const kind = usaItemKind(item);
  if (kind === "card") {
    await usaPlanAct({ action: "card", card: item }, item);
    return;
  }
  usaDrawGame();
  usaGameSay(kind === "tile" ? `${item} turned ${usaPlan.rotation}: tap a lit place`
    : `${item}: tap a space of your city`);
}

async function usaPlanAct(action, words) {
  const done = await post("/api/usa/play", { state: usaPlan.city, action });
  if (!done.legal) {
    usaGameSay(`${words} may not go there: ${done.reason}`);
    return;
  }
  usaPlan.actions.push(action);
  usaPlan.used.push(usaPlan.item);
  usaPlan.item = null;
  usaPlan.moves = [];
  usaPlan.city = done.state;
  usaPlan.choices = null;
  usaPlan.view = await post("/api/usa/view", { state: usaPlan.city });
  // after the turn's tile, one voluntary bridge if the player likes (the rules engine's list)
  usaPlan.bridges = action.action === "tile"
    ? (await post("/api/table/usa/bridges", { state: usaPlan.city })).bridges : [];
  usaDrawGame();
  usaGameSay(`${words} placed: ${done.reason}` +
    (usaPlan.bridges.length ? "; a voluntary bridge may follow" : ""));
}

function usaPlanPlace(r, c) {
  const i = usaPlan.item;
  const item = i === null ? null : usaPlay.need.items[i];
  if (!item || usaItemKind(item) !== "tile") {
    usaGameSay("Choose a tile the worker took first.");
    return;
  }
  const m = usaPlan.moves.find((x) => x.rotation === usaPlan.rotation && x.at[0] === r && x.at[1] === c);
  if (!m) {
    usaGameSay(`${item} turned ${usaPlan.rotation} may not go at row ${r}, column ${c}`);
    return;
  }
  const action = { action: "tile", tile: item, at: [r, c], rotation: usaPlan.rotation };
  if (m.bridge_choices.length > 1) { // more dead ends than bridges left: the player chooses
    usaPlan.choices = { action, move: m, item };
    usaDrawGame();
    usaGameSay(`${item} at row ${r}, column ${c}: choose the bridges to lay`);
    return;
  }
  usaPlanAct({ ...action, bridges: m.bridge_choices[0] }, item);
}

function usaPlanSpace(R, C) {
  const i = usaPlan.item;
  const need = usaPlay.need;
  if (i === null) {
    usaGameSay("Choose a feature or a piece the worker took first.");
    return;
  }
  const item = need.items[i] ?? need.tops[i - need.items.length];
  const kind = usaItemKind(item);
  if (kind === "tile") return;
  const action = kind === "feature" ? { action: "feature", feature: item, space: [R, C] }
    : kind === "building" ? { action: "building", color: item, space: [R, C] }
    : { action: "top", color: item.slice(4), space: [R, C] };
  usaPlanAct(action, item);
}

// --- drawing -------------------------------------------------------------------------------

// The other players' cities as they stand (none in a solo game), each a named picture.
async function usaDrawOthers() {
  const box = $("usa-game-others");
  box.replaceChildren();
  if (!usaPlay) return;
  for (const [player, city] of Object.entries(usaPlay.game.cities)) {
    if (player === usaPlay.seat || !city.tiles.length) continue;
    const view = await post("/api/usa/view", { state: city });
    const figure = document.createElement("figure");
    figure.innerHTML = view.svg;
    const svg = figure.querySelector("svg");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${player}'s city, ${view.score.total} points so far`);
    const caption = document.createElement("figcaption");
    caption.textContent = `${player}: ${view.score.total} points so far`;
    figure.append(caption);
    box.append(figure);
  }
}

function usaButtonOf(label, text, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

function usaDrawGame() {
  const area = $("usa-game-decision");
  area.replaceChildren();
  $("usa-game-download").hidden = !usaPlay;
  if (!usaPlay) return;
  offerFile($("usa-game-download"), usaPlay.game);
  const need = usaPlay.need;
  if (usaPlay.over) {
    area.append(rowsTable("Cities USA standings", ["place", "player", "score"],
      usaPlay.standings.standings.map((row) => [row.place, row.player, row.score])));
  }
  if (usaPlay.over || need.kind !== "place") {
    if (usaPlan.city && usaPlan.city.tiles.length) { // your city as it stands
      const grid = document.createElement("div");
      grid.className = "usa-grid";
      grid.setAttribute("role", "grid");
      grid.setAttribute("aria-label", "your Cities USA city");
      usaDrawCity(grid, usaPlan.city, usaPlan.view, null, 0, [], () => {}, null);
      area.append(grid);
    }
    if (usaPlay.over) return;
  }
  if (need.kind === "start") {
    for (const id of need.tiles) {
      area.append(usaButtonOf(`starting tile ${id}`, id, () => usaDecide({ start: id })));
    }
  } else if (need.kind === "space") {
    const offered = new Set(need.options.map((o) => o.join(",")));
    for (const [row, spaces] of Object.entries(need.board)) {
      const line = document.createElement("div");
      line.className = "board-row";
      line.setAttribute("role", "group");
      line.setAttribute("aria-label", `board row ${row}`);
      line.append(`${row}: `);
      spaces.forEach((space, i) => {
        const what = (space.bag ? "from the bag" : space.face_down ? "face down"
          : space.items.join(", ") || "empty") + (space.worker ? `, ${space.worker}'s worker` : "");
        const b = usaButtonOf(`${row} space ${i + 1}: ${what}`, what,
          () => usaDecide({ space: [row, i] }));
        b.disabled = !offered.has(`${row},${i}`);
        line.append(b);
      });
      area.append(line);
    }
  } else {
    const items = document.createElement("div");
    items.setAttribute("role", "toolbar");
    items.setAttribute("aria-label", "what the worker took");
    [...need.items, ...need.tops.map((t) => `top:${t}`)].forEach((item, i) => {
      const on = usaPlan.item === i;
      const b = usaButtonOf(`took ${item}` + (on && usaItemKind(item) === "tile"
        ? `, turned ${usaPlan.rotation}` : ""), item, () => usaPlanItem(i));
      b.setAttribute("aria-pressed", String(on));
      b.disabled = usaPlan.used.includes(i);
      items.append(b);
    });
    area.append(items);
    const grid = document.createElement("div");
    grid.className = "usa-grid";
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", "your Cities USA city");
    const item = usaPlan.item === null ? null : need.items[usaPlan.item];
    const lit = item && usaItemKind(item) === "tile"
      ? usaPlan.moves.filter((m) => m.rotation === usaPlan.rotation) : [];
    usaDrawCity(grid, usaPlan.city, usaPlan.view, item, usaPlan.rotation, lit, usaPlanPlace,
      usaPlanSpace);
    area.append(grid);
    const choices = document.createElement("div");
    choices.className = "choices";
    choices.setAttribute("role", "group");
    choices.setAttribute("aria-label", "bridges to choose");
    if (usaPlan.choices) {
      const { action, move } = usaPlan.choices;
      usaOffer(choices, `${usaPlan.choices.item} makes ${move.forced_bridges.length} dead ends ` +
        `and ${move.must_fix} bridge(s) remain: choose which to fix`, move.bridge_choices,
      (choice) => `fix with a bridge on ${usaBridgeWords(choice)}`,
      (choice) => usaPlanAct({ ...action, bridges: choice }, usaPlan.choices.item));
    } else if (usaPlan.bridges.length) {
      usaOffer(choices, "A voluntary bridge on:", usaPlan.bridges,
        (b) => `bridge on ${usaBridgeWords([b])}`,
        (b) => usaPlanAct({ action: "bridge", at: b.at, arm: b.arm }, "the bridge"));
    }
    area.append(choices);
    area.append(usaButtonOf("Done placing", "Done placing (the rest left aside)",
      () => usaDecide({ place: usaPlan.actions })));
  }
}

async function startUsaGames() {
  const variant = $("usa-game-variant");
  variant.replaceChildren(...Object.keys(usaSetup.games).map((v) => new Option(v, v)));
  variant.value = "solo";
  variant.addEventListener("change", usaFillGameForm);
  $("usa-game-players").addEventListener("change", usaFillGameForm);
  $("usa-game-seat").addEventListener("change", usaFillGameForm);
  usaFillGameForm();
  $("usa-game-new").addEventListener("click", usaNewGame);
  try {
    usaPlay = JSON.parse(localStorage.getItem(USA_GAME_KEY) || "null");
    await usaPlanStart();
    await usaDrawOthers();
  } catch (err) {
    usaPlay = null;
  }
  usaDrawGame();
  usaGameSay(usaPlay ? (usaPlay.over ? "The game is over." : `Game resumed. Your turn: ${usaAsked(usaPlay.need)}`)
    : "No game in progress.");
}
