import { IconBrandGithub, IconBrandGoogle, IconBrandJira, type Icon } from '@tabler/icons-react';

export interface LinkProviderInfo {
  key: 'atlassian' | 'google' | 'github';
  label: string;
  icon: Icon;
  /** What linking lets searches include (follows "Link it so your searches include"). */
  why: string;
}

/** The providers a member can link, in the order the page lists them. */
export const LINK_PROVIDERS: LinkProviderInfo[] = [
  {
    key: 'atlassian',
    label: 'Atlassian',
    icon: IconBrandJira,
    why: 'the Confluence pages and Jira issues you can open there',
  },
  {
    key: 'google',
    label: 'Google',
    icon: IconBrandGoogle,
    why: 'the Google Drive files shared with you',
  },
  {
    key: 'github',
    label: 'GitHub',
    icon: IconBrandGithub,
    why: 'the private repositories you collaborate on',
  },
];

export const providerLabel = (key: string) =>
  LINK_PROVIDERS.find((p) => p.key === key)?.label ?? key;
