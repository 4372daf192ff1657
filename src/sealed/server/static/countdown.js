// Progressive: the page says the deadline as a time; with JavaScript it also counts down.
(function () {
  var node = document.getElementById("deadline");
  if (!node) return;
  var due = Date.parse(node.getAttribute("data-deadline"));
  if (isNaN(due)) return;
  var label = node.textContent;
  function tick() {
    var left = Math.round((due - Date.now()) / 1000);
    if (left <= 0) { node.textContent = label + " (passed)"; return; }
    var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    var m = Math.floor(left % 3600 / 60), s = left % 60;
    var text = (d ? d + "d " : "") + (d || h ? h + "h " : "") + m + "m " + s + "s";
    node.textContent = label + " (" + text + " left)";
    node.className = left < 300 ? "soon" : "";
    setTimeout(tick, 1000);
  }
  tick();
})();

// Live updates, progressive: every 15 s ask the seat's own API for the step, messages and
// sealed order; when something changed, reload (or, if orders are being typed, say so).
(function () {
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var api = live.getAttribute("data-api");
  function changed(report) {
    return String(report.step) !== live.getAttribute("data-step") ||
      String(report.messages.length) !== live.getAttribute("data-messages") ||
      (report.sealed || "") !== live.getAttribute("data-sealed");
  }
  function poll() {
    fetch(api, {credentials: "same-origin"}).then(function (r) { return r.json(); })
      .then(function (report) {
        if (!report.ok || !changed(report)) { setTimeout(poll, 15000); return; }
        var typing = document.getElementById("orders");
        if (typing && typing.value) {
          live.hidden = false;
          live.textContent = "Something changed since this page was shown: reload to see it.";
        } else {
          location.reload();
        }
      }, function () { setTimeout(poll, 30000); });
  }
  setTimeout(poll, 15000);
})();
