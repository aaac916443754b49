(function () {
"use strict";
// The page's data: the kinds of board, the cells and captions that the
// games' ids stand for, and the games (see package view).
var data = JSON.parse(document.getElementById("data").textContent);
var SIZE = 40, MARGIN = 20, PAD = 4;
var kinds = {};
data.kinds.forEach(function (k) { kinds[k.id] = k; });
var games = data.games;
var $ = function (id) { return document.getElementById(id); };
var cur = null, flip = false, list = [];

function esc(s) {
  return String(s).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"}[c];
  });
}

// ids reads the ids of s, as package view writes them: a rune from
// U+0030 below the surrogates ends an id; runes of the Private Use Area
// before it are the quotient of the id by that range, in bijective base
// 0x1900.
function ids(s) {
  var B = 48, R = 0xD800 - B, W = 0xE000, N = 0xF900 - W;
  var out = [], v = 0, i, c;
  for (i = 0; i < s.length; i++) {
    c = s.charCodeAt(i);
    if (c >= W && c < W + N) { v = v * N + (c - W) + 1; continue; }
    out.push(v * R + (c - B));
    v = 0;
  }
  return out;
}

// decode rebuilds a game's positions: for each ply from 0, its cells, caption and marks.
function decode(g) {
  var st = {cells: [], caps: [], marks: []};
  if (!g.p) return st;
  var s = ids(g.p), d = ids(g.d || ""), i;
  var cells = s.slice(1);
  st.cells.push(cells); st.caps.push(s[0]); st.marks.push([]);
  var at = 0;
  while (at < d.length) {
    cells = cells.slice();
    var cap = d[at++], n = d[at++];
    for (i = 0; i < n; i++) {
      var sq = d[at++];
      cells[sq] = d[at++];
    }
    var m = d[at++], marks = [];
    for (i = 0; i < m; i++) marks.push(d[at++]);
    st.cells.push(cells); st.caps.push(cap); st.marks.push(marks);
  }
  return st;
}

// svg writes a board as rules.Picture.SVG does.
function svg(k, cells, caption, marks, title, lead) {
  var nf = k.files.length, nr = k.ranks.length;
  var w = MARGIN + nf * SIZE + PAD, h = PAD + nr * SIZE + MARGIN;
  if (caption) h += MARGIN;
  var art = {};
  k.pieces.forEach(function (p) { art[p.Name] = p.Art; });
  var parts = [];
  if (lead) parts.push(lead);
  if (caption) parts.push(caption);
  k.pieces.forEach(function (p) {
    var sqs = [];
    cells.forEach(function (c, sq) { if (data.cells[c][3] === p.Name) sqs.push(k.files[sq % nf] + k.ranks[(sq / nf) | 0]); });
    if (sqs.length) parts.push(p.Name + ": " + sqs.join(", "));
  });
  var o = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + w + " " + h +
    '" role="img" font-family="sans-serif" text-anchor="middle"><title>' + esc(title) + "</title><desc>" + esc(parts.join(". ")) + "</desc>\n"];
  function at(sq) {
    var f = sq % nf, r = (sq / nf) | 0;
    if (flip) { f = nf - 1 - f; r = nr - 1 - r; }
    return [MARGIN + f * SIZE, PAD + (nr - 1 - r) * SIZE];
  }
  cells.forEach(function (id, sq) {
    var c = data.cells[id], fill = c[0], label = c[1], ink = c[2] || "#333", piece = c[3];
    var xy = at(sq), x = xy[0], y = xy[1];
    var s = '<g data-square="' + esc(k.files[sq % nf] + k.ranks[(sq / nf) | 0]);
    if (piece) s += '" data-piece="' + esc(piece);
    s += '"><rect x="' + x + '" y="' + y + '" width="40" height="40" fill="' + esc(fill) + '"/>';
    if (label) {
      if (!piece) s += '<text x="' + (x + SIZE / 2) + '" y="' + (y + SIZE / 2 + 5) + '" font-size="14" fill="';
      else s += '<text x="' + (x + 2) + '" y="' + (y + 10) + '" font-size="10" text-anchor="start" fill="';
      s += esc(ink) + '">' + esc(label) + "</text>";
    }
    if (piece) s += '<g transform="translate(' + x + " " + y + ')">' + (art[piece] || "") + "</g>";
    o.push(s + "</g>\n");
  });
  marks.forEach(function (sq) {
    if (sq < 0 || sq >= nf * nr) return;
    var xy = at(sq);
    o.push('<rect x="' + (xy[0] + 2) + '" y="' + (xy[1] + 2) + '" width="36" height="36" fill="none" stroke="#e8a000" stroke-width="4"/>\n');
  });
  var i;
  for (i = 0; i < nf; i++) {
    o.push('<text x="' + (MARGIN + i * SIZE + SIZE / 2) + '" y="' + (PAD + nr * SIZE + 15) + '" font-size="12" fill="#444">' + esc(k.files[flip ? nf - 1 - i : i]) + "</text>");
  }
  for (i = 0; i < nr; i++) {
    o.push('<text x="' + MARGIN / 2 + '" y="' + (PAD + i * SIZE + SIZE / 2 + 4) + '" font-size="12" fill="#444">' + esc(k.ranks[flip ? i : nr - 1 - i]) + "</text>");
  }
  o.push("\n");
  if (caption) o.push('<text x="' + ((w / 2) | 0) + '" y="' + (h - 6) + '" font-size="13" fill="#222">' + esc(caption) + "</text>\n");
  o.push("</svg>\n");
  return o.join("");
}

