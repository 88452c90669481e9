// Package game is the Hexiom clone: the rules in Go (via package board) and one
// embedded page that draws the board on a canvas and sends the player's drags.
// It is what the bot plays in tests and demos, and what people play with
// `hexiom game`. It looks and plays like the original Flash game (its
// colours, proportions and rules, from the project's notes on the original);
// it is not a test fixture.
//
// # Playing
//
// Drag a movable tile onto a free cell to move it. Drop it on another movable
// tile to swap the two (Config.NoSwap, `hexiom game -noswap`, turns swapping
// off). Anything else puts the tile back. The drop is hit-tested where the
// pointer is released, so a drag of real mouse events with no intermediate
// move counts. Tiles are yellow when they have exactly their number of
// occupied neighbours, green with too few and red with too many; locked tiles
// wear grey claws; unavailable cells are flat board. Undo (Ctrl+Z) takes back
// a move; restart puts every tile back (the clock runs on). When the level is
// solved the finished board shows whole for 1.2 s, then the solved panel
// offers "Next level" and "Replay" (a fresh clock). The level menu (☰) lists
// the 40 official levels, random levels of size 3–6 (board.Random), and the
// "impossible" challenge: a random size-6 level to solve in three minutes,
// which shows an achievement banner when done in time.
//
// # Drawing
//
// The page draws every board inside one square game area: below the HUD,
// centred, as large as the window allows (no scrolling from 800×600 up). Cell
// i is centred at (left + side·fx, top + side·fy), a flat-topped hexagon of
// circumradius side·r, where the look's pitch rule gives (fx, fy) and r
// (LookGeometry): board.Centre and board.Radius for classic and neon,
// FlashPitch for flash. The server sends those fractions in the state
// ("geometry", with the rule's name and pitch) so the page never computes
// geometry of its own. The canvas is sized to devicePixelRatio. Digits use
// DejaVu Sans Bold (fonts-dejavu-core) so renders are reproducible.
//
// Four looks (themes), chosen by Config.Theme (hexiom game -theme) or
// POST /api/theme; the page takes no ?theme= (a URL that any web page can
// open must not change the game: state changes come from the user):
//   - "classic": the original's colours, the default.
//   - "neon": other colours, DejaVu Serif Bold digits, a grid background;
//     vision uses it to show that learned templates generalise.
//   - "flash": a look that differs in more than colour, as the user's own
//     Flash game would: FreeSans Bold digits with a drop shadow
//     (fonts-freefont-ttf), bevelled tiles lit from the upper left, three
//     bolted clamps on locked tiles instead of six claws, empty cells as
//     flat dark wells with a lit lip, holes as engraved plates, a dusk
//     gradient with sparkles behind, and its own pitch rule: the board spans
//     84 % of the area whatever its size (FlashPitch; size 6 a little
//     less, its rows as far apart as the original's), so cells shrink with
//     the size otherwise than board.Pitch. It moves: a dropped tile glides
//     into its cell and lands there (150 ms, ease-out: it shrinks from its
//     lifted size and its shadow fades, so it moves even when dropped right
//     on its cell; a swapped tile glides the other way, a tile put back or a
//     move the game did not take glides home) and a new level fades in
//     (150 ms). The page ignores presses while anything moves,
//     as many games do, and reports its layout only when the board is still.
//   - "slate": a look the reader was not drawn for, as another renderer of
//     the game would be (issue 21): one plain grey stage and no board plate,
//     so a hole is the stage itself; an empty cell differs from it only by a
//     fill 7 grey levels darker and an outline 1.5 screen px wide at any
//     zoom; flat pastel tiles with dark DejaVu Sans Mono Bold digits; a
//     locked tile has an inner ring and six rivets. The original's geometry
//     (board.Pitch); tiles glide and the board fades in as in flash.
//
// # The Flash build (Config.Runtime "ruffle")
//
// With RuntimeRuffle the page at / is static/ruffle.html: a site's page
// (header, the game at the original's size, a chat column, more below: it
// scrolls) that plays the clone's Flash build, a SWF compiled from
// game/flash's Haxe source (Config.SWF, served at /flash/hexiom.swf), in
// Ruffle's web build (Config.Ruffle, served under /ruffle/). The server stays
// the game; the SWF draws the classic look where State.Geometry says and
// talks to the API below by URLLoader, the token in its FlashVars. It tells
// the page what it drew through one ExternalInterface call, and the page's
// script (static/ruffle-page.js) posts the layout, so POST /api/layout, the
// layout's version and the pointer log (Debug: the SWF's mousedown,
// mousemove and mouseup in stage px, pointerType "flash") mean what they
// mean for the canvas page. Only the classic look: another theme is refused.
//
// # Tests
//
// `go test ./game/` runs the rules and the API with httptest, then the real
// thing: Xvfb on a free display, Debian's Chromium in app mode, and XTest
// mouse drags (actuate.Robot, the bot's own mouse) at cell centres computed
// from the reported layout, and Ctrl+Z as XTest key events. They check the
// server's state after each drag, every cell's pixels against the state
// (colour by status, recess, flat hole) and the solved panel and banners.
// A missing Xvfb or Chromium fails them. TestRuffle* build the SWF with haxe
// and play it in Ruffle (scripts/install-deps.sh installs both; missing,
// they fail). `go test ./game/ -run
// 'Screenshots|Browser' -update` rewrites docs/game-*.png.
//
// # HTTP API
//
// For tests and demos only: the bot must not use it to play. Bodies are one
// JSON value of the documented shape (not null, nothing after it); errors are
// 4xx with {"error": "...", "state": {...}} (state when useful). Only
// requests whose Host is a loopback address are served. Every POST must
// carry Content-Type application/json, the game's token in the
// X-Hexiom-Token header (Game.Token; the page finds it in its HTML) and, if
// it has an Origin, the game's own; so a page of another origin can change
// nothing (415 or 403), and the page may not be framed. POST /api/debug and
// the pointer log exist only with Config.Debug (`hexiom game -debug`), which
// tests set; without it they answer 404 and the page logs nothing. The
// server (Game.HTTPServer) drops slow and idle clients (DefaultTimeouts);
// its read and write timeouts outlast the long poll.
//
//	GET  /                  the page
//	GET  /flash/hexiom.swf  (runtime ruffle) the SWF; /ruffle/… Ruffle's files
//	GET  /api/state         State: {mode, level, size, seed, swap, theme,
//	                        cells:[{tile, fixed, kind, status}], board (text
//	                        format), solved, elapsed_ms, limit_ms, achieved,
//	                        moves, last_move, drop_next, version, started,
//	                        geometry:{rule, dx, dy, radius, centres},
//	                        layout}. started is the version at which the
//	                        level began; geometry is the look's (see Drawing). With ?wait=V it waits (up to 20 s) until
//	                        the version differs from V: a long poll, which the
//	                        page uses to show a new board at once.
//	POST /api/new           {mode:"level"|"random"|"challenge", level, size,
//	                        seed} → State. Seed omitted: the server picks one
//	                        and reports it; seeds above 2^53−1 (MaxSeed) are
//	                        refused, as the page sends them back as
//	                        JavaScript numbers. New level, fresh clock.
//	POST /api/move          {from, to, started} → {result:"moved"|"swapped"|
//	                        "dropped", state}; 409 when illegal, the level is
//	                        solved, or started (the State.Started the page
//	                        saw; optional) is not the level in play: a move
//	                        that arrives after a new level began is refused;
//	                        409 too past MaxMoves (10,000) moves played on
//	                        the level, undone ones included (a new level or
//	                        a replay starts the count again).
//	POST /api/moves         {moves:[{from, to}, …], started} → {results:[{result}
//	                        or {error}, …], state}: what the page sends, the
//	                        moves dropped while its last request was on its
//	                        way together; each is played in order as if sent
//	                        alone (a refused one changes nothing, the next is
//	                        still played). 400 for a bad batch (1 to 1000 moves);
//	                        409 {error, state} when the level had MaxMoves
//	                        moves played before it (those of the batch past
//	                        the cap are refused one by one).
//	POST /api/undo          → State; 409 when there is nothing to undo.
//	POST /api/restart       → State.
//	POST /api/debug         (Debug only) {drop_next:n} → {drop_next}: ignore the next n legal
//	                        moves (result "dropped", nothing changes), so
//	                        tests can check that the bot repairs a lost drag.
//	POST /api/layout        the page reports what it drew: {left, top, side}
//	                        of the game area in CSS px of the client area,
//	                        {screenX, screenY, innerWidth, innerHeight,
//	                        devicePixelRatio} of the window, and the state
//	                        version, size and theme drawn. It reports after
//	                        every new state, resize or window move, once the
//	                        frame is on screen (in the flash look: once
//	                        nothing moves). GET /api/state returns it as
//	                        "layout"; layout.version == version means the
//	                        current board is painted (and still). Under a
//	                        browser page zoom, devicePixelRatio is the zoom,
//	                        left/top/side are CSS px and screenX/Y screen px:
//	                        a client point (x, y) is at screen (screenX +
//	                        x·dpr, screenY + y·dpr). "controls" gives the
//	                        buttons on screen by id ("undo", "restart",
//	                        "menu-btn", "solved", "next", "replay",
//	                        "level-N", ...) as [left, top, width, height].
//	                        The Flash build adds "releases": the mouse
//	                        releases the SWF had dealt with (the board at
//	                        rest after each), and "overlay": Ruffle's
//	                        "Click to unmute" overlay dims the game (the
//	                        page reports again when it comes or goes).
//	GET  /api/pointer       (Debug only) {events:[{seq, type, clientX, clientY, screenX,
//	                        screenY, pointerType, buttons, t}], next}: every
//	                        pointerdown/move/up/cancel the page saw, screenX/Y
//	                        in screen pixels. ?since=seq returns newer ones.
//	POST /api/pointer       the page appends events.
//	GET  /api/levels        [{level, size}] for the level menu.
//	POST /api/theme         {theme} → State: switch the look (tests and
//	                        tools; the page never sends it); board and clock stay.
//
// Cell status is "none", "right" (yellow), "too_few" (green) or "too_many"
// (red); kind is "hole", "empty", "movable" or "locked". elapsed_ms counts
// from when the page first reported drawing the level (or, with no page, from
// when the server made it) and stops when it is solved; that first report
// bumps the version. In the challenge limit_ms is 180000 and achieved is true
// when it was solved within it.
package game
