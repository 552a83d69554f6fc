/*
 * The page: an editor for a record, its diagnostics, and a board to step
 * through it.  Every answer comes from notate.wasm, run in a worker (see
 * worker.js); this file only shows them.  Text from a record is only ever
 * set as text (textContent, value), never parsed as HTML, and the board
 * pictures are shown as images, where no script of theirs can run.
 */
"use strict";

(function () {
  const LIMIT = 10 * 1024 * 1024;   // records this large get a message
  const EDIT_LIMIT = 1024 * 1024;   // larger ones are checked, shown in part
  const SHOWN_PART = 64 * 1024;
  const DEBOUNCE_MS = 300;          // typing pauses this long before a check
  const LISTED_DIAGS = 2000;        // diagnostics shown (all are counted)
  const MOVES_WINDOW = 400;         // moves listed around the current one
  // The file name a converted record gets: JSON Lines, else the extension
  // the game names for the form, else the game's first.
  const JSON_EXTENSION = ".jsonl";

  const $ = id => document.getElementById(id);
  const ui = {
    text: $("text"), open: $("open"), game: $("game"), lint: $("lint"),
    strict: $("strict"), lenient: $("lenient"), drop: $("drop"),
    note: $("note"), clear: $("clear"), status: $("status"), fmt: $("fmt"), form: $("form"),
    convert: $("convert"), convertStatus: $("convert-status"),
    diags: $("diags"), diagCount: $("diag-count"), context: $("context"),
    contextLine: $("context-line"), contextExplain: $("context-explain"),
    contextEdit: $("context-edit"), board: $("board"),
    gameNo: $("game-no"), gameNoLabel: $("game-no-label"),
    first: $("first"), prev: $("prev"), next: $("next"), last: $("last"),
    step: $("step"), picture: $("picture"), facts: $("facts"),
    moves: $("moves"), positionJson: $("position-json")
  };

  const state = {
    bytes: new Uint8Array(0),
    name: "",
    binary: false,
    version: 0,         // of the record; a reply for an older one is dropped
    checked: null,      // the last check's reply
    game: null,         // the game of the checked record (from op=games)
    gameNo: 1,
    step: 0,
    total: 0,           // moves of game gameNo
    window: null,       // the moves listed: { from, list }
    shown: null,        // the position shown: { version, gameNo, step }
    pictureUrl: null,
    explained: new Map(),
    checks: 0           // checks completed, for the tests
  };

  let games = [];

  // ------------------------------------------------------------ the worker

  let module = null;
  let worker = null;
  let workerReady = null;
  let nextId = 1;
  const waiting = new Map();
  let docInWorker = -1;   // which version of the record the worker holds

  function startWorker() {
    const source = "(" + notateWorker.toString() + ")()";
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    docInWorker = -1;
    workerReady = new Promise((resolve, reject) => {
      worker.onmessage = event => {
        const msg = event.data;
        if (msg.type === "ready") {
          resolve(JSON.parse(msg.games));
          return;
        }
        if (msg.type === "failed" && msg.id === undefined) {
          reject(new Error(msg.message));
          return;
        }
        const w = waiting.get(msg.id);
        if (!w) return;
        waiting.delete(msg.id);
        if (msg.type === "reply") w.resolve({ reply: JSON.parse(msg.text), ms: msg.ms });
        else w.reject(new Error(msg.message));
      };
      worker.onerror = event => reject(new Error(event.message || "the worker failed"));
    });
    worker.postMessage({ type: "init", wasm: module });
    return workerReady;
  }

  // A check outdates whatever the worker is doing: a new worker starts
  // rather than waiting for a long run to end.
  function restartWorker() {
    worker.terminate();
    for (const w of waiting.values()) w.reject(new Error("superseded"));
    waiting.clear();
    return startWorker();
  }

  async function ask(fields) {
    await workerReady;
    const id = nextId++;
    const msg = { type: "call", id, fields };
    if (docInWorker !== state.version) {
      msg.doc = state.bytes.slice().buffer;
      docInWorker = state.version;
    }
    const t0 = performance.now();
    const answer = await new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage(msg, msg.doc ? [msg.doc] : []);
    });
    answer.roundTrip = performance.now() - t0;
    return answer;
  }

  function recordFields(op, extra) {
    return Object.assign({
      op, name: state.name, game: ui.game.value,
      lint: ui.lint.checked ? 1 : 0, strict: ui.strict.checked ? 1 : 0,
      lenient: ui.lenient.checked ? 1 : 0
    }, extra || {});
  }

  // ------------------------------------------------------------ loading

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error("cannot load " + src));
      document.head.appendChild(s);
    });
  }

  // From a web server the module is fetched as it is; a page opened from
  // file:// may fetch nothing, so there it comes as base64 in a script.
  async function moduleBytes() {
    if (location.protocol !== "file:") {
      try {
        const r = await fetch("notate.wasm");
        if (r.ok) return new Uint8Array(await r.arrayBuffer());
      } catch (e) { /* the script below */ }
    }
    await loadScript("notate-wasm.js");
    const text = atob(self.NOTATE_WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  async function init() {
    try {
      module = await WebAssembly.compile(await moduleBytes());
      games = (await startWorker()).games;
    } catch (err) {
      setStatus("notate could not start in this browser: " + err.message, "error");
      return;
    }
    for (const g of games) {
      const o = document.createElement("option");
      o.value = g.name;
      o.textContent = g.name;
      o.title = g.title;
      ui.game.appendChild(o);
    }
    setStatus("Ready: paste, type or drop a record (" +
              games.map(g => g.extensions.join(" ")).join(" ") + ").");
    document.body.dataset.state = "ready";
  }

  // ------------------------------------------------------------ input

  function setStatus(text, kind) {
    ui.status.textContent = text;
    ui.status.className = "status" + (kind ? " " + kind : "");
  }

  // Binary: NUL bytes, or many control bytes, near the start.
  function looksBinary(bytes) {
    const n = Math.min(bytes.length, 65536);
    let control = 0;
    for (let i = 0; i < n; i++) {
      const b = bytes[i];
      if (b === 0) return true;
      if (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13) control++;
    }
    return n > 0 && control * 10 > n;
  }

  function tooLarge(size, what) {
    setStatus(what + " is " + (size / 1048576).toFixed(1) + " MB: this page reads " +
              "records under 10 MB. Check it with the notate command instead.", "error");
  }

  async function loadFile(file) {
    if (!file) return;
    if (file.size >= LIMIT) {
      tooLarge(file.size, file.name);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    state.name = file.name;
    state.binary = looksBinary(bytes);
    state.bytes = bytes;
    state.large = !state.binary && bytes.length > EDIT_LIMIT;
    ui.text.readOnly = state.binary || state.large;
    ui.note.hidden = !ui.text.readOnly;
    if (state.binary) {
      ui.text.value = "";
      ui.note.textContent = file.name + ": a binary file of " + bytes.length +
        " bytes. It is checked as it is, not shown. New starts an empty record.";
    } else if (state.large) {
      // A text box of megabytes takes seconds to lay out: a part is shown.
      let part = bytes.subarray(0, SHOWN_PART);
      const nl = part.lastIndexOf(10);
      if (nl > 0) part = part.subarray(0, nl + 1);
      ui.text.value = new TextDecoder("utf-8", { ignoreBOM: true }).decode(part);
      ui.note.textContent = file.name + ": " + (bytes.length / 1048576).toFixed(1) +
        " MB, too large to edit here. Its first " + Math.round(part.length / 1024) +
        " KB are shown; all of it is checked. New starts an empty record.";
    } else {
      ui.text.value = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    }
    state.fresh = true;
    check();
  }

  function clearRecord() {
    ui.text.readOnly = false;
    ui.note.hidden = true;
    ui.text.value = "";
    state.name = "";
    state.large = false;
    state.fresh = true;
    edited();
    ui.text.focus();
  }

  function edited() {
    if (ui.text.value.length >= LIMIT) {
      tooLarge(ui.text.value.length, "The text");
      return;
    }
    state.bytes = new TextEncoder().encode(ui.text.value);
    state.binary = state.large = false;
    scheduleCheck();
  }

  let timer = 0;
  function scheduleCheck() {
    clearTimeout(timer);
    timer = setTimeout(check, DEBOUNCE_MS);
  }

  // ------------------------------------------------------------ checking

  let checking = false;

  async function check() {
    clearTimeout(timer);
    const version = ++state.version;
    if (checking) restartWorker();
    checking = true;
    document.body.dataset.state = "checking";
    const fresh = state.fresh;
    state.fresh = false;
    if (fresh) state.gameNo = 1;
    let answer;
    try {
      answer = await ask(recordFields("check", {
        moves: state.gameNo, from: 0, count: MOVES_WINDOW }));
    } catch (err) {
      if (version === state.version) {
        checking = false;
        setStatus("The check failed: " + err.message, "error");
      }
      return;
    }
    if (version !== state.version) return;
    checking = false;
    const r = answer.reply;
    state.checked = r;
    state.lastCheck = answer;
    if (r.error) {
      showNoGame(r.error);
    } else {
      state.game = games.find(g => g.name === r.game) || null;
      showDiagnostics(r);
      showSummary(r, answer);
      setupTools();
      await setupBoard(r, fresh);
    }
    if (version === state.version) {
      document.body.dataset.state = "checked";
      document.body.dataset.checks = ++state.checks;
    }
  }

  function showNoGame(error) {
    state.game = null;
    delete ui.status.dataset.summary;
    clearList(ui.diags);
    ui.diagCount.textContent = "";
    ui.context.hidden = true;
    clearBoard();
    setupTools();
    if (state.bytes.length === 0) {
      setStatus("Paste, type or drop a record.");
    } else if (state.binary) {
      setStatus((state.name || "This file") + " is a binary file, not a record " +
                "that notate reads.", "error");
    } else {
      setStatus(error.charAt(0).toUpperCase() + error.slice(1) + " (above).", "error");
    }
  }

  function plural(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  function showSummary(r, answer) {
    const s = r.summary;
    ui.status.dataset.summary = JSON.stringify(s);
    const how = { chosen: "as chosen", name: "by its name", content: "by its content" }[r.how];
    const parts = [plural(s.games, "game"), plural(s.moves, "move"),
                   plural(s.errors, "error"), plural(s.warnings, "warning")];
    if (s.style > 0) parts.push(plural(s.style, "style finding"));
    const title = state.game ? state.game.name : r.game;
    const verdict = s.errors > 0 ? "error" : s.warnings > 0 ? "warning" : "ok";
    const none = s.moves === 0 && s.errors === 0 ? " Nothing was found to check." : "";
    setStatus(title + " (" + how + "): " + parts.join(", ") + ". Checked in " +
              Math.round(answer.roundTrip) + " ms." + none,
              none ? "error" : verdict);
  }

  function clearList(list) {
    while (list.firstChild) list.removeChild(list.firstChild);
  }

  function showDiagnostics(r) {
    clearList(ui.diags);
    ui.context.hidden = true;
    const all = r.diagnostics;
    const counted = all.length + r.omitted;
    ui.diagCount.textContent = "(" + counted + ")";
    all.slice(0, LISTED_DIAGS).forEach((d, i) => {
      const li = document.createElement("li");
      li.className = "diag " + d.severity;
      li.dataset.line = d.line;
      li.dataset.column = d.column;
      li.dataset.endLine = d.endLine;
      li.dataset.endColumn = d.endColumn;
      li.dataset.code = d.code;
      li.dataset.severity = d.severity;
      const b = document.createElement("button");
      b.type = "button";
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = d.line + ":" + d.column;
      const sev = document.createElement("span");
      sev.className = "severity";
      sev.textContent = d.severity;
      const code = document.createElement("code");
      code.textContent = d.code;
      const msg = document.createElement("span");
      msg.className = "message";
      msg.textContent = d.message;
      b.append(where, " ", sev, " ", code, " ", msg);
      b.addEventListener("click", () => showContext(d, i));
      li.appendChild(b);
      ui.diags.appendChild(li);
    });
    if (counted > LISTED_DIAGS) {
      const li = document.createElement("li");
      li.className = "more";
      li.textContent = (counted - Math.min(all.length, LISTED_DIAGS)) +
        " more not listed (the notate command lists them all).";
      ui.diags.appendChild(li);
    }
    if (counted === 0) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = r.summary.moves > 0 ? "No findings." : "Nothing to report.";
      ui.diags.appendChild(li);
    }
  }

  // ------------------------------------------------------------ context

  // Where line WANT starts in BYTES, as the library counts lines: at a
  // line feed, CR LF, or (games that say so) a CR alone.  -1: no such line.
  function lineStart(bytes, want, crEnds) {
    let line = 1, start = 0, afterCr = false;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (line === want && !(afterCr && b === 10)) return start;
      if (b === 10 || (b === 13 && crEnds)) {
        if (!(afterCr && b === 10)) line++;
        start = i + 1;
      }
      afterCr = b === 13 && crEnds;
    }
    return line === want ? start : -1;
  }

  // The byte where each column of the line at START begins, as the
  // library counts columns: a character is one (a tab too), a byte-order
  // mark at the start of the file none.
  function lineColumns(bytes, start, crEnds) {
    const cols = [];
    let i = start, prev = 0;
    if (start === 0 && bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF) {
      i = 3;
      prev = 0xBF;
    }
    for (; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 10 || (b === 13 && (crEnds || bytes[i + 1] === 10))) break;
      const joined = (b & 0xC0) === 0x80 && prev >= 0x80;
      prev = b;
      if (!joined) cols.push(i);
    }
    return { cols, end: i };
  }

  function decode(bytes, from, to) {
    return new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(bytes.subarray(from, to))
      .replace(/\r/g, " ")
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "?");
  }

  function showContext(d, index) {
    for (const li of ui.diags.children) li.classList.toggle("selected", li === ui.diags.children[index]);
    const crEnds = state.game ? state.game.cr_ends_line : false;
    const bytes = state.bytes;
    clearList(ui.contextLine);
    const start = d.line > 0 ? lineStart(bytes, d.line, crEnds) : -1;
    ui.context.hidden = false;
    ui.contextEdit.hidden = state.binary || state.large || start < 0;
    if (start < 0 || state.binary) {
      ui.contextLine.textContent = state.binary ? "(a binary file: no line to show)"
                                                 : "(no such line in the record)";
    } else {
      const { cols, end } = lineColumns(bytes, start, crEnds);
      const first = Math.max(1, d.column);
      // A span that goes on to a later line is marked to this line's end.
      const last = d.endLine > d.line ? cols.length : Math.max(first, d.endColumn);
      const at = c => (c - 1 < cols.length ? cols[c - 1] : end);
      // A long line is cut around the span.
      const from = Math.max(1, first - 60), to = Math.min(cols.length + 1, last + 120);
      const number = document.createElement("span");
      number.className = "lineno";
      number.textContent = String(d.line).padStart(5) + " | ";
      const mark = document.createElement("mark");
      mark.textContent = decode(bytes, at(first), at(last + 1)) || " ";
      ui.contextLine.append(number,
        (from > 1 ? "…" : "") + decode(bytes, at(from), at(first)),
        mark,
        decode(bytes, at(last + 1), at(to)) + (to <= cols.length ? "…" : ""));
      state.contextSpan = { from: at(first), to: at(last + 1) };
    }
    explain(d.code);
  }

  async function explain(code) {
    ui.contextExplain.textContent = "";
    let text = state.explained.get(code);
    if (text === undefined) {
      try {
        const r = (await ask({ op: "explain", code })).reply;
        text = r.error ? "" : r.summary;
      } catch (e) {
        text = "";
      }
      state.explained.set(code, text);
    }
    ui.contextExplain.textContent = text ? code + ": " + text : "";
  }

  // The textarea holds the record's text with each CR LF as one LF.
  function textIndex(byteOffset) {
    const before = new TextDecoder("utf-8", { ignoreBOM: true })
      .decode(state.bytes.subarray(0, byteOffset));
    const crlf = (before.match(/\r\n/g) || []).length;
    return before.length - crlf;
  }

  function editContext() {
    const span = state.contextSpan;
    if (!span) return;
    const from = textIndex(span.from), to = textIndex(span.to);
    ui.text.focus();
    ui.text.setSelectionRange(from, to);
    // Bring the line into view: the lines before it, times a line's height.
    const lines = ui.text.value.slice(0, from).split("\n").length - 1;
    const lh = parseFloat(getComputedStyle(ui.text).lineHeight) || 18;
    ui.text.scrollTop = Math.max(0, lines * lh - ui.text.clientHeight / 3);
  }

  // ------------------------------------------------------------ convert, fmt

  function setupTools() {
    const g = state.game;
    clearList(ui.form);
    if (g) {
      const forms = g.forms.slice();
      if (g.json && !forms.includes("json")) forms.push("json");
      for (const f of forms) {
        const o = document.createElement("option");
        o.value = f;
        o.textContent = f;
        ui.form.appendChild(o);
      }
    }
    ui.form.disabled = ui.convert.disabled = !g;
    ui.fmt.disabled = !g || !g.format || state.binary || state.large;
    ui.convertStatus.textContent = "";
  }

  function baseName() {
    const n = state.name || "record";
    const dot = n.lastIndexOf(".");
    return dot > 0 ? n.slice(0, dot) : n;
  }

  function download(text, name) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function convertSays(text, ok) {
    ui.convertStatus.textContent = text;
    ui.convertStatus.className = "status " + (ok ? "ok" : "error");
  }

  // The record rewritten (op=convert or format), or null after saying why
  // not: as on the command line, a record with an error is not rewritten.
  async function rewritten(op, extra, refused) {
    const version = state.version;
    const r = (await ask(recordFields(op, extra))).reply;
    if (version !== state.version) return null;
    if (r.output === null || r.output === undefined) {
      convertSays(refused + ": " + (r.error ||
        "a record with an error is not rewritten (see the diagnostics)."), false);
      return null;
    }
    return r.output;
  }

  async function convert() {
    const form = ui.form.value;
    const output = await rewritten("convert", { form }, "Not converted");
    if (output === null) return;
    const ext = form === "json" ? JSON_EXTENSION
      : state.game.form_extensions[form] || state.game.extensions[0];
    const name = baseName() + ext;
    download(output, name);
    convertSays("Converted to " + form + ": " + name + ", " +
                new TextEncoder().encode(output).length + " bytes.", true);
  }

  async function format() {
    const output = await rewritten("format", {}, "Not formatted");
    if (output === null) return;
    ui.text.focus();
    ui.text.select();
    // Through the editing commands, so that undo brings the text back.
    if (!document.execCommand("insertText", false, output)) ui.text.value = output;
    state.bytes = new TextEncoder().encode(ui.text.value);
    convertSays("Formatted: the record is in its canonical form.", true);
    check();
  }

  // ------------------------------------------------------------ the board

  function clearBoard() {
    ui.picture.hidden = true;
    ui.picture.removeAttribute("src");
    if (state.pictureUrl) URL.revokeObjectURL(state.pictureUrl);
    state.pictureUrl = null;
    clearList(ui.facts);
    clearList(ui.moves);
    ui.positionJson.textContent = "";
    ui.step.textContent = "";
    ui.gameNoLabel.hidden = true;
    state.window = null;
    state.total = 0;
    state.shown = null;
    for (const b of [ui.first, ui.prev, ui.next, ui.last]) b.setAttribute("aria-disabled", "true");
  }

  async function setupBoard(r, fresh) {
    const games = r.summary.games;
    if (games < 1) {
      clearBoard();
      return;
    }
    if (state.gameNo > games) state.gameNo = games;
    fillGameNumbers(games);
    state.total = r.moves ? r.moves.total : 0;
    state.window = r.moves ? { from: 1, list: r.moves.list } : null;
    state.step = fresh || state.step > state.total ? state.total : state.step;
    await showPosition();
  }

  function fillGameNumbers(n) {
    ui.gameNoLabel.hidden = n < 2;
    if (ui.gameNo.options.length !== n) {
      clearList(ui.gameNo);
      for (let i = 1; i <= n; i++) {
        const o = document.createElement("option");
        o.value = i;
        o.textContent = i;
        ui.gameNo.appendChild(o);
      }
    }
    ui.gameNo.value = String(state.gameNo);
  }

  async function chooseGame(n) {
    state.gameNo = n;
    const version = state.version;
    const r = (await ask(recordFields("moves", { moves: n, from: 0, count: MOVES_WINDOW }))).reply;
    if (version !== state.version || r.error) return;
    state.total = r.moves.total;
    state.window = { from: 1, list: r.moves.list };
    state.step = state.total;
    await showPosition();
  }

  function go(step) {
    if (!state.shown) return;
    step = Math.max(0, Math.min(state.total, step));
    if (step === state.step && state.shown) return;
    state.step = step;
    showPosition();
  }

  let showing = false, showAgain = false;

  // One position at a time: steps taken while one is drawn are drawn after.
  async function showPosition() {
    if (showing) {
      showAgain = true;
      return;
    }
    showing = true;
    try {
      do {
        showAgain = false;
        await drawPosition();
      } while (showAgain);
    } finally {
      showing = false;
    }
  }

  async function drawPosition() {
    const version = state.version, gameNo = state.gameNo, step = state.step;
    let answer;
    try {
      answer = await ask(recordFields("show", { game_no: gameNo, move: step, svg: 1 }));
    } catch (e) {
      return;
    }
    if (version !== state.version) return;
    const r = answer.reply;
    const pos = r.position;
    if (pos === null || pos === undefined) {
      ui.positionJson.textContent = "";
      return;
    }
    if (state.pictureUrl) URL.revokeObjectURL(state.pictureUrl);
    state.svg = r.svg;
    state.pictureUrl = r.svg ? URL.createObjectURL(new Blob([r.svg], { type: "image/svg+xml" })) : null;
    if (state.pictureUrl) {
      ui.picture.src = state.pictureUrl;
      ui.picture.hidden = false;
    } else {
      ui.picture.hidden = true;
    }
    ui.picture.alt = "The board " + (step === 0 ? "at the start" : "after move " + step) +
      (pos.last ? " (" + pos.last + ")" : "");
    showFacts(pos);
    ui.positionJson.textContent = JSON.stringify(pos, null, 1);
    ui.step.textContent = (step === 0 ? "Start" : "After move " + step) + " of " + state.total;
    // aria-disabled, not disabled: a disabled button would drop the focus,
    // and with it the arrow keys.
    for (const b of [ui.first, ui.prev]) b.setAttribute("aria-disabled", String(step === 0));
    for (const b of [ui.next, ui.last]) b.setAttribute("aria-disabled", String(step >= state.total));
    state.shown = { version, gameNo, step };
    await showMoves();
    document.body.dataset.shown = gameNo + ":" + step;
  }

  const LABELS = {
    position_id: "Position ID", on_roll: "On roll", dice: "Dice", cube: "Cube",
    cube_owner: "Cube owner", score: "Score", match_length: "Match to",
    crawford: "Crawford", pips: "Pips", players: "Players", last: "Last move",
    to_move: "To move", in_hand: "In hand", black: "Black", white: "White",
    result: "Result", end: "End", stage: "Stage", reserve: "Reserve",
    nyumba: "Nyumba", takasia: "Takasia", winner: "Winner", baopos: "BaoPOS",
    game_number: "Game", board: "Board", owes_ilobola: "Owes ilobola",
    next_move: "Next move"
  };
  const SKIP = new Set(["game", "game_no", "after_move", "after_ply", "checkers", "pits", "rules"]);

  function factText(v) {
    if (v === null) return "none";
    if (Array.isArray(v)) return v.length ? v.join(v.every(x => typeof x === "number") ? "–" : ", ") : "none";
    if (typeof v === "object") return Object.keys(v).map(k => k + " " + factText(v[k])).join(", ");
    if (typeof v === "boolean") return v ? "yes" : "no";
    return String(v);
  }

  function showFacts(pos) {
    clearList(ui.facts);
    for (const key of Object.keys(pos)) {
      if (SKIP.has(key)) continue;
      const dt = document.createElement("dt");
      dt.textContent = LABELS[key] || key.replace(/_/g, " ");
      const dd = document.createElement("dd");
      dd.dataset.key = key;
      let v = pos[key];
      if (key === "dice" && Array.isArray(v)) v = v.join("-");
      if (key === "black" || key === "white") v = Array.isArray(v) && v.length ? v.join(" ") : "none";
      dd.textContent = typeof v === "string" ? v : factText(v);
      ui.facts.append(dt, dd);
    }
  }

  async function showMoves() {
    const step = state.step;
    let w = state.window;
    const complete = w && w.from === 1 && w.list.length >= state.total;
    const covered = w && (complete || (step === 0 && w.from === 1) ||
      (step >= w.from && step < w.from + w.list.length));
    if (!covered) {
      const from = Math.max(1, step - MOVES_WINDOW / 2);
      const version = state.version;
      const r = (await ask(recordFields("moves", { moves: state.gameNo, from, count: MOVES_WINDOW }))).reply;
      if (version !== state.version || r.error) return;
      w = state.window = { from, list: r.moves.list };
    }
    if (ui.moves.dataset.key !== state.version + ":" + state.gameNo + ":" + w.from) {
      clearList(ui.moves);
      ui.moves.dataset.key = state.version + ":" + state.gameNo + ":" + w.from;
      if (w.from > 1) ui.moves.appendChild(moreItem(w.from - 1 + " earlier moves"));
      for (const m of w.list) {
        const li = document.createElement("li");
        li.value = m.index;
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.index = m.index;
        const side = document.createElement("span");
        side.className = "side";
        side.textContent = m.side;
        const text = document.createElement("span");
        text.className = "move";
        text.textContent = m.move;
        b.append(side, " ", text);
        b.addEventListener("click", () => go(m.index));
        li.appendChild(b);
        ui.moves.appendChild(li);
      }
      const after = state.total - (w.from - 1 + w.list.length);
      if (after > 0) ui.moves.appendChild(moreItem(after + " later moves"));
    }
    let current = null;
    for (const b of ui.moves.querySelectorAll("button")) {
      const on = Number(b.dataset.index) === step;
      b.classList.toggle("current", on);
      if (on) {
        b.setAttribute("aria-current", "step");
        current = b;
      } else {
        b.removeAttribute("aria-current");
      }
    }
    if (current) current.scrollIntoView({ block: "nearest" });
  }

  function moreItem(text) {
    const li = document.createElement("li");
    li.className = "more";
    li.textContent = text;
    return li;
  }

  // ------------------------------------------------------------ events

  ui.text.addEventListener("input", edited);
  ui.open.addEventListener("change", () => loadFile(ui.open.files[0]));
  for (const c of [ui.game, ui.lint, ui.strict, ui.lenient]) c.addEventListener("change", check);
  ui.fmt.addEventListener("click", format);
  ui.convert.addEventListener("click", convert);
  ui.contextEdit.addEventListener("click", editContext);
  ui.clear.addEventListener("click", clearRecord);
  ui.first.addEventListener("click", () => go(0));
  ui.prev.addEventListener("click", () => go(state.step - 1));
  ui.next.addEventListener("click", () => go(state.step + 1));
  ui.last.addEventListener("click", () => go(state.total));
  ui.gameNo.addEventListener("change", () => chooseGame(Number(ui.gameNo.value)));

  ui.board.addEventListener("keydown", event => {
    const t = event.target;
    if (t instanceof HTMLSelectElement || t instanceof HTMLInputElement ||
        t instanceof HTMLTextAreaElement || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const to = { ArrowLeft: state.step - 1, ArrowUp: state.step - 1,
                 ArrowRight: state.step + 1, ArrowDown: state.step + 1,
                 Home: 0, End: state.total }[event.key];
    if (to === undefined || !state.shown) return;
    event.preventDefault();
    go(to);
  });

  // Dropped files are read here; anywhere else the browser would open them.
  for (const type of ["dragenter", "dragover"]) {
    document.addEventListener(type, event => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes("Files")) {
        event.preventDefault();
        ui.drop.classList.add("dragging");
      }
    });
  }
  document.addEventListener("dragleave", () => ui.drop.classList.remove("dragging"));
  document.addEventListener("drop", event => {
    ui.drop.classList.remove("dragging");
    if (!event.dataTransfer || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    loadFile(event.dataTransfer.files[0]);
  });

  // What the tests and the benchmark ask the page (nothing it needs).
  window.notatePage = {
    check,
    picture: () => state.svg,
    lastCheck: () => state.lastCheck && {
      ms: state.lastCheck.ms, roundTrip: state.lastCheck.roundTrip }
  };

  init();
})();
