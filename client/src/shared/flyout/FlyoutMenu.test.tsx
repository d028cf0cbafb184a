import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FlyoutMenu, MenuLink } from './FlyoutMenu';

function renderMenu() {
  render(
    <MemoryRouter>
      <button type="button">Before</button>
      <FlyoutMenu
        label="Account"
        placement="bottom-end"
        width={240}
        trigger={(props) => (
          <button type="button" {...props}>
            Open
          </button>
        )}
      >
        <MenuLink to="/one">One</MenuLink>
        <MenuLink to="/two">Two</MenuLink>
        <MenuLink to="/three">Three</MenuLink>
      </FlyoutMenu>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Open' });
}

describe('FlyoutMenu', () => {
  it('is a menu button: ArrowDown opens on the first item, arrows wrap, Escape returns focus', async () => {
    const user = userEvent.setup();
    const button = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('One')).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(item('Two')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(item('Three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('One')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Three')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes on Tab, on a press outside, and after a choice', async () => {
    const user = userEvent.setup();
    const button = renderMenu();

    await user.click(button);
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Two' }));
    expect(screen.queryByRole('menu')).toBeNull();

    // A second click on the button closes what the first opened.
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
