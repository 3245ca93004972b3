/** A log's JSON stream (getScanLog, or a file) → PackedLog, on the server (JSON.parse is fine here). */
import { LOG_UNREADABLE, packLog } from "./pack";
import type { PackedLog } from "./log-types";

export async function readPackedLog(stream: ReadableStream<Uint8Array>): Promise<{ data: PackedLog; error?: undefined } | { error: string; data?: undefined }> {
  let text: string;
  try {
    text = await new Response(stream).text();
  } catch {
    return { error: LOG_UNREADABLE };
  }
  return packText(text);
}

export function packText(text: string): { data: PackedLog; error?: undefined } | { error: string; data?: undefined } {
  try {
    return { data: packLog(JSON.parse(text)) };
  } catch {
    return { error: LOG_UNREADABLE };
  }
}
