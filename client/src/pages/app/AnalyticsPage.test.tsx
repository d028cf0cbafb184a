import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ContentGapsDocument,
  ConversationSettingsDocument,
  SearchFeedbackReportDocument,
  SetConversationRetentionDocument,
  type ContentGapFieldsFragment,
  type FeedbackReportFieldsFragment,
} from '../../modules/analytics/graphql/analytics.generated';
import {
  contentGapResult,
  feedbackReport,
  feedbackReportResult,
} from '../../test/bot-detail-mocks';
import { renderWithProviders } from '../../test/render';
import { AnalyticsPage } from './AnalyticsPage';

const day = (n: number) => new Date(Date.UTC(2024, 2, 1 + n)).toISOString().slice(0, 10);

const REPORT = feedbackReport({
  up: 7,
  down: 3,
  downRate: 0.3,
  answersByOrigin: [
    { origin: 'web', answers: 9 },
    { origin: 'slack', answers: 3 },
  ],
  perDay: [
    { day: '2024-03-09', answers: 3, up: 2, down: 1 },
    { day: '2024-03-10', answers: 5, up: 4, down: 0 },
    { day: '2024-03-11', answers: 4, up: 1, down: 2 },
  ],
  worstQuestions: [
    { question: 'Who approves dinners?', down: 2, up: 0, lastVotedAt: '2024-03-11T10:00:00Z' },
    { question: 'What is the VPN address?', down: 1, up: 1, lastVotedAt: '2024-03-09T10:00:00Z' },
  ],
  recentComments: [
    {
      question: 'Who approves dinners?',
      reason: 'OUTDATED',
      comment: 'The policy changed in May.',
      votedAt: '2024-03-11T10:00:00Z',
    },
    {
      question: 'What is the VPN address?',
      reason: 'MISSING_SOURCE',
      comment: null,
      votedAt: '2024-03-09T10:00:00Z',
    },
  ],
});

const reportMock = (days: number, report: FeedbackReportFieldsFragment) => ({
  request: { query: SearchFeedbackReportDocument, variables: { days } },
  result: { data: { searchFeedbackReport: feedbackReportResult(report) } },
});

const gapsMock = (days: number, gaps: ContentGapFieldsFragment[] = [], hidden = 0) => ({
  request: { query: ContentGapsDocument, variables: { days } },
  result: { data: { contentGaps: gaps.map(contentGapResult), contentGapsHidden: hidden } },
});

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString();

const GAPS: ContentGapFieldsFragment[] = [
  {
    question: 'How do I expense a taxi?',
    count: 7,
    askers: 4,
    lastAskedAt: hoursAgo(3),
    origins: ['web', 'slack'],
  },
  {
    question: 'Who orders the printer paper?',
    count: 3,
    askers: 3,
    lastAskedAt: '2024-03-09T10:00:00.000Z',
    origins: ['web'],
  },
];

const settingsMock = (retentionDays = 90) => ({
  request: { query: ConversationSettingsDocument },
  result: {
    data: { conversationSettings: { __typename: 'ConversationSettings', retentionDays } },
  },
});

const stat = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByText(label, { selector: 'p' }).nextSibling;

// jsdom lays nothing out: give the chart's responsive container a size so it draws.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 600, height: 240 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AnalyticsPage', () => {
  it('shows the last 30 days of votes: totals, per day, questions voted down, comments', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [reportMock(30, REPORT), gapsMock(30), settingsMock()],
    });

    expect(screen.getByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    const section = within(screen.getByRole('region', { name: 'Answers and votes' }));
    expect(await section.findByText('30%')).toBeInTheDocument();
    expect(stat(section, 'Answers')).toHaveTextContent('12');
    expect(section.getByText('Web 9 · Slack 3')).toBeInTheDocument();
    expect(stat(section, 'Voted up')).toHaveTextContent('7');
    expect(stat(section, 'Voted down')).toHaveTextContent('3');
    expect(section.getByText('3 of 10 votes')).toBeInTheDocument();

    const perDay = screen.getByRole('region', { name: 'Votes per day' });
    await waitFor(() => expect(perDay.querySelector('svg')).not.toBeNull());
    expect(within(perDay).getByText('Down votes')).toBeInTheDocument();

    const worst = within(section.getByRole('list', { name: 'Questions voted down most' }));
    const items = worst.getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'Who approves dinners?',
      'What is the VPN address?',
    ]);
    expect(within(items[0]).getByText('2 down votes')).toBeInTheDocument();
    expect(within(items[1]).getByText('1 up vote')).toBeInTheDocument();

    const comments = within(section.getByRole('list', { name: 'Latest comments' }));
    const [outdated, missing] = comments.getAllByRole('listitem').map((item) => within(item));
    expect(outdated.getByText('Outdated')).toBeInTheDocument();
    expect(outdated.getByText('The policy changed in May.')).toBeInTheDocument();
    expect(outdated.getByText('On “Who approves dinners?”')).toBeInTheDocument();
    expect(missing.getByText('Missing source')).toBeInTheDocument();
  });

  it('asks for the period chosen, says when nobody voted, and thins 90 days of labels', async () => {
    const quarter = Array.from({ length: 90 }, (_, i) => ({
      day: day(i),
      answers: 1,
      up: i % 2,
      down: i % 3 === 0 ? 1 : 0,
    }));
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        reportMock(30, REPORT),
        reportMock(7, feedbackReport({ perDay: [{ day: day(0), answers: 4, up: 0, down: 0 }] })),
        reportMock(90, feedbackReport({ up: 45, down: 30, downRate: 0.4, perDay: quarter })),
        gapsMock(30),
        gapsMock(7),
        gapsMock(90),
        settingsMock(),
      ],
    });
    const user = userEvent.setup();
    await screen.findByText('3 of 10 votes');

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('No votes in this period')).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Answers and votes' }));
    expect(stat(section, 'Answers')).toHaveTextContent('4');
    expect(section.getByText('No votes yet')).toBeInTheDocument();
    expect(section.queryByRole('region', { name: 'Votes per day' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(await screen.findByText('40%')).toBeInTheDocument();
    const perDay = screen.getByRole('region', { name: 'Votes per day' });
    await waitFor(() =>
      expect(
        perDay.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick').length,
      ).toBeGreaterThan(0),
    );
    const ticks = perDay.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick');
    expect(ticks.length).toBeLessThanOrEqual(8);
  });

  it('shows an error with a way to try again', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        {
          request: { query: SearchFeedbackReportDocument, variables: { days: 30 } },
          error: new Error('Network down'),
        },
        reportMock(30, REPORT),
        gapsMock(30),
        settingsMock(),
      ],
    });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 of 10 votes')).toBeInTheDocument();
  });
});

