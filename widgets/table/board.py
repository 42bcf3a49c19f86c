"""The card table's drawing surface and its stylesheet: one anywidget, no CDN, no network.

:class:`TableBoard` shows markup built in Python (:mod:`widgets.table.view`) from the engine's
observation of the learner's seat: the browser only draws it. Nothing the browser sends back
is read (the board has no clicks; the learner's cards and buttons are separate widgets whose
clicks are checked in Python). Its stylesheet also lays out the table's ipywidgets (the hand,
the buttons) so that on a phone nothing is cut off and every touch target is 44 px or more.
"""
from __future__ import annotations

import anywidget
import traitlets

__all__ = ["TableBoard"]

_ESM = r"""
function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "tt-host";
  el.appendChild(host);
  // The cards on the table at the last drawing, to tell a card just played from one already
  // there: only a new card moves in from its seat (after the first drawing, so that a page
  // opened mid-hand does not replay every card; CSS turns the move off for reduced motion).
  let onTable = null;
  function draw() {
    const html = String(model.get("html") || "");
    if (host.tutorHtml === html) return;
    host.tutorHtml = html;
    host.innerHTML = html;  // built and escaped in Python from engine values
    const now = new Set();
    for (const card of host.querySelectorAll(".tt-card[data-played]")) {
      const key = card.dataset.played;
      now.add(key);
      if (onTable !== null && !onTable.has(key)) card.classList.add("tt-arrive");
    }
    onTable = now;
  }
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}
export default { render };
"""

# Team colours: each has at least 4.5:1 contrast with white text and with the white plates.
TEAM_COLOURS = ("#1c5fa8", "#b02a4a")