function name(s) { return s || "?"; }
function side(g, ply) { return ((ply + g.s) % 2 === 0) ? "white" : "black"; }

// open shows game n (1-based) after ply (the last good ply when null).
function open(n, ply) {
  var g = games[n - 1];
  if (!g) return;
  if (!cur || cur.n !== n) {
    cur = {n: n, g: g, st: decode(g)};
    $("games").value = String(n);
    if ($("games").value !== String(n)) showAll();
    $("games").value = String(n);
    info(g);
    moves(g, n);
    graph(g);
    var e = $("error");
    e.hidden = !g.em;
    e.textContent = g.em ? g.em : "";
  }
  if (ply === null || ply === undefined || isNaN(ply)) ply = g.em ? g.v : 0;
  cur.ply = Math.max(0, Math.min(ply, g.v));
  draw();
}

function draw() {
  var g = cur.g, ply = cur.ply, k = kinds[g.k];
  var title = (k ? k.name : "game") + ": " + name(g.w) + " vs " + name(g.b) + ", after ply " + ply;
  var lead = side(g, ply) + " to move";
  var box = $("board");
  if (k && g.p && cur.st.cells[ply]) {
    box.innerHTML = svg(k, cur.st.cells[ply], data.captions[cur.st.caps[ply]], cur.st.marks[ply], title, lead);
  } else if (g.x && g.x[ply] !== undefined) {
    box.innerHTML = '<pre aria-label="' + esc(title) + '">' + esc(g.x[ply]) + "</pre>";
  } else {
    box.innerHTML = '<p class="none">No position: the game cannot be set up.</p>';
  }
  var status = "after ply " + ply + " of " + g.m.length;
  if (ply > 0) status += " (" + g.m[ply - 1] + ")";
  if (ply === g.m.length && !g.em) status += " · result " + g.r;
  else status += " · " + lead;
  $("status").textContent = status;
  var old = document.querySelector("#moves .cur");
  if (old) old.classList.remove("cur");
  var a = document.querySelector('#moves [data-ply="' + ply + '"]');
  if (a) {
    a.classList.add("cur");
    var box2 = $("moves"), top = a.offsetTop - box2.offsetTop;
    if (top < box2.scrollTop || top > box2.scrollTop + box2.clientHeight - 20) box2.scrollTop = top - box2.clientHeight / 2;
  }
  markPly();
  var frag = "#g" + cur.n + "p" + ply;
  if (location.hash !== frag) {
    try { history.replaceState(null, "", frag); } catch (e) { /* a file: page may refuse */ }
  }
}

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function info(g) {
  var box = $("info");
  box.textContent = "";
  var k = kinds[g.k];
  box.appendChild(el("h2", "", name(g.w) + " – " + name(g.b) + "  " + g.r));
  var dl = el("dl");
  var rows = [["Game", k ? k.name : ""]];
  if (!data.stored) rows.push(["File", g.f + ", game " + g.i + " (line " + g.l + ")"]);
  (g.t || []).forEach(function (t) {
    if (t[0] === "White" || t[0] === "Black" || t[0] === "Result" || t[0] === "Game" || t[1] === "" || t[1].length >= 200) return;
    // The Score tag is the game's final score; the board's caption gives
    // the points at the ply shown.
    rows.push(t[0] === "Score" ? ["Final score (Score tag)", t[1]] : t);
  });
  rows.forEach(function (r) {
    var d = el("div");
    d.appendChild(el("dt", "", r[0]));
    d.appendChild(el("dd", "", r[1]));
    dl.appendChild(d);
  });
  box.appendChild(dl);
}

