import type { FastifyRequest } from "fastify";
import type { MemberCaller } from "../../core/auth.js";
import type { Db } from "../../db/db.js";
import { requestIdOf } from "./record.js";

/** What changed about how someone signs in (ADR 027). */
export type SecurityEvent = "mfa-reset" | "mfa-required" | "mfa-not-required" | "mfa-recovery-codes" | "mfa-recovered" | "mfa-enrolled" | "mfa-replaced";

/** The events a user sees in their own account security history (ADR 034): those about their account, not their organization's settings. */
export const ACCOUNT_EVENTS = ["mfa-enrolled", "mfa-replaced", "mfa-recovery-codes", "mfa-recovered", "mfa-reset"] as const;
export const ACCOUNT_EVENTS_SHOWN = 20;

/** Who made the change: a signed-in member, or (a recovery code at sign-in) the user themselves. */
export type SecurityActor = Pick<MemberCaller, "userId"> & { practitionerId: string | null; role: MemberCaller["role"] | null; organizationId: string | null };

const operationOf = (req: FastifyRequest): string => (req.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? "";

/**
 * One row of the append-only account security log (migration 127), written inside the change's transaction: the
 * change never commits without it (as the access history's `recordAccessInTransaction`, ADR 018). Identifiers and
 * the outcome only.
 */
export async function recordSecurityEvent(
  tx: Db,
  req: FastifyRequest,
  caller: SecurityActor,
  event: SecurityEvent,
  subject: { practitionerId?: string | null; userId?: string | null },
  status: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO account_security_log (event, subject_practitioner_id, subject_user_id, user_id, practitioner_id, role, organization_id, operation_id, status, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [event, subject.practitionerId ?? null, subject.userId?.slice(0, 128) ?? null, caller.userId.slice(0, 128), caller.practitionerId, caller.role, caller.organizationId, operationOf(req), status, requestIdOf(req)],
  );
}
