import { createSpotlight } from '@mantine/spotlight';

/**
 * The top bar's search modal state, apart from the modal itself: the top bar opens it on click
 * while the modal's code (the spotlight, its lists and the answer stream) loads after the page.
 */
export const [searchStore, searchSpotlight] = createSpotlight();

export const SEARCH_PLACEHOLDER = 'Search your sources...';
