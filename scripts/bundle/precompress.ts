/**
 * Precompressed browser assets (ADR 038): after the client build, every text asset under build/client/build/ gets a
 * Brotli copy at the highest quality (`.br`, quality 11) and a gzip copy at the highest level (`.gz`, level 9), which
 * server/precompressed.ts serves as they are. Compressing them per request (the compression middleware, Brotli quality
 * 4) cost CPU on every cold load and sent ~15% more bytes than Brotli 11. A copy that is not smaller is not kept.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The assets worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|css|svg|json|map|txt|html)$/;

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (not its subfolders). */
export async function precompressDir(dir: string): Promise<{ files: number; rawBytes: number; brBytes: number; gzBytes: number }> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => e.name);
  let rawBytes = 0;
  let brBytes = 0;
  let gzBytes = 0;
  await Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const raw = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      rawBytes += raw.length;
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
      brBytes += Math.min(br.length, raw.length);
      gzBytes += Math.min(gzipped.length, raw.length);
    }),
  );
  return { files: names.length, rawBytes, brBytes, gzBytes };
}

/** The Vite plugin: precompresses the client environment's assets folder once it is written. */
export function precompress(): Plugin {
  return {
    name: "exer:precompress",
    apply: "build",
    applyToEnvironment: (env) => env.name === "client",
    async writeBundle(options) {
      const assetsDir = this.environment.config.build.assetsDir;
      const dir = join(options.dir ?? this.environment.config.build.outDir, assetsDir);
      const t = Date.now();
      const r = await precompressDir(dir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.environment.logger.info(`precompressed ${r.files} assets in ${Date.now() - t} ms: ${kb(r.rawBytes)} raw, ${kb(r.brBytes)} brotli-11, ${kb(r.gzBytes)} gzip-9`);
    },
  };
}
