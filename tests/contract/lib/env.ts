/** The target handed over by the global setup (test files only: the global setup must not import vitest). */
import { inject } from "vitest";
import type { ContractTarget } from "./target.js";

export const target = (): ContractTarget => inject("contractTarget");