function moves(g, n) {
  var box = $("moves");
  box.textContent = "";
  box.scrollTop = 0;
  var start = el("a", "mv", "start");
  start.href = "#g" + n + "p0";
  start.setAttribute("data-ply", "0");
  box.appendChild(start);
  var frag = document.createDocumentFragment();
  g.m.forEach(function (m, i) {
    var ply = i + 1;
    if (i % 2 === 0) frag.appendChild(el("span", "num", (i / 2 + 1) + "."));
    var a;
    if (ply <= g.v) {
      a = el("a", "mv", m);
      a.href = "#g" + n + "p" + ply;
      a.setAttribute("data-ply", String(ply));
    } else {
      a = el("span", ply === g.ep ? "mv bad" : "mv after", m);
      if (ply === g.ep) a.title = g.em;
    }
    var pv = g.pv ? g.pv[i] : 0;
    if (pv) {
      a.classList.add(pv === 2 ? "thrown" : "proven");
      a.setAttribute("data-proof", pv === 2 ? "thrown" : "proven");
      if (!a.title) a.title = pv === 2 ? "threw away a proven result" : "the proven result changes";
    }
    frag.appendChild(a);
    if (g.c && g.c[i]) frag.appendChild(el("span", pv ? "cmt " + (pv === 2 ? "thrown" : "proven") : "cmt", g.c[i]));
  });
  box.appendChild(frag);
}

// The evaluation graph: the evaluations from White's side in the
// comments' unit (hundredths of the engines' unit, cp/100), against the
// ply, on a scale of round ticks up to ±10 (beyond it, and a mate, at the
// edge), and the plies where arbiter solve's comments say the proven
// result changes (a green line) or was thrown away (a thicker red one,
// flagged); a game with proofs and no evaluations has the graph too;
// the pointer shows the ply under it and its evaluation, a click goes
// there. It is drawn at the width of its box, so that its text is never
// scaled, and again when the window's width changes.
var GH = 170, GL = 40, GR = 8, GT = 8, GB = 30;

function evalText(v) {
  if (Math.abs(v) >= 10000) return (v > 0 ? "+M" : "-M") + (20000 - Math.abs(v));
  return (v > 0 ? "+" : "") + (v / 100).toFixed(2);
}

// nice is the smallest of 1, 2, 5 times a power of ten that is at least x.
function nice(x) {
  var p = Math.pow(10, Math.floor(Math.log(x) / Math.LN10)), i, m = [1, 2, 5, 10];
  for (i = 0; i < m.length; i++) if (m[i] * p >= x) return m[i] * p;
  return 10 * p;
}

