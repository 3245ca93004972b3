/**
 * The sticky scroll-to-top button (000 §2.8, §9): appears once the page is scrolled more than 200 px. A
 * JavaScript enhancement (without it the browser's own keys do the same).
 */
import { useEffect, useState } from "react";

export const SCROLL_TOP_AFTER_PX = 200;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="button scroll-top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      Back to top
    </button>
  );
}
