/**
 * Where the user's saved edits of the sample care paths live (001 §2.4: "Data is hard-coded sample data, not
 * fetched … Save keeps changes"; §7: care paths make no calls).
 *
 * A signed cookie, not the provider API and not the portal's memory: the API has no care paths (the sample is
 * the portal's), and the portal keeps no shared state (ADR 003: replicas without sticky sessions, restarts) —
 * edits held in one process's memory would vanish on a restart or show on one replica and not another. The
 * cookie is small (only the phases that differ from the sample, as option indexes: a few hundred bytes at most,
 * bounded by the sample's size), HttpOnly, sent only under /programs (not /programs/paths: the data requests of
 * JavaScript navigations go to /programs/paths.data, which that path would not match), signed with the session secrets (a
 * forged or altered value is ignored), names the user it belongs to (another user on the same browser starts
 * from the sample), and is also checked value by value on reading. It is sample data, so nothing of a patient
 * is in it. Not in the session cookie, which already carries the tokens close to its size limit.
 */
import { createCookie } from "react-router";
import { portalRequest, type PortalLoadContext } from "../../../context";
import { getConfig } from "../../../config.server";
import { cookieIsSecure } from "../../../auth/session.server";
import { decodeEdits, encodeEdits, type PathEdits } from "./care-paths";
import { SAMPLE_CARE_PATHS } from "./sample-paths";
import { requestUrl } from "../../../request-url";

const COOKIE_NAME = "exer-care-paths";

const editsCookie = (request: Request) =>
  createCookie(COOKIE_NAME, {
    secrets: getConfig().session.secrets,
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(requestUrl(request)),
    path: "/programs",
    maxAge: 180 * 24 * 60 * 60,
  });

/** The user's saved edits (none when the cookie is absent, forged, another user's or of an older sample). */
export async function readPathEdits(request: Request, userId: string): Promise<PathEdits> {
  const value: unknown = await editsCookie(request).parse(request.headers.get("Cookie"));
  return decodeEdits(value, userId, SAMPLE_CARE_PATHS);
}

/** Saves the edits with the response (no edits left: the cookie is removed). */
export async function writePathEdits(request: Request, context: PortalLoadContext, userId: string, edits: PathEdits): Promise<void> {
  const cookie = editsCookie(request);
  const header = Object.keys(edits).length === 0 ? await cookie.serialize("", { maxAge: 0 }) : await cookie.serialize(encodeEdits(edits, userId, SAMPLE_CARE_PATHS));
  portalRequest(context).responseCookies.set(COOKIE_NAME, header);
}
