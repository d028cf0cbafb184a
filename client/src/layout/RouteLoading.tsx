import { Center, Loader } from '@mantine/core';

/** While a page's code is fetched for the first time (routes are split per page). */
export function RouteLoading() {
  return (
    <Center h="60vh" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}
