import { LOGO_HEIGHT, LOGO_WIDTH } from "../../../media/logo-image";

/** The organization's logo at its size (250×140), or the 'No logo' placeholder of the same size (nothing moves when it changes). */
export function OrganizationLogo({ url, name, alt }: { url: string | null; name: string; alt?: string }) {
  return url ? (
    <img className="organization-logo-full" src={url} alt={alt ?? `Logo of ${name}`} width={LOGO_WIDTH} height={LOGO_HEIGHT} />
  ) : (
    <span className="organization-logo-full organization-logo-empty">No logo</span>
  );
}
