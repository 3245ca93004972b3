import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvFile } from "./csv-file.server";
import { pasteableLines, pasteableText, spreadsheetCell } from "./spreadsheet";

describe("spreadsheetCell", () => {
  it("neutralises what a spreadsheet would run as a formula", () => {
    for (const bad of ['=HYPERLINK("https://evil.example","x")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "=1+1", "+", "-", "@"]) {
      expect(spreadsheetCell(bad), JSON.stringify(bad)).toBe(`'${bad}`);
    }
  });
  it("keeps numbers, empty cells and ordinary text as they are", () => {
    for (const ok of ["-5.2", "+3", "-0", "1e3", "-.5", "12", "Rivera, Ana", "O'Neil", "a=b", " =not first", ""]) expect(spreadsheetCell(ok)).toBe(ok);
    expect(spreadsheetCell(-1.5)).toBe("-1.5");
    expect(spreadsheetCell(null)).toBe("");
    expect(spreadsheetCell(undefined)).toBe("");
  });
});

describe("csvFile", () => {
  it("writes every cell neutralised and quoted as RFC 4180 wants, readable back", () => {
    const text = csvFile([["Name", "Speed", "Comment"], ["=cmd", "-0.85", 'says "hi", then\nleaves']]);
    expect(parse(text)).toEqual([["Name", "Speed", "Comment"], ["'=cmd", "-0.85", 'says "hi", then\nleaves']]);
  });
});

describe("pasteableLines", () => {
  it("neutralises each line that would start a formula", () => {
    expect(pasteableLines(["98977 Device supply", "=HYPERLINK(1), 01/01/2026 – 01/30/2026", "None"])).toBe("98977 Device supply\n'=HYPERLINK(1), 01/01/2026 – 01/30/2026\nNone");
  });
});

describe("pasteableText", () => {
  it("neutralises every cell a paste makes: after a line break, a carriage return or a tab inside a value", () => {
    expect(pasteableLines(["Ana\n=HYPERLINK(1), 01/01/2026"])).toBe("Ana\n'=HYPERLINK(1), 01/01/2026");
    expect(pasteableText("Bob\t=cmd|' /C calc'!A0")).toBe("Bob\t'=cmd|' /C calc'!A0");
    expect(pasteableText("Bob\r=1+1\r\n@SUM(A1)")).toBe("Bob\n'=1+1\n'@SUM(A1)");
  });
  it("leaves single values as they are: e-mails, UUIDs, links, numbers", () => {
    for (const ok of ["ana.rivera@clinic.example", "3f0c3c1e-8a4b-4c1d-9d55-0a1b2c3d4e5f", "https://portal.example/signup?code=ABC", "-12.5", "A1B2C3"]) {
      expect(pasteableText(ok)).toBe(ok);
    }
  });
  it("is idempotent: text neutralised once is not changed again", () => {
    const once = pasteableText("=1+1\n+2\tx");
    expect(pasteableText(once)).toBe(once);
  });
});
