import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/db.js";
import { createTestApi } from "../../testing/harness.js";

/**
 * A small world for the patients area's tests on the shared test harness (the real server with real token
 * verification on a fresh migrated database):
 *
 * - organization A with locations North and South; admin (PORTAL_PROVIDER_ADMIN, no locations),
 *   pracNorth (North), pracSouth (South);
 * - organization B with location West and its admin.
 *
 * `tokens.x` are the users to call as (the harness mints their access tokens).
 */
export const ids = {
  orgA: "a0000000-0000-4000-8000-000000000001",
  orgB: "b0000000-0000-4000-8000-000000000001",
  north: "a0000000-0000-4000-8000-0000000000a1",
  south: "a0000000-0000-4000-8000-0000000000a2",
  west: "b0000000-0000-4000-8000-0000000000b1",
  admin: "a0000000-0000-4000-8000-0000000000c1",
  pracNorth: "a0000000-0000-4000-8000-0000000000c2",
  pracSouth: "a0000000-0000-4000-8000-0000000000c3",
  adminB: "b0000000-0000-4000-8000-0000000000c1",
  hep: "a0000000-0000-4000-8000-0000000000d1",
} as const;

export type TestUser = { userId: string; groups: string[] };
export const tokens = {
  admin: { userId: "user-admin", groups: ["PORTAL_PROVIDER_ADMIN"] },
  pracNorth: { userId: "user-north", groups: ["PORTAL_PRACTITIONER"] },
  pracSouth: { userId: "user-south", groups: ["PORTAL_PRACTITIONER"] },
  adminB: { userId: "user-admin-b", groups: ["PORTAL_PROVIDER_ADMIN"] },
} satisfies Record<string, TestUser>;

export interface Fixture {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
  call(method: string, url: string, as: TestUser, body?: unknown): Promise<{ status: number; body: any }>;
  /** Sends a raw body (multipart uploads). */
  send(method: string, url: string, as: TestUser | null, payload: Buffer, contentType: string): Promise<{ status: number; body: any }>;
}

export async function createFixture(): Promise<Fixture> {
  const api = await createTestApi();
  const db = api.db;
  await db.exec(`
    INSERT INTO organizations (id, name, products) VALUES
      ('${ids.orgA}', 'Org A', '{HEALTH,GAIT,PRO}'), ('${ids.orgB}', 'Org B', '{HEALTH,GAIT}');
    INSERT INTO locations (id, organization_id, name) VALUES
      ('${ids.north}', '${ids.orgA}', 'North'), ('${ids.south}', '${ids.orgA}', 'South'), ('${ids.west}', '${ids.orgB}', 'West');
    INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES
      ('${ids.admin}', '${ids.orgA}', 'user-admin', 'Ada', 'Admin', 'admin@a.example', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PROVIDER_ADMIN'),
      ('${ids.pracNorth}', '${ids.orgA}', 'user-north', 'Nora', 'North', 'north@a.example', 'PORTAL_PRACTITIONER', 'PORTAL_PRACTITIONER'),
      ('${ids.pracSouth}', '${ids.orgA}', 'user-south', 'Sam', 'South', 'south@a.example', 'PORTAL_PRACTITIONER', 'PORTAL_PRACTITIONER'),
      ('${ids.adminB}', '${ids.orgB}', 'user-admin-b', 'Bea', 'Admin', 'admin@b.example', 'PORTAL_PROVIDER_ADMIN', 'PORTAL_PROVIDER_ADMIN');
    INSERT INTO practitioner_locations (practitioner_id, location_id) VALUES
      ('${ids.pracNorth}', '${ids.north}'), ('${ids.pracSouth}', '${ids.south}');
    INSERT INTO heps (id, organization_id, name) VALUES ('${ids.hep}', '${ids.orgA}', 'Knee phase 1');
  `);
  return {
    app: api.app,
    db,
    close: () => api.close(),
    async call(method, url, as, body) {
      const r = await api.request(method, url, { as, body });
      return { status: r.status, body: r.body };
    },
    async send(method, url, as, payload, contentType) {
      const r = await api.request(method, url, { as: as ?? undefined, body: payload, headers: { "content-type": contentType } });
      return { status: r.status, body: r.body };
    },
  };
}

/** A multipart body with one file and text fields. */
export function multipart(file: { name: string; type: string; content: string | Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = "----patients-test-boundary";
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
