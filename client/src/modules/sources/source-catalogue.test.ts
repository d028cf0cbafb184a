import { describe, expect, it } from 'vitest';
import { filterCatalogue, SOURCE_CATALOGUE, SOURCE_CATEGORIES } from './source-catalogue';

describe('source catalogue', () => {
  it('holds exactly the twenty sources of the spec, with unique ids', () => {
    expect(SOURCE_CATALOGUE.map((s) => s.name)).toEqual([
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
    expect(new Set(SOURCE_CATALOGUE.map((s) => s.id)).size).toBe(20);
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
    expect(filterCatalogue('', 'All')).toHaveLength(20);
    expect(SOURCE_CATALOGUE.filter((s) => s.available).map((s) => s.name)).toEqual([
      'Confluence Pages',
      'File Upload',
      'GitHub',
      'Google Drive',
    ]);
  });
});
