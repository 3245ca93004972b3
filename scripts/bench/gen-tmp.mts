import { ensureLargeWorld } from "./lib/portal-stack.js";
await ensureLargeWorld((m) => console.error(m));
