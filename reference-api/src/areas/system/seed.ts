import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the system area. */
export const seed: AreaSeeder = async () => {};
