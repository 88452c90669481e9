// The Hexiom page: a thin view. The server owns the rules and the geometry
// (state.geometry comes from board.Centre and board.Radius); this script
// draws, turns drags into moves (POST /api/moves, those queued while a request is
// on its way together), and reports what it drew.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // The server puts its token in the page; state-changing requests carry it.
  const meta = document.querySelector('meta[name="hexiom"]');
  const TOKEN = meta ? meta.content : '';
  const DEBUG = !!meta && meta.dataset.debug === 'true'; // log the pointer (tests)
  const cv = $('board');
  const ctx = cv.getContext('2d');

  // ---- themes ----------------------------------------------------------
  // The looks the game has are the server's list (game.Themes), in the
  // page's HTML; THEMES below is how this page draws each. A look it cannot
  // draw is said on the page (and in the layout it reports), never drawn
  // silently as another.
  const LOOKS = meta && meta.dataset.looks ? meta.dataset.looks.split(' ') : [];
  const rgb = (c, a) => (a === undefined ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${a})`);
  const THEMES = {
    classic: {
      digitFont: '"DejaVu Sans", sans-serif',
      board: [108, 108, 108], rim: [86, 86, 86],
      recess: [102, 102, 102], wallTop: [95, 95, 95], wallSide: [107, 107, 107], wallBottom: [116, 116, 116],
      tiles: {
        right: { face: [255, 232, 72], edge: [200, 160, 0] },
        too_few: { face: [72, 222, 72], edge: [0, 150, 0] },
        too_many: { face: [255, 72, 72], edge: [200, 0, 0] },
      },
      digit: [255, 255, 255], claw: [122, 122, 122], clawLine: [70, 70, 70],
      // a dark starfield, its tint set by the level
      sky(g, w, h, hue, rnd) {
        const gr = g.createRadialGradient(w / 2, h / 2, 0, w / 2, h / 2, Math.hypot(w, h) / 2);
        gr.addColorStop(0, `hsl(${hue},70%,11%)`);
        gr.addColorStop(1, `hsl(${hue},85%,5%)`);
        g.fillStyle = gr;
        g.fillRect(0, 0, w, h);
        const n = Math.round((w * h) / 1800);
        for (let k = 0; k < n; k++) {
          const x = rnd() * w, y = rnd() * h, r = 0.4 + rnd() * rnd() * 1.4, a = 0.25 + rnd() * 0.75;
          g.fillStyle = `hsla(${hue + rnd() * 60 - 30},60%,88%,${a})`;
          g.beginPath();
          g.arc(x, y, r, 0, 2 * Math.PI);
          g.fill();
        }
      },
    },
    neon: {
      digitFont: '"DejaVu Serif", serif',
      board: [38, 42, 66], rim: [0, 200, 230],
      recess: [28, 31, 50], wallTop: [18, 20, 34], wallSide: [34, 38, 60], wallBottom: [60, 66, 100],
      tiles: {
        right: { face: [0, 225, 225], edge: [0, 110, 140] },
        too_few: { face: [180, 100, 255], edge: [90, 30, 170] },
        too_many: { face: [255, 150, 20], edge: [170, 70, 0] },
      },
      digit: [250, 250, 255], claw: [170, 170, 190], clawLine: [40, 40, 60],
      // a dark grid, its tint set by the level
      sky(g, w, h, hue, rnd) {
        const gr = g.createLinearGradient(0, 0, 0, h);
        gr.addColorStop(0, `hsl(${hue},60%,3%)`);
        gr.addColorStop(1, `hsl(${hue},70%,12%)`);
        g.fillStyle = gr;
        g.fillRect(0, 0, w, h);
        g.strokeStyle = `hsla(${hue},90%,60%,0.18)`;
        g.lineWidth = 1;
        const step = 32;
        g.beginPath();
        for (let x = 0.5; x < w; x += step) { g.moveTo(x, 0); g.lineTo(x, h); }
        for (let y = 0.5; y < h; y += step) { g.moveTo(0, y); g.lineTo(w, y); }
        g.stroke();
        for (let k = 0; k < 12; k++) {
          g.fillStyle = `hsla(${hue + 40},90%,65%,${0.2 + rnd() * 0.3})`;
          g.fillRect(Math.floor(rnd() * w / step) * step + 1, Math.floor(rnd() * h / step) * step + 1, step - 1, step - 1);
        }
      },
    },
    // flash: a look of its own in the spirit of the Flash original, and more
    // than a palette: FreeSans digits with a drop shadow, bevelled tiles,
    // three bolted clamps on locked tiles, empty cells as dark wells with a
    // lit lip, holes as engraved plates, its own pitch rule (the server's
    // geometry), tiles that glide into place and a board that fades in;
    // the page ignores presses while anything moves.
    flash: {
      digitFont: '"FreeSans", sans-serif',
      board: [104, 106, 114], rim: [58, 60, 70], rimLight: [150, 152, 162],
      well: [66, 68, 76], wellLip: [138, 140, 150], hole: [92, 94, 102], holeLine: [74, 76, 84],
      tiles: {
        right: { face: [250, 214, 60], light: [255, 240, 150], edge: [190, 142, 10], dark: [130, 92, 0] },
        too_few: { face: [92, 206, 82], light: [170, 240, 160], edge: [36, 132, 30], dark: [16, 86, 14] },
        too_many: { face: [236, 82, 66], light: [255, 160, 150], edge: [166, 32, 22], dark: [108, 14, 8] },
      },
      digit: [255, 255, 255], shadow: [40, 30, 20], clamp: [64, 66, 76], clampLight: [176, 178, 190],
      glide: 150, fade: 150,
      // a dusk gradient, top to bottom, with a few sparkles; its tint set by
      // the level
      sky(g, w, h, hue, rnd) {
        const gr = g.createLinearGradient(0, 0, 0, h);
        gr.addColorStop(0, `hsl(${hue},45%,16%)`);
        gr.addColorStop(1, `hsl(${(hue + 40) % 360},55%,6%)`);
        g.fillStyle = gr;
        g.fillRect(0, 0, w, h);
        g.fillStyle = `hsla(${hue},50%,85%,0.5)`;
        for (let k = 0; k < 24; k++) {
          const x = Math.round(rnd() * w), y = Math.round(rnd() * h), r = 1 + Math.round(rnd() * 3);
          g.fillRect(x - r, y, 2 * r + 1, 1);
          g.fillRect(x, y - r, 1, 2 * r + 1);
        }
      },
    },
    // slate: a look the reader was never drawn for, in the original's
    // geometry: one plain grey stage and no plate, so a hole is just the
    // stage; an empty cell is a fill 7 grey levels darker than the stage
    // with a 1.5 px outline (whatever the zoom); flat tiles in a pastel
    // palette with dark DejaVu Sans Mono digits; a locked tile has an
    // inner ring and six rivets. Tiles glide into place as in flash.
    slate: {
      digitFont: '"DejaVu Sans Mono", monospace',
      stage: [138, 138, 138], well: [131, 131, 131], wellLine: [100, 100, 100],
      tiles: {
        right: { face: [120, 170, 235], edge: [70, 110, 170] },
        too_few: { face: [245, 185, 80], edge: [170, 120, 30] },
        too_many: { face: [225, 110, 180], edge: [150, 60, 115] },
      },
      digit: [35, 35, 45], lock: [45, 45, 60],
      glide: 150, fade: 120,
      sky(g, w, h) {
        g.fillStyle = rgb(THEMES.slate.stage);
        g.fillRect(0, 0, w, h);
      },
    },
  };
  // The game's looks this page has no drawing for (none, unless the two
  // lists part): the HUD names them, and the page draws classic instead.
  const UNDRAWN = LOOKS.filter((n) => !THEMES[n]);
  if (UNDRAWN.length) console.error('hexiom: this page cannot draw the looks', UNDRAWN);
  // How the animated looks draw their parts (function declarations below).
  const PARTS = {
    flash: { plate: flashPlate, well: flashWell, hole: flashHole, tile: flashTile },
    slate: { plate: () => {}, well: slateWell, hole: () => {}, tile: slateTile },
  };

  // ---- state -----------------------------------------------------------
  let S = null;          // what is shown: the server's state with the pending moves on top
  let base = null;       // the server's last state
  let pending = [];      // moves sent and not answered yet, already shown
  let chain = Promise.resolve(); // requests that change the state go one at a time, in order
  let batch = null;      // the moves of the next POST /api/moves not yet sent: {started, moves}
  let shown = { version: -1, size: -1 };
  let recvAt = 0;        // performance.now() when S arrived
  let theme = THEMES.classic;
  let themeName = 'classic';
  let view = null;       // {W, H, dpr, hud, left, top, side}
  let drag = null;       // {from, id, x, y}
  let skyCache = null;   // {key, canvas}
  let lastReport = '';
  let nextReport = { key: '', l: null }; // the newest layout to report
  let reporting = false;  // a layout report is in flight
  let drawQueued = false;
  let levels = [];
  let glides = [];       // flash: tiles gliding into place, {cell, x0, y0, t0}, and those that glided in the last seconds
  let fadeAt = -Infinity; // flash: when the board last began to fade in
  let fadeFrom = -1;     // flash: performance.now() when the board began to fade in
  let fadeKey = '';      // the level whose fade was started

  function setTheme(name) {
    if (!THEMES[name]) name = 'classic'; // said in the HUD (undrawn)
    themeName = name;
    theme = THEMES[name];
    skyCache = null;
  }

  async function api(path, body) {
    const r = await fetch(path, body === undefined ? {} : {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hexiom-Token': TOKEN }, body: JSON.stringify(body),
    });
    let j = null;
    try { j = await r.json(); } catch (e) { /* 204 */ }
    return { ok: r.ok, status: r.status, body: j };
  }

  // adopt takes a state from the server. While moves are pending only their
  // answers count: a long poll may hold an older state.
  function adopt(st, answer) {
    if (!st || st.version === undefined || (base && st.version < base.version)) return;
    if (pending.length && !answer) return;
    base = st;
    recvAt = performance.now();
    show();
  }

  // show draws the server's state with the pending moves on top, so that a
  // fast player (or bot) can drag a tile it has just dropped.
  function show() {
    let st = base;
    if (pending.length) {
      const cells = base.cells.slice();
      for (const m of pending) [cells[m.from], cells[m.to]] = [cells[m.to], cells[m.from]];
      st = Object.assign({}, base, { cells });
    }
    const fresh = st.version !== shown.version || st.size !== shown.size;
    if (drag && (st.size !== shown.size || !st.cells[drag.from] || st.cells[drag.from].kind !== 'movable' || st.solved)) drag = null;
    S = st;
    shown = { version: st.version, size: st.size };
    // The look is the game's (hexiom game -theme, POST /api/theme): the
    // page never changes the game's state unless the user acts, so no URL
    // parameter chooses it.
    setTheme(S.theme);
    if (theme.fade && S.started !== undefined) {
      const key = [S.started, S.size].join('/');
      if (key !== fadeKey) { fadeKey = key; fadeFrom = fadeAt = performance.now(); glides = []; }
    }
    if (fresh) {
      hud();
      panels();
    }
    queueDraw();
  }

  // send queues a request that changes the state. Requests go one at a time,
  // so the server sees moves in the order they were made; answers are adopted
  // in that order.
  function send(path, body) {
    batch = null; // a move made after this request goes after it
    chain = chain
      .then(() => api(path, body))
      .then((r) => (r.body ? r.body.state || r.body : null), () => null)
      .then((st) => {
        if (st) adopt(st, true);
        else if (base) show(); // no answer: drop the guess; the long poll corrects
      });
    return chain;
  }

  // sendMove queues a move. Moves dropped while a request is on its way go
  // together in the next one (POST /api/moves), so a fast player (or bot) is
  // not held to a round trip per move; the server plays them in order, each
  // as if sent alone, and answers an outcome per move.
  function sendMove(m) {
    if (batch && batch.started === m.started) {
      batch.moves.push(m);
      return chain;
    }
    const b = batch = { started: m.started, moves: [m] };
    chain = chain
      .then(() => {
        if (batch === b) batch = null; // later moves go in the next request
        return api('/api/moves', { moves: b.moves.map(({ from, to }) => ({ from, to })), started: b.started });
      })
      .then((r) => {
        const st = r.body && r.body.state;
        // Moves refused as stale were made on another board: nothing to send back.
        const stale = st && st.started !== b.started;
        const out = r.ok && r.body && r.body.results;
        if (theme.glide && !stale) {
          b.moves.forEach((mv, i) => {
            const o = out && out[i];
            if (!o || o.error || o.result === 'dropped') glideBack(mv);
          });
        }
        return st || null;
      }, () => null)
      .then((st) => {
        pending.splice(0, b.moves.length);
        if (st) adopt(st, true);
        else if (base) show(); // no answer: drop the guess; the long poll corrects
      });
    return chain;
  }

  async function poll() {
    for (;;) {
      try {
        const r = await fetch('/api/state?wait=' + (base ? base.version : -1));
        if (!r.ok) throw new Error('state ' + r.status);
        const st = await r.json();
        if (pending.length) {
          await chain; // the answers are newer
          continue;
        }
        adopt(st);
      } catch (e) {
        await new Promise((res) => setTimeout(res, 500));
      }
    }
  }

  // ---- geometry --------------------------------------------------------
  function layout() {
    const W = window.innerWidth, H = window.innerHeight, dpr = window.devicePixelRatio || 1;
    const hudH = Math.round(Math.min(64, Math.max(44, H * 0.075)));
    const side = Math.max(50, Math.floor(Math.min(W - 16, H - hudH - 8)));
    const left = Math.floor((W - side) / 2);
    const top = hudH + Math.max(0, Math.floor((H - hudH - side) / 2));
    if (!view || view.W !== W || view.H !== H || view.dpr !== dpr) {
      cv.width = Math.round(W * dpr);
      cv.height = Math.round(H * dpr);
      cv.style.width = W + 'px';
      cv.style.height = H + 'px';
      skyCache = null;
    }
    view = { W, H, dpr, hud: hudH, left, top, side };
    const h = $('hud');
    h.style.height = hudH + 'px';
    h.style.fontSize = Math.round(hudH * 0.42) + 'px';
  }

  const centre = (i) => [view.left + view.side * S.geometry.centres[i][0], view.top + view.side * S.geometry.centres[i][1]];
  const radius = () => view.side * S.geometry.radius;

  // inHex reports whether (dx, dy) from a centre lies in the flat-topped
  // hexagon of circumradius r.
  function inHex(dx, dy, r) {
    dx = Math.abs(dx); dy = Math.abs(dy);
    const h = (Math.sqrt(3) / 2) * r;
    return dy <= h && Math.sqrt(3) * dx + dy <= Math.sqrt(3) * r;
  }

  // hit returns the cell under client point (x, y), or -1.
  function hit(x, y) {
    if (!S || !view) return -1;
    const r = radius();
    for (let i = 0; i < S.cells.length; i++) {
      const [cx, cy] = centre(i);
      if (inHex(x - cx, y - cy, r)) return i;
    }
    return -1;
  }

  // ---- drawing ---------------------------------------------------------
  function hexPath(cx, cy, r) {
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      const x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
      if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    ctx.closePath();
  }

  function roundHexPath(cx, cy, r, round) {
    const v = [];
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      v.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
    ctx.beginPath();
    const m0 = [(v[5][0] + v[0][0]) / 2, (v[5][1] + v[0][1]) / 2];
    ctx.moveTo(m0[0], m0[1]);
    for (let k = 0; k < 6; k++) {
      const p = v[k], q = v[(k + 1) % 6];
      ctx.arcTo(p[0], p[1], q[0], q[1], round);
    }
    ctx.closePath();
  }

  function hue() {
    const key = S.mode === 'level' ? S.level * 37 + 11 : Number(S.seed % 360) * 7 + S.size * 53;
    return ((key * 47) % 360 + 360) % 360;
  }

  function mulberry(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function sky() {
    const h = hue();
    const key = [themeName, h, view.W, view.H, view.dpr, S.mode, S.level, S.seed].join('/');
    if (!skyCache || skyCache.key !== key) {
      const c = document.createElement('canvas');
      c.width = cv.width; c.height = cv.height;
      const g = c.getContext('2d');
      g.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
      theme.sky(g, view.W, view.H, h, mulberry(h * 7919 + S.size * 104729 + (S.level || 0)));
      skyCache = { key, canvas: c };
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(skyCache.canvas, 0, 0);
    ctx.setTransform(view.dpr, 0, 0, view.dpr, 0, 0);
  }

  function plate() {
    const r = radius();
    ctx.fillStyle = rgb(theme.rim);
    for (let i = 0; i < S.cells.length; i++) { const [x, y] = centre(i); hexPath(x, y, r * 1.16); ctx.fill(); }
    ctx.fillStyle = rgb(theme.board);
    for (let i = 0; i < S.cells.length; i++) { const [x, y] = centre(i); hexPath(x, y, r * 1.1); ctx.fill(); }
  }

  // recess draws an empty cell: a darker hexagon sunk into the board, its
  // upper walls in shadow and its lower walls lit.
  function recess(cx, cy, r) {
    const ro = r * 0.9, ri = r * 0.74;
    for (let k = 0; k < 6; k++) {
      const a0 = (Math.PI / 3) * k, a1 = (Math.PI / 3) * (k + 1);
      const normal = Math.sin((a0 + a1) / 2); // > 0: a lower edge
      ctx.fillStyle = rgb(normal > 0.9 ? theme.wallBottom : normal > 0 ? theme.wallSide : theme.wallTop);
      ctx.beginPath();
      ctx.moveTo(cx + ro * Math.cos(a0), cy + ro * Math.sin(a0));
      ctx.lineTo(cx + ro * Math.cos(a1), cy + ro * Math.sin(a1));
      ctx.lineTo(cx + ri * Math.cos(a1), cy + ri * Math.sin(a1));
      ctx.lineTo(cx + ri * Math.cos(a0), cy + ri * Math.sin(a0));
      ctx.closePath();
      ctx.fill();
    }
    ctx.fillStyle = rgb(theme.recess);
    hexPath(cx, cy, ri);
    ctx.fill();
  }

  // tile draws a rounded hexagonal tile: a darker body, a lighter top face,
  // a bold white digit, and claws when locked.
  function tile(cx, cy, r, cell, lifted) {
    const col = theme.tiles[cell.status] || theme.tiles.right;
    const rt = r * 0.9;
    if (lifted) {
      ctx.fillStyle = 'rgba(0,0,0,0.35)';
      roundHexPath(cx + r * 0.08, cy + r * 0.14, rt, rt * 0.2);
      ctx.fill();
    }
    ctx.fillStyle = rgb(col.edge);
    roundHexPath(cx, cy, rt, rt * 0.2);
    ctx.fill();
    const fy = cy - r * 0.05;
    ctx.fillStyle = rgb(col.face);
    roundHexPath(cx, fy, r * 0.76, r * 0.15);
    ctx.fill();
    if (cell.kind === 'locked') claws(cx, cy, r);
    const px = Math.max(8, Math.round(r * 0.92));
    ctx.font = `bold ${px}px ${theme.digitFont}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    const d = String(cell.tile);
    const m = ctx.measureText(d);
    const by = fy + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(1.5, r * 0.1);
    ctx.strokeStyle = rgb(col.edge);
    ctx.strokeText(d, cx, by);
    ctx.fillStyle = rgb(theme.digit);
    ctx.fillText(d, cx, by);
  }

  // claws draws grey claws gripping the tile's six corners.
  function claws(cx, cy, r) {
    ctx.fillStyle = rgb(theme.claw);
    ctx.strokeStyle = rgb(theme.clawLine);
    ctx.lineWidth = Math.max(1, r * 0.045);
    ctx.lineJoin = 'round';
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k;
      const p = (rr, da) => [cx + rr * r * Math.cos(a + da), cy + rr * r * Math.sin(a + da)];
      // a hooked prong over the corner of the tile's rim
      const pts = [p(1.0, 0), p(0.86, 0.27), p(0.72, 0.17), p(0.62, 0), p(0.72, -0.17), p(0.86, -0.27)];
      ctx.beginPath();
      ctx.moveTo(pts[0][0], pts[0][1]);
      for (const q of pts.slice(1)) ctx.lineTo(q[0], q[1]);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  }

  function draw() {
    drawQueued = false;
    if (!S) return;
    layout();
    sky();
    if (theme.glide) {
      drawAnimated();
      placePanels();
      if (moving()) queueDraw(); // report only a still board
      else report();
      return;
    }
    plate();
    const r = radius();
    for (let i = 0; i < S.cells.length; i++) {
      const c = S.cells[i];
      const [x, y] = centre(i);
      if (c.kind === 'hole') continue;
      if (c.kind === 'empty' || (drag && drag.from === i)) recess(x, y, r);
      else tile(x, y, r, c, false);
    }
    if (drag) tile(drag.x, drag.y, r * 1.06, S.cells[drag.from], true);
    placePanels();
    report();
  }

  // ---- flash: its own drawing, gliding tiles and a fading board -----------
  const easeOut = (t) => 1 - Math.pow(1 - Math.min(1, Math.max(0, t)), 3);

  // moving reports whether a tile glides or the board fades in: the page
  // ignores presses meanwhile, as many games do.
  // at is when, performance.now() by default; an input event passes its own
  // time, so that a press made during a glide is refused even when a busy
  // page handles it after the glide ended, and after a frame drawn since
  // (the glides drawn are kept a while for this: a whole run at load 12
  // saw a press 23 ms into a glide taken).
  function moving(at = performance.now()) {
    return glides.some((g) => at - g.t0 < theme.glide) || at - fadeAt < theme.fade;
  }

  // GLIDES_KEPT is how long (ms) a glide's start is kept after it began,
  // for moving to judge input events a busy page handles late.
  const GLIDES_KEPT = 10000;

  function glide(cell, x0, y0, t0 = performance.now()) {
    glides = glides.filter((g) => g.cell !== cell);
    glides.push({ cell, x0, y0, t0 });
  }

  // glideBack sends the tiles of a move the game did not take back home.
  function glideBack(m) {
    if (!view || !S || !S.cells[m.from] || !S.cells[m.to]) return;
    const [fx, fy] = centre(m.from), [tx, ty] = centre(m.to);
    glide(m.from, tx, ty);
    glide(m.to, fx, fy); // drawn only if a tile is there (a swap)
    queueDraw();
  }

  function hexPts(cx, cy, r) {
    const v = [];
    for (let k = 0; k < 6; k++) v.push([cx + r * Math.cos((Math.PI / 3) * k), cy + r * Math.sin((Math.PI / 3) * k)]);
    return v;
  }

  function poly(pts) {
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (const q of pts.slice(1)) ctx.lineTo(q[0], q[1]);
    ctx.closePath();
  }

  // flashPlate: the board, each cell a hexagon with a dark rim and a lit
  // upper bevel.
  function flashPlate() {
    const r = radius();
    ctx.fillStyle = rgb(theme.rim);
    for (let i = 0; i < S.cells.length; i++) { const [x, y] = centre(i); hexPath(x, y, r * 1.17); ctx.fill(); }
    ctx.fillStyle = rgb(theme.rimLight);
    for (let i = 0; i < S.cells.length; i++) { const [x, y] = centre(i); hexPath(x, y - r * 0.03, r * 1.1); ctx.fill(); }
    ctx.fillStyle = rgb(theme.board);
    for (let i = 0; i < S.cells.length; i++) { const [x, y] = centre(i); hexPath(x, y, r * 1.08); ctx.fill(); }
  }

  // flashWell: an empty cell, a dark flat well whose lower lip catches the
  // light.
  function flashWell(cx, cy, r) {
    const v = hexPts(cx, cy, r * 0.84);
    ctx.fillStyle = rgb(theme.well);
    poly(v);
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, r * 0.08);
    ctx.lineJoin = 'miter';
    ctx.strokeStyle = rgb(theme.wellLip);
    ctx.beginPath();
    ctx.moveTo(v[0][0], v[0][1]);
    for (const k of [1, 2, 3]) ctx.lineTo(v[k][0], v[k][1]); // the lower edges
    ctx.stroke();
    ctx.strokeStyle = rgb(theme.rim);
    ctx.beginPath();
    ctx.moveTo(v[3][0], v[3][1]);
    for (const k of [4, 5, 0]) ctx.lineTo(v[k][0], v[k][1]);
    ctx.stroke();
  }

  // flashHole: an unavailable cell, a plate engraved with a hexagon and
  // three hatch lines.
  function flashHole(cx, cy, r) {
    ctx.fillStyle = rgb(theme.hole);
    hexPath(cx, cy, r * 0.8);
    ctx.fill();
    ctx.strokeStyle = rgb(theme.holeLine);
    ctx.lineWidth = Math.max(1, r * 0.06);
    ctx.stroke();
    ctx.beginPath();
    for (const t of [-0.3, 0, 0.3]) {
      ctx.moveTo(cx + r * (t - 0.28), cy + r * (0.28 + t * 0.2));
      ctx.lineTo(cx + r * (t + 0.28), cy - r * (0.28 - t * 0.2));
    }
    ctx.stroke();
  }

  // flashTile: a bevelled hexagonal tile, light from the upper left, a
  // FreeSans digit with a drop shadow, three bolted clamps when locked. lift
  // (0..1) is how high it is off the board: its shadow.
  function flashTile(cx, cy, r, cell, lift) {
    const col = theme.tiles[cell.status] || theme.tiles.right;
    const rt = r * 0.93, ri = rt * 0.74;
    if (lift > 0) {
      ctx.fillStyle = `rgba(0,0,0,${0.35 * lift})`;
      hexPath(cx + r * 0.1 * lift, cy + r * 0.14 * lift, rt);
      ctx.fill();
    }
    const vo = hexPts(cx, cy, rt), vi = hexPts(cx, cy, ri);
    for (let k = 0; k < 6; k++) {
      const n = (Math.PI / 3) * (k + 0.5); // the facet's outward normal
      const lit = -(Math.cos(n) + Math.sin(n)) / Math.SQRT2;
      ctx.fillStyle = rgb(lit > 0.3 ? col.light : lit < -0.3 ? col.dark : col.edge);
      poly([vo[k], vo[(k + 1) % 6], vi[(k + 1) % 6], vi[k]]);
      ctx.fill();
    }
    ctx.fillStyle = rgb(col.face);
    poly(vi);
    ctx.fill();
    if (cell.kind === 'locked') clamps(cx, cy, r);
    const px = Math.max(8, Math.round(r * 0.95));
    ctx.font = `bold ${px}px ${theme.digitFont}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    const d = String(cell.tile);
    const m = ctx.measureText(d);
    const by = cy + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
    const off = Math.max(1, r * 0.06);
    ctx.fillStyle = rgb(theme.shadow);
    ctx.fillText(d, cx + off, by + off);
    ctx.fillStyle = rgb(theme.digit);
    ctx.fillText(d, cx, by);
  }

  // clamps: three dark bolted clamps over the corners at 60°, 180° and 300°.
  function clamps(cx, cy, r) {
    ctx.lineWidth = Math.max(1, r * 0.05);
    ctx.lineJoin = 'miter';
    for (const k of [1, 3, 5]) {
      const a = (Math.PI / 3) * k;
      const p = (rr, da) => [cx + rr * r * Math.cos(a + da), cy + rr * r * Math.sin(a + da)];
      ctx.fillStyle = rgb(theme.clamp);
      ctx.strokeStyle = rgb(theme.clampLight);
      poly([p(1.04, 0.2), p(1.04, -0.2), p(0.62, -0.24), p(0.62, 0.24)]);
      ctx.fill();
      ctx.stroke();
      const [bx, by] = p(0.83, 0);
      ctx.fillStyle = rgb(theme.clampLight);
      ctx.beginPath();
      ctx.arc(bx, by, Math.max(1, r * 0.07), 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  function drawAnimated() {
    const P = PARTS[themeName];
    const now = performance.now();
    glides = glides.filter((g) => now - g.t0 < GLIDES_KEPT);
    const gliding = glides.filter((g) => now - g.t0 < theme.glide);
    let a = 1;
    if (fadeFrom >= 0) {
      a = Math.min(1, (now - fadeFrom) / theme.fade);
      if (a >= 1) fadeFrom = -1;
    }
    ctx.save();
    ctx.globalAlpha = a;
    P.plate();
    const r = radius();
    const flying = new Set(gliding.map((g) => g.cell));
    for (let i = 0; i < S.cells.length; i++) {
      const c = S.cells[i];
      const [x, y] = centre(i);
      if (c.kind === 'hole') { P.hole(x, y, r); continue; }
      const away = c.kind === 'empty' || (drag && drag.from === i) || flying.has(i);
      if (away) P.well(x, y, r);
      else P.tile(x, y, r, c, 0);
    }
    // A gliding tile moves to its cell and lands: it shrinks from its
    // lifted size and its shadow fades, so it moves even when dropped right
    // on its cell.
    for (const g of gliding) {
      const c = S.cells[g.cell];
      if (!c || c.tile < 0) continue;
      const [tx, ty] = centre(g.cell);
      const t = easeOut((now - g.t0) / theme.glide);
      P.tile(g.x0 + (tx - g.x0) * t, g.y0 + (ty - g.y0) * t, r * (1.06 - 0.06 * t), c, 1 - t);
    }
    if (drag) P.tile(drag.x, drag.y, r * 1.06, S.cells[drag.from], 1);
    ctx.restore();
  }

  // ---- slate: plain stage, outlined wells, flat tiles ----------------------
  // slateWell: an empty cell, a fill a little darker than the stage and a
  // thin outline of 1.5 screen px.
  function slateWell(cx, cy, r) {
    hexPath(cx, cy, r * 0.92);
    ctx.fillStyle = rgb(theme.well);
    ctx.fill();
    ctx.lineWidth = 1.5 / view.dpr;
    ctx.lineJoin = 'miter';
    ctx.strokeStyle = rgb(theme.wellLine);
    ctx.stroke();
  }

  // slateTile: a flat tile with a darker edge, a dark monospace digit, an
  // inner ring and six rivets when locked. lift (0..1): its shadow.
  function slateTile(cx, cy, r, cell, lift) {
    const col = theme.tiles[cell.status] || theme.tiles.right;
    const rt = r * 0.9;
    if (lift > 0) {
      ctx.fillStyle = `rgba(0,0,0,${0.3 * lift})`;
      hexPath(cx + r * 0.08 * lift, cy + r * 0.12 * lift, rt);
      ctx.fill();
    }
    hexPath(cx, cy, rt);
    ctx.fillStyle = rgb(col.face);
    ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.06);
    ctx.lineJoin = 'miter';
    ctx.strokeStyle = rgb(col.edge);
    ctx.stroke();
    if (cell.kind === 'locked') {
      ctx.strokeStyle = rgb(theme.lock);
      ctx.lineWidth = Math.max(1.5, r * 0.07);
      hexPath(cx, cy, r * 0.7);
      ctx.stroke();
      ctx.fillStyle = rgb(theme.lock);
      for (const [x, y] of hexPts(cx, cy, r * 0.8)) {
        ctx.beginPath();
        ctx.arc(x, y, Math.max(1, r * 0.06), 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    const px = Math.max(8, Math.round(r * 0.9));
    ctx.font = `bold ${px}px ${theme.digitFont}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    const d = String(cell.tile);
    const m = ctx.measureText(d);
    const by = cy + (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
    ctx.fillStyle = rgb(theme.digit);
    ctx.fillText(d, cx, by);
  }

  function queueDraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(draw);
  }

  // report tells the server what was drawn, once it is on screen (after the
  // next frame), whenever the area, the window or the state version changed.
  function report() {
    const l = {
      left: view.left, top: view.top, side: view.side,
      screenX: window.screenX, screenY: window.screenY,
      innerWidth: view.W, innerHeight: view.H, devicePixelRatio: view.dpr,
      version: S.version, size: S.size, theme: themeName, controls: controls(),
    };
    const key = JSON.stringify(l);
    if (key === lastReport || key === nextReport.key) return;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      nextReport = { key, l };
      sendReport();
    }));
  }

  // sendReport posts the newest layout, one request at a time: two reports
  // in flight can reach the server in either order, and an older one
  // arriving last would leave it with a layout the page no longer shows,
  // which the page, having sent the newer one, would never correct. A
  // report the server did not take is sent again by the 250 ms tick.
  function sendReport() {
    if (reporting || !nextReport.key || nextReport.key === lastReport) return;
    const { key, l } = nextReport;
    reporting = true;
    lastReport = key;
    api('/api/layout', l)
      .then((r) => { if (!r.ok) lastReport = ''; }, () => { lastReport = ''; })
      .then(() => {
        reporting = false;
        if (lastReport === '') nextReport = { key: '', l: null };
        else sendReport();
      });
  }

  // controls returns the client rectangles [left, top, width, height] of the
  // buttons on screen, for tests and demos that click them.
  function controls() {
    const out = {};
    for (const id of ['menu-btn', 'undo', 'restart', 'solved', 'next', 'replay', 'menu', 'banner', 'challenge', 'random-3', 'random-4', 'random-5', 'random-6']) {
      const el = $(id);
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) out[id] = [r.left, r.top, r.width, r.height];
    }
    for (const b of document.querySelectorAll('#grid button')) {
      const r = b.getBoundingClientRect();
      if (r.width > 0) out['level-' + b.dataset.level] = [r.left, r.top, r.width, r.height];
    }
    return out;
  }

  // ---- HUD and panels --------------------------------------------------
  const two = (n) => String(n).padStart(2, '0');
  const clock = (ms) => { const s = Math.max(0, Math.floor(ms / 1000)); return `${two(Math.floor(s / 60))}:${two(s % 60)}`; };
  function elapsed() { return S.solved ? S.elapsed_ms : S.elapsed_ms + (performance.now() - recvAt); }

  function hud() {
    if (!S) return;
    let title;
    if (S.mode === 'level') title = 'Level ' + two(S.level);
    else if (S.mode === 'challenge') title = 'Impossible';
    else title = `Random ${S.size}`;
    if (UNDRAWN.includes(S.theme)) title += ` (this page cannot draw the look "${S.theme}")`;
    $('title').textContent = title;
    const el = elapsed();
    const ck = $('clock');
    if (S.limit_ms > 0) {
      const left = S.limit_ms - el;
      ck.textContent = clock(Math.ceil(Math.max(0, left) / 1000) * 1000);
      ck.classList.toggle('late', left < 30000 && !S.solved);
    } else {
      ck.textContent = clock(el);
      ck.classList.remove('late');
    }
    $('undo').disabled = S.moves === 0 || S.solved;
    const b = $('banner');
    if (S.limit_ms > 0 && S.achieved) {
      b.textContent = `\u2605 Achievement unlocked: Impossible \u2014 solved in ${clock(S.elapsed_ms)}`;
      b.className = 'win';
    } else if (S.limit_ms > 0 && !S.solved && el > S.limit_ms) {
      b.textContent = "Time's up \u2014 finish it anyway, or try another";
      b.className = 'lose';
    } else {
      b.className = 'hidden';
    }
    b.style.top = (view ? view.hud + 4 : 50) + 'px';
  }

  // The solved panel comes PANEL_DELAY ms after the last move, so the
  // finished board can be seen (and read by a bot checking its work) whole;
  // ?panel_ms= sets it (a test whose captures take seconds each).
  const PANEL_DELAY = Number(params.get('panel_ms')) > 0 ? Number(params.get('panel_ms')) : 1200;
  let panelTimer = 0;
  function panels() {
    const sv = $('solved');
    clearTimeout(panelTimer);
    panelTimer = 0;
    sv.classList.add('hidden');
    if (S.solved) {
      $('solved-title').textContent = S.mode === 'level' ? `Level ${two(S.level)} solved!` : 'Solved!';
      $('solved-info').textContent = `${clock(S.elapsed_ms)} \u00b7 ${S.moves} move${S.moves === 1 ? '' : 's'}`;
      const v = S.version;
      panelTimer = setTimeout(() => {
        panelTimer = 0;
        if (S.solved && S.version === v) { sv.classList.remove('hidden'); queueDraw(); }
      }, PANEL_DELAY);
    }
    for (const b of document.querySelectorAll('#grid button')) {
      b.classList.toggle('current', S.mode === 'level' && Number(b.dataset.level) === S.level);
    }
    if (S.solved && S.mode === 'level') markDone(S.level);
  }

  function placePanels() {
    const sv = $('solved');
    const w = Math.min(360, Math.max(260, view.side * 0.6));
    sv.style.width = w + 'px';
    sv.style.left = Math.round(view.left + (view.side - w) / 2) + 'px';
    sv.style.top = Math.round(view.top + view.side / 2 - 80) + 'px';
    const mn = $('menu');
    const mw = Math.min(520, view.W - 20);
    mn.style.width = mw + 'px';
    mn.style.left = Math.round((view.W - mw) / 2) + 'px';
    mn.style.top = Math.round(view.hud + 4) + 'px';
  }

  function doneSet() {
    try { return new Set(JSON.parse(localStorage.getItem('hexiom.done') || '[]')); } catch (e) { return new Set(); }
  }
  function markDone(n) {
    const d = doneSet();
    d.add(n);
    try { localStorage.setItem('hexiom.done', JSON.stringify([...d])); } catch (e) { /* private mode */ }
    const b = document.querySelector(`#grid button[data-level="${n}"]`);
    if (b) b.classList.add('done');
  }

  async function buildMenu() {
    const r = await api('/api/levels');
    levels = r.body || [];
    const grid = $('grid');
    const done = doneSet();
    for (const lv of levels) {
      const b = document.createElement('button');
      b.textContent = lv.level;
      b.title = `Level ${lv.level}, size ${lv.size}`;
      b.dataset.level = lv.level;
      if (done.has(lv.level)) b.classList.add('done');
      b.onclick = () => start({ mode: 'level', level: lv.level });
      grid.appendChild(b);
    }
    if (S) panels();
  }

  function start(spec) {
    $('menu').classList.add('hidden');
    queueDraw();
    send('/api/new', spec);
  }

  // ---- input -----------------------------------------------------------
  let logQ = [];
  let logTimer = 0;
  function logPointer(e) {
    logQ.push({
      type: e.type, clientX: e.clientX, clientY: e.clientY, screenX: e.screenX, screenY: e.screenY,
      pointerType: e.pointerType, buttons: e.buttons, t: e.timeStamp,
    });
    if (!logTimer) logTimer = setTimeout(flushLog, 30);
  }
  function flushLog() {
    clearTimeout(logTimer);
    logTimer = 0;
    if (!logQ.length) return;
    const q = logQ;
    logQ = [];
    api('/api/pointer', q).catch(() => {});
  }
  if (DEBUG) {
    for (const t of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
      window.addEventListener(t, logPointer, { capture: true, passive: true });
    }
  }

  // evTime is when an input event happened, on performance.now()'s clock.
  const evTime = (e) => (e.timeStamp > 0 && e.timeStamp <= performance.now() ? e.timeStamp : performance.now());

  cv.addEventListener('pointerdown', (e) => {
    if (!S || S.solved || drag || !view || e.button !== 0) return;
    if (moving(evTime(e))) return; // flash: no input while a tile glides or the board fades in
    if (!$('menu').classList.contains('hidden')) return;
    const i = hit(e.clientX, e.clientY);
    if (i < 0 || S.cells[i].kind !== 'movable') return;
    e.preventDefault();
    try { cv.setPointerCapture(e.pointerId); } catch (err) { /* already gone */ }
    drag = { from: i, id: e.pointerId, x: e.clientX, y: e.clientY };
    queueDraw();
  });

  cv.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    drag.x = e.clientX;
    drag.y = e.clientY;
    queueDraw();
  });

  // The drop is hit-tested where the pointer is released: a drag of real
  // mouse events may have no pointermove at all.
  cv.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const from = drag.from;
    const to = hit(e.clientX, e.clientY);
    drag = null;
    flushLog();
    const target = to >= 0 ? S.cells[to] : null;
    if (to !== from && target && (target.kind === 'empty' || (target.kind === 'movable' && S.swap))) {
      // Show the drop at once; the server's answer replaces it (a dropped or
      // refused move comes back unchanged: the tile goes back).
      if (theme.glide) {
        glide(to, e.clientX, e.clientY, evTime(e));
        if (target.kind === 'movable') glide(from, ...centre(to), evTime(e));
      }
      pending.push({ from, to });
      show();
      sendMove({ from, to, started: S.started });
    } else {
      if (theme.glide) glide(from, e.clientX, e.clientY, evTime(e));
      queueDraw(); // anything else puts the tile back
    }
  });

  cv.addEventListener('pointercancel', (e) => {
    if (drag && e.pointerId === drag.id) { drag = null; queueDraw(); }
  });

  function post(path) {
    send(path, {});
  }

  $('undo').onclick = () => post('/api/undo');
  $('restart').onclick = () => post('/api/restart');
  $('menu-btn').onclick = () => { $('menu').classList.toggle('hidden'); queueDraw(); };
  $('menu-close').onclick = () => { $('menu').classList.add('hidden'); queueDraw(); };
  $('challenge').onclick = () => start({ mode: 'challenge' });
  for (const b of document.querySelectorAll('#menu .row button[data-size]')) {
    b.onclick = () => start({ mode: 'random', size: Number(b.dataset.size) });
  }
  $('replay').onclick = () => {
    if (S.mode === 'level') start({ mode: 'level', level: S.level });
    else start({ mode: S.mode, size: S.size, seed: S.seed });
  };
  $('next').onclick = () => {
    if (S.mode === 'level') start({ mode: 'level', level: S.level % 40 + 1 });
    else start({ mode: S.mode, size: S.size, seed: S.seed + 1 });
  };
  window.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); post('/api/undo'); }
    if (e.key === 'Escape') { $('menu').classList.add('hidden'); queueDraw(); }
  });
  window.addEventListener('resize', queueDraw);

  setInterval(() => {
    if (!S) return;
    hud();
    if (view && !moving()) report(); // the window may have moved

  }, 250);

  poll();
  buildMenu();
})();
