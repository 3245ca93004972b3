/**
 * The providers a user may choose from (000 §6: "A provider admin sees all providers; other users are matched to a
 * location"; "a provider is eligible for a location if they work there or are an admin"): for a practitioner, the
 * providers who work at one of the practitioner's own locations and the organization's admins; for everyone else,
 * every provider. The Provider filter of the patient list and the Primary Provider lists of the patient forms use it,
 * on the server, so a practitioner is never offered another location's provider that Save would then refuse.
 */
import { isOrganizationAdmin, type Role } from "../../../auth/roles";

interface ProviderLike {
  role: string;
  locations: readonly { id: string }[];
}

export function providersFor<P extends ProviderLike>(role: Role, ownLocations: readonly { id: string }[], providers: readonly P[]): P[] {
  if (isOrganizationAdmin(role)) return [...providers];
  const mine = new Set(ownLocations.map((l) => l.id.toLowerCase()));
  return providers.filter((p) => p.role !== "PORTAL_PRACTITIONER" || p.locations.some((l) => mine.has(l.id.toLowerCase())));
}