function graph(g) {
  var box = $("graph");
  box.textContent = "";
  if (!g.e && !g.pv) return;
  var evals = g.e || [];
  var n = Math.max(1, g.m.length), W = Math.max(240, Math.round(box.clientWidth || 600));
  var big = 0;
  // The scale is the evaluations' own; a mate does not stretch it.
  evals.forEach(function (v) { if (v !== null && v !== undefined && Math.abs(v) < 10000) big = Math.max(big, Math.abs(v) / 100); });
  var top = Math.min(10, nice(Math.max(big, 0.5)));
  var pw = W - GL - GR, ph = GH - GT - GB;
  var X = function (ply) { return GL + ply / n * pw; };
  var Y = function (v) { return GT + (1 - (Math.max(-top, Math.min(top, v)) + top) / (2 * top)) * ph; };
  var o = ['<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + GH + '" viewBox="0 0 ' + W + " " + GH +
    '" role="img" aria-label="' + (g.e ? "evaluations from White\'s side in cp/100, clamped to ±" + top : "") + (g.e && g.pv ? ", and " : "") +
    (g.pv ? "the plies where the proven result changes (green) or is thrown away (red)" : "") + ', against the ply" font-family="sans-serif" font-size="11">',
    '<rect x="' + GL + '" y="' + GT + '" width="' + pw + '" height="' + ph + '" fill="#f4f4f4"/>'];
  var i, v, step = top / 2;
  for (v = -top; v <= top + step / 2; v += step) {
    var y = Y(v).toFixed(1);
    o.push('<line x1="' + GL + '" x2="' + (GL + pw) + '" y1="' + y + '" y2="' + y + '" stroke="' + (v === 0 ? "#888" : "#ddd") + '"' + (v === 0 ? ' stroke-dasharray="3,3"' : "") + "/>");
    o.push('<text class="ylabel" x="' + (GL - 4) + '" y="' + (+y + 4) + '" text-anchor="end" fill="#444">' + (v > 0 ? "+" : "") + v + "</text>");
  }
  var xstep = Math.max(1, nice(n / 8));
  for (i = 0; i <= n; i += xstep) {
    var x = X(i).toFixed(1);
    o.push('<line x1="' + x + '" x2="' + x + '" y1="' + (GT + ph) + '" y2="' + (GT + ph + 4) + '" stroke="#888"/>');
    o.push('<text class="xlabel" x="' + x + '" y="' + (GT + ph + 15) + '" text-anchor="middle" fill="#444">' + i + "</text>");
  }
  o.push('<text x="' + (GL + pw) + '" y="' + (GH - 2) + '" text-anchor="end" fill="#444">ply</text>');
  o.push('<text x="2" y="' + (GH - 2) + '" fill="#444">cp/100</text>');
  (g.pv || []).forEach(function (pv, i) {
    if (!pv) return;
    var x = X(i + 1).toFixed(1), thrown = pv === 2;
    o.push('<line class="' + (thrown ? "thrown" : "proven") + '" data-ply="' + (i + 1) + '" x1="' + x + '" x2="' + x + '" y1="' + GT + '" y2="' + (GT + ph) +
      '" stroke="' + (thrown ? "#c62828" : "#2e7d32") + '" stroke-width="' + (thrown ? 3 : 1.5) + '"' + (thrown ? "" : ' stroke-dasharray="4,3"') + "/>");
    if (thrown) o.push('<path class="flag" d="M' + x + " " + GT + " l6 4 l-6 4 z" + '" fill="#c62828"/>');
  });
  var pts = [];
  evals.forEach(function (v, i) {
    if (v === null || v === undefined) return;
    pts.push(X(i + 1).toFixed(1) + "," + Y(v / 100).toFixed(1));
  });
  if (pts.length) o.push('<polyline fill="none" stroke="#3465a4" stroke-width="1.5" points="' + pts.join(" ") + '"/>');
  o.push('<line class="now" x1="' + GL + '" x2="' + GL + '" y1="' + GT + '" y2="' + (GT + ph) + '" stroke="#cc0000"/>');
  o.push('<line class="hover" x1="0" x2="0" y1="' + GT + '" y2="' + (GT + ph) + '" stroke="#222" stroke-dasharray="2,2" visibility="hidden"/>');
  o.push('<text class="readout" x="' + (GL + pw - 4) + '" y="' + (GT + 13) + '" text-anchor="end" fill="#222"></text></svg>');
  box.innerHTML = o.join("");
  box.setAttribute("data-width", String(W));
  var svgEl = box.firstChild, hover = svgEl.querySelector(".hover"), readout = svgEl.querySelector(".readout");
  function plyAt(ev) {
    var r = svgEl.getBoundingClientRect();
    return Math.max(0, Math.min(n, Math.round(((ev.clientX - r.left) * W / r.width - GL) / pw * n)));
  }
  svgEl.addEventListener("mousemove", function (ev) {
    var ply = plyAt(ev), x = X(ply).toFixed(1), e = ply > 0 ? evals[ply - 1] : null, pv = ply > 0 && g.pv ? g.pv[ply - 1] : 0;
    hover.setAttribute("x1", x); hover.setAttribute("x2", x);
    hover.setAttribute("visibility", "visible");
    readout.textContent = "ply " + ply + (ply > 0 ? " " + g.m[ply - 1] : "") + (e !== null && e !== undefined ? ": " + evalText(e) : "") +
      (pv === 2 ? " · threw away a proven result" : pv ? " · proven result changes" : "");
  });
  svgEl.addEventListener("mouseleave", function () {
    hover.setAttribute("visibility", "hidden");
    readout.textContent = "";
  });
  svgEl.addEventListener("click", function (ev) { open(cur.n, plyAt(ev)); });
  markPly();
}

