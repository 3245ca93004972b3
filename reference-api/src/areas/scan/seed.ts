import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the scan area. */
export const seed: AreaSeeder = async () => {};
