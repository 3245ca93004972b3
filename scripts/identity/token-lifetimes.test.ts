/**
 * The app client's token lifetimes (ADR 025; ASVS 3.3.2): the refresh token never outlives the portal's longest
 * absolute session lifetime (12 hours), so a session cannot be renewed past re-authentication.
 */
import { describe, expect, it } from "vitest";
import { APP_CLIENT_SETTINGS } from "./provision.js";

const UNIT_SECONDS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
const seconds = (value: number, unit: keyof typeof UNIT_SECONDS) => value * UNIT_SECONDS[unit];

describe("app client token lifetimes", () => {
  it("the refresh token lasts at most 12 hours, the longest absolute session lifetime the portal allows (SESSION_ABSOLUTE_TIMEOUT_MINUTES ≤ 720)", () => {
    const refresh = seconds(APP_CLIENT_SETTINGS.RefreshTokenValidity, APP_CLIENT_SETTINGS.TokenValidityUnits.RefreshToken);
    expect(refresh).toBeLessThanOrEqual(12 * 3600);
    // Cognito's least refresh-token lifetime is an hour.
    expect(refresh).toBeGreaterThanOrEqual(3600);
  });

  it("access and ID tokens last an hour", () => {
    expect(seconds(APP_CLIENT_SETTINGS.AccessTokenValidity, APP_CLIENT_SETTINGS.TokenValidityUnits.AccessToken)).toBe(3600);
    expect(seconds(APP_CLIENT_SETTINGS.IdTokenValidity, APP_CLIENT_SETTINGS.TokenValidityUnits.IdToken)).toBe(3600);
  });
});
