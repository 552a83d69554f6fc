// Validates SARIF logs against the SARIF 2.1.0 JSON schema (draft 2020-12)
// that Microsoft's SARIF Multitool ships: node validate.js SCHEMA FILE...
// Exits 1 when any file is not valid, printing what is wrong.
"use strict";
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");
const fs = require("fs");

const schema = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let bad = 0;
for (const file of process.argv.slice(3)) {
  let log;
  try {
    log = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    console.log(`${file}: not JSON: ${e.message}`);
    bad++;
    continue;
  }
  if (validate(log)) {
    console.log(`${file}: valid SARIF 2.1.0`);
  } else {
    console.log(`${file}: ${ajv.errorsText(validate.errors)}`);
    bad++;
  }
}
process.exit(bad ? 1 : 0);
