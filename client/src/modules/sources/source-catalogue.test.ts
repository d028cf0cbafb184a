import { describe, expect, it } from 'vitest';
import {
  catalogueState,
  filterCatalogue,
  SOURCE_CATALOGUE,
  SOURCE_CATEGORIES,
  SPEC_CATALOGUE,
} from './source-catalogue';

describe('source catalogue', () => {
  it('holds exactly the twenty sources of the spec, with unique ids, and Jira beside them', () => {
    expect(SPEC_CATALOGUE.map((s) => s.name)).toEqual([
      'Aha!',
      'Airtable',
      'Asana',
      'Azure DevOps',
      'Azure DevOps Wiki',
      'Basecamp',
      'Bitbucket',
      'Box',
      'ClickUp',
      'Confluence Pages',
      'Dixa',
      'Dropbox',
      'File Upload',
      'Freshdesk',
      'Freshservice',
      'Front',
      'GitHub',
      'GitHub Discussions',
      'GitHub Issues',
      'Google Drive',
    ]);
    expect(SOURCE_CATALOGUE.filter((s) => s.extra).map((s) => s.name)).toEqual(['Jira']);
    expect(new Set(SOURCE_CATALOGUE.map((s) => s.id)).size).toBe(21);
  });

  it('gives each tool one state: a part of a built connector opens it, never "coming soon"', () => {
    const connectorOf = (name: string) => SOURCE_CATALOGUE.find((s) => s.name === name)?.connector;
    expect(['GitHub', 'GitHub Discussions', 'GitHub Issues'].map(connectorOf)).toEqual([
      'github',
      'github',
      'github',
    ]);
    expect(connectorOf('Jira')).toBe('jira');
    // No tool has a built card beside a coming-soon one.
    const built = new Set(SOURCE_CATALOGUE.flatMap((s) => (s.connector ? [s.connector] : [])));
    for (const s of SOURCE_CATALOGUE.filter((c) => !c.available))
      expect(
        [...built].some((kind) => s.id.startsWith(kind)),
        s.name,
      ).toBe(false);
  });

  it('tells connected, available, needs setup and coming soon apart', () => {
    const byName = (name: string) => SOURCE_CATALOGUE.find((s) => s.name === name)!;
    const context = {
      connectedKinds: new Set(['github', 'file_upload']),
      needsSetup: (kind: string) => kind === 'google_docs',
    };
    const states = ['GitHub Issues', 'File Upload', 'Jira', 'Google Drive', 'Dropbox'].map((n) =>
      catalogueState(byName(n), context),
    );
    expect(states).toEqual(['connected', 'available', 'available', 'needs_setup', 'coming_soon']);
    // Connected before the operator removed the sign-in: still connected (its dialog says more).
    expect(
      catalogueState(byName('Google Drive'), {
        ...context,
        connectedKinds: new Set(['google_docs']),
      }),
    ).toBe('connected');
  });

  it('uses only the four categories in use; CRM and All have no entries', () => {
    const used = new Set(SOURCE_CATALOGUE.map((s) => s.category));
    expect([...used].sort()).toEqual(
      ['File Storage', 'Other', 'Ticketing/Project Management', 'Wiki/KB'].sort(),
    );
    expect(SOURCE_CATALOGUE.filter((s) => (s.category as string) === 'CRM')).toHaveLength(0);
    expect(SOURCE_CATEGORIES).toEqual([
      'All',
      'Ticketing/Project Management',
      'Other',
      'Wiki/KB',
      'File Storage',
      'CRM',
    ]);
  });

  it('files the well-known tools where people look for them', () => {
    const categoryOf = (name: string) => SOURCE_CATALOGUE.find((s) => s.name === name)?.category;
    expect(categoryOf('Confluence Pages')).toBe('Wiki/KB');
    expect(categoryOf('GitHub Issues')).toBe('Ticketing/Project Management');
    expect(['Box', 'Dropbox', 'Google Drive'].map(categoryOf)).toEqual([
      'File Storage',
      'File Storage',
      'File Storage',
    ]);
  });

  it('filters by name case-insensitively and by category, built connectors first', () => {
    expect(filterCatalogue('GITHUB', 'All').map((s) => s.name)).toEqual([
      'GitHub',
      'GitHub Discussions',
      'GitHub Issues',
    ]);
    expect(filterCatalogue('', 'File Storage').map((s) => s.name)).toEqual([
      'File Upload',
      'Google Drive',
      'Box',
      'Dropbox',
    ]);
    expect(filterCatalogue('azure', 'Wiki/KB').map((s) => s.name)).toEqual(['Azure DevOps Wiki']);
    expect(filterCatalogue('', 'CRM')).toEqual([]);
    expect(filterCatalogue('', 'All')).toHaveLength(21);
    expect(SOURCE_CATALOGUE.filter((s) => s.available).map((s) => s.name)).toEqual([
      'Confluence Pages',
      'File Upload',
      'GitHub',
      'GitHub Discussions',
      'GitHub Issues',
      'Google Drive',
      'Jira',
    ]);
  });
});
