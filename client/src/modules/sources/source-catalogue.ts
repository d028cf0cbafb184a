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

/** SPEC §3 source catalogue: twenty entries. File Upload, Confluence Pages, GitHub and Google Drive are built (Jira is in the Add source menu). */
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
  entry('github_discussions', 'GitHub Discussions', 'Wiki/KB', IconMessages, 'gray'),
  entry('github_issues', 'GitHub Issues', 'Ticketing/Project Management', IconCircleDot, 'gray'),
  entry(
    'google_drive',
    'Google Drive',
    'File Storage',
    IconBrandGoogleDrive,
    'green',
    true,
    'google_docs',
  ),
];

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
