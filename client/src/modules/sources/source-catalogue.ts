import {
  IconBook,
  IconBook2,
  IconBox,
  IconBrandAirtable,
  IconBrandAsana,
  IconBrandAzure,
  IconBrandBitbucket,
  IconBrandDropbox,
  IconBrandGithub,
  IconBrandGoogleDrive,
  IconBrandJira,
  IconBulb,
  IconCampfire,
  IconCircleDot,
  IconCloudUpload,
  IconHeadset,
  IconInbox,
  IconLifebuoy,
  IconMessages,
  IconSubtask,
  IconTool,
  type Icon,
} from '@tabler/icons-react';
import type { ConnectorKind } from '../connectors/connector-kinds';

/** SPEC §2/§9: the six category filters, All first (the default). */
export const SOURCE_CATEGORIES = [
  'All',
  'Ticketing/Project Management',
  'Other',
  'Wiki/KB',
  'File Storage',
  'CRM',
] as const;
export type SourceCategoryFilter = (typeof SOURCE_CATEGORIES)[number];
/** A catalogue entry's own category (never All). CRM exists only as a filter (SPEC §3). */
export type SourceCategory = Exclude<SourceCategoryFilter, 'All'>;

export interface CatalogueSource {
  id: string;
  name: string;
  category: SourceCategory;
  /** Stands in for the vendor's logo (we ship no third-party trademarks). */
  icon: Icon;
  /** A Mantine colour for the icon tile. */
  color: string;
  /** False until the connector is built; its card then offers a file upload instead. */
  available: boolean;
  /** The connector its card opens, when it is built (else it opens the upload dialog). */
  connector?: ConnectorKind;
  /** Not one of the spec's twenty: a tool Lumen connects that the spec's catalogue lacks. */
  extra?: true;
}

const entry = (
  id: string,
  name: string,
  category: SourceCategory,
  icon: Icon,
  color: string,
  available = false,
  connector?: CatalogueSource['connector'],
): CatalogueSource => ({ id, name, category, icon, color, available, connector });

/**
 * SPEC §3 source catalogue: the twenty entries, plus Jira (which Lumen connects, so it gets its
 * card like every connected tool). One tool, one state: GitHub Discussions and GitHub Issues are
 * what the GitHub connector syncs, so their cards open it rather than saying "Coming soon".
 */
export const SOURCE_CATALOGUE: readonly CatalogueSource[] = [
  entry('aha', 'Aha!', 'Ticketing/Project Management', IconBulb, 'orange'),
  entry('airtable', 'Airtable', 'Other', IconBrandAirtable, 'yellow'),
  entry('asana', 'Asana', 'Ticketing/Project Management', IconBrandAsana, 'pink'),
  entry('azure_devops', 'Azure DevOps', 'Ticketing/Project Management', IconBrandAzure, 'blue'),
  entry('azure_devops_wiki', 'Azure DevOps Wiki', 'Wiki/KB', IconBook, 'blue'),
  entry('basecamp', 'Basecamp', 'Ticketing/Project Management', IconCampfire, 'yellow'),
  entry('bitbucket', 'Bitbucket', 'Other', IconBrandBitbucket, 'blue'),
  entry('box', 'Box', 'File Storage', IconBox, 'cyan'),
  entry('clickup', 'ClickUp', 'Ticketing/Project Management', IconSubtask, 'grape'),
  entry('confluence_pages', 'Confluence Pages', 'Wiki/KB', IconBook2, 'indigo', true, 'confluence'),
  entry('dixa', 'Dixa', 'Other', IconHeadset, 'violet'),
  entry('dropbox', 'Dropbox', 'File Storage', IconBrandDropbox, 'blue'),
  entry('file_upload', 'File Upload', 'File Storage', IconCloudUpload, 'lumen', true),
  entry('freshdesk', 'Freshdesk', 'Ticketing/Project Management', IconLifebuoy, 'teal'),
  entry('freshservice', 'Freshservice', 'Ticketing/Project Management', IconTool, 'teal'),
  entry('front', 'Front', 'Other', IconInbox, 'red'),
  entry('github', 'GitHub', 'Other', IconBrandGithub, 'gray', true, 'github'),
  entry(
    'github_discussions',
    'GitHub Discussions',
    'Wiki/KB',
    IconMessages,
    'gray',
    true,
    'github',
  ),
  entry(
    'github_issues',
    'GitHub Issues',
    'Ticketing/Project Management',
    IconCircleDot,
    'gray',
    true,
    'github',
  ),
  entry(
    'google_drive',
    'Google Drive',
    'File Storage',
    IconBrandGoogleDrive,
    'green',
    true,
    'google_docs',
  ),
  {
    ...entry('jira', 'Jira', 'Ticketing/Project Management', IconBrandJira, 'blue', true, 'jira'),
    extra: true,
  },
];

/** The spec's twenty entries (SPEC §3), without the tools added beside them. */
export const SPEC_CATALOGUE = SOURCE_CATALOGUE.filter((s) => !s.extra);

/**
 * Where a card's tool stands here: connected in this workspace, ready to connect, waiting for
 * the server's operator to set it up (a tool that connects only by signing in, without the
 * server's OAuth client), or not built yet.
 */
export type CatalogueState = 'connected' | 'available' | 'needs_setup' | 'coming_soon';

export function catalogueState(
  source: CatalogueSource,
  context: {
    connectedKinds: ReadonlySet<string>;
    needsSetup: (kind: ConnectorKind) => boolean;
  },
): CatalogueState {
  if (!source.available) return 'coming_soon';
  if (!source.connector) return 'available';
  if (context.connectedKinds.has(source.connector)) return 'connected';
  return context.needsSetup(source.connector) ? 'needs_setup' : 'available';
}

/** The grid's order: what can be used first, then what needs setup, then what is coming. */
export const STATE_RANK: Record<CatalogueState, number> = {
  connected: 0,
  available: 0,
  needs_setup: 1,
  coming_soon: 2,
};

/** Case-insensitive name filter plus a category (SPEC §2); built connectors come first. */
export function filterCatalogue(
  search: string,
  category: SourceCategoryFilter,
  catalogue: readonly CatalogueSource[] = SOURCE_CATALOGUE,
): CatalogueSource[] {
  const needle = search.trim().toLowerCase();
  return catalogue
    .filter((s) => category === 'All' || s.category === category)
    .filter((s) => !needle || s.name.toLowerCase().includes(needle))
    .sort((a, b) => Number(b.available) - Number(a.available));
}
