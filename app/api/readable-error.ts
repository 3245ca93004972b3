/**
 * The API's refusals in words a person reads (000 §8: the server's message is shown, inline or in a toast). The
 * contract's schema validation answers in its validator's words — `params/versionId must match pattern
 * "^\d{1,4}…$"`, `body/name must NOT have more than 200 characters`, `body must have required property
 * 'email'` — and some handlers name a field the same way (`locationIds must be locations of your organization`).
 * A person never reads a field path or a pattern: such a message becomes a sentence about the field, with the
 * spec's words where it has them ('Max Character Limit is N', 'Email must be valid.'), and the field's name is
 * kept apart (`field`) so a form can show it at that field; so is the API's own `field: Message` convention. A
 * path into a list (`blocks[0].exerciseId: exercise S-9999 does not exist`, `scanModules[0].name: Module Name is
 * required`) names the item as a person counts it ('Block 1: Exercise S-9999 does not exist.', issue 34) with the
 * list as the field, and the item apart (`item`: its index, the path inside it, the message to show at it), so a form
 * can show it at that item; only the scan outcome's JSON, which the admin types (`factors[0].category: …`), keeps its
 * paths.
 * Any other message passes unchanged.
 */

export interface ReadableMessage {
  message: string;
  /** The top-level field of the request the message is about, when it names one. */
  field?: string;
  /** A message about one item of a list field (`blocks[0].exerciseId: …`): which item, and what to say at it. */
  item?: ListItemMessage;
}

/** A refusal of one item of a list (`blocks[1].setGoal.reps …`), for a form that shows it at that item. */
export interface ListItemMessage {
  /** The item's index in the list (0-based, as in the path). */
  index: number;
  /** The path inside the item (`exerciseId`, `setGoal.reps`, `assessments[1].id`); "" for the item itself. */
  path: string;
  /** The message said at the item, without naming it again ('Exercise S-9999 does not exist.'). */
  message: string;
}

/** Names of the contract's fields as the portal's forms label them; any other is spelt out from its camelCase. */
const LABELS: Record<string, string> = {
  versionId: "Version ID",
  locationIds: "Locations",
  locationId: "Location",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  phoneNumber: "Phone number",
  dob: "Date of birth",
  gaitUid: "Gait UID",
  organizationId: "Organization",
  orgId: "Organization",
  assessmentId: "Assessment",
  id: "ID",
  uuid: "UUID",
  start: "Start date",
  end: "End date",
  q: "Search",
  search: "Search",
};

/** A field's label: `locationIds` → 'Locations', `shortDescription` → 'Short description', `hepId` → 'Hep ID'. */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => (/^(id|ids|uuid|uuids|url|pdf|rtm|dob)$/i.test(w) ? w.toUpperCase().replace(/S$/, "s") : w.toLowerCase()));
  const text = words.join(" ");
  return text ? text[0]!.toUpperCase() + text.slice(1) : "This value";
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The validator's words (`must …`) about `field` (null: the request as a whole) as a sentence. */
function keywordSentence(rest: string, field: string | null): string {
  const label = field ? fieldLabel(field) : "The request";
  let m: RegExpExecArray | null;
  if ((m = /^must NOT have more than (\d+) characters/.exec(rest))) return `Max Character Limit is ${m[1]}`;
  if ((m = /^must NOT have fewer than (\d+) characters/.exec(rest))) return Number(m[1]) <= 1 ? `${label} is required.` : `${label} must have at least ${m[1]} characters.`;
  if ((m = /^must NOT have more than (\d+) items/.exec(rest))) return `${label} can have at most ${m[1]}.`;
  if ((m = /^must NOT have fewer than (\d+) items/.exec(rest))) return Number(m[1]) <= 1 ? `${label} is required.` : `${label} needs at least ${m[1]}.`;
  if (/^must match format "email"/.test(rest) || (field === "email" && /^must match/.test(rest))) return "Email must be valid.";
  if (/^must match (pattern|format)/.test(rest)) return `${label} is not valid.`;
  if (/^must be equal to one of the allowed values|^must be equal to constant/.test(rest)) return `${label} is not one of the choices.`;
  if ((m = /^must be (<=|<) (-?[\d.]+)/.exec(rest))) return `${label} must be at most ${m[1] === "<" ? Number(m[2]) - 1 : m[2]}.`;
  if ((m = /^must be (>=|>) (-?[\d.]+)/.exec(rest))) return `${label} must be at least ${m[1] === ">" ? Number(m[2]) + 1 : m[2]}.`;
  if (/^must NOT have (additional|unevaluated) properties/.test(rest)) return `${label} has a value the service does not accept.`;
  return `${label} is not valid.`;
}

