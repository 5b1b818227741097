// mtgkb offline search: loads search-index.js (a script, so it works from file://) on first
// use and matches every query word against titles and text snippets. No network.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  if (!input || !list) return;
  var MAX = 30;
  var index = null, loading = false, selected = -1, lowered = null, waiting = [];

  function load(then) {
    if (index) { then(); return; }
    waiting.push(then);
    if (loading) return;
    loading = true;
    var script = document.createElement("script");
    script.src = root + "search-index.js";
    script.onload = function () {
      index = window.MTGKB_SEARCH;
      lowered = index.entries.map(function (e) {
        return [fold(e[0]), fold(e[0] + " " + e[4])];
      });
      var queued = waiting;
      waiting = [];
      queued.forEach(function (callback) { callback(); });
    };
    script.onerror = function () {
      loading = false;
      waiting = [];
      show([], "Search index not found.");
    };
    document.head.appendChild(script);
  }

  function fold(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  }

  function score(i, words, phrase) {
    var title = lowered[i][0], all = lowered[i][1], s = 0;
    for (var w = 0; w < words.length; w++) {
      var at = all.indexOf(words[w]);
      if (at < 0) return 0;
      var t = title.indexOf(words[w]);
      s += t === 0 ? 12 : t > 0 ? 8 : 2;
    }
    if (title === phrase) s += 60;
    else if (title.indexOf(phrase) === 0) s += 25;
    else if (title.indexOf(phrase) > 0) s += 10;
    var kind = index.entries[i][1];
    s += [9, 8, 5, 4, 3, 3, 1, 1][kind] || 0;
    return s - title.length / 100;
  }

  function search(query) {
    var phrase = fold(query.trim().replace(/\s+/g, " "));
    if (!phrase) return [];
    var words = phrase.split(" ").map(function (w) { return w.replace(/[.,;:!?]+$/, ""); })
      .filter(function (w) { return w.length > 0; });
    var hits = [];
    for (var i = 0; i < lowered.length; i++) {
      var s = score(i, words, phrase);
      if (s > 0) hits.push([s, i]);
    }
    hits.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    return hits.slice(0, MAX).map(function (h) { return index.entries[h[1]]; });
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function show(entries, message) {
    list.textContent = "";
    selected = -1;
    if (!entries.length) {
      var none = el("li", "r-none", message || "No results.");
      none.setAttribute("role", "none");
      list.appendChild(none);
    }
    entries.forEach(function (e, n) {
      var li = el("li"), a = el("a");
      li.setAttribute("role", "none");
      a.href = root + e[3];
      a.id = "result-" + n;
      a.setAttribute("role", "option");
      a.appendChild(el("span", "r-kind", index.kinds[e[1]]));
      a.appendChild(el("span", "r-title", e[0]));
      if (e[2] >= 0) a.appendChild(el("span", "r-src", index.sources[e[2]]));
      if (e[4]) a.appendChild(el("span", "r-snip", e[4]));
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = false;
  }


  function move(step) {
    var links = list.querySelectorAll("a");
    if (!links.length) return;
    if (selected >= 0) links[selected].setAttribute("aria-selected", "false");
    selected = (selected + step + links.length) % links.length;
    links[selected].setAttribute("aria-selected", "true");
    links[selected].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", links[selected].id);
  }

  list.setAttribute("role", "listbox");
  input.addEventListener("input", update);
  // results only for the latest query, whenever the index arrives
  function update() {
    var query = input.value;
    if (!query.trim()) { list.hidden = true; return; }
    load(function () { if (input.value === query) show(search(query)); });
  }
  input.addEventListener("focus", function () { load(function () {}); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { move(1); event.preventDefault(); }
    else if (event.key === "ArrowUp") { move(-1); event.preventDefault(); }
    else if (event.key === "Enter") {
      var links = list.querySelectorAll("a");
      var target = links[selected >= 0 ? selected : 0];
      if (target) { window.location.href = target.href; }
      event.preventDefault();
    } else if (event.key === "Escape") { list.hidden = true; input.blur(); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "/" && document.activeElement !== input &&
        !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) {
      input.focus();
      event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    if (!list.contains(event.target) && event.target !== input) list.hidden = true;
  });
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); update(); }
})();
