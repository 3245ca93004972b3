import { describe, expect, it } from "vitest";
import { HtmlBatches } from "./html-batches.server";

const chunksOf = (stream: HtmlBatches) => {
  const out: string[] = [];
  stream.on("data", (c: Buffer) => out.push(c.toString()));
  return out;
};

describe("HtmlBatches", () => {
  it("passes React's chunks on as one per flush() (a batch), in order", async () => {
    const s = new HtmlBatches();
    const out = chunksOf(s);
    s.write("<html>");
    s.write("<body>");
    s.flush();
    s.write("<template>a</template>");
    s.flush();
    s.flush(); // nothing new: nothing sent
    await new Promise((r) => setImmediate(r));
    expect(out).toEqual(["<html><body>", "<template>a</template>"]);
  });

  it("sends what is left at the end", async () => {
    const s = new HtmlBatches();
    const out = chunksOf(s);
    const ended = new Promise((r) => s.on("end", r));
    s.write("</body>");
    s.end("</html>");
    await ended;
    expect(out.join("")).toBe("</body></html>");
  });
});
