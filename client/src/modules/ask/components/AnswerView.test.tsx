import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { askSource } from '../../../test/ask-mocks';
import { renderWithProviders } from '../../../test/render';
import { AnswerView } from './AnswerView';
import { MightBeRelated } from './MightBeRelated';
import { SourceList } from './SourceList';
import { splitCitations } from './answer-citations';

const NOT_FOUND =
  "I couldn't find anything about this in your sources. Try other words, or check that the documents that cover it are connected and indexed.";

const sources = [
  askSource({ number: 1, title: 'Handbook', url: '/app/documents/d1?page=3&passage=4' }),
  askSource({ number: 2, title: 'Policy', url: '/app/documents/d2?passage=0', location: null }),
];

describe('AnswerView', () => {
  it('shows markup from a document as text, never as HTML', () => {
    const { container } = renderWithProviders(
      <AnswerView answer={'Run <script>alert("x")</script> <b>bold</b> [1]'} sources={sources} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<script>alert\("x"\)<\/script> <b>bold<\/b>/)).toBeInTheDocument();
  });

  it('links each known [n] to its source and leaves unknown ones as text', () => {
    renderWithProviders(
      <AnswerView answer={'25 days [1]. Ask HR [2][9].\nSecond line [1, 2].'} sources={sources} />,
    );
    const first = screen.getAllByRole('link', { name: '[1]' });
    expect(first).toHaveLength(2);
    expect(first[0]).toHaveAttribute('href', '/app/documents/d1?page=3&passage=4');
    expect(first[0]).toHaveAttribute('title', 'Handbook');
    expect(screen.getAllByRole('link', { name: '[2]' })[0]).toHaveAttribute(
      'href',
      '/app/documents/d2?passage=0',
    );
    expect(screen.queryByRole('link', { name: '[9]' })).toBeNull();
    const body = screen.getByText(/25 days/);
    expect(body.textContent).toBe('25 days [1]. Ask HR [2][9].\nSecond line [1][2].');
  });

  it('opens a cited connected item in the app at the passage, never leaving Lumen in place', () => {
    const confluence = askSource({
      number: 1,
      title: 'On-call runbook',
      url: 'https://acme.atlassian.net/wiki/spaces/ENG/pages/1',
      viewerUrl: '/app/documents/p1?passage=2',
      documentId: 'p1',
      sourceKind: 'confluence',
    });
    // An answer kept from before the viewer link: the document's top.
    const older = {
      ...askSource({ number: 2, title: 'Old page', documentId: 'p2', sourceKind: 'confluence' }),
      url: 'https://acme.atlassian.net/wiki/spaces/ENG/pages/2',
      viewerUrl: '',
    };
    renderWithProviders(
      <>
        <AnswerView answer="Page the on-call [1] or [2]." sources={[confluence, older]} />
        <SourceList sources={[confluence, older]} />
        <SourceList sources={[confluence]} variant="chips" />
      </>,
    );
    expect(screen.getByRole('link', { name: '[1]' })).toHaveAttribute(
      'href',
      '/app/documents/p1?passage=2',
    );
    expect(screen.getByRole('link', { name: '[2]' })).toHaveAttribute('href', '/app/documents/p2');
    for (const link of screen.getAllByRole('link', { name: /On-call runbook/ })) {
      expect(link).toHaveAttribute('href', '/app/documents/p1?passage=2');
      expect(link).not.toHaveAttribute('target');
    }
    expect(screen.getByRole('link', { name: 'Old page' })).toHaveAttribute(
      'href',
      '/app/documents/p2',
    );
  });

  it('labels an extractive answer and shows the notice', () => {
    renderWithProviders(
      <AnswerView
        answer="From the handbook [1]."
        sources={sources}
        mode="extractive"
        notice="The AI provider did not answer; these are the best passages."
      />,
    );
    expect(screen.getByText('Extracted from your sources — no AI model used')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The AI provider did not answer');
  });

  it('shows the not-found answer as a note, without the extractive label', () => {
    renderWithProviders(
      <AnswerView answer={NOT_FOUND} sources={[]} mode="extractive" found={false} />,
    );
    expect(screen.queryByText(/no AI model used/)).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(NOT_FOUND);
    // Not an error: nothing is announced as one.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the label of an extractive answer that was found', () => {
    renderWithProviders(
      <AnswerView answer="From the handbook [1]." sources={sources} mode="extractive" found />,
    );
    expect(screen.getByText('Extracted from your sources — no AI model used')).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link', { name: '[1]' })).toBeInTheDocument();
  });

  it('shows no label for a generated answer', () => {
    renderWithProviders(<AnswerView answer="Yes." sources={[]} mode="generated" />);
    expect(screen.queryByText(/no AI model used/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('MightBeRelated', () => {
  it('lists the closest passages under a heading, each linking to where it is', () => {
    renderWithProviders(<MightBeRelated passages={sources} />);
    const section = screen.getByRole('region', { name: 'Might be related' });
    expect(
      within(section).getByRole('heading', { name: 'Might be related', level: 4 }),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(within(section).getByText('Page 3 · Handbook')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Policy' })).toBeInTheDocument();
  });

  it('renders nothing without passages', () => {
    renderWithProviders(<MightBeRelated passages={[]} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('splitCitations', () => {
  it('keeps a group with no known source exactly as written', () => {
    expect(splitCitations('a [7, 8] b', sources)).toEqual([{ kind: 'text', text: 'a [7, 8] b' }]);
  });
});

describe('SourceList', () => {
  it('lists numbered title links with location and source name', () => {
    renderWithProviders(<SourceList sources={sources} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Handbook' })).toHaveAttribute(
      'href',
      '/app/documents/d1?page=3&passage=4',
    );
    expect(within(items[0]).getByText('Page 3 · Handbook')).toBeInTheDocument();
    expect(within(items[1]).getByText('Handbook')).toBeInTheDocument();
  });

  it('shows chips that are links', () => {
    renderWithProviders(<SourceList sources={sources} variant="chips" />);
    expect(screen.getByRole('link', { name: /Policy/ })).toHaveAttribute(
      'href',
      '/app/documents/d2?passage=0',
    );
  });

  it('renders nothing without sources', () => {
    const { container } = renderWithProviders(<SourceList sources={[]} />);
    expect(container.querySelector('ol')).toBeNull();
  });
});
