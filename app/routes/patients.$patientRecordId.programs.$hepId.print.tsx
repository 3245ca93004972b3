/**
 * GET `/patients/{id}/programs/{hepId}/print`: the patient's program on a page for printing (no shell), with
 * each exercise's image, goal and instructions. Never cached (patient data).
 */
import { isRouteErrorResponse } from "react-router";
import { Link } from "../components/link";
import { loadProgramPrint } from "../areas/patients/detail/program-print.server";
import { ProgramPrintPage } from "../areas/patients/detail/program-print";
import printStyles from "../areas/patients/detail/program-print.css?url";
import type { Route } from "./+types/patients.$patientRecordId.programs.$hepId.print";
import { authenticate } from "../auth/current-user.server";

export const links = () => [{ rel: "stylesheet", href: printStyles }];
export const meta = (): Route.MetaDescriptors => [{ title: "Print Program | Exer Provider Portal" }];
export const headers = () => ({ "Cache-Control": "no-store" });

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = loadProgramPrint;

export default function ProgramPrintRoute({ loaderData }: Route.ComponentProps) {
  return <ProgramPrintPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="program-print">
      <h1>{notFound ? "Program not found" : "The Program could not be loaded."}</h1>
      <p>{notFound ? "This Program is not assigned to a patient you can see." : "Please try again."}</p>
      <Link to="/patients/" className="button">
        Patient List
      </Link>
    </main>
  );
}
