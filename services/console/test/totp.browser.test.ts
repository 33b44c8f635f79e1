import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeAll,
  consoleCall,
  DESKTOP,
  enrolOnPage,
  launchBrowser,
  screenshot,
  signedIn,
  type Person,
} from './browser.js';

// Two-factor authentication in the browser: a member enrols from the Account page (the secret
// read off the page, codes made from it by otplib as an authenticator app would), signs in with a
// code and with a recovery code; an operator is held at enrolment until done.

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

const member: Person = { email: 'member@example.test', password: 'member-password-1' };
const operator: Person = { email: 'operator@example.test', password: 'operator-password-1' };

let platform: TestPlatform;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function cli(...args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: platform.databaseUrl },
  });
}

/** A fresh browser at the code step of `person` (email and password given). */
async function atCodeStep(person: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.consoleUrl, viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code or recovery code').waitFor();
  return page;
}

async function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/session')).status);
}

describe('console two-factor authentication', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({ only: ['gateway', 'console'] });
    browser = await launchBrowser();
    const project = await platform.admin.post<{ id: string }>('/projects', { name: 'Project Totp' });
    await cli('users', 'create', '--email', member.email, '--password', member.password);
    await cli('users', 'add-member', '--email', member.email, '--project', project.body.id, '--role', 'developer');
    await cli('users', 'create', '--operator', '--email', operator.email, '--password', operator.password);
  });

  afterAll(async () => {
    await closeAll(contexts);
    await browser?.close();
    await platform?.stop();
  });

  it('a member enrols from the Account page, sees ten recovery codes once, then signs in with a code', async () => {
    const { context, page } = await signedIn(browser, platform.consoleUrl, member);
    contexts.push(context);
    await page.goto('/#/account');
    await page.getByRole('heading', { level: 2, name: 'Two-factor authentication' }).waitFor();
    await page.getByText('Off: signing in asks for your password only.').waitFor();
    const factor = await enrolOnPage(page, member);
    assert.match(factor.secret, /^[A-Z2-7]{16,}$/);
    assert.equal(factor.recoveryCodes.length, 10);
    await page.getByRole('status').getByText('10 recovery codes left').waitFor();
    await screenshot(page, 'desktop-account-two-factor');

    const next = await atCodeStep(member);
    assert.equal(await sessionStatus(next), 401, 'no session after the password alone');
    await screenshot(next, 'desktop-sign-in-code');
    const again = await signedIn(browser, platform.consoleUrl, member);
    contexts.push(again.context);
    const signedInAgain = again.page;
    await signedInAgain.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
  });

  it('refuses a wrong code clearly and opens no session', async () => {
    const page = await atCodeStep(member);
    await page.getByLabel('Authentication code or recovery code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('the code is wrong or was used already').waitFor();
    assert.equal(await sessionStatus(page), 401);
  });

  it('signs in with a recovery code, which then is used up', async () => {
    const code = member.factor!.recoveryCodes[0]!;
    const page = await atCodeStep(member);
    await page.getByLabel('Authentication code or recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    await page.goto('/#/account');
    await page.getByRole('status').getByText('9 recovery codes left').waitFor();

    const again = await atCodeStep(member);
    await again.getByLabel('Authentication code or recovery code').fill(code);
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByRole('alert').getByText('the code is wrong or was used already').waitFor();
  });

  it('holds an operator at enrolment until done: nothing else answers', async () => {
    const context = await browser.newContext({ baseURL: platform.consoleUrl, viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/#/operator/people');
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
    const refused = await consoleCall(page, 'GET', '/users');
    assert.equal(refused.status, 403);
    assert.match(refused.text, /SECOND_FACTOR_REQUIRED/);
    await screenshot(page, 'desktop-operator-enrolment');
    await enrolOnPage(page, operator);
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor();
    assert.equal((await consoleCall(page, 'GET', '/users')).status, 200);
  });
});
