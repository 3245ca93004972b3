import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the gait area. */
export const seed: AreaSeeder = async () => {};
