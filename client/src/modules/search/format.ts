const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A document's date as people read it ("Mar 1, 2024" in English). */
export function formatHitDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Whether a url leaves the app (hits normally point at in-app document paths). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * Where a cited passage or a result opens: the in-app viewer (the whole text with the passage
 * highlighted, and a link to its tool), for connected items too. An answer kept from before
 * the viewer link existed falls back to the document's top.
 */
export function viewerPath(item: { viewerUrl?: string | null; url: string; documentId: string }) {
  if (item.viewerUrl) return item.viewerUrl;
  return isExternalUrl(item.url) ? `/app/documents/${item.documentId}` : item.url;
}
