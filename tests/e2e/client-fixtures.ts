import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createOrder, uniqueEmail, fromAnAddress } from './fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { PlanId } from '#shared/plans.ts';

export type Client = { name: string; email: string; username: string; password: string };

/** The phone and desktop widths the client pages are checked at (their users are often on a phone). */
export const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** Staff create a client's order and credentials through the back-office API; dated today unless said otherwise. */
export async function createClient(
  request: APIRequestContext,
  plan: PlanId,
  order: Record<string, unknown> = {},
): Promise<Client> {
  const email = uniqueEmail('tableau');
  const client = {
    name: 'Jeanne Martin',
    email,
    username: email.replace(/@.*/, '').replace(/\./g, '-'),
    password: 'motdepasse-jeanne-1',
  };
  await createOrder(request, {
    clientName: client.name,
    clientEmail: email,
    username: client.username,
    password: client.password,
    plan,
    orderDate: todayIso(),
    ...order,
  });
  return client;
}

/**
 * Signs the client in and waits for /dashboard. Through the API (`/api/auth/login`, what the form posts), in the
 * page's own context, then opens /dashboard; `{ form: true }` signs in on /login as a visitor does, for the tests
 * about signing in (the form itself is also tested in signup.spec.ts and client-area.spec.ts).
 */
export async function signInToDashboard(page: Page, login: string, password: string, { form = false } = {}) {
  if (form) {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await page.getByLabel("Nom d'utilisateur ou e-mail").fill(login);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  } else {
    const signIn = await page.request.post('/api/auth/login', {
      data: { email: login, password },
      headers: fromAnAddress(),
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await page.goto('/dashboard');
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await scriptReady(page);
}

/**
 * A page of the client area arrives rendered by the server: its buttons answer once the script has hydrated it (a
 * click before that is lost, and the test would wait for a dialog that never opens).
 */
async function scriptReady(page: Page) {
  await expect(page.locator('html[data-script-ready="true"]')).toHaveCount(1);
}

/** Opens a page of the client area and waits until it answers clicks. */
export async function openClientPage(page: Page, url: string) {
  await page.goto(url);
  await scriptReady(page);
}

/** Reloads a page of the client area and waits until it answers clicks. */
export async function reloadClientPage(page: Page) {
  await page.reload();
  await scriptReady(page);
}

/** A day shifted from today (Paris), as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  return todayIso(new Date(Date.now() + days * 24 * 3600 * 1000));
}

// Without SMTP_URL the e2e server writes each e-mail as an .eml file under its DATA_DIR (see playwright.config.ts).
const OUTBOX = path.resolve(`.e2e-data-${process.env.E2E_PORT ?? 3100}`, 'outbox');

/** The readable text of a MIME message or part: every text part, decoded (quoted-printable or base64). */
function decodeBody(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const head = split === -1 ? eml : eml.slice(0, split);
  const body = split === -1 ? '' : eml.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /content-type:\s*multipart\/[^;]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/i.exec(head)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeBody(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/** The text of the newest e-mail sent to this address that matches, or undefined while none has been written. */
export async function lastMailTo(address: string, matching: RegExp): Promise<string | undefined> {
  let files: string[];
  try {
    files = (await readdir(OUTBOX))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return undefined;
  }
  for (const file of files) {
    const eml = await readFile(path.join(OUTBOX, file), 'utf8');
    if (!new RegExp(`^To:.*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(eml)) continue;
    const text = decodeBody(eml);
    if (matching.test(text)) return text;
  }
  return undefined;
}
