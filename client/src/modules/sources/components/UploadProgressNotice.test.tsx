import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { DONE_NOTICE_MS, UploadProgressNotice } from './UploadProgressNotice';

afterEach(() => vi.useRealTimers());

/** Mantine alone (no router): `rerender` keeps the provider around the notice. */
const renderNotice = (ui: ReactElement) =>
  render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });

const counts = (documentCount: number, pendingCount: number, failedCount = 0) => ({
  name: 'Handbook',
  documentCount,
  pendingCount,
  failedCount,
});

describe('UploadProgressNotice', () => {
  it('follows the files until they are indexed, then closes itself', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const upload = { count: 2, before: 3, failedBefore: 0 };
    const { rerender } = renderNotice(
      <UploadProgressNotice source={counts(3, 0)} upload={upload} onDismiss={onDismiss} />,
    );
    const notice = screen.getByRole('status', { name: 'Upload to Handbook' });
    // The list was not read again yet: the files are not counted, so it is not done.
    expect(notice).toHaveTextContent('2 files uploaded — indexing…');

    rerender(<UploadProgressNotice source={counts(5, 2)} upload={upload} onDismiss={onDismiss} />);
    expect(notice).toHaveTextContent('2 files uploaded — indexing… 2 files to go');
    rerender(<UploadProgressNotice source={counts(5, 1)} upload={upload} onDismiss={onDismiss} />);
    expect(notice).toHaveTextContent('1 file to go');

    rerender(<UploadProgressNotice source={counts(5, 0)} upload={upload} onDismiss={onDismiss} />);
    expect(notice).toHaveTextContent('2 files uploaded and indexed');
    act(() => vi.advanceTimersByTime(DONE_NOTICE_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is done when the files were indexed before they were ever seen pending', () => {
    renderNotice(
      <UploadProgressNotice
        source={counts(4, 0)}
        upload={{ count: 1, before: 3, failedBefore: 0 }}
        onDismiss={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 file uploaded and indexed');
  });

  it('tells only this upload’s failures, and can be dismissed at once', async () => {
    const onDismiss = vi.fn();
    renderNotice(
      <UploadProgressNotice
        source={counts(5, 0, 3)}
        upload={{ count: 2, before: 3, failedBefore: 2 }}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 files uploaded: indexing ended, 1 failed (see below)',
    );
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
