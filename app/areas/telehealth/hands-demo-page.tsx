/**
 * The hands demo (002 §2, designed here): a sample hands log in the replay viewer — apart from the other telehealth
 * pages (telehealth-pages.tsx), which do not load the viewer.
 */
import { Link } from "../../components/link";
import type { SerializeFrom } from "../../route-data";
import { ReplayStill, ReplayViewer } from "../../islands/replay-viewer";
import { DEMO_HANDS_PATH, SAMPLE_HANDS_LOG, telehealthPath } from "./assessments";
import type { loadHandsDemo } from "./telehealth-route.server";

export function HandsDemoPage({ data }: { data: SerializeFrom<typeof loadHandsDemo> }) {
  return (
    <>
      <p>
        <Link to={telehealthPath()}>Telehealth</Link>
      </p>
      <h1>Hands demo</h1>
      <p>
        A sample hands recording (synthetic): the right hand, then the left, held up to the camera with a mild resting tremor. 21 joints per hand; a link is
        hidden when both of its joints are detected with a confidence below 0.4.
      </p>
      <ReplayViewer
        src={SAMPLE_HANDS_LOG}
        path={DEMO_HANDS_PATH}
        initialFrame={data.frame}
        tab={data.tab}
        fallback={<ReplayStill summary={data.summary} path={DEMO_HANDS_PATH} imageSrc={(f) => `${DEMO_HANDS_PATH}frame.svg?frame=${f + 1}`} tab={data.tab} />}
      />
    </>
  );
}
