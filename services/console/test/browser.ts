import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { nextCode, type KnownFactor } from './second-factor.js';

// Debian's chromium driven by playwright-core (`npx playwright install` cannot
// download a browser here). The flags keep it from calling out to the network.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Person {
  email: string;
  password: string;
  /** Set once the person is enrolled (by `signedIn` for an operator, or by a suite). */
  factor?: KnownFactor;
}

/**
 * Enrols `person` on the page the console shows (the Account page's section, or an operator's
 * required enrolment): the secret read off the page, a code from it, the recovery codes kept.
 */
export async function enrolOnPage(page: Page, person: Person): Promise<KnownFactor> {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const factor: KnownFactor = {
    secret: await page.getByTestId('totp-secret').innerText(),
    lastStep: 0,
    recoveryCodes: [],
  };
  await page.getByLabel('Authentication code', { exact: true }).fill(await nextCode(factor));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const shown = page.getByTestId('recovery-codes');
  await shown.waitFor();
  factor.recoveryCodes = await shown.locator('code').allInnerTexts();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  person.factor = factor;
  return factor;
}

/**
 * A signed-in browser context for `person`, its page on the project list. An enrolled person gives
 * a code at the second step; an operator who is not enrolled yet is enrolled on the way.
 */
export async function signedIn(browser: Browser, baseUrl: string, person: Person, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const landed = page.getByRole('heading', { level: 1, name: /projects/i });
  const refused = page.getByRole('alert');
  const codeStep = page.getByLabel('Authentication code or recovery code');
  const enrolment = page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' });
  await landed.or(refused).or(codeStep).or(enrolment).first().waitFor();
  if (await codeStep.count()) {
    if (!person.factor) throw new Error(`${person.email} is asked for a code but the suite knows no factor`);
    await codeStep.fill(await nextCode(person.factor));
    await page.getByRole('button', { name: 'Verify' }).click();
    await landed.or(refused).first().waitFor();
  } else if (await enrolment.count()) {
    await enrolOnPage(page, person);
    await landed.or(refused).first().waitFor();
  }
  if (await refused.count()) throw new Error(`sign-in of ${person.email} refused: ${await refused.innerText()}`);
  return { context, page };
}

/** A console JSON call from inside the signed-in page (its cookie, its CSRF token unless `csrf` false). */
export async function consoleCall(
  page: Page,
  method: string,
  route: string,
  body?: unknown,
  options: { csrf?: boolean } = {},
): Promise<{ status: number; body: unknown; text: string }> {
  return page.evaluate(
    async ({ method, route, body, csrf }) => {
      const session = (await (await fetch('/api/session')).json()) as { csrf_token?: string };
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (csrf && session.csrf_token) headers['x-csrf-token'] = session.csrf_token;
      const response = await fetch(`/api${route}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed, text };
    },
    { method, route, body, csrf: options.csrf ?? true },
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

export async function closeAll(contexts: BrowserContext[]): Promise<void> {
  await Promise.all(contexts.map((c) => c.close()));
}
