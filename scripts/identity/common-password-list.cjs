/**
 * The common-password list (ASVS 4.0.3 2.1.7) for the development identity service, which enforces it like the portal
 * (app/auth/password.server.ts): the same data, read once, compared the same way (app/domain/password.ts's
 * normalisePassword: NFKC, runs of spaces as one, lower case).
 *
 * `readCommonPasswords()` is the one place here that knows where the list lives and how it is stored: the portal's word
 * list, wordlists/common-passwords.txt.br (Brotli, one password a line; ADR 037).
 */
"use strict";
const { readFileSync } = require("node:fs");
const { brotliDecompressSync } = require("node:zlib");
const path = require("node:path");

const PROJECT_ROOT = path.resolve(__dirname, "..", "..");

/** The list's passwords, one a line, as stored. */
function readCommonPasswords() {
  const text = brotliDecompressSync(readFileSync(path.join(PROJECT_ROOT, "wordlists", "common-passwords.txt.br"))).toString("utf8");
  return text.split("\n").filter(Boolean);
}

/** As app/domain/password.ts compares them. */
const normalisePassword = (password) => password.normalize("NFKC").replace(/ {2,}/g, " ").toLowerCase();

let list;
/** Whether `password` is on the list (the list is read on first use). */
function isCommonPassword(password) {
  list ??= new Set(readCommonPasswords());
  return typeof password === "string" && list.has(normalisePassword(password));
}

module.exports = { readCommonPasswords, isCommonPassword };
