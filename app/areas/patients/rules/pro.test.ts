import { describe, expect, it } from "vitest";
import { hasProData, proAnswerRows, proCharts, proLabel, type ProQuestion } from "./pro";

const q = (over: Partial<ProQuestion>): ProQuestion => ({
  id: "q1",
  questionId: "LEVEL_OF_PAIN",
  text: "What is your level of pain today?",
  isChartable: true,
  minValue: null,
  maxValue: null,
  proAnswerType: "CHOICE",
  answers: [],
  ...over,
});

describe("proLabel", () => {
  it("labels the pain and strength prompts, and other questions by their text", () => {
    expect(proLabel({ text: "What is your level of pain today?" })).toBe("Pain Level");
    expect(proLabel({ text: "How strong do you feel today?" })).toBe("Strength Level");
    expect(proLabel({ text: "How is your function compared to normal?" })).toBe("How is your function compared to normal?");
  });
});

describe("proCharts", () => {
  it("charts numeric answers oldest first with the default 0–10 range", () => {
    const charts = proCharts(
      [q({ answers: [{ dateTime: "2026-03-03T14:00:00.000Z", value: "4" }, { dateTime: "2026-03-01T14:00:00.000Z", value: " 6 " }, { dateTime: "2026-03-02T14:00:00.000Z", value: "n/a" }] })],
      "America/Denver",
    );
    expect(charts).toEqual([
      {
        id: "q1",
        label: "Pain Level",
        prompt: "What is your level of pain today?",
        yRange: [0, 10],
        points: [
          { dateTime: "2026-03-01T14:00:00.000Z", value: 6, day: "2026-03-01", label: "03/01/2026" },
          { dateTime: "2026-03-03T14:00:00.000Z", value: 4, day: "2026-03-03", label: "03/03/2026" },
        ],
      },
    ]);
  });

  it("uses the question's own bounds when it has them, and leaves out questions without answers or not chartable", () => {
    const charts = proCharts(
      [
        q({ id: "p", questionId: "PERCENTAGE_OF_NORMAL", text: "Percent of normal?", minValue: 0, maxValue: 100, answers: [{ dateTime: "2026-03-01T14:00:00.000Z", value: "55" }] }),
        q({ id: "empty" }),
        q({ id: "t", isChartable: false, proAnswerType: "TEXT", answers: [{ dateTime: "2026-03-01T14:00:00.000Z", value: "fine" }] }),
      ],
      "UTC",
    );
    expect(charts.map((c) => [c.id, c.yRange])).toEqual([["p", [0, 100]]]);
  });
});

describe("proAnswerRows and hasProData", () => {
  it("lists the answers of questions that are not charted, newest first", () => {
    const questions = [
      q({ id: "t", text: "Anything else?", isChartable: false, answers: [{ dateTime: "2026-03-01T14:00:00.000Z", value: "sore" }, { dateTime: "2026-03-04T14:00:00.000Z", value: "better" }] }),
      q({ id: "c", answers: [{ dateTime: "2026-03-02T14:00:00.000Z", value: "3" }] }),
    ];
    expect(proAnswerRows(questions, "UTC")).toEqual([
      { id: "t-1", label: "Anything else?", day: "03/04/2026", value: "better" },
      { id: "t-0", label: "Anything else?", day: "03/01/2026", value: "sore" },
    ]);
    expect(hasProData(questions)).toBe(true);
    expect(hasProData([q({})])).toBe(false);
  });
});
