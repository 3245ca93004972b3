import { defineHandlers } from "../../core/handlers.js";
import { ApiError, forbidden, notFound } from "../../core/errors.js";

/** Health check and signed file downloads. */
export const handlers = defineHandlers({
  async checkHealth({ db }) {
    try {
      await db.query("SELECT 1");
    } catch {
      throw new ApiError(503, "The database is not reachable.");
    }
    return { status: "ok" as const };
  },

  async downloadSignedFile({ params, query, signer, files, reply }) {
    const key = signer.verify(params.token, query.expires, query.signature);
    if (!key) throw forbidden("This link has expired or is not valid.");
    const file = await files.get(key);
    if (!file) throw notFound("The file does not exist.");
    const name = key.split("/").pop() ?? "file";
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `inline; filename="${name.replace(/[^\w.-]/g, "_")}"`)
      .type(file.contentType)
      .send(file.data);
  },
});
