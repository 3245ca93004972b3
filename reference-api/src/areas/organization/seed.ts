import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the organization area. */
export const seed: AreaSeeder = async () => {};
