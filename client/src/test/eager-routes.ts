import { Outlet, type RouteObject } from 'react-router-dom';
import { ApolloRoot } from '../graphql/ApolloRoot';
import { routes } from '../router';

/**
 * The app's route table with every lazy page already loaded, so a test renders a route at once
 * (in the browser each page is its own chunk, fetched on first visit). The API root gives way
 * to the test's own MockedProvider and Notifications (renderRoutes).
 */
export async function eagerRoutes(table: RouteObject[] = routes): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const { lazy, children, ...rest } = route;
      let loaded = typeof lazy === 'function' ? await lazy() : {};
      if ('Component' in loaded && loaded.Component === ApolloRoot) loaded = { Component: Outlet };
      return {
        ...rest,
        ...loaded,
        ...(children ? { children: await eagerRoutes(children) } : {}),
      } as RouteObject;
    }),
  );
}
