import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SourceCatalogue } from './SourceCatalogue';

/** The names on the cards, in order. */
const cardNames = () =>
  screen
    .queryAllByRole('button', { name: /: (upload files|coming soon|connect|needs setup)/ })
    .map(
      (card) => within(card).getByText(card.getAttribute('aria-label')!.split(':')[0]).textContent,
    );

describe('SourceCatalogue', () => {
  it('shows the twenty sources and Jira under All, the built ones first and the rest coming soon', () => {
    renderWithProviders(<SourceCatalogue onPick={() => {}} />);
    const names = cardNames();
    expect(names).toHaveLength(21);
    expect(names.slice(0, 7)).toEqual([
      'Confluence Pages',
      'File Upload',
      'GitHub',
      'GitHub Discussions',
      'GitHub Issues',
      'Google Drive',
      'Jira',
    ]);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('Available')).toHaveLength(7);
    expect(screen.getAllByText('Coming soon')).toHaveLength(14);
    // A part of GitHub says which connector syncs it.
    expect(screen.getByRole('button', { name: 'GitHub Issues: connect' })).toHaveTextContent(
      'Through the GitHub connector.',
    );
  });

  it('shows each tool’s own state: connected, or needing the operator’s setup (ranked after)', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderWithProviders(
      <SourceCatalogue
        onPick={onPick}
        stateOf={(s) =>
          s.connector === 'github'
            ? 'connected'
            : s.connector === 'google_docs'
              ? 'needs_setup'
              : s.available
                ? 'available'
                : 'coming_soon'
        }
      />,
    );
    const names = cardNames();
    expect(names.indexOf('Google Drive')).toBe(6);
    expect(screen.getAllByText('Connected')).toHaveLength(3);
    const drive = screen.getByRole('button', {
      name: 'Google Drive: needs setup, read the setup guide',
    });
    expect(drive).toHaveTextContent('Needs setup');
    expect(drive).toHaveTextContent("Needs setup by the server's operator. Setup guide");
    expect(drive).not.toHaveTextContent('Available');
    await user.click(drive);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ connector: 'google_docs' }));
  });

  it('filters by name without regard to case', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SourceCatalogue onPick={() => {}} />);
    await user.type(screen.getByPlaceholderText('Search Sources'), 'gItHuB');
    expect(cardNames()).toEqual(['GitHub', 'GitHub Discussions', 'GitHub Issues']);

    await user.clear(screen.getByPlaceholderText('Search Sources'));
    await user.type(screen.getByPlaceholderText('Search Sources'), 'salesforce');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('No sources match “salesforce”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardNames()).toHaveLength(21);
  });

  it('filters by category, highlighting the active button; CRM is empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SourceCatalogue onPick={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Wiki/KB' }));
    expect(cardNames()).toEqual(['Confluence Pages', 'GitHub Discussions', 'Azure DevOps Wiki']);
    expect(screen.getByRole('button', { name: 'Wiki/KB' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'File Storage' }));
    expect(cardNames()).toEqual(['File Upload', 'Google Drive', 'Box', 'Dropbox']);

    await user.click(screen.getByRole('button', { name: 'CRM' }));
    expect(cardNames()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'No CRM sources yet' })).toBeInTheDocument();
  });

  it('hands the clicked card over; without permission the cards are not buttons', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const { unmount } = renderWithProviders(<SourceCatalogue onPick={onPick} />);
    await user.click(screen.getByRole('button', { name: /^Dropbox: coming soon/ }));
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'dropbox', available: false }),
    );
    unmount();

    renderWithProviders(<SourceCatalogue />);
    expect(screen.queryByRole('button', { name: /^Dropbox/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Dropbox' })).toBeInTheDocument();
  });
});