describe('Questions without an answer', () => {
  const section = () => within(screen.getByRole('region', { name: 'Questions without an answer' }));

  it('lists them in a table: question, times asked, people, when last asked', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [reportMock(30, REPORT), gapsMock(30, GAPS), settingsMock()],
    });
    const table = await section().findByRole('table', {
      name: 'Questions without an answer in the last 30 days, most asked first',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Question', 'Times asked', 'People', 'Last asked']);
    const [, taxi, paper] = within(table).getAllByRole('row');
    expect(
      within(taxi)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['How do I expense a taxi?Slack', '7', '4', '3 hours ago']);
    expect(
      within(paper)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Who orders the printer paper?', '3', '3', 'Mar 9, 2024']);
    expect(within(paper).getByText('Mar 9, 2024')).toHaveAttribute(
      'datetime',
      '2024-03-09T10:00:00.000Z',
    );
    // Why someone's single question is missing is said up front.
    expect(section().getByText(/three different people have asked it/)).toBeInTheDocument();
  });

  it('follows the page’s period and says so when there is nothing to show', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        reportMock(30, REPORT),
        reportMock(7, feedbackReport()),
        gapsMock(30, GAPS, 4),
        gapsMock(7, [], 1),
        settingsMock(),
      ],
    });
    await section().findByText('How do I expense a taxi?');
    // Gaps fewer than three people asked are counted, never shown.
    expect(
      section().getByText(
        '4 more unanswered questions were asked by fewer than three people each; they are not listed.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(
      await section().findByRole('heading', {
        name: 'No unanswered questions to show for the last 7 days',
      }),
    ).toBeInTheDocument();
    expect(section().queryByRole('table')).not.toBeInTheDocument();
    expect(
      section().getByText(
        '1 more unanswered question was asked by fewer than three people; it is not listed.',
      ),
    ).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        reportMock(30, REPORT),
        {
          request: { query: ContentGapsDocument, variables: { days: 30 } },
          result: { errors: [new GraphQLError('The report could not be read.')] },
        },
        gapsMock(30, GAPS),
        settingsMock(),
      ],
    });
    expect(await section().findByText('The report could not be read.')).toBeInTheDocument();
    // The votes above still show: one report failing does not take the page down. (Each
    // report answers on its own: the votes may arrive after the gaps' error.)
    expect(await screen.findByText('3 of 10 votes')).toBeInTheDocument();
    await userEvent.click(section().getByRole('button', { name: 'Try again' }));
    expect(await section().findByText('How do I expense a taxi?')).toBeInTheDocument();
  });
});

describe('Conversation history settings', () => {
  const saveMock = (days: number, answer: number | GraphQLError, onCall?: () => void) => ({
    request: { query: SetConversationRetentionDocument, variables: { days } },
    result: () => {
      onCall?.();
      return answer instanceof GraphQLError
        ? { errors: [answer] }
        : {
            data: {
              setConversationRetention: {
                __typename: 'ConversationSettings',
                retentionDays: answer,
              },
            },
          };
    },
  });

  it('saves the retention, confirms it, and refuses numbers out of range without asking', async () => {
    const saved: number[] = [];
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        reportMock(30, REPORT),
        gapsMock(30),
        settingsMock(90),
        saveMock(365, 365, () => saved.push(365)),
      ],
    });
    const user = userEvent.setup();
    const card = within(screen.getByRole('region', { name: 'Conversation history' }));
    const input = await card.findByRole('textbox', { name: 'Keep conversations for' });
    expect(input).toHaveValue('90');
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(input);
    await user.type(input, '4000');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(card.getByText('Keep conversations between 1 and 3650 days.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);

    await user.clear(input);
    await user.type(input, '365{Enter}');
    expect(await screen.findByText('Conversations are now kept for 365 days')).toBeInTheDocument();
    expect(saved).toEqual([365]);
    expect(input).toHaveValue('365');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows what the server refused under the field', async () => {
    renderWithProviders(<AnalyticsPage />, {
      path: '/app/analytics',
      mocks: [
        reportMock(30, REPORT),
        gapsMock(30),
        settingsMock(90),
        saveMock(
          30,
          new GraphQLError('Only admins can change this.', { extensions: { code: 'FORBIDDEN' } }),
        ),
      ],
    });
    const user = userEvent.setup();
    const card = within(screen.getByRole('region', { name: 'Conversation history' }));
    const input = await card.findByRole('textbox', { name: 'Keep conversations for' });
    await user.clear(input);
    await user.type(input, '30');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('Only admins can change this.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Conversations are now kept for 30 days')).not.toBeInTheDocument();
  });
});
