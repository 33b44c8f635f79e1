import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@otp/platform/launcher';
import { startTestPlatform, type TestPlatform } from '@otp/test/infra';
import Provider from 'oidc-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeAll, DESKTOP, enrolOnPage, launchBrowser, screenshot, type Person } from './browser.js';
import { nextCode } from './second-factor.js';

// Single sign-on end to end: a local OpenID Connect provider (oidc-provider, its development
// login and consent pages), the console configured for it, and Chromium going through the whole
// redirect dance. The provider vouches for any login as its email; the console decides who that is.

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const CLIENT_ID = 'otp-console';
const CLIENT_SECRET = 'a-client-secret-for-tests';

let platform: TestPlatform;
let browser: Browser;
let providerServer: Server;
const contexts: BrowserContext[] = [];
let projectId: string;
const ssoOperator: Person = { email: 'sso-operator@example.test', password: 'unused-password-3' };

async function cli(...args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: platform.databaseUrl },
  });
}

/** A fresh browser (no console session, no provider session) signing in as `login` at the provider. */
async function signInThroughProvider(login: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.consoleUrl, viewport: DESKTOP });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  // The provider's development login page, then its consent page.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

describe('console single sign-on (OpenID Connect)', () => {
  beforeAll(async () => {
    let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
    providerServer = createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const consolePort = await freePort();
    const redirectUrl = `http://127.0.0.1:${consolePort}/api/sso/callback`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      // Any login is an account whose email is the login; "unverified..." ones are not verified.
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified') }),
      }),
      cookies: { keys: ['a-cookie-key-for-tests'] },
    });
    handle = provider.callback();

    platform = await startTestPlatform({
      only: ['gateway', 'console'],
      ports: { console: consolePort },
      env: {
        console: {
          CONSOLE_OIDC_ISSUER: issuer,
          CONSOLE_OIDC_CLIENT_ID: CLIENT_ID,
          CONSOLE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
          CONSOLE_OIDC_REDIRECT_URL: redirectUrl,
        },
      },
    });
    browser = await launchBrowser();
    const project = await platform.admin.post<{ id: string }>('/projects', { name: 'Project Sso' });
    projectId = project.body.id;
    // People exist before they can sign in by SSO: nobody is created by it.
    await cli('users', 'create', '--email', 'sso-dev@example.test', '--password', 'unused-password-1');
    await cli('users', 'add-member', '--email', 'sso-dev@example.test', '--project', projectId, '--role', 'developer');
    await cli('users', 'create', '--email', 'unverified@example.test', '--password', 'unused-password-2');
    await cli('users', 'create', '--operator', '--email', ssoOperator.email, '--password', ssoOperator.password);
  });

  afterAll(async () => {
    await closeAll(contexts);
    await browser?.close();
    await platform?.stop();
    await new Promise((resolve) => providerServer?.close(resolve));
  });

  it('signs a member in through the provider and lands on the overview of their project', async () => {
    const page = await signInThroughProvider('SSO-Dev@example.test');
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor();
    assert.ok(page.url().endsWith(`/#/projects/${projectId}/overview`), page.url());
    await page.getByRole('link', { name: 'sso-dev@example.test' }).waitFor();
    await screenshot(page, 'desktop-sso-overview');
  });

  it('refuses an email no console user has, clearly, and opens no session', async () => {
    const page = await signInThroughProvider('stranger@example.test');
    await page.getByRole('alert').getByText('No console user has the email your identity provider gave.').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/session')).status);
    assert.equal(session, 401);
    await screenshot(page, 'desktop-sso-refused');
  });

  it('refuses an email the provider has not verified, even of a console user', async () => {
    const page = await signInThroughProvider('unverified@example.test');
    await page.getByRole('alert').getByText('has not verified your email').waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/session')).status);
    assert.equal(session, 401);
  });

  it("holds an operator to the console's second factor: enrolment first, then a code after the provider", async () => {
    const first = await signInThroughProvider(ssoOperator.email);
    await first.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }).waitFor();
    await enrolOnPage(first, ssoOperator);
    await first.getByRole('heading', { level: 1, name: 'All projects' }).waitFor();

    const next = await signInThroughProvider(ssoOperator.email);
    const code = next.getByLabel('Authentication code or recovery code');
    await code.waitFor();
    assert.ok(!next.url().includes('second_factor='), 'the token leaves the address bar');
    assert.equal(await next.evaluate(async () => (await fetch('/api/session')).status), 401, 'no session yet');
    await code.fill(await nextCode(ssoOperator.factor!));
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByRole('heading', { level: 1, name: 'All projects' }).waitFor();
  });
});