const AJV = /^(body|params|querystring|headers)((?:\/[^\s/]*)*) (must .+)$/s;
/** The API's `field: Message` convention, for a top-level field (a dotted path names a place in a JSON document: kept). */
const PREFIXED = /^([a-z][A-Za-z0-9]*): (.+)$/s;
const VERB = /^(must|is|are|cannot|can't|may|should|needs?)\b/;
const FIELD_MUST = /^([a-z][A-Za-z0-9]*) (must|is|are|cannot|can't|may) (.+)$/s;

/** Paths into a JSON document the user types (the scan outcome editor): shown as written, they point into the text. */
const DOCUMENT_ROOTS = new Set(["factors"]);
/** `list[i].sub[j].leaf: text` or `list[i].leaf is …`: a path into a list, then the message. */
const LIST_PATH = /^([a-z][A-Za-z0-9]*)\[(\d+)\]((?:\.[A-Za-z][A-Za-z0-9]*(?:\[\d+\])?)*)(?:: | (?=(?:must|is|are|cannot|can't|may)\b))(.+)$/s;
/** 'Block', 'Scan module', 'Assessment': one item of a list field. */
const itemLabel = (list: string) => fieldLabel(list).replace(/ies$/, "y").replace(/s$/, "");

/**
 * A path into a list in words: `scanModules[0].assessments[1].id` → 'Scan module 1, assessment 2' (`inner`: the part
 * inside the item, 'Assessment 2'); the leaf apart.
 */
function listPlace(root: string, index: string, rest: string): { place: string; inner: string; leaf: string | null } {
  const parts = [`${itemLabel(root)} ${Number(index) + 1}`];
  const steps = rest.split(".").filter(Boolean);
  let leaf: string | null = null;
  for (const [i, step] of steps.entries()) {
    const m = /^([A-Za-z][A-Za-z0-9]*)(?:\[(\d+)\])?$/.exec(step)!;
    if (m[2] !== undefined) parts.push(`${itemLabel(m[1]!).toLowerCase()} ${Number(m[2]) + 1}`);
    else if (i === steps.length - 1) leaf = m[1]!;
  }
  const inner = parts.slice(1).join(", ");
  return { place: parts.join(", "), inner: inner && inner[0]!.toUpperCase() + inner.slice(1), leaf };
}

/** See the module's comment. */
export function readableApiMessage(raw: string): ReadableMessage {
  // The validator joins several problems with ", "; the first is enough for a person.
  const first = raw.split(/, (?=(?:body|params|querystring|headers)[/ ])/)[0]!.trim();
  const ajv = AJV.exec(first);
  if (ajv) {
    const [, source, path, rest] = ajv as unknown as [string, string, string, string];
    const segments = path.split("/").filter((s) => s && !/^\d+$/.test(s));
    const required = /^must have required property '([^']+)'/.exec(rest);
    if (required) {
      const field = segments[0] ?? required[1]!;
      return { message: `${fieldLabel(required[1]!)} is required.`, field };
    }
    const field = segments[0];
    const about = segments.at(-1) ?? null;
    const message = keywordSentence(rest, about ?? (source === "body" ? null : source));
    return field ? { message, field } : { message };
  }
  const listed = LIST_PATH.exec(first);
  if (listed && !DOCUMENT_ROOTS.has(listed[1]!)) {
    const [, root, index, rest, text] = listed as unknown as [string, string, string, string, string];
    const { place, inner, leaf } = listPlace(root, index, rest);
    const t = text.trim();
    const said = VERB.test(t) ? `${leaf ? fieldLabel(leaf) : "It"} ${t}` : t[0]!.toUpperCase() + t.slice(1);
    const item = { index: Number(index), path: rest.replace(/^\./, ""), message: sentence(inner ? `${inner}: ${said}` : said) };
    return { message: sentence(`${place}: ${said}`), field: root, item };
  }
  const prefixed = PREFIXED.exec(first);
  if (prefixed) {
    const [, field, text] = prefixed as unknown as [string, string, string];
    const t = text.trim();
    const message = VERB.test(t) ? sentence(`${fieldLabel(field)} ${t}`) : t[0]!.toUpperCase() + t.slice(1);
    return { message, field };
  }
  const named = FIELD_MUST.exec(first);
  if (named && named[1] !== "this" && named[1] !== "it") {
    const [, field, verb, rest] = named as unknown as [string, string, string, string];
    return { message: sentence(`${fieldLabel(field)} ${verb} ${rest}`), field };
  }
  return { message: raw };
}
