/**
 * Care Paths' View Path Insights dialog (001 §2.4) at `?insights={id}`: there is no data yet, so it says so. Its own
 * module so the page loads it with the first one opened (ADR 038).
 */
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { INSIGHTS_EMPTY, pathsHref, type PathsState } from "./care-paths";
import type { CarePathsData } from "./paths-route.server";

type Path = CarePathsData["paths"][number];

export function InsightsDialog({ path, state }: { path: Path; state: PathsState }) {
  const closeHref = pathsHref({ q: state.q });
  return (
    <Dialog title="Path Insights" closeHref={closeHref} description={path.name}>
      <p>{INSIGHTS_EMPTY}</p>
      <div className="modal-actions">
        <Link to={closeHref} className="button" preventScrollReset>
          Close
        </Link>
      </div>
    </Dialog>
  );
}
