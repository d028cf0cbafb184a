import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { searchHit } from '../../../test/search-mocks';
import { DocumentHitCard } from './DocumentHitCard';

describe('DocumentHitCard', () => {
  it('opens a connected item in the app at its passage, and in its tool in a new tab', () => {
    renderWithProviders(
      <DocumentHitCard
        hit={searchHit({
          documentId: 'p1',
          title: 'On-call runbook',
          url: 'https://acme.atlassian.net/wiki/spaces/ENG/pages/1',
          viewerUrl: '/app/documents/p1?passage=2',
          sourceKind: 'confluence',
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'On-call runbook' })).toHaveAttribute(
      'href',
      '/app/documents/p1?passage=2',
    );
    expect(screen.getByRole('link', { name: 'Open On-call runbook' })).toHaveAttribute(
      'href',
      '/app/documents/p1?passage=2',
    );
    const tool = screen.getByRole('link', { name: 'Open On-call runbook in Confluence' });
    expect(tool).toHaveAttribute('href', 'https://acme.atlassian.net/wiki/spaces/ENG/pages/1');
    expect(tool).toHaveAttribute('target', '_blank');
    expect(tool).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Confluence')).toBeInTheDocument();
  });

  it('opens an uploaded file in the app only', () => {
    renderWithProviders(<DocumentHitCard hit={searchHit({ title: 'Handbook' })} />);
    expect(screen.getByRole('link', { name: 'Handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(screen.queryByRole('link', { name: /in / })).toBeNull();
  });
});
