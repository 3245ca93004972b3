import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed URLs: `GET /files/{token}?expires=…&signature=…`. The token names a file in the file store
 * (base64url of its key); the signature is HMAC-SHA256 over `token.expires` with the server's secret.
 * Time-limited (expires) and tamper-proof (changing token or expiry breaks the signature).
 */
export interface Signer {
  /** A signed URL for the file-store key, valid for the configured TTL. */
  sign(key: string, ttlSeconds?: number): { url: string; expiresAt: string };
  /** The file-store key of a valid URL, or null when expired or tampered with. */
  verify(token: string, expires: number, signature: string, now?: number): string | null;
}

export function createSigner(secret: string, publicUrl: string, defaultTtl: number): Signer {
  const mac = (token: string, expires: number) => createHmac("sha256", secret).update(`${token}.${expires}`).digest("base64url");
  return {
    sign(key, ttlSeconds = defaultTtl) {
      const token = Buffer.from(key, "utf8").toString("base64url");
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return {
        url: `${publicUrl}/files/${token}?expires=${expires}&signature=${mac(token, expires)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    verify(token, expires, signature, now = Date.now()) {
      if (expires * 1000 < now) return null;
      const expected = Buffer.from(mac(token, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Buffer.from(token, "base64url").toString("utf8");
    },
  };
}
