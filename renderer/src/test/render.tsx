import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { theme } from '../app/theme';

interface Options {
  /** The address the page is at (its search parameters included). */
  at?: string;
  /** The route pattern the element is mounted under, so it reads its parameters (`/projects/:pid`). */
  path?: string;
  client?: QueryClient;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  client: QueryClient;
}

/** A query client as the app's, without retries, and whose data stays fresh (tests put it there). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** Renders a part of the UI with the app's theme, a query client and a router (kept on `rerender`), and a user to drive it. */
export function renderUi(element: ReactElement, { at = '/', path, client = testQueryClient() }: Options = {}): Rendered {
  const wrapper = ({ children }: { children: ReactNode }) => (
    // env="test": no transitions, nor portals, so what opens is there at once.
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  // No pause between the simulated key presses: nothing in the app waits on them.
  const options: Omit<RenderOptions, 'queries'> = { wrapper };
  return { ...render(element, options), user: userEvent.setup({ delay: null }), client };
}
