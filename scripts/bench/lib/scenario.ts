/** A benchmark scenario of the portal: one per file in scripts/bench/scenarios/, run by scripts/bench/portal.ts. */
import type { Agent } from "node:http";
import type { BenchPortal, BenchWorld } from "./portal-stack.js";

export interface ScenarioContext {
  bench: BenchPortal;
  /** Keep-alive connections shared by the scenario's requests. */
  agent: Agent;
  /** Artificial delays the reference API was started with (operationId → ms). */
  apiDelays: Readonly<Record<string, number>>;
  /** Progress messages (stderr); the result goes to stdout. */
  log(message: string): void;
}

export interface ScenarioResult {
  /** Markdown: a table and its notes. */
  report: string;
  /** A failed acceptance check (printed; the command exits non-zero — as it does for an aim the report calls MISSED). */
  failure?: string;
}

export interface Scenario {
  /** Short name to select it on the command line. */
  name: string;
  title: string;
  /** The world its portal runs on (default the demo world; the large world gets a stack of its own). */
  world?: BenchWorld;
  /**
   * Runs on a stack whose reference API has none of the artificial delays the other demo-world scenarios measure
   * streaming with (the dashboard's cards, a patient's sessions): a scenario judged by the E2E stack's budgets.
   */
  undelayed?: boolean;
  run(ctx: ScenarioContext): Promise<ScenarioResult>;
}
