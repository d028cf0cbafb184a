import type { Page } from 'playwright-core';

/** The public auth screens, driven by their labels as a person would. */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/signup`);
  }

  async signUp(user: { firstName: string; lastName: string; email: string; password: string }) {
    await this.page.getByLabel('First name').fill(user.firstName);
    await this.page.getByLabel('Last name').fill(user.lastName);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await this.page
      .getByLabel(/^Password/)
      .first()
      .fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/signin`);
  }

  async signIn(email: string, password: string, rememberMe = true) {
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page
      .getByLabel(/^Password/)
      .first()
      .fill(password);
    if (rememberMe) await this.page.getByLabel('Remember me').check();
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}
