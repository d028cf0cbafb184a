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
