import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TableScroll } from './TableScroll';

/** jsdom lays nothing out: the box's widths and scroll position are set by hand. */
function layOut(box: HTMLElement, { client, scroll, left = 0 }: Record<string, number>) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: client });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(box, 'scrollLeft', { configurable: true, writable: true, value: left });
}

const table = (
  <table aria-label="People">
    <tbody>
      <tr>
        <td>Ada</td>
      </tr>
    </tbody>
  </table>
);

afterEach(() => vi.restoreAllMocks());

describe('TableScroll', () => {
  it('says nothing while the table fits', () => {
    renderWithProviders(
      <TableScroll minWidth={600} label="People">
        {table}
      </TableScroll>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/Scroll sideways/)).toBeNull();
  });

  it('shows a hint and a shadow on the side with more, and is keyboard-scrollable', () => {
    // Wider than its box from the first measure on.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(760);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(330);
    renderWithProviders(
      <TableScroll minWidth={760} label="People">
        {table}
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'People (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.parentElement).toHaveAttribute('data-more-end');
    expect(region.parentElement).not.toHaveAttribute('data-more-start');
    expect(screen.getByText('Scroll sideways for more columns →')).toBeInTheDocument();

    // Scrolled to the end: the shadow moves to the start.
    vi.restoreAllMocks();
    layOut(region, { client: 330, scroll: 760, left: 430 });
    fireEvent.scroll(region);
    expect(region.parentElement).toHaveAttribute('data-more-start');
    expect(region.parentElement).not.toHaveAttribute('data-more-end');
    expect(screen.getByText('← Scroll back for the first columns')).toBeInTheDocument();
  });
});
