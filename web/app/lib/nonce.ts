import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current response (web/server/http/security-headers.ts), provided by
 * web/app/entry.server.tsx. Undefined in the browser: the nonce matters only in the server's HTML.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
