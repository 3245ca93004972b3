import type { AreaSeeder } from "../../seed/context.js";

/** Demo data of the rtm area. */
export const seed: AreaSeeder = async () => {};
