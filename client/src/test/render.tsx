import { MockedProvider, type MockedProviderProps } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { theme } from '../theme';

export interface RenderOptions {
  /** Where the router starts. */
  path?: string;
  /** Apollo mocks for the generated hooks. */
  mocks?: MockedProviderProps['mocks'];
  /** Extra routes beside the one under test (e.g. where a redirect lands). */
  routes?: RouteObject[];
}

/**
 * Renders a screen as the app does: Mantine (with notifications), a memory router and a mocked
 * Apollo client. Extra routes show where navigation ends up.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [{ path: path.split('?')[0], element: ui }, ...(options.routes ?? [])],
    {
      initialEntries: [path],
    },
  );
  const result = render(
    <MantineProvider theme={theme} defaultColorScheme="light" env="test">
      <MockedProvider mocks={options.mocks ?? []}>
        <>
          <Notifications />
          <RouterProvider router={router} />
        </>
      </MockedProvider>
    </MantineProvider>,
  );
  return Object.assign(result, { router });
}

/** Renders a whole route table (for guards and layouts). */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  mocks: MockedProviderProps['mocks'] = [],
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} defaultColorScheme="light" env="test">
      <MockedProvider mocks={mocks}>
        <>
          <Notifications />
          <RouterProvider router={router} />
        </>
      </MockedProvider>
    </MantineProvider>,
  );
  return Object.assign(result, { router });
}

/** A structurally valid (unsigned) token with the given claims, for client-side tests. */
export function fakeToken(claims: Partial<Record<string, unknown>> = {}): string {
  const encode = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const body = {
    sub: 'u1',
    workspace: 'w1',
    permissions: ['user.read', 'search.read'],
    email: 'ada@example.com',
    given_name: 'Ada',
    family_name: 'Lovelace',
    exp: Math.floor(Date.now() / 1000) + 900,
    ...claims,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(body)}.signature`;
}
