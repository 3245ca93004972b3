/** Contract types by schema name (generated from openapi/; never hand-written). */
import type { components } from "../../openapi/provider-api";

export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];
export type UserProfile = Schema<"UserProfile">;
export type InvitedUser = Schema<"InvitedUser">;
export type ProviderActions = Schema<"ProviderActions">;
export type Location = Schema<"Location">;
export type ProductKey = Schema<"ProductKey">;
