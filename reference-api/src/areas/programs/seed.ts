import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the programs area. */
export const seed: AreaSeeder = async () => {};
