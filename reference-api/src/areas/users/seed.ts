import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the users area. */
export const seed: AreaSeeder = async () => {};
