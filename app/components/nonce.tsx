import { createContext, useContext, type ReactNode } from "react";

/** The CSP nonce of the response being rendered (server only; the browser has no use for it). */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