_CSS = r"""
.tt-host { container-type: inline-size; width: 100%; }
.tt {
  --tt-card: 64px; --tt-old: 40px; --tt-back: 30px; --tt-a: #1c5fa8; --tt-b: #b02a4a;
  font-size: 15px; line-height: 1.35; color: #1b1b1b; box-sizing: border-box; max-width: 100%;
}
.tt *, .tt *::before, .tt *::after { box-sizing: border-box; }
.tt svg { display: block; height: auto; }
.tt-head {
  display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center;
  justify-content: space-between; padding: 6px 10px; margin-bottom: 8px;
  background: #12301f; color: #fff; border-radius: 12px;
}
.tt-scores { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.tt-score {
  display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px 2px 4px;
  border-radius: 999px; background: #fff; color: #1b1b1b; font-weight: 600;
}
.tt-score b { font-size: 1.15em; }
.tt-score .tt-dot { width: 14px; height: 14px; border-radius: 50%; display: inline-block; }
.tt-a .tt-dot { background: var(--tt-a); }
.tt-b .tt-dot { background: var(--tt-b); }
.tt-ours { outline: 3px solid #ffd43b; }
.tt-target { color: #e9f5ee; }
.tt-stake { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.tt-badge {
  display: inline-block; padding: 3px 10px; border-radius: 8px; background: #ffd43b;
  color: #1b1b1b; font-weight: 700;
}
.tt-badge.tt-pending { background: #fff; border: 2px dashed #c2410c; }
.tt-badge.tt-special { background: #e7f5ff; }
.tt-felt {
  display: grid; gap: 10px; padding: 14px 10px;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.15fr) minmax(0, 1fr);
  grid-template-areas: "topleft top topright" "left centre right" ". bottom .";
  background: radial-gradient(ellipse at center, #2f8a57 0%, #1f6b41 70%, #18573a 100%);
  border: 8px solid #6b4423; border-bottom: 0; border-radius: 36px 36px 0 0;
  box-shadow: inset 0 12px 24px -12px rgba(0,0,0,.35); direction: ltr;
}
.tt-state-summary .tt-felt { border-bottom: 8px solid #6b4423; border-radius: 36px; }
.tt-seat { display: flex; flex-direction: column; align-items: center; gap: 6px; min-width: 0; }
.tt-at-top { grid-area: top; }
.tt-at-topleft { grid-area: topleft; }
.tt-at-topright { grid-area: topright; }
.tt-at-left { grid-area: left; flex-direction: row; justify-content: flex-start; }
.tt-at-right { grid-area: right; flex-direction: row-reverse; justify-content: flex-start; }
.tt-at-bottom { grid-area: bottom; flex-direction: column-reverse; }
.tt-centre {
  grid-area: centre; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 6px; color: #fff; text-align: center; min-width: 0;
}
.tt-plate {
  background: #fff; border-radius: 10px; padding: 5px 9px; min-width: 0; max-width: 100%;
  border-top: 5px solid var(--tt-a); box-shadow: 0 2px 6px rgba(0,0,0,.3);
  display: flex; flex-direction: column; align-items: center; gap: 3px; text-align: center;
}
.tt-team-b .tt-plate { border-top-color: var(--tt-b); }
.tt-name { font-weight: 700; overflow-wrap: anywhere; }
.tt-role { font-size: .85em; color: #495057; overflow-wrap: anywhere; }
.tt-teamtag {
  font-size: .78em; font-weight: 700; color: #fff; background: var(--tt-a); border-radius: 6px;
  padding: 0 7px; overflow-wrap: anywhere;
}
.tt-team-b .tt-teamtag { background: var(--tt-b); }
.tt-marks { display: flex; flex-wrap: wrap; gap: 3px; justify-content: center; }
.tt-mark {
  font-size: .78em; font-weight: 700; padding: 0 6px; border-radius: 6px;
  background: #f1f3f5; border: 1px solid #868e96;
}
.tt-turn .tt-plate { box-shadow: 0 0 0 4px #ffd43b, 0 2px 8px rgba(0,0,0,.4); }
.tt-turnword { font-size: .8em; font-weight: 700; color: #7a4b00; }
.tt-backs { display: flex; justify-content: center; min-height: 4px; }
.tt-backs svg { width: var(--tt-back); }
.tt-backs svg + svg { margin-inline-start: calc(var(--tt-back) * -0.35); }
.tt-played { display: flex; align-items: flex-end; justify-content: center; min-height: 8px; }
.tt-card { position: relative; display: block; line-height: 0; }
.tt-card svg { width: var(--tt-card); filter: drop-shadow(0 2px 3px rgba(0,0,0,.35)); }
.tt-card.tt-old svg { width: var(--tt-old); opacity: .9; }
.tt-played .tt-card + .tt-card { margin-inline-start: 4px; }
.tt-played .tt-old + .tt-old { margin-inline-start: calc(var(--tt-old) * -0.3); }
.tt-won svg { filter: drop-shadow(0 0 6px #ffd43b); }
/* A card just played moves in from its seat's side of the table (none with reduced motion:
   the stylesheet of the page turns every animation off). */
.tt-at-bottom { --tt-from: translateY(70%); }
.tt-at-top { --tt-from: translateY(-70%); }
.tt-at-left, .tt-at-topleft, [dir="rtl"] .tt-at-right, [dir="rtl"] .tt-at-topright {
  --tt-from: translateX(-70%); }
.tt-at-right, .tt-at-topright, [dir="rtl"] .tt-at-left, [dir="rtl"] .tt-at-topleft {
  --tt-from: translateX(70%); }
.tt-arrive { animation: tt-arrive .3s ease-out; }
@keyframes tt-arrive { from { transform: var(--tt-from) scale(.92); opacity: .35; } }
.tt-cap {
  display: block; line-height: 1.2; font-size: .72em; text-align: center; color: #fff;
  font-weight: 600; margin-top: 2px;
}
.tt-bubble {
  position: relative; background: #fffbe6; color: #1b1b1b; font-weight: 800;
  border: 2px solid #1b1b1b; border-radius: 14px; padding: 3px 10px; max-width: 100%;
  overflow-wrap: anywhere; text-align: center; animation: tt-pop .18s ease-out;
}
.tt-bubble::after {
  content: ""; position: absolute; left: 50%; bottom: -8px; margin-left: -6px;
  border: 6px solid transparent; border-top-color: #1b1b1b; border-bottom: 0;
}
.tt-at-bottom .tt-bubble::after { bottom: auto; top: -8px; border: 6px solid transparent;
  border-bottom-color: #1b1b1b; border-top: 0; }
@keyframes tt-pop { from { transform: scale(.6); opacity: 0; } to { transform: none; opacity: 1; } }
.tt-vira { margin: 0; display: flex; flex-direction: column; align-items: center; }
.tt-vira svg { width: calc(var(--tt-card) * .8); }
.tt-vira figcaption { font-size: .8em; font-weight: 700; }
.tt-trickno { font-weight: 700; }
.tt-pips { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; justify-content: center;
  margin: 0; padding: 0; }
.tt-pip { font-size: .78em; font-weight: 700; padding: 1px 7px; border-radius: 999px;
  background: #fff; color: #1b1b1b; border: 2px solid #fff; }
.tt-pip.tt-a { border-color: var(--tt-a); }
.tt-pip.tt-b { border-color: var(--tt-b); }
.tt-outcome { font-weight: 800; font-size: 1.1em; }
.tt-summary {
  margin-top: 10px; padding: 10px 14px; background: #fff; border-radius: 12px;
  border: 2px solid #1f6b41; overflow-wrap: anywhere;
}
.tt-summary h3 { margin: 0 0 6px; font-size: 1.15em; }
.tt-summary h4 { margin: 10px 0 4px; font-size: 1em; }
.tt-summary ol, .tt-summary ul { margin: 0; padding-inline-start: 1.3em; }
.tt-summary li { margin: 3px 0; }
.tt-summary .tt-result { font-weight: 600; }
.tt-summary .tt-points { background: #fff9db; padding: 4px 8px; border-radius: 6px; }
.tt-summary .tt-a-text { color: var(--tt-a); font-weight: 700; }
.tt-summary .tt-b-text { color: var(--tt-b); font-weight: 700; }
.tt-state-summary .tt-played .tt-card svg { width: calc(var(--tt-card) * .85); }
.tt-state-summary .tt-played .tt-card + .tt-card { margin-inline-start: 5px; }
.tt-state-summary .tt-cap { max-width: calc(var(--tt-card) * .85); }
.tt-state-summary .tt-played { flex-wrap: wrap; gap: 4px 0; align-items: flex-start; }
.tt-outcome-points { display: block; font-size: .9em; font-weight: 700; }
@container (max-width: 600px) {
  .tt { --tt-card: 50px; --tt-old: 32px; --tt-back: 20px; font-size: 14px; }
  .tt-felt { gap: 8px 4px; padding: 10px 4px; border-width: 6px; border-radius: 24px 24px 0 0; }
  .tt-state-summary .tt-felt { border-radius: 24px; }
  .tt[data-n="4"] .tt-felt {
    grid-template-areas: "left top right" "centre centre centre" "bottom bottom bottom";
  }
  .tt[data-n="2"] .tt-felt {
    grid-template-areas: "top top top" "centre centre centre" "bottom bottom bottom";
  }
  .tt-at-left, .tt-at-right { flex-direction: column; }
  .tt-plate { padding: 4px 5px; }
  .tt-centre { flex-direction: row; flex-wrap: wrap; }
  .tt-state-summary .tt-played .tt-card svg { width: 32px; }
  .tt-state-summary .tt-cap { max-width: 32px; font-size: .66em; }
  .tt-role { font-size: .78em; }
  .tt-seat { justify-content: flex-start; }
  .tt-state-summary .tt-played .tt-card + .tt-card { margin-inline-start: 2px; }
}
/* Two players on a wide screen: the seats face each other across the felt (the opponent on
   the left, the learner on the right, each played card towards the middle), the cards and the
   scoreboard grow with the width, to be read from the back of a classroom. */
@container (min-width: 760px) {
  .tt[data-n="2"] { --tt-card: clamp(64px, 8cqi, 104px); --tt-back: clamp(30px, 3.4cqi, 44px); }
  .tt[data-n="2"] .tt-head { font-size: clamp(15px, 1.6cqi, 21px); padding: 8px 14px; }
  .tt[data-n="2"] .tt-felt {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.1fr) minmax(0, 1fr);
    grid-template-areas: "top centre bottom"; align-items: center; padding: 22px 18px;
    min-height: calc(var(--tt-card) * 2.6);
  }
  .tt[data-n="2"] .tt-at-top { flex-direction: row; justify-content: flex-end; }
  .tt[data-n="2"] .tt-at-bottom { flex-direction: row-reverse; justify-content: flex-end; }
  .tt[data-n="2"] .tt-centre { font-size: 1.15em; }
  .tt[data-n="2"] .tt-at-top, .tt[data-n="2"][dir="rtl"] .tt-at-bottom {
    --tt-from: translateX(-70%); }
  .tt[data-n="2"] .tt-at-bottom, .tt[data-n="2"][dir="rtl"] .tt-at-top {
    --tt-from: translateX(70%); }
  .tt[data-n="2"] .tt-at-bottom .tt-bubble::after, .tt[data-n="2"] .tt-at-top .tt-bubble::after {
    display: none; }
}
.tt-shown { display: flex; justify-content: center; }
.tt-shown svg { width: calc(var(--tt-card) * .8); filter: drop-shadow(0 1px 2px rgba(0,0,0,.3)); }
.tt-shown svg + svg { margin-inline-start: calc(var(--tt-card) * -0.16); }
.tt-gesture {
  display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px 2px 3px;
  background: #fff; color: #1b1b1b; font-weight: 700; border-radius: 999px;
  border: 2px solid #1b1b1b; max-width: 100%; overflow-wrap: anywhere;
  animation: tt-pop .18s ease-out;
}
.tt-gesture svg { width: 26px; flex: none; }

/* The table's ipywidgets: the felt goes on behind the learner's hand and buttons. */
.tutor-play .tutor-table {
  width: 100%; max-width: 1000px; overflow: hidden; box-sizing: border-box;
}
.tutor-table-controls {
  display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: center; gap: 8px 12px;
  background: #18573a; border: 8px solid #6b4423; border-top: 0; border-radius: 0 0 36px 36px;
  margin: 0; padding: 8px 12px 14px; box-sizing: border-box; max-width: 100%;
}
.tutor-table-controls.tutor-table-paused {
  background: none; border: 0; padding: 10px 0 4px; justify-content: flex-start;
}
.tutor-table-hand { min-width: 0; max-width: 100%; }
.tutor-table-look .tutor-card.tutor-card-disabled { opacity: 1; cursor: default; }
.tutor-table-caption { color: #fff; margin: 0 0 0 .4rem; }
.tutor-table-caption .widget-html-content { color: #fff; font-weight: 700; line-height: 1.3; }
.tutor-table-actions { flex-wrap: wrap; gap: 6px; max-width: 100%; }
.tutor-play .widget-button, .tutor-play .widget-toggle-button, .tutor-play button {
  min-height: 44px; height: auto; min-width: 44px; max-width: 100%; white-space: normal;
  overflow-wrap: anywhere; line-height: 1.25; padding: 6px 12px; flex: 0 1 auto;
}
.tutor-table-actions .widget-button { background: #fff; color: #1b1b1b; font-weight: 600;
  border: 2px solid #1b1b1b; border-radius: 8px; }
.tutor-table-next.widget-button, .tutor-table-next {
  background: #ffd43b; color: #1b1b1b; font-weight: 800; border: 2px solid #1b1b1b;
  border-radius: 8px; font-size: 1.05em;
}
.tutor-play .widget-hbox, .tutor-play .widget-vbox { max-width: 100%; min-width: 0; }
.tutor-play .tutor-tools { flex-wrap: wrap; gap: 6px; }
.tutor-play .widget-toggle-buttons { flex-wrap: wrap; max-width: 100%; height: auto; }
.tutor-play .widget-toggle-buttons .widget-toggle-button { width: auto; }
.tutor-play .widget-toggle-buttons > div { display: flex; flex-wrap: wrap; gap: 4px;
  max-width: 100%; }
.tutor-play .widget-inline-hbox .widget-label { max-width: 100%; }
.tutor-play .tutor-log-box { max-width: 100%; overflow-wrap: anywhere; }
.tutor-play .tutor-log { margin: .2em 0; padding-inline-start: 2.4em; }
.tutor-play .tutor-log-full { max-height: 24em; overflow-y: auto; }
.tutor-play .tutor-coach { overflow-x: auto; max-width: 100%; }
/* The review of a hand (widgets.table.review): the grade as a badge, the values as a table. */
.tutor-hand-review { border-top: 2px solid var(--tutor-line, #dee2e6); margin-top: 8px; padding-top: 6px; }
.tutor-review-summary p { margin: 4px 0; font-weight: 600; }
.tutor-grade { display: inline-block; padding: 1px 10px; border-radius: 999px; color: #fff;
  font-weight: 700; }
.tutor-grade-best, .tutor-grade-good { background: #1e7b34; }
.tutor-grade-inaccuracy { background: #7a5600; }
.tutor-grade-mistake { background: #9c4a00; }
.tutor-grade-blunder { background: #c92a2a; }
.tutor-review-ask { font-weight: 600; }
.tutor-review-values { border-collapse: collapse; margin: 4px 0 8px; max-width: 100%; }
.tutor-review-values caption { text-align: start; font-weight: 600; padding-bottom: 2px; }
.tutor-review-values th, .tutor-review-values td { padding: 3px 10px; text-align: start;
  border-bottom: 1px solid var(--tutor-line, #dee2e6); }
.tutor-review-mine td { background: var(--tutor-highlight, #fff3bf); font-weight: 600; }
.tutor-review-tries > div, .tutor-review-nav { flex-wrap: wrap; gap: 4px; }
/* The betting lessons' ladder, under the table. */
.tutor-ladder {
  max-width: 1000px; box-sizing: border-box; margin: 6px 0; padding: 8px 12px;
  background: #fff9db; border: 2px solid #6b4423; border-radius: 12px;
}
.tutor-ladder .tutor-ladder-title { margin: 0 0 4px; font-size: 1.05em; }
.tutor-ladder p { margin: 2px 0; }
.tutor-ladder .widget-html-content { line-height: 1.4; }
.tutor-rungs {
  display: flex; flex-wrap: wrap; gap: 6px 0; list-style: none; margin: 2px 0 6px; padding: 0;
}
.tutor-rung { display: inline-flex; align-items: center; }
.tutor-rung + .tutor-rung::before {
  content: "\2192"; content: "\2192" / ""; padding: 0 6px; color: #6b4423; font-weight: 700;
}
.tutor-rungs[dir="rtl"] .tutor-rung + .tutor-rung::before { content: "\2190"; content: "\2190" / ""; }
.tutor-rung span {
  padding: 2px 9px; border-radius: 999px; background: #fff; border: 1px solid #868e96;
  overflow-wrap: anywhere;
}
.tutor-rung-current span { background: #ffd43b; border: 2px solid #1b1b1b; font-weight: 800; }
.tutor-rung-asked span { background: #fff; border: 2px dashed #c2410c; font-weight: 700; }
.tutor-ladder-subtitle { font-weight: 700; }
.tutor-ladder-choices ul { margin: 2px 0; padding-inline-start: 1.3em; }
@media (max-width: 600px) {
  .tutor-table-controls {
    border-width: 6px; border-radius: 0 0 24px 24px; padding: 6px 4px 8px; gap: 6px;
  }
  .tutor-play .widget-inline-hbox { flex-wrap: wrap; }
}
"""


class TableBoard(anywidget.AnyWidget):
    """The drawing of the table: ``html`` is display only (seats, cards in play, the score,
    the stake, speech bubbles, the end-of-hand summary), never read back."""

    _esm = _ESM
    _css = _CSS

    html = traitlets.Unicode("").tag(sync=True)