// markPly moves the graph's mark to the ply shown.
function markPly() {
  var mark = document.querySelector("#graph .now");
  if (!mark || !cur || !(cur.g.e || cur.g.pv)) return;
  var W = +$("graph").getAttribute("data-width"), n = Math.max(1, cur.g.m.length);
  var x = (GL + (cur.ply || 0) / n * (W - GL - GR)).toFixed(1);
  mark.setAttribute("x1", x); mark.setAttribute("x2", x);
}

// fill lists the games of indices in the selector; the games of several
// files are grouped under their file's name, so that each option holds
// no more than the players and the result, which a phone's selector shows
// whole more often.
function fill(indices) {
  var sel = $("games");
  sel.textContent = "";
  var many = {};
  games.forEach(function (g) { many[g.f] = 1; });
  var files = Object.keys(many).length > 1;
  var frag = document.createDocumentFragment(), group = null;
  indices.forEach(function (i) {
    var g = games[i], o = document.createElement("option");
    o.value = String(i + 1);
    o.textContent = (i + 1) + ". " + name(g.w) + " – " + name(g.b) + " " + g.r + (g.em ? " (invalid)" : "");
    if (files && (!group || group.label !== g.f)) {
      group = document.createElement("optgroup");
      group.label = g.f;
      frag.appendChild(group);
    }
    (group || frag).appendChild(o);
  });
  sel.appendChild(frag);
  list = indices;
}

function showAll() {
  var all = [];
  for (var i = 0; i < games.length; i++) all.push(i);
  fill(all);
  $("filter").hidden = true;
}

// route opens what the address fragment names: gN, gNpK, or
// vs=A,B,GAME (the games between two players, as the report links them).
function route(h) {
  h = (h || "").replace(/^#/, "");
  var m = /^g(\d+)(?:p(\d+))?$/.exec(h);
  if (m) { open(+m[1], m[2] === undefined ? null : +m[2]); return true; }
  m = /^vs=([^,]*),([^,]*)(?:,([^,]*))?$/.exec(h);
  if (m) {
    var a, b, id;
    try { a = decodeURIComponent(m[1]); b = decodeURIComponent(m[2]); id = m[3] ? decodeURIComponent(m[3]) : ""; } catch (e) { return false; }
    var sel = [];
    games.forEach(function (g, i) {
      if ((g.w === a && g.b === b || g.w === b && g.b === a) && (!id || g.k === id)) sel.push(i);
    });
    if (!sel.length) return false;
    fill(sel);
    var f = $("filter");
    f.textContent = sel.length + " games between " + a + " and " + b + ". ";
    var all = el("button", "", "show all games");
    all.addEventListener("click", function () { showAll(); });
    f.appendChild(all);
    f.hidden = false;
    cur = null;
    open(sel[0] + 1, null);
    return true;
  }
  return false;
}

function step(d) { if (cur) open(cur.n, cur.ply + d); }

showAll();
// A page of one game (serve's, show's) has nothing to choose: its heading
// names the game, and a selector would only repeat it, cut short on a
// phone.
document.querySelector(".pick").hidden = games.length === 1;
$("games").addEventListener("change", function () { open(+this.value, null); });
$("first").addEventListener("click", function () { if (cur) open(cur.n, 0); });
$("prev").addEventListener("click", function () { step(-1); });
$("next").addEventListener("click", function () { step(1); });
$("last").addEventListener("click", function () { if (cur) open(cur.n, cur.g.v); });
$("flip").addEventListener("click", function () { flip = !flip; if (cur) draw(); });
document.addEventListener("keydown", function (ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  var t = ev.target && ev.target.tagName;
  if (t === "INPUT" || t === "TEXTAREA" || (t === "SELECT" && (ev.key === "ArrowUp" || ev.key === "ArrowDown"))) return;
  var k = ev.key;
  if (k === "ArrowRight") step(1);
  else if (k === "ArrowLeft") step(-1);
  else if (k === "Home") { if (cur) open(cur.n, 0); }
  else if (k === "End") { if (cur) open(cur.n, cur.g.v); }
  else if (k === "f") { flip = !flip; if (cur) draw(); }
  else return;
  ev.preventDefault();
});
window.addEventListener("hashchange", function () { route(location.hash); });
var graphWidth = 0;
window.addEventListener("resize", function () {
  var w = $("graph").clientWidth;
  if (cur && w !== graphWidth) { graphWidth = w; graph(cur.g); }
});
if (!route(location.hash) && !route(data.open)) open(1, null);
document.body.setAttribute("data-ready", "1");
})();
