import { IconBook2, IconBrandGoogleDrive, IconBrandJira, type Icon } from '@tabler/icons-react';

export type IntegrationKey = 'confluence' | 'jira' | 'google_docs';

export interface CatalogueIntegration {
  key: IntegrationKey;
  name: string;
  /** Stands in for the vendor's logo (we ship no third-party trademarks). */
  logo: Icon;
  /** Brand colour for the logo tile, a Mantine colour name. */
  color: string;
  description: string;
}

/** SPEC §3 integration catalogue: static, for the picker and the search filters. */
export const INTEGRATION_CATALOGUE: readonly CatalogueIntegration[] = [
  {
    key: 'confluence',
    name: 'Confluence',
    logo: IconBook2,
    color: 'blue',
    description: 'Search pages and blog posts from your Confluence spaces.',
  },
  {
    key: 'jira',
    name: 'Jira',
    logo: IconBrandJira,
    color: 'indigo',
    description: 'Find answers in issues, comments and project history from Jira.',
  },
  {
    // The key stays google_docs (SPEC §3); the tool is Google Drive everywhere it is named.
    key: 'google_docs',
    name: 'Google Drive',
    logo: IconBrandGoogleDrive,
    color: 'teal',
    description:
      'Ask questions about the Docs, Sheets, Slides and files your team keeps in Google Drive.',
  },
];
