/*
 * Drives the web page (build/web/) in Debian's Chromium through
 * playwright-core, for the page's tests (tests/web/) and its benchmark
 * (tools/bench-web.sh): starting the browser, serving the page on a
 * loopback port, dropping a file on the page, and waiting for its check.
 */
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");

const root = path.resolve(__dirname, "..", "..");
const tools = process.env.WEB_TOOLS || path.join(root, "build", "tools", "web");

// The flags under which Chromium runs here: no sandbox (root), and none
// of its own connections to the network.
const FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update",
  "--disable-sync", "--hide-scrollbars"
];

function chromiumPath() {
  for (const p of [process.env.NT_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"])
    if (p && fs.existsSync(p)) return p;
  return null;
}

function playwright() {
  return require(path.join(tools, "node_modules", "playwright-core"));
}

async function launch() {
  return playwright().chromium.launch({
    executablePath: chromiumPath(), headless: true, args: FLAGS
  });
}

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".wasm": "application/wasm"
};

// A static host for DIR on 127.0.0.1 (a free port): what a web server
// would do with the files of build/web, and nothing else.
function serve(dir) {
  dir = path.resolve(dir);
  return new Promise(resolve => {
    const server = http.createServer((req, res) => {
      const name = decodeURIComponent(new URL(req.url, "http://x").pathname);
      const file = path.join(dir, name === "/" ? "index.html" : name);
      if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) ||
          !fs.statSync(file).isFile()) {
        res.writeHead(404);
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
      res.end(fs.readFileSync(file));
    });
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, url: "http://127.0.0.1:" + server.address().port + "/" });
    });
  });
}

// Opens the page and waits until notate.wasm is running in its worker.
async function openPage(browser, url, options) {
  const context = await browser.newContext(Object.assign({ acceptDownloads: true }, options || {}));
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", e => page.errors.push(e.message));
  page.on("console", m => { if (m.type() === "error") page.errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector("body[data-state]", { state: "attached", timeout: 20000 });
  return page;
}

async function checks(page) {
  return Number(await page.evaluate(() => document.body.dataset.checks || 0));
}

// Runs ACTION and waits for the check it starts to be shown.
async function afterCheck(page, action, timeout) {
  const before = await checks(page);
  await action();
  await page.waitForFunction(n => Number(document.body.dataset.checks || 0) > n &&
                             document.body.dataset.state === "checked", before,
                             { timeout: timeout || 20000 });
}

// Drops a file on the record box, as a person drags one from a folder.
async function dropFile(page, name, bytes) {
  await afterCheck(page, () => page.evaluate(({ name, b64 }) => {
    const text = atob(b64);
    const data = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) data[i] = text.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([data], name));
    const target = document.getElementById("text");
    for (const type of ["dragenter", "dragover", "drop"])
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, { name, b64: Buffer.from(bytes).toString("base64") }));
}

module.exports = { FLAGS, chromiumPath, playwright, launch, serve, openPage, afterCheck, dropFile, checks, root, tools };
