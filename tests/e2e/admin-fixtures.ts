import type { Page } from '@playwright/test';

/** What a browser context needs for the copy buttons, which write to the clipboard: the tests read it back. */
export const CLIPBOARD_ACCESS = { permissions: ['clipboard-read', 'clipboard-write'] };

export const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
