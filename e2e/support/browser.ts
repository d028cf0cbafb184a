import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Debian's Chromium, headless, with the flags this network needs (no background fetches). */
export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Saves e2e/screenshots/<name>.png (git-ignored) for people to look at. */
/** Where a screenshot called `name` is saved (for a viewport-only shot). */
export function screenshotPath(name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  return path.join(screenshotDir, `${name}.png`);
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}
