import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the patients area. */
export const seed: AreaSeeder = async () => {};
