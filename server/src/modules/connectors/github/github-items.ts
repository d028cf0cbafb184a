import type { ConnectorItem, ItemFailure } from '../connector.js';
import { mustStop } from '../tool-failures.js';

/** Part of a step: one page of one listing of one repository. */
export interface PhasePage<Next> {
  items: ConnectorItem[];
  unchanged: string[];
  failures: ItemFailure[];
  /** Where this listing goes on; null: it is done. */
  next: Next | null;
  incomplete?: boolean;
}

export interface Listed {
  externalId: string;
  version: string;
  title: string;
  url?: string;
}

/**
 * New or changed items built (fetching what they need), unchanged ones only named. An item that
 * fails fails alone; credentials and rate limits stop the whole step.
 */
export async function collect<T extends Listed>(
  listed: T[],
  known: Map<string, string>,
  build: (entry: T) => Promise<ConnectorItem | null>,
): Promise<Omit<PhasePage<never>, 'next'>> {
  const items: ConnectorItem[] = [];
  const unchanged: string[] = [];
  const failures: ItemFailure[] = [];
  await Promise.all(
    listed.map(async (entry) => {
      if (known.get(entry.externalId) === entry.version) return unchanged.push(entry.externalId);
      try {
        const item = await build(entry);
        if (item) items.push(item);
      } catch (error) {
        if (mustStop(error)) throw error;
        failures.push({
          externalId: entry.externalId,
          title: entry.title,
          url: entry.url,
          message: (error as Error).message,
          version: entry.version,
        });
      }
    }),
  );
  return { items, unchanged, failures };
}

/** One section of text; an empty item is still findable by its title. */
export function textItem(
  item: Omit<ConnectorItem, 'sections'>,
  parts: (string | null | undefined | false)[],
): ConnectorItem {
  const text = parts.filter((p): p is string => Boolean(p && p.trim())).join('\n\n');
  return {
    ...item,
    sections: [{ text: text || item.title, location: { kind: 'document', index: 1 } }],
  };
}

/** `Author: ada · Labels: bug` from the facts that are present. */
export function factsLine(facts: (string | null | undefined | false)[]): string {
  return facts.filter(Boolean).join(' · ');
}

/** A date as 2024-05-01, for comment headers. */
export const day = (iso: string | null | undefined) => (iso ? ` (${iso.slice(0, 10)})` : '');
