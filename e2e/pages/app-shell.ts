import type { Page } from 'playwright-core';

/** The protected app's frame: top bar, sidebars, colour toggle, logout. */
export class AppShell {
  constructor(private readonly page: Page) {}

  colorScheme() {
    return this.page.evaluate(() =>
      document.documentElement.getAttribute('data-mantine-color-scheme'),
    );
  }

  async toggleColorScheme() {
    await this.page.getByRole('button', { name: 'Toggle color scheme' }).first().click();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
  }

  async openSearchModal() {
    await this.page.keyboard.press('Control+K');
  }

  storage(key: string) {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }
}
