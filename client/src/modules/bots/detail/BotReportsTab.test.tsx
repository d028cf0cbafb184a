import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { botMock, botReportMock, renderBotPage } from '../../../test/bot-detail-mocks';

const REPORT = {
  questions: 8,
  answered: 6,
  averageLatencyMs: 1234,
  perDay: [
    { day: '2024-03-09', questions: 3, answered: 2 },
    { day: '2024-03-10', questions: 5, answered: 4 },
  ],
  topSources: [
    { title: 'Employee handbook', documentId: 'd1', citations: 5 },
    { title: 'Travel policy', documentId: 'd2', citations: 2 },
  ],
};

// jsdom lays nothing out: give the charts' responsive containers a size so they draw.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 600, height: 240 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Bot reports tab', () => {
  it('shows the totals, the charts and the top sources', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [botMock(), botReportMock('b1', REPORT)]);

    expect(await screen.findByText('75%', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('6 of 8')).toBeInTheDocument();
    expect(screen.getByText('1.2 s')).toBeInTheDocument();
    const perDay = screen.getByRole('region', { name: 'Questions per day' });
    // Recharts draws once its responsive container has measured itself (a frame later).
    await waitFor(() => expect(perDay.querySelector('svg')).not.toBeNull());
    expect(within(perDay).getByText('From sources')).toBeInTheDocument();
    const donut = screen.getByRole('region', { name: 'Answered from sources' });
    await waitFor(() => expect(donut.querySelector('svg')).not.toBeNull());
    const top = within(screen.getByRole('list', { name: 'Top sources' }));
    expect(top.getByRole('link', { name: 'Employee handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1',
    );
    expect(top.getByText('5 citations')).toBeInTheDocument();
    expect(top.getByText('2 citations')).toBeInTheDocument();
  });

  it('switches the period and says when there were no questions', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [
      botMock(),
      botReportMock('b1', REPORT),
      botReportMock(
        'b1',
        { questions: 0, answered: 0, averageLatencyMs: 0, perDay: [], topSources: [] },
        7,
      ),
    ]);

    await screen.findByText('6 of 8');
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('No questions in this period')).toBeInTheDocument();
  });
});
