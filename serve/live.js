(function () {
"use strict";
// The live part of the page: asked for every second with the version the
// page shows; the server answers 204 until it has a newer one.
var live = document.getElementById("live");
if (!live) return;
var src = live.getAttribute("data-src");
function tick() {
  fetch(src + "?v=" + encodeURIComponent(live.getAttribute("data-version")), {cache: "no-store"}).then(function (r) {
    if (r.status !== 200) return;
    var v = r.headers.get("X-Version");
    return r.text().then(function (t) {
      live.innerHTML = t;
      live.setAttribute("data-version", v);
      live.setAttribute("data-updates", String(+(live.getAttribute("data-updates") || 0) + 1));
    });
  }).catch(function () {}).then(function () { setTimeout(tick, 1000); });
}
setTimeout(tick, 1000);
})();
