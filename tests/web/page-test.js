/*
 * The web page's tests, in Debian's Chromium through playwright-core
 * (run by tests/web/test_web.c as `node tests/web/page-test.js CASE`).
 * The page is loaded from build/web as a person opens it (file://, and
 * once from a loopback web server); records of the shared corpus are
 * dropped on it, and what it shows is compared with what the notate
 * command says of the same file.  Screenshots go to build/web-test/.
 *
 * Environment: NOTATE (the command, default build/notate), SHARED (default
 * ../shared), NT_WEB (the page, default build/web), NT_WEB_OUT (default
 * build/web-test).
 */
"use strict";

const assert = require("assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawnSync } = require("child_process");
const driver = require("../../tools/web/driver.js");

const NOTATE = path.resolve(process.env.NOTATE || "build/notate");
const SHARED = path.resolve(process.env.SHARED || "../shared");
const WEB = path.resolve(process.env.NT_WEB || "build/web");
const OUT = path.resolve(process.env.NT_WEB_OUT || "build/web-test");
const PAGE = "file://" + path.join(WEB, "index.html");
const LIMIT_BYTES = 10 * 1024 * 1024;
const corpus = rel => path.join(SHARED, "corpus", rel);

fs.mkdirSync(OUT, { recursive: true });

// ------------------------------------------------------------ the command

function cli(args, input, cwd) {
  const r = spawnSync(NOTATE, args, { input, cwd, maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  return { status: r.status, out: r.stdout.toString(), err: r.stderr.toString(), bytes: r.stdout };
}

function jsonLines(text) {
  return text.split("\n").filter(l => l.trim()).map(l => JSON.parse(l));
}

// What `check -f json` says of FILE: its diagnostics, and its summary.
function cliCheck(file, extra) {
  const lines = jsonLines(cli(["check", "-f", "json"].concat(extra || [], [file])).out);
  return { diags: lines.filter(l => !l.summary), summary: lines.find(l => l.summary).summary };
}

function cliShow(file, game, step, gameNo) {
  const where = game === "bao" ? ["--ply", String(step)] : ["--move", String(step)];
  const args = ["show", "-f", "json"].concat(gameNo ? ["--game-no", String(gameNo)] : [], where, [file]);
  return JSON.parse(cli(args).out);
}

function cliSvg(file, game, step, gameNo) {
  const where = game === "bao" ? ["--ply", String(step)] : ["--move", String(step)];
  return cli(["show", "--svg"].concat(gameNo ? ["--game-no", String(gameNo)] : [], where, [file])).out;
}

// ------------------------------------------------------------ the page

let failures = 0, passes = 0;

function check(what, fn) {
  try {
    // (A promise here would be a check that can never fail.)
    if (fn() instanceof Promise) throw new Error("a check must not be async");
    passes++;
  } catch (err) {
    failures++;
    console.log("not ok - " + what + "\n    " + String(err.message).split("\n").join("\n    "));
  }
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(OUT, name + ".png"), fullPage: true });
}

async function pageDiags(page) {
  return page.$$eval("#diags li.diag", items => items.map(li => ({
    line: Number(li.dataset.line), column: Number(li.dataset.column),
    endLine: Number(li.dataset.endLine), endColumn: Number(li.dataset.endColumn),
    severity: li.dataset.severity, code: li.dataset.code,
    message: li.querySelector(".message").textContent
  })));
}

async function pageSummary(page) {
  return page.evaluate(() => JSON.parse(document.getElementById("status").dataset.summary || "null"));
}

function sameDiags(what, page, cliDiags) {
  const want = cliDiags.map(d => ({
    line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn,
    severity: d.severity, code: d.code, message: d.message }));
  check(what + ": diagnostics (" + want.length + ") as the command's", () =>
    assert.deepStrictEqual(page, want));
}

async function dropPath(page, file, name) {
  await driver.dropFile(page, name || path.basename(file), fs.readFileSync(file));
}

async function position(page) {
  return page.evaluate(() => JSON.parse(document.getElementById("position-json").textContent));
}

async function shown(page) {
  return page.evaluate(() => document.body.dataset.shown);
}

// Presses KEY on the board and waits for the position it asks for.
async function press(page, key, gameNo, step) {
  await page.keyboard.press(key);
  await page.waitForFunction(want => document.body.dataset.shown === want,
                             gameNo + ":" + step, { timeout: 20000 });
}

// The extensions of every game notate reads, as `notate games` lists them.
const KNOWN = cli(["games"]).out.split("\n").filter(l => /^\s*extensions:/.test(l))
  .flatMap(l => l.replace(/^\s*extensions:\s*/, "").split(" "));

// Every record of the corpus that some game reads (of the bulk folders,
// every twelfth).
function records() {
  const all = [];
  for (const game of fs.readdirSync(corpus("")).sort()) {
    if (!fs.statSync(corpus(game)).isDirectory()) continue;
    for (const dir of fs.readdirSync(corpus(game)).sort()) {
      const full = corpus(path.join(game, dir));
      if (!fs.statSync(full).isDirectory()) continue;
      const files = fs.readdirSync(full).sort().filter(f => KNOWN.includes(path.extname(f)));
      const step = files.length > 100 ? 12 : 1;
      for (let i = 0; i < files.length; i += step) all.push(path.join(full, files[i]));
    }
  }
  return all;
}

// ------------------------------------------------------------ cases

const cases = {};

// Every record of the corpus, dropped on the page: the same diagnostics
// (count, codes, lines, columns, spans, messages) and summary as the
// command's.  One legal and one illegal record of each game is kept as
// a screenshot.
cases.diagnostics = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1400, height: 1000 } });
  const kept = new Set();
  const files = records();
  check("the corpus has records of every game", () => assert.ok(files.length > 100, String(files.length)));
  for (const file of files) {
    const rel = path.relative(corpus(""), file);
    await dropPath(page, file);
    const want = cliCheck(file);
    sameDiags(rel, await pageDiags(page), want.diags);
    const s = await pageSummary(page);
    check(rel + ": summary as the command's", () => assert.deepStrictEqual(
      { games: s.games, moves: s.moves, errors: s.errors, warnings: s.warnings },
      { games: want.summary.games, moves: want.summary.moves,
        errors: want.summary.errors, warnings: want.summary.warnings }));
    const game = rel.split(path.sep)[0];
    const kind = want.summary.errors > 0 ? "illegal" : "legal";
    if (!kept.has(game + kind)) {
      kept.add(game + kind);
      await shot(page, "diagnostics-" + game + "-" + kind);
    }
  }
  check("a legal and an illegal record of each game were seen", () =>
    assert.deepStrictEqual([...kept].sort(), ["backgammonillegal", "backgammonlegal",
      "baoillegal", "baolegal", "umlabalabaillegal", "umlabalabalegal"]));
  // Without a name that tells, the game comes from the content, as the
  // command decides it for standard input.
  for (const rel of ["backgammon/illegal/bg-illegal-02.mat", "bao/illegal/bao-illegal-02.bao",
                     "umlabalaba/illegal/uml-illegal-02.umla"]) {
    const file = corpus(rel);
    await dropPath(page, file, "record");
    const want = jsonLines(cli(["check", "-f", "json", "-"], fs.readFileSync(file)).out)
      .filter(l => !l.summary);
    sameDiags(rel + " without a name", await pageDiags(page), want);
    const status = await page.textContent("#status");
    check(rel + " without a name: by its content", () => assert.match(status, /by its content/));
  }
  // A game chosen: read as that game whatever the name says.
  await driver.afterCheck(page, () => page.selectOption("#game", "bao"));
  for (const rel of ["bao/illegal/bao-illegal-03.bao", "umlabalaba/legal/uml-legal-03.umla"]) {
    const file = corpus(rel);
    await dropPath(page, file, "record.txt");
    const want = cliCheck(file, ["--game", "bao"]);
    sameDiags(rel + " read as bao", await pageDiags(page), want.diags);
    const status = await page.textContent("#status");
    check(rel + " read as bao: as chosen", () => assert.match(status, /^bao \(as chosen\)/));
  }
  await driver.afterCheck(page, () => page.selectOption("#game", "auto"));
  // lint's style findings and strict mode, as the command's options.
  await page.check("#lint");
  await driver.afterCheck(page, () => page.check("#strict"));
  for (const rel of ["bao/legal/bao-legal-02.bao", "backgammon/strict/bg-strict-01.mat",
                     "umlabalaba/legal/uml-legal-05.umla"]) {
    const file = corpus(rel);
    await dropPath(page, file);
    const want = jsonLines(cli(["lint", "--strict", "-f", "json", file]).out).filter(l => !l.summary);
    sameDiags(rel + " (lint --strict)", await pageDiags(page), want);
  }
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// Stepping through the moves with the keys and the buttons: the position
// shown is the one `show -f json` gives at that move, the picture the one
// `show --svg` draws, and the move list marks the move.
cases.positions = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1400, height: 1000 } });
  const plan = [
    { rel: "backgammon/mat/bg-match-01.mat", game: "backgammon" },
    { rel: "backgammon/sheet/bg-sheet-01.bg", game: "backgammon" },
    { rel: "backgammon/illegal/bg-illegal-01.mat", game: "backgammon" },
    { rel: "bao/legal/bao-legal-01.bao", game: "bao" },
    { rel: "umlabalaba/legal/uml-legal-01.umla", game: "umlabalaba" },
    { rel: "umlabalaba/legal/uml-legal-02.umla", game: "umlabalaba" }
  ];
  for (const { rel, game } of plan) {
    const file = corpus(rel);
    await dropPath(page, file);
    const total = cliCheck(file).summary.moves;
    await page.focus("#next");
    await press(page, "Home", 1, 0);
    const start = await position(page);
    check(rel + ": the start is show's move 0", () =>
      assert.deepStrictEqual(start, cliShow(file, game, 0, 1)));
    for (let i = 1; i <= 3; i++) await press(page, "ArrowRight", 1, i);
    const at3 = await position(page);
    const want3 = cliShow(file, game, 3, 1);
    check(rel + ": three steps on is show's move 3", () => assert.deepStrictEqual(at3, want3));
    const svg = await page.evaluate(() => window.notatePage.picture());
    check(rel + ": the board is show --svg's", () => assert.strictEqual(svg, cliSvg(file, game, 3, 1)));
    const current = await page.$eval("#moves button.current", b => Number(b.dataset.index));
    check(rel + ": the move list marks move 3", () => assert.strictEqual(current, 3));
    const facts = await page.$$eval("#facts dd", dds => Object.fromEntries(dds.map(d => [d.dataset.key, d.textContent])));
    if (game === "backgammon") {
      check(rel + ": Position ID, dice, cube and score shown", () => {
        assert.strictEqual(facts.position_id, want3.position_id);
        assert.strictEqual(facts.dice, want3.dice ? want3.dice.join("-") : "none");
        assert.strictEqual(facts.cube, String(want3.cube));
        assert.strictEqual(facts.score, want3.score.join("–"));
      });
    } else if (game === "bao") {
      check(rel + ": pits and BaoPOS as show's", () => {
        assert.deepStrictEqual(at3.pits, want3.pits);
        assert.strictEqual(facts.baopos, want3.baopos);
      });
    } else {
      check(rel + ": points as show's", () => {
        assert.strictEqual(facts.black, want3.black.join(" ") || "none");
        assert.strictEqual(facts.white, want3.white.join(" ") || "none");
      });
    }
    await press(page, "ArrowLeft", 1, 2);
    const at2 = await position(page);
    check(rel + ": back to show's move 2", () => assert.deepStrictEqual(at2, cliShow(file, game, 2, 1)));
    const games = cliCheck(file).summary.games;
    if (games === 1) {
      await press(page, "End", 1, total);
      const end = await position(page);
      check(rel + ": End is the last move", () => assert.deepStrictEqual(end, cliShow(file, game, total, 1)));
    }
    await page.click("#first");
    await page.waitForFunction(() => document.body.dataset.shown === "1:0");
    await page.click("#next");
    await page.waitForFunction(() => document.body.dataset.shown === "1:1");
    const at1 = await position(page);
    check(rel + ": the buttons step too", () => assert.deepStrictEqual(at1, cliShow(file, game, 1, 1)));
    await shot(page, "positions-" + path.basename(rel));
  }
  // A long game: the move list shows a window of it, which follows the
  // moves.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nt-web-"));
  const long = path.join(dir, "long.umla");
  fs.writeFileSync(long, cli(["generate", "--game", "umlabalaba", "--seed", "3", "--endless",
                              "--max-moves", "1500", "--rule", "draw3=off"]).bytes);
  await dropPath(page, long);
  const listed = async () => page.$$eval("#moves button", bs => bs.map(b => Number(b.dataset.index)));
  let shownMoves = await listed();
  check("a long game at its end: the last moves listed", () => {
    assert.strictEqual(shownMoves[shownMoves.length - 1], 1500);
    assert.ok(shownMoves.length < 1500);
  });
  const endMark = await page.$eval("#moves button.current", b => Number(b.dataset.index));
  check("a long game at its end: the last move marked", () => assert.strictEqual(endMark, 1500));
  await page.focus("#prev");
  await press(page, "Home", 1, 0);
  shownMoves = await listed();
  check("a long game at its start: the first moves listed", () => assert.strictEqual(shownMoves[0], 1));
  for (let i = 1; i <= 2; i++) await press(page, "ArrowRight", 1, i);
  const at2 = await position(page);
  check("a long game, move 2, as show's", () =>
    assert.deepStrictEqual(at2, cliShow(long, "umlabalaba", 2, 1)));
  // A session of several games: the game chosen, then its moves.
  const file = corpus("backgammon/mat/bg-match-04.mat");
  await dropPath(page, file);
  await page.selectOption("#game-no", "3");
  await page.waitForFunction(() => document.body.dataset.shown && document.body.dataset.shown.startsWith("3:"));
  await page.focus("#next");
  await press(page, "Home", 3, 0);
  for (let i = 1; i <= 4; i++) await press(page, "ArrowRight", 3, i);
  const g3 = await position(page);
  check("bg-match-04.mat game 3, move 4, as show's", () =>
    assert.deepStrictEqual(g3, cliShow(file, "backgammon", 4, 3)));
  const moveTexts = await page.$$eval("#moves button", bs => bs.map(b => b.querySelector(".move").textContent));
  const cliMoves = jsonLines(cli(["convert", "--to", "json", file]).out).find(g => g.game === 3).moves.map(m => m.move);
  check("bg-match-04.mat game 3: its moves listed as convert --to json's", () =>
    assert.deepStrictEqual(moveTexts, cliMoves));
  await shot(page, "positions-session");
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// Convert to every form of the game and download: the same bytes as
// `notate convert`; fmt's button: the same text as `notate fmt`.
cases.convert = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1200, height: 900 } });
  for (const rel of ["backgammon/mat/bg-match-03.mat", "backgammon/sheet/bg-sheet-02.bg",
                     "bao/legal/bao-legal-03.bao", "umlabalaba/legal/uml-legal-02.umla",
                     "umlabalaba/legal/uml-legal-04.umla"]) {
    const file = corpus(rel);
    await dropPath(page, file);
    const forms = await page.$$eval("#form option", os => os.map(o => o.value));
    const game = (await page.textContent("#status")).split(" ")[0];
    const listed = cli(["games"]).out.split("\n");
    const at = listed.findIndex(l => l.startsWith(game + ":"));
    const cliForms = listed[at + 2].replace(/^\s*forms:\s*/, "").split(" ");
    check(rel + ": the forms of `notate games`", () => assert.deepStrictEqual(forms, cliForms));
    for (const form of forms) {
      await page.selectOption("#form", form);
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#convert")]);
      const got = fs.readFileSync(await download.path());
      // Run beside the file, so that JSON names it as the page does.
      const want = cli(["convert", "--to", form, path.basename(file)], undefined, path.dirname(file));
      check(rel + " to " + form + ": as notate convert", () => {
        assert.strictEqual(want.status, 0);
        assert.ok(got.equals(want.bytes), "the download differs from the command's output");
      });
    }
    const want = cli(["fmt", file]).out.replace(/\r\n/g, "\n");
    await driver.afterCheck(page, () => page.click("#fmt"));
    const text = await page.inputValue("#text");
    check(rel + ": Format gives notate fmt's text", () => assert.strictEqual(text, want));
    const original = fs.readFileSync(file, "utf8").replace(/\r\n?/g, "\n");
    if (original !== want) {
      await driver.afterCheck(page, () => page.keyboard.press("Control+z"));
      const undone = await page.inputValue("#text");
      check(rel + ": undo brings the text before Format back", () => assert.strictEqual(undone, original));
    }
  }
  // A record with an error is not converted, as on the command line.
  const bad = corpus("umlabalaba/illegal/uml-illegal-03.umla");
  await dropPath(page, bad);
  await page.selectOption("#form", "electronic");
  let downloaded = false;
  page.on("download", () => { downloaded = true; });
  await page.click("#convert");
  await page.waitForFunction(() => document.getElementById("convert-status").textContent !== "");
  const said = await page.textContent("#convert-status");
  check("an illegal record: no conversion, and it says why", () => {
    assert.strictEqual(cli(["convert", "--to", "electronic", bad]).out, "");
    assert.match(said, /Not converted/);
    assert.strictEqual(downloaded, false);
  });
  await shot(page, "convert");
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// The marked span of a diagnostic is what `--context` marks.
function contextSpan(file, code) {
  const lines = cli(["check", "--context", file]).out.split("\n");
  const spans = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!/: (error|warning|style): /.test(lines[i])) continue;
    const text = lines[i + 1], caret = lines[i + 2];
    const bar = text.indexOf(" | ");
    if (bar < 0 || caret.indexOf(" | ") !== bar) continue;
    const t = text.slice(bar + 3), c = caret.slice(bar + 3);
    const from = c.indexOf("^");
    const to = from + c.slice(from).replace(/[^~^\t].*$/, "").length;
    spans.push(t.slice(from, to));
  }
  return spans;
}

