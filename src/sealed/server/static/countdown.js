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
