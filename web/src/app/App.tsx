import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { Client } from 'urql';
import { AuthProvider } from './auth/AuthProvider';
import { createAppRouter } from './routes';
import { AppToastRegion } from './toast';
import { UrqlSessionProvider } from './urql';

export type AppProvidersProps = {
  children: ReactNode;
  /** Tests pass a client that answers from memory. */
  createClient?: () => Client;
};

/** Everything above the router: UI state, the GraphQL client, the session and the toast region. */
export function AppProviders({ children, createClient }: AppProvidersProps) {
  // One store per mounted app, so tests never share UI state.
  const [store] = useState(createStore);
  return (
    <JotaiProvider store={store}>
      <UrqlSessionProvider createClient={createClient}>
        <AuthProvider>
          {children}
          <AppToastRegion />
        </AuthProvider>
      </UrqlSessionProvider>
    </JotaiProvider>
  );
}

export function App() {
  // Created once per mounted app, not at import time, so tests and HMR get a fresh router.
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
