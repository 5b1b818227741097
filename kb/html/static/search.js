// mtgkb search engine: reads the compact inverted index that kb/html/search_index.py
// writes (search-index.js, then search/t<k>.js and search/d<c>.js loaded on demand, as
// scripts, so it works from file://). No network, no dependencies; runs in a page or in
// Node (the tests and bench/bench_html.py drive it there).
//
// A query: words folded and looked up in the vocabulary (every word form, grouped by
// stem); the last word also as a prefix while it is being typed; an unknown word replaced
// by the nearest known one (did you mean); every word must match if any hit has them all.
// Scores are BM25 (idf here, the weight of each stem in each hit precomputed) times a
// kind prior; hits of an older rules version count less than today's, and the versions of
// one rule (one lineage) make one result, shown in today's version (or the chosen one).
// A bare rule number goes straight to that rule in today's rules or the chosen version.
(function (global) {
  "use strict";
  // the same expression as _WORD in kb/html/search_index.py: keep the two alike
  var WORD = /[a-z0-9]+(?:['.][a-z0-9]+)*/g;
  var NUMBER = /^\d{3}(?:\.\d+[a-z]?)?$/;
  var ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  var SCALE = 7;
  var K1 = 1.2;
  var PRIOR = { keyword: 1.5, card: 1.35, rule: 1.25, glossary: 1.15, section: 1.05,
                source: 1.0, ruling: 1.0, qa: 1.0 };
  var OLD = 0.55;       // an older rules version's rule, glossary entry or section
  var PREFIX = 0.6;     // a word completed from what is being typed
  var CORRECTED = 0.9;  // a word replaced by did-you-mean
  var VALUE = {};
  for (var a = 0; a < ALPHABET.length; a++) VALUE[ALPHABET.charAt(a)] = a;

  function fold(text) {
    return text.replace(/[æÆ]/g, "ae").toLowerCase().normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  }

  function decode(text) {
    var out = [], n = 0, shift = 0;
    for (var i = 0; i < text.length; i++) {
      var v = VALUE[text.charAt(i)];
      n += (v & 31) * Math.pow(2, shift);
      if (v & 32) { shift += 5; } else { out.push(n); n = 0; shift = 0; }
    }
    return out;
  }

  // Damerau-Levenshtein distance, where a letter typed once for twice (or twice for once)
  // costs half; or more than `limit` once it must exceed it
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > 2 * limit) return limit + 1;
    var prev2 = null, prev = [0], cur;
    for (var j = 1; j <= b.length; j++) prev.push(prev[j - 1] + (j > 1 && b.charAt(j - 1) === b.charAt(j - 2) ? 0.5 : 1));
    for (var i = 1; i <= a.length; i++) {
      var drop = i > 1 && a.charAt(i - 1) === a.charAt(i - 2) ? 0.5 : 1;
      cur = [prev[0] + drop];
      var best = cur[0];
      for (j = 1; j <= b.length; j++) {
        var cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
        var add = j > 1 && b.charAt(j - 1) === b.charAt(j - 2) ? 0.5 : 1;
        var d = Math.min(prev[j] + drop, cur[j - 1] + add, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) &&
            a.charAt(i - 2) === b.charAt(j - 1)) d = Math.min(d, prev2[j - 2] + 1);
        cur.push(d);
        if (d < best) best = d;
      }
      if (best > limit) return limit + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length];
  }

  function Engine(meta, load) {
    this.meta = meta;
    this.load = load;            // load(path, done): runs a script of the index, then done()
    this.form = Object.create(null);
    this.forms = [];             // every word form, sorted (prefix search)
    this.stemForms = [];
    var stems = meta.vocab ? meta.vocab.split("|") : [];
    for (var s = 0; s < stems.length; s++) {
      var forms = stems[s].split(" ");
      this.stemForms.push(forms);
      for (var f = 0; f < forms.length; f++) {
        this.form[forms[f]] = s;
        this.forms.push(forms[f]);
      }
    }
    this.forms.sort();
    this.df = decode(meta.df);
    this.source = decode(meta.src).map(function (x) { return x - 1; });
    this.group = new Int32Array(meta.n).fill(-1);
    for (var g = 0; g < meta.groups.length; g++) {
      for (var m = 0; m < meta.groups[g].length; m++) this.group[meta.groups[g][m]] = g;
    }
    this.stop = Object.create(null);
    meta.stop.forEach(function (w) { this.stop[w] = true; }, this);
    this.today = meta.versions.length ? meta.versions[0][0] : -1;
    this.shards = {};
    this.chunks = {};
    this.lists = {};
    this.loaded = {};
  }

  Engine.prototype.kind = function (doc) {
    return this.meta.kinds[+this.meta.kind.charAt(doc)];
  };

  // later is better: today's rules version, or the chosen one above all
  Engine.prototype.preference = function (doc, version) {
    var src = this.source[doc];
    if (src < 0) return 0;
    if (src === version) return 1000;
    return this.meta.rank[src];
  };

  Engine.prototype.isOld = function (doc, version) {
    var src = this.source[doc], kind = this.kind(doc);
    if (src < 0 || (kind !== "rule" && kind !== "glossary" && kind !== "section")) return false;
    var best = version >= 0 ? version : this.today;
    if (best < 0 || src === best) return false;
    if (this.meta.rank[src] >= 0) return true;  // another rules version
    return this.meta.eras[src] < this.meta.eras[best];  // rules quoted in an older era
  };

  Engine.prototype.fetch = function (paths, done) {
    var self = this, left = 0;
    paths = paths.filter(function (p) { return !self.loaded[p]; });
    if (!paths.length) { done(); return; }
    left = paths.length;
    paths.forEach(function (path) {
      self.load(path, function () {
        self.loaded[path] = true;
        if (--left === 0) done();
      });
    });
  };

  Engine.prototype.postings = function (stem) {
    if (this.lists[stem]) return this.lists[stem];
    var k = stem % this.meta.shards, numbers = decode(this.shards[k][Math.floor(stem / this.meta.shards)]);
    var docs = [], weights = [], doc = -1;
    for (var i = 0; i < numbers.length; i += 2) {
      doc += numbers[i] + 1;
      docs.push(doc);
      weights.push(numbers[i + 1]);
    }
    return (this.lists[stem] = { docs: docs, weights: weights });
  };

  // every word form starting with `prefix`, the most frequent first
  Engine.prototype.completions = function (prefix, limit) {
    var lo = 0, hi = this.forms.length, out = [];
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.forms[mid] < prefix) lo = mid + 1; else hi = mid;
    }
    for (var i = lo; i < this.forms.length && this.forms[i].lastIndexOf(prefix, 0) === 0; i++) {
      out.push(this.form[this.forms[i]]);
    }
    var df = this.df;
    out = out.filter(function (s, n) { return out.indexOf(s) === n; });
    out.sort(function (a, b) { return df[b] - df[a]; });
    return out.slice(0, limit);
  };

  // the known word nearest to an unknown one (did you mean), or null
  Engine.prototype.nearest = function (word) {
    if (word.length < 3 || /\d/.test(word)) return null;
    var limit = word.length <= 4 ? 1 : 2, best = null, bestD = limit + 1, bestDf = -1;
    for (var i = 0; i < this.forms.length; i++) {
      var form = this.forms[i];
      if (form.charAt(0) === "#" || Math.abs(form.length - word.length) > limit) continue;
      var d = distance(word, form, Math.min(limit, bestD));
      var df = this.df[this.form[form]];
      if (d < bestD || (d === bestD && d <= limit && df > bestDf)) {
        best = form; bestD = d; bestDf = df;
      }
    }
    return bestD <= limit ? best : null;
  };

  // the query's terms: each a list of [stem, factor] alternatives
  Engine.prototype.parse = function (query) {
    var text = fold(query), words = text.match(WORD) || [], typing = !/\s$/.test(query);
    var terms = [], corrected = [], changed = false, unknown = [];
    var self = this;
    words = words.filter(function (w) { return !self.stop[w]; });
    words.forEach(function (word, n) {
      var alternatives = [], last = typing && n === words.length - 1;
      if (word in self.form) alternatives.push([self.form[word], 1]);
      if (last && !NUMBER.test(word)) {
        self.completions(word, 24).forEach(function (s) {
          if (!alternatives.some(function (a) { return a[0] === s; })) alternatives.push([s, PREFIX]);
        });
      }
      if (!alternatives.length) {
        var near = self.nearest(word);
        if (near) {
          alternatives.push([self.form[near], CORRECTED]);
          corrected.push(near);
          changed = true;
          terms.push(alternatives);
          return;
        }
        unknown.push(word);
      }
      corrected.push(word);
      if (alternatives.length) terms.push(alternatives);
    });
    return { words: words, terms: terms, unknown: unknown,
             suggestion: changed ? corrected.join(" ") : null };
  };

  Engine.prototype.shardsOf = function (stems) {
    var self = this, paths = [];
    stems.forEach(function (s) {
      var path = "search/t" + (s % self.meta.shards) + ".js";
      if (paths.indexOf(path) < 0) paths.push(path);
    });
    return paths;
  };

  // search(query, {version, max}, done): done({hits, suggestion, unknown, total})
  Engine.prototype.search = function (query, options, done) {
    var self = this, version = options.version >= 0 ? options.version : -1;
    var max = options.max || 30;
    var plain = fold(query).trim().replace(/\.$/, "");
    if (NUMBER.test(plain)) {
      var numbers = this.completions("#" + plain, 400);
      if (numbers.length) { this.byNumber(plain, numbers, version, max, done); return; }
    }
    var parsed = this.parse(query);
    var stems = [];
    parsed.terms.forEach(function (t) { t.forEach(function (a) { stems.push(a[0]); }); });
    if (!stems.length) { done({ hits: [], suggestion: parsed.suggestion, unknown: parsed.unknown, total: 0 }); return; }
    this.fetch(this.shardsOf(stems), function () {
      var ranked = self.rank(parsed.terms, version);
      self.finish(ranked, max, parsed, done);
    });
  };

  Engine.prototype.rank = function (terms, version) {
    var n = this.meta.n, score = new Float64Array(n), count = new Uint8Array(n);
    var touched = [];
    for (var t = 0; t < terms.length; t++) {
      var best = new Map();
      for (var a = 0; a < terms[t].length; a++) {
        var stem = terms[t][a][0], factor = terms[t][a][1];
        var df = this.df[stem], idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        var list = this.postings(stem);
        for (var i = 0; i < list.docs.length; i++) {
          var value = idf * list.weights[i] / SCALE * factor, doc = list.docs[i];
          if (!(best.get(doc) >= value)) best.set(doc, value);
        }
      }
      best.forEach(function (value, doc) {
        if (!count[doc]) touched.push(doc);
        count[doc]++;
        score[doc] += value;
      });
    }
    var need = terms.length;
    var all = touched.filter(function (d) { return count[d] === need; });
    var pool = all.length ? all : touched;
    var self = this;
    var scored = pool.map(function (doc) {
      var s = score[doc] * (PRIOR[self.kind(doc)] || 1) * (self.isOld(doc, version) ? OLD : 1);
      return [doc, count[doc], s];
    });
    scored.sort(function (x, y) { return y[1] - x[1] || y[2] - x[2] || x[0] - y[0]; });
    return this.collapse(scored, version);
  };

  // one result per lineage group: the best score, shown in the preferred version that
  // matched almost as well
  Engine.prototype.collapse = function (scored, version) {
    var byGroup = {}, out = [];
    for (var i = 0; i < scored.length; i++) {
      var doc = scored[i][0], g = this.group[doc];
      if (g < 0) { out.push({ doc: doc, also: [] }); continue; }
      var hit = byGroup[g];
      if (!hit) {
        hit = byGroup[g] = { doc: doc, also: [], score: scored[i][2], count: scored[i][1] };
        out.push(hit);
        continue;
      }
      hit.also.push(doc);
      if (scored[i][1] === hit.count && scored[i][2] >= 0.5 * hit.score &&
          this.preference(doc, version) > this.preference(hit.doc, version)) {
        hit.also[hit.also.length - 1] = hit.doc;
        hit.doc = doc;
      }
    }
    return out;
  };

  Engine.prototype.byNumber = function (number, stems, version, max, done) {
    var self = this;
    this.fetch(this.shardsOf(stems), function () {
      var docs = [];
      stems.forEach(function (s) { docs = docs.concat(self.postings(s).docs); });
      var want = version >= 0 ? version : self.today;
      var exact = self.form["#" + number];
      docs.sort(function (a, b) {
        var ea = self.hasNumber(a, exact), eb = self.hasNumber(b, exact);
        var ta = self.source[a] === want, tb = self.source[b] === want;
        return (eb - ea) || (tb - ta) || (self.preference(b, version) - self.preference(a, version)) || (a - b);
      });
      var hits = [], groups = {};
      docs.forEach(function (doc) {
        var g = self.group[doc];
        if (g >= 0 && groups[g]) { groups[g].also.push(doc); return; }
        var hit = { doc: doc, also: [] };
        if (g >= 0) groups[g] = hit;
        hits.push(hit);
      });
      self.finish(hits, max, { words: [number], suggestion: null, unknown: [] }, done);
    });
  };

  Engine.prototype.hasNumber = function (doc, stem) {
    if (stem === undefined) return 0;
    return this.postings(stem).docs.indexOf(doc) >= 0 ? 1 : 0;
  };

  Engine.prototype.finish = function (ranked, max, parsed, done) {
    var self = this, top = ranked.slice(0, max), paths = [];
    top.forEach(function (hit) {
      var path = "search/d" + Math.floor(hit.doc / self.meta.chunk) + ".js";
      if (paths.indexOf(path) < 0) paths.push(path);
    });
    this.fetch(paths, function () {
      var hits = top.map(function (hit) {
        var row = self.chunks[Math.floor(hit.doc / self.meta.chunk)][hit.doc % self.meta.chunk];
        var src = self.source[hit.doc];
        return { doc: hit.doc, title: row[0], url: row[1], text: row[2], kind: self.kind(hit.doc),
                 source: src >= 0 ? self.meta.sources[src] : "",
                 versions: hit.also.map(function (d) {
                   return self.source[d] >= 0 ? self.meta.sources[self.source[d]] : "";
                 }) };
      });
      done({ hits: hits, suggestion: parsed.suggestion, unknown: parsed.unknown,
             total: ranked.length, words: parsed.words });
    });
  };

  // where in a hit's text the query matched: [before, match, after], or null
  Engine.prototype.excerpt = function (text, words, width) {
    var lower = fold(text), at = -1, len = 0;
    for (var i = 0; i < words.length && at < 0; i++) {
      var s = this.form[words[i]];
      var forms = s === undefined ? [words[i]] : this.stemForms[s];
      for (var f = 0; f < forms.length; f++) {
        var re = new RegExp("(^|[^a-z0-9])" + forms[f].replace(/[.]/g, "\\.") + "(?![a-z0-9])");
        var m = re.exec(lower);
        if (m && (at < 0 || m.index + m[1].length < at)) { at = m.index + m[1].length; len = forms[f].length; }
      }
    }
    if (at < 0) return null;
    var start = Math.max(0, at - Math.floor(width / 3));
    if (start > 0) { var space = text.indexOf(" ", start); if (space >= 0 && space < at) start = space + 1; }
    var end = Math.min(text.length, start + width);
    return [(start > 0 ? "…" : "") + text.slice(start, at), text.slice(at, at + len),
            text.slice(at + len, end) + (end < text.length ? "…" : "")];
  };

  global.MTGKB_ENGINE = { Engine: Engine, fold: fold, decode: decode, distance: distance };
  global.MTGKB_SEARCH_SHARD = function (k, lists) { global.MTGKB_ENGINE.current.shards[k] = lists; };
  global.MTGKB_SEARCH_DOCS = function (c, rows) { global.MTGKB_ENGINE.current.chunks[c] = rows; };
})(typeof window !== "undefined" ? window : globalThis);
