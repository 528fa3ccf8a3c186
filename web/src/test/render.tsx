import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { appRoutes } from '../app/routes';
import { createTestClient, type GraphQLHandler } from './graphql';

/** The whole app (providers, router, guards, shell) at `path`, talking to `handler`. */
export function renderApp(path: string, handler: GraphQLHandler) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const result = render(
    <AppProviders createClient={() => createTestClient(handler)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** A component under the app's providers, with a memory router around it. */
export function renderWithProviders(ui: ReactNode, handler: GraphQLHandler, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <AppProviders createClient={() => createTestClient(handler)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
