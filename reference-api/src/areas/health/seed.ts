import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the health area. */
export const seed: AreaSeeder = async () => {};
