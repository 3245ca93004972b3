/** Whether a route parameter or query value is a UUID (anything else is answered 404 before any call). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string | null | undefined): v is string => typeof v === "string" && UUID.test(v);
