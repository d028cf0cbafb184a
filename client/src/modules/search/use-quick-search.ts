import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useSearchDocumentsQuery,
  useSearchRecentsQuery,
  type SearchHitFieldsFragment,
} from './graphql/search.generated';
import { errorMessage } from '../../shared/graphql-errors';
import { useAskStream } from '../ask/use-ask-stream';
import { isExternalUrl, viewerPath } from './format';
import { isQuestion, searchPath } from './search-filters';
import { useRecordSearch } from './use-record-search';

/** Hits listed while typing, entries per recent list, and the pause before a search runs. */
export const QUICK_HITS = 6;
export const RECENT_LIMIT = 5;
export const QUICK_SEARCH_DEBOUNCE_MS = 200;

/** One row of the modal's list; each can be made active with the arrow keys and opened. */
export type QuickItem =
  | { kind: 'answer'; key: string; question: string }
  | { kind: 'hit'; key: string; hit: SearchHitFieldsFragment }
  | { kind: 'all'; key: string; query: string }
  | { kind: 'recent'; key: string; question: string; asked: boolean }
  | { kind: 'viewed'; key: string; title: string; fileName: string; url: string };

interface Options {
  query: string;
  setQuery: (query: string) => void;
  close: () => void;
}

/**
 * The top-bar search modal's behaviour (SPEC §2): recent lists when empty, documents as you type,
 * an answer for text ending in '?', and combobox keyboard handling over whatever list is shown.
 */
export function useQuickSearch({ query, setQuery, close }: Options) {
  const navigate = useNavigate();
  const recordSearch = useRecordSearch();
  const stream = useAskStream();
  const baseId = useId();
  const text = query.trim();
  const [debounced] = useDebouncedValue(text, QUICK_SEARCH_DEBOUNCE_MS);
  const [active, setActive] = useState(-1);
  const answering = stream.status !== 'idle';

  // Fresh on every opening (the modal's body mounts when it opens).
  const recents = useSearchRecentsQuery({
    variables: { first: RECENT_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  const search = useSearchDocumentsQuery({
    variables: { query: debounced, integrations: null, first: QUICK_HITS },
    skip: !text || !debounced,
  });
  const hitsData = text && debounced ? (search.data ?? search.previousData) : undefined;
  const hits = hitsData?.searchDocuments.hits;

  const recentQuestions = recents.data?.recentQuestions;
  const recentlyViewed = recents.data?.recentlyViewedDocuments;

  const items = useMemo<QuickItem[]>(() => {
    if (!text) {
      return [
        ...(recentQuestions ?? []).map((r, i) => ({
          kind: 'recent' as const,
          key: `recent-${i}`,
          question: r.question,
          asked: r.kind === 'ask',
        })),
        ...(recentlyViewed ?? []).map((v) => ({
          kind: 'viewed' as const,
          key: `viewed-${v.document.id}`,
          title: v.document.title,
          fileName: v.document.fileName,
          url: v.url,
        })),
      ];
    }
    const list: QuickItem[] = [];
    if (isQuestion(text) && !answering)
      list.push({ kind: 'answer', key: 'answer', question: text });
    for (const hit of hits ?? []) list.push({ kind: 'hit', key: `hit-${hit.url}`, hit });
    list.push({ kind: 'all', key: 'all', query: text });
    return list;
  }, [text, answering, hits, recentQuestions, recentlyViewed]);

  const activeIndex = active < items.length ? active : -1;
  const optionId = useCallback((index: number) => `${baseId}-option-${index}`, [baseId]);

  useEffect(() => {
    if (activeIndex >= 0) {
      document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
    }
  }, [activeIndex, optionId]);

  const openUrl = (url: string) => {
    close();
    if (isExternalUrl(url)) window.open(url, '_blank', 'noopener,noreferrer');
    else void navigate(url);
  };

  // Keywords from the modal are a search, not a question: the results page lists documents and
  // asks for an answer (recorded as a question) only if the user wants one.
  const goToSearch = (q: string) => {
    recordSearch(q);
    close();
    void navigate(searchPath(q, { keywordsOnly: true }));
  };

  const askNow = (question: string) => {
    setActive(-1);
    stream.ask(question);
  };

  const activate = (item: QuickItem) => {
    switch (item.kind) {
      case 'answer':
        return askNow(item.question);
      case 'hit':
        recordSearch(text);
        return openUrl(viewerPath(item.hit));
      case 'all':
        return goToSearch(item.query);
      case 'recent':
        if (!isQuestion(item.question)) return goToSearch(item.question);
        setQuery(item.question);
        return askNow(item.question);
      case 'viewed':
        return openUrl(item.url);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      if (event.key === 'ArrowDown') setActive(activeIndex + 1 >= count ? 0 : activeIndex + 1);
      else setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeIndex >= 0) activate(items[activeIndex]);
      else if (!text) return;
      else if (isQuestion(text)) askNow(text);
      else goToSearch(text);
    }
  };

  /** Typing starts over: no active row, and an answer to the old text goes away. */
  const onInputChange = () => {
    setActive(-1);
    if (answering) stream.reset();
  };

  return {
    text,
    close,
    items,
    activeIndex,
    setActive,
    activate,
    onKeyDown,
    onInputChange,
    optionId,
    listboxId: `${baseId}-listbox`,
    stream,
    recents: {
      loading: recents.loading && !recents.data,
      error: recents.error && !recents.data ? errorMessage(recents.error) : null,
    },
    search: {
      // Typing ahead of the debounce counts as searching, so no stale "no match" flashes.
      loading: Boolean(text) && (text !== debounced || search.loading),
      error: search.error ? errorMessage(search.error) : null,
      hits,
    },
  };
}

export type QuickSearch = ReturnType<typeof useQuickSearch>;
