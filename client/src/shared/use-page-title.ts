import { useEffect } from 'react';

export const PRODUCT_NAME = 'Lumen';

/** The tab title for a page: "{title} · Lumen", or the product name alone. */
export function pageTitle(title?: string | null): string {
  const text = title?.trim();
  return text ? `${text} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Names the browser tab (and the history entry, and what a screen reader announces on
 * navigation) after the page; the title before it comes back when the page goes.
 */
export function usePageTitle(title?: string | null) {
  const full = pageTitle(title);
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
}
