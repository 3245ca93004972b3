/** A valid configuration for unit tests. */
import { loadConfig, setConfigForTesting, type PortalConfig } from "../config.server";

export const TEST_ENV = {
  NODE_ENV: "test",
  PROVIDER_API_URL: "http://api.test",
  COGNITO_REGION: "us-east-1",
  COGNITO_ENDPOINT: "http://cognito.test",
  COGNITO_USER_POOL_ID: "local_Test123",
  COGNITO_CLIENT_ID: "testclient123",
  SESSION_SECRETS: "a-test-secret-that-is-long-enough-0001",
  HELP_CENTER_URL: "https://help.test/",
  IDENTITY_FILE: "/nonexistent/identity.json",
} as const;

export function testConfig(overrides: Record<string, string | undefined> = {}): PortalConfig {
  const result = loadConfig({ ...TEST_ENV, ...overrides } as NodeJS.ProcessEnv);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.config;
}

export function useTestConfig(overrides: Record<string, string | undefined> = {}): PortalConfig {
  const config = testConfig(overrides);
  setConfigForTesting(config);
  return config;
}
