// mtgkb offline search box: loads search-index.js (a script, so it works from file://) on
// first use and asks the engine of search.js; the index's other parts load as needed.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  if (!input || !list) return;
  var MAX = 30;
  var engine = null, loading = false, selected = -1, waiting = [], versionBox = null;

  function script(path, done, failed) {
    var node = document.createElement("script");
    node.src = root + path;
    node.onload = done;
    node.onerror = failed || function () { show([], "Search index not found."); };
    document.head.appendChild(node);
  }

  function load(then) {
    if (engine) { then(); return; }
    waiting.push(then);
    if (loading) return;
    loading = true;
    script("search-index.js", function () {
      engine = new window.MTGKB_ENGINE.Engine(window.MTGKB_SEARCH, function (path, done) {
        script(path, done);
      });
      window.MTGKB_ENGINE.current = engine;
      addVersions();
      var queued = waiting;
      waiting = [];
      queued.forEach(function (callback) { callback(); });
    }, function () {
      loading = false;
      waiting = [];
      show([], "Search index not found.");
    });
  }

  // a choice of rules version, when there are several: today's by default
  function addVersions() {
    var versions = engine.meta.versions;
    if (versions.length < 2) return;
    versionBox = el("select", "versions");
    versionBox.id = "qv";
    versionBox.setAttribute("aria-label", "Rules version");
    versionBox.appendChild(new Option("Today's rules (" + versions[0][1] + ")", "-1"));
    versions.slice(1).forEach(function (v) { versionBox.appendChild(new Option(v[1], String(v[0]))); });
    var wanted = new URLSearchParams(window.location.search).get("v");
    versions.forEach(function (v) { if (v[1] === wanted) versionBox.value = String(v[0]); });
    versionBox.addEventListener("change", update);
    input.parentNode.insertBefore(versionBox, list);
  }

  function search(query, done) {
    var version = versionBox ? +versionBox.value : -1;
    engine.search(query, { version: version, max: MAX }, done);
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function show(hits, message, result) {
    list.textContent = "";
    selected = -1;
    if (result && result.suggestion) {
      var note = el("li", "r-note");
      note.setAttribute("role", "none");
      note.appendChild(document.createTextNode(hits.length ? "Showing results for " : "Did you mean "));
      var fix = el("a", "r-fix", result.suggestion);
      fix.href = "#";
      fix.addEventListener("click", function (event) {
        event.preventDefault();
        input.value = result.suggestion;
        update();
        input.focus();
      });
      note.appendChild(fix);
      list.appendChild(note);
    }
    if (!hits.length) {
      var none = el("li", "r-none", message || "No results.");
      none.setAttribute("role", "none");
      list.appendChild(none);
    }
    hits.forEach(function (hit, n) {
      var li = el("li"), a = el("a");
      li.setAttribute("role", "none");
      a.href = root + hit.url;
      a.id = "result-" + n;
      a.setAttribute("role", "option");
      a.appendChild(el("span", "r-kind", hit.kind));
      a.appendChild(el("span", "r-title", hit.title));
      if (hit.source) a.appendChild(el("span", "r-src", hit.source));
      if (hit.versions.length) {
        a.appendChild(el("span", "r-also", "also " + hit.versions.slice(0, 4).join(", ") +
                         (hit.versions.length > 4 ? "…" : "")));
      }
      var where = result && engine.excerpt(hit.text, result.words || [], 110);
      var snip = el("span", "r-snip");
      if (where) {
        snip.appendChild(document.createTextNode(where[0]));
        snip.appendChild(el("mark", "", where[1]));
        snip.appendChild(document.createTextNode(where[2]));
      } else if (hit.text) {
        snip.textContent = hit.text.slice(0, 110) + (hit.text.length > 110 ? "…" : "");
      }
      if (snip.firstChild) a.appendChild(snip);
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = false;
  }

  function move(step) {
    var links = list.querySelectorAll("a[role=option]");
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
    load(function () {
      if (input.value !== query) return;
      search(query, function (result) {
        if (input.value === query) show(result.hits, "No results.", result);
      });
    });
  }
  input.addEventListener("focus", function () { load(function () {}); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { move(1); event.preventDefault(); }
    else if (event.key === "ArrowUp") { move(-1); event.preventDefault(); }
    else if (event.key === "Enter") {
      var links = list.querySelectorAll("a[role=option]");
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
