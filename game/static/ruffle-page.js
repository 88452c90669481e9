// The Ruffle page's script: it puts a Ruffle player into the page, loads
// the SWF with the token in its FlashVars, and answers the SWF's one
// ExternalInterface call, hexiomDrawn(json): what the SWF drew, in stage
// pixels, which this script turns into the page's client pixels and
// reports to the server (POST /api/layout) like the canvas page does. The
// game itself talks to the server on its own (URLLoader).
'use strict';
(() => {
  const meta = document.querySelector('meta[name="hexiom"]');
  const TOKEN = meta ? meta.content : '';
  const DEBUG = !!meta && meta.dataset.debug === 'true';
  const LOOK = (meta && meta.dataset.look) || 'classic';
  const box = document.getElementById('player-box');
  const player = window.RufflePlayer.newest().createPlayer();
  player.id = 'player';
  box.appendChild(player);
  // (renderer: the one Ruffle was asked for, so that the SWF draws its
  // gradients the way that renderer draws cheaply: Look.gradientFill)
  const RENDERER = window.RufflePlayer.config.preferredRenderer || 'webgl';
  player.ruffle().load({ url: '/flash/hexiom.swf', parameters: { token: TOKEN, debug: String(DEBUG), look: LOOK, renderer: RENDERER } });

  let drawn = null;    // the SWF's last report
  let sending = false; // a layout report is on its way
  let again = false;   // report once more when it is answered

  // layout maps the SWF's stage onto the page: Ruffle scales the stage to
  // fit the player and centres it (letterbox).
  function layout() {
    const r = player.getBoundingClientRect();
    const [sw, sh] = drawn.stage;
    const k = Math.min(r.width / sw, r.height / sh);
    const ox = r.left + (r.width - sw * k) / 2, oy = r.top + (r.height - sh * k) / 2;
    const [ax, ay, side] = drawn.area;
    const controls = {};
    for (const [id, c] of Object.entries(drawn.controls || {})) {
      controls[id] = [ox + c[0] * k, oy + c[1] * k, c[2] * k, c[3] * k];
    }
    return {
      left: ox + ax * k, top: oy + ay * k, side: side * k,
      screenX: window.screenX, screenY: window.screenY,
      innerWidth: window.innerWidth, innerHeight: window.innerHeight,
      devicePixelRatio: window.devicePixelRatio || 1,
      version: drawn.version, size: drawn.size, theme: drawn.theme, releases: drawn.releases, controls,
      overlay: (overlayReported = overlayShown()),
    };
  }

  // Ruffle's "Click to unmute" overlay, in the player's (open) shadow root:
  // shown until the first click on the player.
  function unmuteOverlay() {
    return player.shadowRoot ? player.shadowRoot.getElementById('unmute-overlay') : null;
  }
  function overlayShown() {
    const o = unmuteOverlay();
    return !!o && getComputedStyle(o).display !== 'none';
  }
  // report when it comes or goes: at once on a change of its style, and
  // on a look every 250 ms (a bench start learnt from a picture under the
  // overlay after the page had reported it gone: Ruffle may show it by
  // other means than its style)
  let overlayReported = null;
  const overlay = unmuteOverlay();
  if (overlay) {
    new MutationObserver(() => requestAnimationFrame(() => requestAnimationFrame(report)))
      .observe(overlay, { attributes: true, attributeFilter: ['style'] });
  }
  setInterval(() => { if (drawn && overlayShown() !== overlayReported) report(); }, 250);

  async function report() {
    if (!drawn) return;
    if (sending) { again = true; return; }
    sending = true;
    try {
      await fetch('/api/layout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hexiom-Token': TOKEN },
        body: JSON.stringify(layout()),
      });
    } catch (e) { /* the next draw or scroll reports again */ }
    sending = false;
    if (again) { again = false; report(); }
  }

  // The SWF calls this from its frame script, inside Ruffle's animation
  // frame, before Ruffle renders that frame: the report waits two
  // animation frames, until what the SWF described is on the screen.
  window.hexiomDrawn = (json) => {
    const d = JSON.parse(json);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      drawn = d;
      report();
    }));
  };
  // the page scrolls: the game moves on the screen
  window.addEventListener('scroll', report, { passive: true });
  window.addEventListener('resize', report);
})();
