/**
 * Copy a cycle (002 §2, §8): with JavaScript the button puts the cycle's text on the clipboard and says
 * 'Successfully copied {code} for {name}'; where the clipboard refuses, 'Something went wrong copying the data.'
 * and the text opens in a dialog to select by hand. Without JavaScript the control is a link to that dialog
 * (`?copy={cycleId}`): the text in a read-only box the user can select and copy (worklist-dialogs.tsx).
 */
import { useNavigate } from "react-router";
import { Link } from "../../components/link";
import { showToast } from "../../components/toast";
import { useHydrated } from "../../components/use-hydrated";
import { copyToClipboard } from "../../components/clipboard";
import { COPY_FAILED, copiedMessage } from "./rules/worklist";

export function CopyCycle({ text, code, name, fallbackHref }: { text: string; code: string; name: string; fallbackHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const label = `Copy ${code} for ${name}`;
  if (!hydrated) {
    return (
      <Link className="button" to={fallbackHref} preventScrollReset aria-label={label}>
        Copy
      </Link>
    );
  }
  const copy = async () => {
    try {
      await copyToClipboard(text);
      showToast({ type: "success", message: copiedMessage(code, name) });
    } catch {
      showToast({ type: "error", message: COPY_FAILED });
      navigate(fallbackHref, { preventScrollReset: true });
    }
  };
  return (
    <button type="button" className="button" aria-label={label} onClick={copy}>
      Copy
    </button>
  );
}
