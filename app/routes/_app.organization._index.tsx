/** `/organization/`: the organization's details (the header's page). */
import { redirect } from "react-router";
import { ORGANIZATION_PATHS } from "../areas/organization/organization-paths";

export const loader = () => redirect(ORGANIZATION_PATHS.details);
