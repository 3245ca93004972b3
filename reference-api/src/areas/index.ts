import type { HandlerMap } from "../core/handlers.js";
import type { AreaSeeder } from "../seed/context.js";
import * as admin from "./admin/handlers.js";
import * as audit from "./audit/handlers.js";
import * as adminSeed from "./admin/seed.js";
import * as gait from "./gait/handlers.js";
import * as gaitSeed from "./gait/seed.js";
import * as health from "./health/handlers.js";
import * as healthSeed from "./health/seed.js";
import * as organization from "./organization/handlers.js";
import * as organizationSeed from "./organization/seed.js";
import * as patients from "./patients/handlers.js";
import * as careTimer from "./patients/care-timer.js";
import * as patientsSeed from "./patients/seed.js";
import * as programs from "./programs/handlers.js";
import * as programsSeed from "./programs/seed.js";
import * as rtm from "./rtm/handlers.js";
import * as rtmSeed from "./rtm/seed.js";
import * as scan from "./scan/handlers.js";
import * as scanSeed from "./scan/seed.js";
import * as system from "./system/handlers.js";
import * as systemSeed from "./system/seed.js";
import * as users from "./users/handlers.js";
import * as usersSeed from "./users/seed.js";

/** Every operation's handler. Two areas must not define the same operationId (checked at start-up). */
export const areaHandlers: Record<string, HandlerMap> = {
  system: system.handlers,
  users: users.handlers,
  organization: organization.handlers,
  patients: patients.handlers,
  careTimer: careTimer.handlers,
  health: health.handlers,
  programs: programs.handlers,
  rtm: rtm.handlers,
  gait: gait.handlers,
  scan: scan.handlers,
  admin: admin.handlers,
  audit: audit.handlers,
};

/** Area seeders in dependency order (after the core seed). */
export const areaSeeders: [string, AreaSeeder][] = [
  ["organization", organizationSeed.seed],
  ["users", usersSeed.seed],
  ["programs", programsSeed.seed],
  ["patients", patientsSeed.seed],
  ["health", healthSeed.seed],
  ["rtm", rtmSeed.seed],
  ["gait", gaitSeed.seed],
  ["scan", scanSeed.seed],
  ["admin", adminSeed.seed],
  ["system", systemSeed.seed],
];
