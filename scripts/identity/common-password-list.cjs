/**
 * The common-password list (ASVS 4.0.3 2.1.7) for the development identity service, which enforces it like the portal
 * (app/auth/password.server.ts): the same data, read once, compared the same way (app/domain/password.ts's
 * normalisePassword: NFKC, runs of spaces as one, lower case).
 *
 * `readCommonPasswords()` is the one place that knows where the list lives and how it is stored: today the generated
 * module app/auth/common-passwords.server.ts (its template literal, one password a line). When the list becomes a
 * word-list file of its own, point this function at it (nothing else here changes).
 */
"use strict";
const { readFileSync } = require("node:fs");
const path = require("node:path");

const PROJECT_ROOT = path.resolve(__dirname, "..", "..");

/** The list's passwords, one a line, as stored. */
function readCommonPasswords() {
  const text = readFileSync(path.join(PROJECT_ROOT, "app", "auth", "common-passwords.server.ts"), "utf8");
  const match = /COMMON_PASSWORDS\s*=\s*`([^`]*)`/.exec(text);
  if (!match) throw new Error("common-password list: app/auth/common-passwords.server.ts has no COMMON_PASSWORDS list");
  return match[1].split("\n").filter(Boolean);
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
