/**
 * The choices of the patient forms (Edit Patient Details, New Plan of Care): the locations the user may put
 * a patient in (a practitioner's own; the organization's for admins) and the providers the user may choose (a
 * practitioner: those of their locations and the admins, rules/provider-choices.ts; 'Last, First', duplicates told
 * apart). A list that cannot be loaded is empty with the spec's message.
 */
import type { PortalLoadContext } from "../../../context";
import type { CurrentUser } from "../../../auth/user.server";
import { isOrganizationAdmin } from "../../../auth/roles";
import { listLocations, LOCATIONS_LOAD_FAILED } from "../../../api/locations.server";
import { listPractitioners } from "../../../api/practitioners.server";
import { getApi } from "../../../api/user-api.server";
import { byDisplayName, optionLabels } from "../../../domain/names";
import { locationChoices } from "../../../shell/filter";
import { providersFor } from "../rules/provider-choices";

import { PROVIDERS_LOAD_FAILED } from "../../../api/messages";

export { PROVIDERS_LOAD_FAILED };

export interface Choice {
  value: string;
  label: string;
}

export interface PatientFormChoices {
  locations: Choice[];
  providers: Choice[];
  errors: string[];
}

export async function loadPatientFormChoices(request: Request, context: PortalLoadContext, user: CurrentUser): Promise<PatientFormChoices> {
  const admin = isOrganizationAdmin(user.role);
  const [organizationLocations, practitioners] = await Promise.all([admin ? listLocations(getApi(request, context)) : Promise.resolve(null), listPractitioners(getApi(request, context))]);
  const errors: string[] = [];
  if (organizationLocations?.error) errors.push(LOCATIONS_LOAD_FAILED);
  if (practitioners.error) errors.push(PROVIDERS_LOAD_FAILED);
  const locations = locationChoices(user.role, user.locations, organizationLocations?.data ?? null).map((l) => ({ value: l.id, label: l.name }));
  const people = providersFor(user.role, user.locations, practitioners.data ?? []).sort(byDisplayName);
  const providers = optionLabels(people).map((o) => ({ value: o.id, label: o.label }));
  return { locations, providers, errors };
}