cases.context = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1200, height: 900 } });
  let n = 0;
  for (const dir of ["backgammon/illegal", "bao/illegal", "umlabalaba/illegal"]) {
    const files = fs.readdirSync(corpus(dir)).filter(f => KNOWN.includes(path.extname(f))).sort();
    for (const f of files.slice(0, 8)) {
      const file = corpus(path.join(dir, f));
      await dropPath(page, file);
      const spans = contextSpan(file);
      const count = await page.$$eval("#diags li.diag", l => l.length);
      check(dir + "/" + f + ": a diagnostic per --context span", () => assert.strictEqual(count, spans.length));
      if (count === 0) continue;
      await page.click("#diags li.diag button");
      await page.waitForSelector("#context:not([hidden])");
      const mark = await page.textContent("#context-line mark");
      const line = await page.textContent("#context-line");
      check(dir + "/" + f + ": the span marked as --context marks it", () =>
        assert.strictEqual(mark, spans[0] || " "));
      const d = (await pageDiags(page))[0];
      check(dir + "/" + f + ": its line, numbered", () => assert.ok(line.trimStart().startsWith(d.line + " | "), line));
      if (d.endLine === d.line) {
        await page.click("#context-edit");
        const selected = await page.evaluate(() => {
          const t = document.getElementById("text");
          return t.value.slice(t.selectionStart, t.selectionEnd);
        });
        check(dir + "/" + f + ": Edit selects the span in the text", () => assert.strictEqual(selected, mark));
      }
      if (n++ === 0) await shot(page, "context");
    }
  }
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// Typing checks again once the typing pauses, not at every key.
cases.typing = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1200, height: 900 } });
  await page.waitForSelector("body[data-state=ready]");
  const text = "[Event \"typed\"]\n\n1B>04 1W>16\n2B>04\n";
  await page.click("#text");
  const before = await driver.checks(page);
  await driver.afterCheck(page, () => page.keyboard.type(text, { delay: 15 }));
  await page.waitForTimeout(700);
  const after = await driver.checks(page);
  check("far fewer checks than keys typed (debounced): " + (after - before), () =>
    assert.ok(after - before < text.length / 4, String(after - before)));
  const want = jsonLines(cli(["check", "-f", "json", "-"], text).out).filter(l => !l.summary);
  sameDiags("the typed record", await pageDiags(page), want);
  check("the typed record has its error", () => assert.ok(want.length > 0));
  await shot(page, "typing-error");
  // Mending it: the finding goes.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Backspace");
  await driver.afterCheck(page, () => page.keyboard.type("15\n", { delay: 15 }));
  const mended = await page.inputValue("#text");
  const want2 = jsonLines(cli(["check", "-f", "json", "-"], mended).out);
  sameDiags("the mended record", await pageDiags(page), want2.filter(l => !l.summary));
  check("the mended record is legal", () => assert.strictEqual(want2.find(l => l.summary).summary.errors, 0));
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// Markup and script in names, tags and comments stay text.
cases.hostile = async browser => {
  const payload = "<img src=x onerror=\"window.__pwned=1\">";
  const payload2 = "</textarea><script>window.__pwned=2</script>";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nt-web-"));
  const bg = fs.readFileSync(corpus("backgammon/mat/bg-match-01.mat"), "utf8")
    .replace(/Alice/g, payload).replace(/Bob/g, payload2)
    .replace("; [Site \"Riverside Club\"]", "; [Site \"" + payload2 + "\"]");
  const um = fs.readFileSync(corpus("umlabalaba/legal/uml-legal-01.umla"), "utf8")
    .replace(/\[Black "[^"]*"\]/, "[Black \"" + payload + "\"]")
    .replace(/\n\n/, "\n\n{" + payload2 + "}\n");
  const bao = fs.readFileSync(corpus("bao/legal/bao-legal-01.bao"), "utf8")
    .replace(/\[South "[^"]*"\]/, "[South \"" + payload + "\"]")
    .replace(/\[North "[^"]*"\]/, "[North \"" + payload2 + "\"]");
  // And a diagnostic that quotes the payload: a move written as markup.
  const badUm = um.replace(/\n1B>0?4/, "\n1B>" + payload);
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1200, height: 900 } });
  let dialogs = 0;
  page.on("dialog", d => { dialogs++; d.dismiss(); });
  for (const [name, text] of [["hostile.mat", bg], ["hostile.umla", um], ["hostile.bao", bao],
                               ["hostile-bad.umla", badUm]]) {
    fs.writeFileSync(path.join(dir, name), text);
    await driver.dropFile(page, name, Buffer.from(text));
    const want = cliCheck(path.join(dir, name));
    sameDiags(name, await pageDiags(page), want.diags);
    const probe = await page.evaluate(() => ({
      pwned: window.__pwned,
      scripts: document.querySelectorAll("script").length,
      images: [...document.images].map(i => i.id),
      text: document.getElementById("text").value
    }));
    check(name + ": no markup of the record became part of the page", () => {
      assert.strictEqual(probe.pwned, undefined);
      assert.deepStrictEqual(probe.images, ["picture"]);
      assert.ok(probe.scripts <= 3, String(probe.scripts));
      assert.strictEqual(probe.text, text);
    });
    if (name === "hostile.mat") {
      const players = await page.$eval("#facts dd[data-key=players]", d => d.textContent);
      check(name + ": the names shown as text", () => assert.strictEqual(players, payload + ", " + payload2));
    }
    if (name === "hostile-bad.umla") {
      const at = want.diags.findIndex(d => d.message.includes("1B>"));
      const msgs = await page.$$eval("#diags .message", ms => ms.map(m => m.textContent));
      check(name + ": the message quoting it shown as text", () => {
        assert.ok(at >= 0);
        assert.strictEqual(msgs[at], want.diags[at].message);
      });
      await page.click("#diags li.diag:nth-child(" + (at + 1) + ") button");
      const line = await page.textContent("#context-line");
      check(name + ": its line shown as text", () => assert.ok(line.includes("1B>" + payload), line));
    }
    await shot(page, "hostile-" + name.replace(/\W/g, "_"));
  }
  await page.waitForTimeout(300);
  check("no dialog, and nothing ran", () => {
    assert.strictEqual(dialogs, 0);
  });
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// A file of 10 MB or more, a binary file, an empty record, and a text no
// game claims each get a message; the page stays responsive meanwhile.
cases.files = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 1200, height: 900 } });
  await page.waitForSelector("body[data-state=ready]");
  const status = () => page.textContent("#status");
  await page.evaluate(size => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(size).fill(49)], "huge.umla"));
    document.getElementById("text").dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, 10 * 1024 * 1024 + 10);
  await page.waitForFunction(() => /10 MB/.test(document.getElementById("status").textContent));
  const said = await status();
  check("a 10 MB file: its message", () => assert.match(said, /huge\.umla is 10\.0 MB: this page reads records under 10 MB/));
  await shot(page, "files-too-large");
  // Binary: bytes with NULs, under a name no game claims.
  const bin = Buffer.alloc(5000);
  for (let i = 0; i < bin.length; i++) bin[i] = (i * 7919) & 0xff;
  await driver.dropFile(page, "photo.jpg", bin);
  const said2 = await status();
  check("a binary file: a message", () => assert.match(said2, /photo\.jpg is a binary file, not a record that notate reads/));
  const shownText = await page.inputValue("#text");
  check("a binary file: the editor stays empty", () => assert.strictEqual(shownText, ""));
  await shot(page, "files-binary");
  // A text no game claims.
  await driver.dropFile(page, "notes.txt", Buffer.from("shopping: eggs, milk\n"));
  const said3 = await status();
  check("a text of no game: cannot tell which game", () => assert.match(said3, /Cannot tell which game this is/));
  // A large legal record (about 9 MB): checked in the worker while the page
  // goes on answering.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nt-web-")), "large.mat");
  const made = spawnSync("sh", [path.join(driver.root, "tools", "bg-session.sh"), "2300",
                                corpus("backgammon/mat/bg-money-01.mat")], { maxBuffer: 64 << 20 });
  fs.writeFileSync(file, made.stdout);
  const want = cliCheck(file);
  check("the large record is legal and about 9 MB", () => {
    assert.strictEqual(want.summary.errors, 0);
    assert.ok(made.stdout.length > 8e6 && made.stdout.length < LIMIT_BYTES, String(made.stdout.length));
  });
  // The bytes go to the page first: the drop below is then one step.
  await page.evaluate(b64 => {
    const text = atob(b64);
    window.__large = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) window.__large[i] = text.charCodeAt(i);
  }, made.stdout.toString("base64"));
  // While it is checked, the page goes on answering: its event loop turns
  // while the check is pending (a check on the page's own thread would
  // hold it until the end).
  const turns = await page.evaluate(async () => {
    const before = Number(document.body.dataset.checks || 0);
    const dt = new DataTransfer();
    dt.items.add(new File([window.__large], "large.mat"));
    document.getElementById("text").dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: dt }));
    let turns = 0;
    const t0 = Date.now();
    while (Number(document.body.dataset.checks || 0) === before && Date.now() - t0 < 120000) {
      await new Promise(r => setTimeout(r, 0));
      if (document.body.dataset.state === "checking") turns++;
    }
    return turns;
  });
  check("the page's event loop turns while a large record is checked (" + turns + " times)", () =>
    assert.ok(turns >= 3, String(turns)));
  const s = await pageSummary(page);
  check("the large record: the command's summary", () => assert.deepStrictEqual(
    [s.games, s.moves, s.errors], [want.summary.games, want.summary.moves, want.summary.errors]));
  await shot(page, "files-large");
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// Nothing is fetched from anywhere but the page's own files, whether it is
// opened from file:// or from a web server.
cases.requests = async browser => {
  const host = await driver.serve(WEB);
  try {
    for (const url of [PAGE, host.url]) {
      const context = await browser.newContext({ acceptDownloads: true });
      const seen = [];
      context.on("request", r => seen.push(r.url()));
      const page = await context.newPage();
      page.errors = [];
      page.on("pageerror", e => page.errors.push(e.message));
      await page.goto(url);
      await page.waitForSelector("body[data-state=ready]");
      await dropPath(page, corpus("backgammon/mat/bg-match-03.mat"));
      await page.focus("#next");
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(() => document.body.dataset.shown === "1:1");
      await page.click("#diags li button").catch(() => {});
      await Promise.all([page.waitForEvent("download"), page.click("#convert")]);
      const origin = url.startsWith("file:") ? "file://" : host.url;
      const foreign = seen.filter(u => !u.startsWith(origin) && !u.startsWith("blob:") && !u.startsWith("data:"));
      check(url + ": every request is the page's own (" + seen.length + ")", () =>
        assert.deepStrictEqual(foreign, []));
      if (!url.startsWith("file:")) {
        check(url + ": the module is fetched as notate.wasm, not as base64", () => {
          assert.ok(seen.some(u => u.endsWith("/notate.wasm")));
          assert.ok(!seen.some(u => u.endsWith("/notate-wasm.js")));
        });
      }
      const csp = await page.$eval("meta[http-equiv=Content-Security-Policy]", m => m.content);
      check(url + ": the page forbids other origins", () => assert.match(csp, /default-src 'none'/));
      check(url + ": no script errors", () => assert.deepStrictEqual(page.errors, []));
      await context.close();
    }
  } finally {
    host.server.close();
  }
};

