import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Client, cacheExchange, fetchExchange, Provider } from 'urql';
import { authHeaders } from './authToken';
import { retryingFetch } from './retryingFetch';

export function createUrqlClient(url = '/graphql'): Client {
  return new Client({
    url,
    // Only the document cache and fetch: no retry, refocus or polling exchanges (spec §9: no
    // automatic retry, no refetch on focus, no polling, data never stale).
    exchanges: [cacheExchange, fetchExchange],
    requestPolicy: 'cache-first',
    // The gateway takes GraphQL as POST; urql would otherwise send short queries as GET.
    preferGetMethod: false,
    // A function, so the token is read per request: it changes on sign-in and sign-out.
    fetchOptions: () => ({ credentials: 'include', headers: authHeaders() }),
    // A mutation carries an Idempotency-Key and is sent again when the database fails over (retryingFetch.ts).
    fetch: retryingFetch(),
  });
}

const ResetClientContext = createContext<(() => void) | null>(null);

export type UrqlSessionProviderProps = { children: ReactNode; createClient?: () => Client };

/**
 * Provides the urql client and a way to replace it. Signing in or out swaps in a fresh client, so
 * nothing one user's session cached (company, subscription, lists) can show in the next session.
 */
export function UrqlSessionProvider({ children, createClient = createUrqlClient }: UrqlSessionProviderProps) {
  const [client, setClient] = useState(createClient);
  const resetClient = useCallback(() => setClient(createClient()), [createClient]);
  return (
    <ResetClientContext.Provider value={resetClient}>
      <Provider value={client}>{children}</Provider>
    </ResetClientContext.Provider>
  );
}

export function useResetClient(): () => void {
  const reset = useContext(ResetClientContext);
  if (!reset) throw new Error('useResetClient must be used within an UrqlSessionProvider');
  return reset;
}
