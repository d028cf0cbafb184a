import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  botMock,
  botReportMock,
  feedbackReport,
  renderBotPage,
} from '../../../test/bot-detail-mocks';

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
  feedback: feedbackReport({
    up: 3,
    down: 1,
    downRate: 0.25,
    perDay: [
      { day: '2024-03-09', answers: 3, up: 1, down: 1 },
      { day: '2024-03-10', answers: 5, up: 2, down: 0 },
    ],
    worstQuestions: [
      {
        question: 'Who approves dinners?',
        down: 1,
        up: 0,
        lastVotedAt: '2024-03-09T15:00:00.000Z',
      },
    ],
    recentComments: [
      {
        question: 'Who approves dinners?',
        reason: 'MISSING_SOURCE',
        comment: 'Cite the travel policy.',
        votedAt: '2024-03-09T15:00:00.000Z',
      },
    ],
  }),
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

const GAPS = [
  {
    question: 'Is the office open on Sunday?',
    count: 5,
    askers: 2,
    lastAskedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    origins: ['web'],
  },
  {
    question: 'Can I bring my dog?',
    count: 1,
    askers: 1,
    lastAskedAt: '2024-03-09T15:00:00.000Z',
    origins: ['slack'],
  },
];

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

    const feedback = within(screen.getByRole('region', { name: 'Answer feedback' }));
    expect(feedback.getByText('Voted up').nextSibling).toHaveTextContent('3');
    expect(feedback.getByText('Voted down').nextSibling).toHaveTextContent('1');
    expect(feedback.getByText('25%')).toBeInTheDocument();
    expect(feedback.getByText('1 of 4 votes')).toBeInTheDocument();
    // The bot's questions are counted above; the feedback section does not repeat them.
    expect(feedback.queryByText('Answers')).not.toBeInTheDocument();
    const perDayVotes = screen.getByRole('region', { name: 'Votes per day' });
    await waitFor(() => expect(perDayVotes.querySelector('svg')).not.toBeNull());
    const worst = within(feedback.getByRole('list', { name: 'Questions voted down most' }));
    expect(worst.getByText('Who approves dinners?')).toBeInTheDocument();
    expect(worst.getByText('1 down vote')).toBeInTheDocument();
    const comments = within(feedback.getByRole('list', { name: 'Latest comments' }));
    expect(comments.getByText('Missing source')).toBeInTheDocument();
    expect(comments.getByText('Cite the travel policy.')).toBeInTheDocument();
  });

  it('says when the answers got no votes', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [
      botMock(),
      botReportMock('b1', { ...REPORT, feedback: feedbackReport() }),
    ]);

    await screen.findByText('6 of 8');
    const feedback = within(screen.getByRole('region', { name: 'Answer feedback' }));
    expect(feedback.getByText('No votes in this period')).toBeInTheDocument();
    expect(feedback.getByText('No votes yet')).toBeInTheDocument();
    expect(feedback.queryByRole('region', { name: 'Votes per day' })).not.toBeInTheDocument();
  });

  it('lists the questions its sources did not answer in a table', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [
      botMock(),
      botReportMock('b1', { ...REPORT, contentGaps: GAPS }),
    ]);
    const panel = within(
      await screen.findByRole('region', { name: 'Questions without an answer' }),
    );
    const table = panel.getByRole('table', {
      name: 'Questions this bot could not answer in the last 30 days, most asked first',
    });
    const [header, sunday, dog] = within(table).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Question', 'Times asked', 'People', 'Last asked']);
    expect(
      within(sunday)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Is the office open on Sunday?', '5', '2', '2 days ago']);
    expect(
      within(dog)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Can I bring my dog?Slack', '1', '1', 'Mar 9, 2024']);
    expect(panel.getByText(/Visitors of the public chat page count as one person/)).toBeVisible();
  });

  it('says when every question of the period was answered from its sources', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [botMock(), botReportMock('b1', REPORT)]);
    const panel = within(
      await screen.findByRole('region', { name: 'Questions without an answer' }),
    );
    expect(
      panel.getByText('No question asked in the last 30 days went unanswered.'),
    ).toBeInTheDocument();
    expect(panel.queryByRole('table')).not.toBeInTheDocument();
  });

  it('switches the period and says when there were no questions', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [
      botMock(),
      botReportMock('b1', REPORT),
      botReportMock(
        'b1',
        {
          questions: 0,
          answered: 0,
          averageLatencyMs: 0,
          perDay: [],
          topSources: [],
          feedback: feedbackReport(),
        },
        7,
      ),
    ]);

    await screen.findByText('6 of 8');
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('No questions in this period')).toBeInTheDocument();
  });

  it('shows votes cast in a period without questions instead of the empty state', async () => {
    renderBotPage('/app/bots/b1?tab=reports', [
      botMock(),
      botReportMock('b1', {
        questions: 0,
        answered: 0,
        averageLatencyMs: 0,
        perDay: [],
        topSources: [],
        feedback: feedbackReport({ down: 2, downRate: 1 }),
      }),
    ]);
    const feedback = within(await screen.findByRole('region', { name: 'Answer feedback' }));
    expect(feedback.getByText('2')).toBeInTheDocument();
    expect(screen.queryByText('No questions in this period')).toBeNull();
  });
});