// 320 px wide, and driven by the keyboard alone.
cases.layout = async browser => {
  const page = await driver.openPage(browser, PAGE, { viewport: { width: 320, height: 900 } });
  await page.waitForSelector("body[data-state=ready]");
  await dropPath(page, corpus("backgammon/illegal/bg-illegal-05.mat"));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check("320 px wide: nothing wider than the window (" + width + ")", () => assert.ok(width <= 320, String(width)));
  await shot(page, "layout-320");
  // The keyboard reaches every control, in order.
  await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
  const order = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    order.push(await page.evaluate(() => {
      const e = document.activeElement;
      return e.id || (e.closest("#diags") ? "diag" : e.closest("#moves") ? "move" : e.tagName);
    }));
  }
  check("Tab reaches every control: " + [...new Set(order)].join(" "), () => {
    for (const id of ["open", "clear", "game", "lint", "text", "fmt", "form", "convert", "diag", "first", "prev", "move"])
      assert.ok(order.includes(id), id);
  });
  // Enter on a diagnostic shows its line.
  await page.focus("#diags li.diag button");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#context:not([hidden])");
  // (The line shown may scroll sideways, and takes the focus on its way.)
  for (let i = 0; i < 3 && await page.evaluate(() => document.activeElement.id) !== "context-edit"; i++)
    await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const active = await page.evaluate(() => document.activeElement.id);
  check("Edit this line takes the focus to the text", () => assert.strictEqual(active, "text"));
  await page.focus("#prev");
  const shownNow = await shown(page);
  const [, step] = shownNow.split(":").map(Number);
  await press(page, "ArrowLeft", 1, step - 1);
  await press(page, "Home", 1, 0);
  await press(page, "ArrowRight", 1, 1);
  await page.focus("#moves button");
  await press(page, "ArrowRight", 1, 2);
  await shot(page, "layout-320-keyboard");
  check("no script errors", () => assert.deepStrictEqual(page.errors, []));
};

// ------------------------------------------------------------ main

(async () => {
  const name = process.argv[2];
  if (!cases[name]) {
    console.error("usage: node tests/web/page-test.js " + Object.keys(cases).join("|"));
    process.exit(2);
  }
  const browser = await driver.launch();
  try {
    await cases[name](browser);
  } catch (err) {
    failures++;
    console.log("not ok - " + name + " stopped: " + (err.stack || err));
  } finally {
    await browser.close();
  }
  console.log(name + ": " + passes + " passed, " + failures + " failed");
  process.exit(failures === 0 ? 0 : 1);
})();
