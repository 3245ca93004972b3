import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { careNoteSchema, careNoteTextSchema, interactionValues } from "./care-note";
import { gaitCommentSchema } from "./gait-comment";

const form = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};
const parse = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) => parseWithZod(form(entries), { schema });
const errors = (schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) => {
  const s = parse(schema, entries);
  return s.status === "error" ? s.error : null;
};

const TODAY = "2026-03-10";

describe("care note (000 §5), messages verbatim", () => {
  const schema = careNoteSchema(TODAY);

  it("requires date, minutes and notes", () => {
    expect(errors(schema, { date: "", minutes: "", notes: "" })).toEqual({ date: ["Date is required"], minutes: ["Minutes are required"], notes: ["Notes are required"] });
    expect(errors(schema, { date: "2026-03-10", minutes: "20", notes: "   " })).toEqual({ notes: ["Notes are required"] });
  });

  it("refuses a date in the future and negative minutes", () => {
    expect(errors(schema, { date: "2026-03-11", minutes: "-1", notes: "Call" })).toEqual({ date: ["Date cannot be in the future."], minutes: ["Minutes are required"] });
    expect(errors(schema, { date: "2026-02-30x", minutes: "1441", notes: "Call" })).toEqual({ date: ["Date is required"], minutes: ["Minutes cannot be more than 1440."] });
  });

  it("refuses a date before 2000 at the field (issue 34: the shared date bounds)", () => {
    expect(errors(schema, { date: "1900-01-01", minutes: "20", notes: "Call" })).toEqual({ date: ["Date must be on or after 01/01/2000."] });
    expect(errors(schema, { date: "2000-01-01", minutes: "20", notes: "Call" })).toBeNull();
  });

  it("refuses minutes that are not a whole number, and a reply echoes them as typed (issue 25)", () => {
    for (const typed of ["abc", "12.5", "1e3", "0x10", "20 min"]) {
      const s = parse(schema, { date: TODAY, minutes: typed, notes: "Call" });
      expect(s.status, typed).toBe("error");
      expect(s.reply().error, typed).toEqual({ minutes: ["Enter the minutes as a whole number."] });
      // The reply's initial value is what the field shows again: the text as typed, not empty.
      expect(s.reply().initialValue?.minutes, typed).toBe(typed);
    }
    const spaced = parseWithZod(form({ date: TODAY, minutes: " 45 ", notes: "Call" }), { schema });
    expect(spaced.status === "success" && spaced.value.minutes).toBe(45);
  });

  it("counts a line break as two characters against the 500 limit", () => {
    expect(errors(schema, { date: TODAY, minutes: "20", notes: `${"a".repeat(250)}\r\n${"b".repeat(249)}` })).toEqual({ notes: ["Max Character Limit is 500"] });
    const ok = parse(schema, { date: TODAY, minutes: "0", notes: `${"a".repeat(249)}\r\n${"b".repeat(249)}`, liveMethod: "PHONE", liveOutcome: "TWO_WAY" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ date: TODAY, minutes: 0, notes: `${"a".repeat(249)}\n${"b".repeat(249)}`, liveInteraction: { method: "PHONE", twoWay: true }, unsuccessfulAttempt: false });
  });

  describe("the call (ADR 033): its method and how it went", () => {
    const value = (entries: Record<string, string>) => {
      const s = parse(schema, { date: TODAY, minutes: "15", notes: "Call", ...entries });
      return s.status === "success" ? (({ date: _d, minutes: _m, notes: _n, ...call }) => call)(s.value as Record<string, unknown>) : s.error;
    };
    it("no call by default (data review, messages): the outcome is not read without one", () => {
      expect(value({})).toEqual({ liveInteraction: null, unsuccessfulAttempt: false });
      expect(value({ liveMethod: "NONE", liveOutcome: "ONE_WAY" })).toEqual({ liveInteraction: null, unsuccessfulAttempt: false });
    });
    it("a two-way phone or video call, a one-way call (voicemail), an unsuccessful attempt", () => {
      expect(value({ liveMethod: "VIDEO", liveOutcome: "TWO_WAY" })).toEqual({ liveInteraction: { method: "VIDEO", twoWay: true }, unsuccessfulAttempt: false });
      expect(value({ liveMethod: "PHONE", liveOutcome: "ONE_WAY" })).toEqual({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: false });
      expect(value({ liveMethod: "PHONE", liveOutcome: "UNSUCCESSFUL" })).toEqual({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true });
    });
    it("an older note's flag whose method was not recorded is kept as it was", () => {
      expect(value({ liveMethod: "UNRECORDED", liveOutcome: "TWO_WAY" })).toEqual({ liveInteraction: null, unsuccessfulAttempt: false, isPatientInteraction: true });
    });
    it("a note of 0 minutes is no patient interaction: an older note's flag is not sent again (ADR 049)", () => {
      expect(value({ minutes: "0", liveMethod: "UNRECORDED", liveOutcome: "TWO_WAY" })).toEqual({ liveInteraction: null, unsuccessfulAttempt: false });
    });
    it("an unsuccessful attempt needs its call; values not offered are refused at their field", () => {
      expect(value({ liveMethod: "NONE", liveOutcome: "UNSUCCESSFUL" })).toEqual({ liveMethod: ["Choose the phone or video call that was tried."] });
      // Shown with the other fields' errors.
      expect(errors(schema, { date: "", minutes: "15", notes: "Call", liveMethod: "NONE", liveOutcome: "UNSUCCESSFUL" })).toEqual({ date: ["Date is required"], liveMethod: ["Choose the phone or video call that was tried."] });
      expect(value({ liveMethod: "EMAIL" })).toEqual({ liveMethod: ["Choose the call: none, phone or video."] });
      expect(value({ liveMethod: "PHONE", liveOutcome: "MAYBE" })).toEqual({ liveOutcome: ["Choose how the call went."] });
    });
    it("the edit dialog starts from the note's stored call", () => {
      const note = (n: Partial<Parameters<typeof interactionValues>[0]>) => interactionValues({ isPatientInteraction: false, liveInteraction: null, unsuccessfulAttempt: false, ...n });
      expect(note({})).toEqual({ liveMethod: "NONE", liveOutcome: "TWO_WAY" });
      expect(note({ isPatientInteraction: true })).toEqual({ liveMethod: "UNRECORDED", liveOutcome: "TWO_WAY" });
      expect(note({ isPatientInteraction: true, liveInteraction: { method: "VIDEO", twoWay: true } })).toEqual({ liveMethod: "VIDEO", liveOutcome: "TWO_WAY" });
      expect(note({ liveInteraction: { method: "PHONE", twoWay: false } })).toEqual({ liveMethod: "PHONE", liveOutcome: "ONE_WAY" });
      expect(note({ liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true })).toEqual({ liveMethod: "PHONE", liveOutcome: "UNSUCCESSFUL" });
    });
  });

  it("a note in a billed cycle changes only its notes", () => {
    expect(errors(careNoteTextSchema, { notes: "" })).toEqual({ notes: ["Notes are required"] });
    const ok = parse(careNoteTextSchema, { notes: "fixed", minutes: "99" });
    expect(ok.status === "success" && ok.value).toEqual({ notes: "fixed" });
  });
});

describe("gait comment (000 §5)", () => {
  it("is required and at most 1000 characters, a line break counting as two", () => {
    expect(errors(gaitCommentSchema, { comment: " " })).toEqual({ comment: ["Comment is required."] });
    expect(errors(gaitCommentSchema, { comment: `${"a".repeat(500)}\n${"b".repeat(499)}` })).toEqual({ comment: ["Max Character Limit is 1000"] });
    const ok = parse(gaitCommentSchema, { comment: `${"a".repeat(499)}\r\n${"b".repeat(499)}` });
    expect(ok.status === "success" && ok.value).toEqual({ comment: `${"a".repeat(499)}\n${"b".repeat(499)}` });
  });
});
