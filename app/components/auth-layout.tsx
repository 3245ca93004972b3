import type { ReactNode } from "react";

/** The frame of the sign-in family of pages: the product name and tagline, a centred card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main id="main" className="auth-card">
        <p className="brand">
          <span className="brand-name">Exer</span>
          <span className="brand-tagline">Motion intelligence software for the modern health enterprise.</span>
        </p>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A message above a form: `alert` for problems, `status` for information. */
export function Notice({ kind, children }: { kind: "error" | "info" | "success"; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
