/** The signed-in user and sign-up (spec 000 §7: v2/users/*, v2/sign-up/{code}). */
import type { Api } from "./client.server";

export const getCurrentUser = (api: Api) => api.call((c, init) => c.GET("/v2/users/current", init));

export const updateUserName = (api: Api, userId: string, name: { firstName: string; lastName: string }) =>
  api.call((c, init) => c.PATCH("/v2/users/{id}", { ...init, params: { path: { id: userId } }, body: { userId, ...name } }));

export const completeSignUp = (api: Api, userId: string, input: { inviteCode: string; firstName: string; lastName: string }) =>
  api.call((c, init) => c.POST("/v2/users/{id}/complete-sign-up", { ...init, params: { path: { id: userId } }, body: { userId, ...input } }));

/**
 * Public: signs up with an invitation (ADR 042). The API makes the identity account — the invitation's e-mail,
 * verified, with this password — and links it to the invitation: the e-mail and the password sign in at once.
 */
export const signUpWithInvitation = (api: Api, code: string, body: { password: string; firstName?: string; lastName?: string }) =>
  api.call((c, init) => c.POST("/v2/sign-up/{code}", { ...init, params: { path: { code } }, body }));

/** Public: the invitation behind an invite code (404 for every code that cannot be used). */
export const lookUpInvitation = (api: Api, code: string) => api.call((c, init) => c.GET("/v2/sign-up/{code}", { ...init, params: { path: { code } } }));

/** Ten new recovery codes for the signed-in user's two-step verification, shown once (ADR 027); the old ones stop working. */
/** New recovery codes; `reason` tells the API what to record in the account's security history (ADR 034). */
export const createMfaRecoveryCodes = (api: Api, reason: "enrolled" | "replaced" | "renewed") =>
  api.call((c, init) => c.POST("/v2/users/current/mfa-recovery-codes", { ...init, body: { reason } }));

/** The signed-in user's account security history (ADR 034), newest first. */
export const listMySecurityEvents = (api: Api) => api.call((c, init) => c.GET("/v2/users/current/security-events", init));

/** Public, at the sign-in's code step: uses a recovery code, which turns the user's authenticator off (204; 400 otherwise). */
export const redeemMfaRecoveryCode = (api: Api, userId: string, recoveryCode: string) =>
  api.call((c, init) => c.POST("/v2/mfa-recovery", { ...init, body: { userId, recoveryCode } }));
