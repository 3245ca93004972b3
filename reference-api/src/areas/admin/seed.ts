import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the admin area. */
export const seed: AreaSeeder = async () => {};
