/*
 * The page's worker: runs notate.wasm off the page's thread, so that the
 * page stays responsive while a record is read.  The page starts it from
 * this function's text (a worker script cannot be loaded from file://),
 * hands it the compiled module, then a record's bytes and requests; each
 * reply is the JSON text notate.wasm answers.
 */
"use strict";

function notateWorker() {
  "use strict";
  let wasm = null;
  let doc = new Uint8Array(0);

  // The few WASI calls wasi-libc makes here: writes to standard error
  // (nothing of the library's normal work) go to the console.
  function wasiImports(memory) {
    return {
      fd_write(fd, iovs, count, written) {
        const view = new DataView(memory().buffer);
        let total = 0;
        let text = "";
        for (let i = 0; i < count; i++) {
          const at = view.getUint32(iovs + 8 * i, true);
          const len = view.getUint32(iovs + 8 * i + 4, true);
          text += new TextDecoder().decode(new Uint8Array(memory().buffer, at, len));
          total += len;
        }
        if (text) console.warn("notate.wasm: " + text);
        view.setUint32(written, total, true);
        return 0;
      },
      fd_close() { return 0; },
      fd_seek() { return 70; }, // ESPIPE: there are no files
      // The page has no environment: getenv finds nothing.
      environ_sizes_get(count, size) {
        const view = new DataView(memory().buffer);
        view.setUint32(count, 0, true);
        view.setUint32(size, 0, true);
        return 0;
      },
      environ_get() { return 0; },
      // No folder is opened for the module: wasi-libc asks at start-up.
      fd_prestat_get() { return 8; }, // EBADF: no more preopened folders
      proc_exit(code) { throw new Error("notate.wasm exited with " + code); }
    };
  }

  // Any other WASI call the module imports is answered ENOSYS (52):
  // nothing the library does on this page needs one.
  function withFallback(known) {
    return new Proxy(known, {
      get(target, name) {
        return name in target ? target[name] : () => 52;
      }
    });
  }

  async function load(module) {
    let memory = null;
    const imports = { wasi_snapshot_preview1: withFallback(wasiImports(() => memory)) };
    // Given a compiled module, instantiate gives the instance itself.
    const made = await WebAssembly.instantiate(module, imports);
    const instance = made instanceof WebAssembly.Instance ? made : made.instance;
    memory = instance.exports.memory;
    instance.exports._initialize();
    wasm = instance.exports;
  }

  function put(bytes) {
    const at = wasm.nt_web_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
    return at;
  }

  // One request: NAME=VALUE lines; the reply's JSON text.
  function call(fields, data) {
    const lines = Object.keys(fields).map(
      k => k + "=" + String(fields[k]).replace(/[\r\n\0]/g, " "));
    const req = put(new TextEncoder().encode(lines.join("\n") + "\0"));
    const at = put(data);
    const reply = wasm.nt_web_call(req, at, data.length);
    wasm.nt_web_free(req);
    wasm.nt_web_free(at);
    if (reply === 0) return JSON.stringify({ error: "out of memory" });
    const len = new DataView(wasm.memory.buffer).getUint32(reply, true);
    const text = new TextDecoder().decode(
      new Uint8Array(wasm.memory.buffer, reply + 4, len));
    wasm.nt_web_free(reply);
    return text;
  }

  self.onmessage = async event => {
    const msg = event.data;
    try {
      if (msg.type === "init") {
        await load(msg.wasm);
        self.postMessage({ type: "ready", games: call({ op: "games" }, doc) });
        return;
      }
      if (msg.doc) doc = new Uint8Array(msg.doc);
      const t0 = performance.now();
      const text = call(msg.fields, doc);
      self.postMessage({ type: "reply", id: msg.id, text,
                         ms: performance.now() - t0 });
    } catch (err) {
      self.postMessage({ type: "failed", id: msg.id, message: String(err) });
    }
  };
}
