/*
 * The web page's part of `make bench` (run by tools/bench-web.sh):
 *   node tools/web/bench.js WEBDIR RECORD RUNS
 * Serves WEBDIR on a loopback port, opens the page in headless Chromium,
 * counts the bytes it downloads, drops RECORD on it and has it checked
 * RUNS more times.  Prints one line of figures:
 *   first_ms median_ms median_wasm_ms http_bytes file_bytes games moves errors
 * (first: the first check, while the browser still compiles the module's
 * hot functions; median: the round trip from the page to its worker and
 * back, the record's bytes included; wasm: inside the worker; the bytes a
 * page from a web server and one opened from file:// load).
 */
"use strict";

const fs = require("fs");
const path = require("path");
const driver = require("./driver.js");

(async () => {
  const [webDir, record, runsArg] = process.argv.slice(2);
  const runs = Math.max(1, Number(runsArg) || 10);
  const browser = await driver.launch();
  const host = await driver.serve(webDir);
  try {
    // From a web server: every response's bytes.
    const context = await browser.newContext();
    let httpBytes = 0;
    const pending = [];
    context.on("response", r => pending.push(r.body().then(b => { httpBytes += b.length; }, () => {})));
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForSelector("body[data-state=ready]", { timeout: 30000 });
    await Promise.all(pending);

    const data = fs.readFileSync(record);
    await page.evaluate(b64 => {
      const text = atob(b64);
      window.__record = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) window.__record[i] = text.charCodeAt(i);
    }, data.toString("base64"));
    await driver.afterCheck(page, () => page.evaluate(name => {
      const dt = new DataTransfer();
      dt.items.add(new File([window.__record], name));
      document.getElementById("text").dispatchEvent(
        new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: dt }));
    }, path.basename(record)), 120000);
    const first = await page.evaluate(() => window.notatePage.lastCheck());
    const summary = await page.evaluate(() => JSON.parse(document.getElementById("status").dataset.summary));
    const trips = [], inside = [];
    for (let i = 0; i < runs; i++) {
      await driver.afterCheck(page, () => page.evaluate(() => { window.notatePage.check(); }), 120000);
      const t = await page.evaluate(() => window.notatePage.lastCheck());
      trips.push(t.roundTrip);
      inside.push(t.ms);
    }
    await context.close();

    // Opened from file://: the page's own files, as read from the folder.
    const fileContext = await browser.newContext();
    const files = new Set();
    fileContext.on("request", r => { if (r.url().startsWith("file://")) files.add(new URL(r.url()).pathname); });
    const filePage = await fileContext.newPage();
    await filePage.goto("file://" + path.resolve(webDir, "index.html"));
    await filePage.waitForSelector("body[data-state=ready]", { timeout: 30000 });
    const fileBytes = [...files].reduce((n, f) => n + fs.statSync(decodeURIComponent(f)).size, 0);
    await fileContext.close();

    const median = v => v.slice().sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
    console.log([first.roundTrip, median(trips), median(inside)].map(x => x.toFixed(2)).join(" ") +
                " " + httpBytes + " " + fileBytes + " " + summary.games + " " +
                summary.moves + " " + summary.errors);
  } finally {
    host.server.close();
    await browser.close();
  }
})().catch(err => {
  console.error("bench: " + (err.stack || err));
  process.exit(1);
});
