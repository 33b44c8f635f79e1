import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eventually, JsonClient, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeAll, consoleCall, DESKTOP, launchBrowser, PHONE, screenshot, signedIn, type Person } from './browser.js';

// The console end to end: a real platform (every service as its own process), the console's
// server, and headless Chromium clicking through the pages as a member, a viewer and an operator.

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const run = promisify(execFile);

const operator: Person = { email: 'operator@example.test', password: 'operator-password-1' };
const developerA: Person = { email: 'dev-a@example.test', password: 'developer-password-a' };
const viewerA: Person = { email: 'viewer-a@example.test', password: 'viewer-password-a1' };
const developerB: Person = { email: 'dev-b@example.test', password: 'developer-password-b' };

interface InboxMessage {
  channel: string;
  to: string;
  from: string;
  text: string;
  code: string;
}

let platform: TestPlatform;
let browser: Browser;
const contexts: BrowserContext[] = [];
let projectA: string;
let projectB: string;
let keyFromConsole: string;
let verificationSid: string;
let verificationCode: string;

/**
 * Whether `code` shows in `text` as a value of its own. A 4-digit code is also, by chance, a run
 * of digits inside the phone number, a sid or a date on the same page ("+447700100124" holds
 * "0124"), so a plain substring test failed now and then with nothing wrong; a code the page or
 * the API showed stands alone (a cell, a label's value, a JSON string or number).
 */
function showsAlone(text: string, code: string): boolean {
  return new RegExp(`(?<![\\w./+-])${code}(?![\\w./+-])`).test(text);
}

async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: platform.databaseUrl },
  });
  return stdout;
}

const signedInPages = new Map<string, Page>();

/** `person`'s signed-in page (one browser context per person and width, reused across tests). */
async function as(person: Person, viewport = DESKTOP): Promise<Page> {
  const key = `${person.email}:${viewport.width}`;
  const known = signedInPages.get(key);
  if (known) {
    await known.goto('/#/projects');
    return known;
  }
  const { context, page } = await signedIn(browser, platform.consoleUrl, person, viewport);
  contexts.push(context);
  signedInPages.set(key, page);
  return page;
}

async function openProjectPage(page: Page, projectId: string, tab: string): Promise<void> {
  await page.goto(`/#/projects/${projectId}/${tab}`);
  await page.getByRole('heading', { level: 2, name: tabName(tab) }).waitFor();
}

function tabName(tab: string): string {
  return (
    {
      overview: 'Overview',
      'api-keys': 'API keys',
      'sender-ids': 'Sender IDs',
      settings: 'Settings',
      logs: 'Logs',
      webhooks: 'Webhooks',
      ledger: 'Ledger',
      members: 'Members',
    }[tab] ?? tab
  );
}

async function inbox(to: string): Promise<InboxMessage[]> {
  const answer = await platform.sandbox.get<{ messages: InboxMessage[] }>(`/inbox?to=${encodeURIComponent(to)}`);
  return answer.body.messages;
}

describe('console in a browser', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
    browser = await launchBrowser();
    // The first operator comes from the console's CLI, as in a fresh deployment.
    await cli('users', 'create', '--operator', '--email', operator.email, '--password', operator.password);
    const a = await platform.admin.post<{ id: string }>('/projects', { name: 'Project Alpha', credit: '5.00' });
    const b = await platform.admin.post<{ id: string }>('/projects', { name: 'Project Beta' });
    projectA = a.body.id;
    projectB = b.body.id;
    // The operator brings in the others through the console's own routes (the People page's).
    const op = await as(operator);
    for (const [person, project, role] of [
      [developerA, projectA, 'developer'],
      [viewerA, projectA, 'viewer'],
      [developerB, projectB, 'developer'],
    ] as const) {
      const user = await consoleCall(op, 'POST', '/users', { email: person.email, password: person.password });
      assert.equal(user.status, 201, user.text);
      const membership = await consoleCall(op, 'POST', `/projects/${project}/members`, { email: person.email, role });
      assert.equal(membership.status, 204, membership.text);
    }
  });

  afterAll(async () => {
    await closeAll(contexts);
    await browser?.close();
    await platform?.stop();
  });

  it('refuses a wrong password with a clear message', async () => {
    const context = await browser.newContext({ baseURL: platform.consoleUrl, viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill(developerA.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('email or password is wrong').waitFor();
    // Single sign-on is not configured here: no button for it.
    assert.equal(await page.getByRole('button', { name: 'Sign in with SSO' }).count(), 0);
  });

  it('signs a member in; a key created on the API Keys page works against /v1 at once', async () => {
    const page = await as(developerA);
    await page.getByRole('link', { name: 'Project Alpha' }).click();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('backend');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await shown.waitFor();
    keyFromConsole = await shown.inputValue();
    assert.match(keyFromConsole, /^otp_live_/);

    const api = new JsonClient(`${platform.publicUrl}/v1`, keyFromConsole);
    const project = await api.get<{ id: string }>('/project');
    assert.equal(project.status, 200);
    assert.equal(project.body.id, projectA);

    // The list shows the key by name and hint, never the key itself.
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByRole('cell', { name: 'backend', exact: true }).waitFor();
    assert.equal(await page.getByText(keyFromConsole).count(), 0);
  });

  it('a member requests a sender ID, the operator approves it, and SMS can be sent from it', async () => {
    const member = await as(developerA);
    await openProjectPage(member, projectA, 'sender-ids');
    await member.getByRole('textbox', { name: /^Sender ID/ }).fill('AlphaShop');
    await member.getByLabel('Site or app it is for').fill('alpha.example');
    await member.getByRole('button', { name: 'Request sender ID' }).click();
    await member.getByRole('status').getByText('AlphaShop requested').waitFor();
    const row = member.getByRole('row', { name: /AlphaShop/ });
    await row.getByText('pending').waitFor();

    // Not usable while pending.
    const api = new JsonClient(`${platform.publicUrl}/v1`, keyFromConsole);
    const early = await api.post<{ error: { code: string } }>('/messages/sms', {
      to: '+447700100123',
      from: 'AlphaShop',
      body: 'hello',
    });
    assert.equal(early.status, 422);
    assert.equal(early.body.error.code, 'SENDER_ID_NOT_APPROVED');

    // A second request the operator refuses, with a reason the member sees.
    await member.getByRole('textbox', { name: /^Sender ID/ }).fill('AlphaNope');
    await member.getByLabel('Site or app it is for').fill('nope.example');
    await member.getByRole('button', { name: 'Request sender ID' }).click();
    await member.getByRole('status').getByText('AlphaNope requested').waitFor();

    const op = await as(operator);
    await op.getByRole('link', { name: 'Sender ID queue' }).click();
    op.once('dialog', (dialog) => void dialog.accept('not the brand of this site'));
    await op.getByRole('button', { name: 'Reject AlphaNope' }).click();
    await op.getByText('AlphaNope rejected.').waitFor();
    const waiting = op.getByRole('row', { name: /AlphaShop/ });
    await waiting.getByText('Project Alpha').waitFor();
    await waiting.getByRole('button', { name: 'Approve AlphaShop' }).click();
    await op.getByText('AlphaShop approved for Project Alpha').waitFor();
    await op.getByText('Nothing is waiting for approval.').waitFor();

    await member.reload();
    await member
      .getByRole('row', { name: /AlphaShop/ })
      .getByText('approved')
      .waitFor();

    const sent = await api.post<{ from: string; status: string }>('/messages/sms', {
      to: '+447700100123',
      from: 'AlphaShop',
      body: 'Your order shipped',
    });
    assert.equal(sent.status, 201);
    assert.equal(sent.body.from, 'AlphaShop');
    const messages = await eventually(
      () => inbox('+447700100123'),
      (list) => list.some((m) => m.channel === 'sms' && m.text === 'Your order shipped'),
      { what: 'the SMS in the sandbox inbox' },
    );
    assert.equal(messages.find((m) => m.text === 'Your order shipped')?.from, 'AlphaShop');
  });

  it('a changed verify setting is used by the next verification', async () => {
    const page = await as(developerA);
    await openProjectPage(page, projectA, 'settings');
    const form = page.getByRole('form', { name: 'Verify settings' });
    // The form refuses what the spec's ranges refuse before anything is sent.
    await form.getByLabel(/^Code length/).fill('9');
    await form.getByRole('button', { name: 'Save verify settings' }).click();
    assert.equal(
      await form
        .getByLabel(/^Code length/)
        .evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid),
      false,
    );

    await form.getByLabel(/^Code length/).fill('4');
    await form.getByLabel(/^Code expires after/).fill('7');
    // The SMS fallback needs a sender ID: the one approved above is offered.
    await form.getByLabel(/^Sender ID/).selectOption('AlphaShop');
    await form.getByRole('button', { name: 'Save verify settings' }).click();
    await page.getByText('Verify settings saved.').waitFor();

    const api = new JsonClient(`${platform.publicUrl}/v1`, keyFromConsole);
    const to = '+447700100124';
    const started = await api.post<{ sid: string; date_created: string; expires_at: string }>('/verifications', { to });
    assert.equal(started.status, 201, started.text);
    verificationSid = started.body.sid;
    const minutes = (Date.parse(started.body.expires_at) - Date.parse(started.body.date_created)) / 60000;
    assert.equal(Math.round(minutes), 7);
    const [message] = await eventually(
      () => inbox(to),
      (list) => list.length > 0,
      { what: 'the verification code in the sandbox inbox' },
    );
    verificationCode = message!.code;
    assert.match(verificationCode, /^\d{4}$/);
  });

  it('the logs show that verification with its attempts and cost, never its code', async () => {
    const page = await as(developerA);
    await openProjectPage(page, projectA, 'logs');
    await page.getByLabel('Number contains').fill('100124');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: verificationSid }).click();
    const detail = page.getByTestId('verification-detail');
    await detail.getByRole('heading', { name: `Verification ${verificationSid}` }).waitFor();
    await detail.getByRole('cell', { name: 'messenger' }).first().waitFor();
    await detail.getByText('never shown').waitFor();
    const text = await page.locator('main').innerText();
    assert.ok(text.includes('+447700100124'));
    assert.ok(!showsAlone(text, verificationCode), 'the code must not appear on the page');

    const list = await consoleCall(page, 'GET', `/projects/${projectA}/verifications?to=100124`);
    assert.equal(list.status, 200);
    assert.ok(list.text.includes(verificationSid));
    assert.ok(!list.text.includes(`"code"`) && !showsAlone(list.text, verificationCode));

    // The overview's daily numbers count it (today, UTC).
    const stats = await consoleCall(page, 'GET', `/projects/${projectA}/stats/daily?days=2`);
    const days = (stats.body as { days: { day: string; verifications: number }[] }).days;
    assert.equal(days.length, 2);
    assert.equal(days.at(-1)?.day, new Date().toISOString().slice(0, 10));
    assert.equal(days.at(-1)?.verifications, 1);
  });

  it('the SMS log shows the message sent from the approved sender ID with its detail', async () => {
    const page = await as(developerA);
    await openProjectPage(page, projectA, 'logs');
    await page.getByRole('button', { name: 'SMS messages' }).click();
    await page.getByRole('heading', { level: 3, name: 'SMS messages' }).waitFor();
    await page.getByLabel('Number contains').fill('100123');
    await page.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row', { name: /AlphaShop/ });
    await row.getByText('+447700100123').waitFor();
    await row.getByRole('button').click();
    const detail = page.getByTestId('sms-detail');
    await detail.getByText('Your order shipped').waitFor();
    await detail.getByText('the API (direct)').waitFor();
    const facts = await detail.innerText();
    assert.match(facts, /Submit attempts\s+1\b/);
    assert.match(facts, /Cost\s+\d+\.\d{2} USD/);
    await screenshot(page, 'desktop-project-logs-sms-detail');

    // Filters reach the admin API: no message of this project has failed.
    const failed = await consoleCall(page, 'GET', `/projects/${projectA}/sms?status=failed`);
    assert.equal(failed.status, 200, failed.text);
    assert.deepEqual((failed.body as { messages: unknown[] }).messages, []);
  });

  it("the messenger log shows the verification's code message, never its code", async () => {
    const page = await as(developerA);
    await openProjectPage(page, projectA, 'logs');
    await page.getByRole('button', { name: 'Messenger codes' }).click();
    await page.getByRole('heading', { level: 3, name: 'Messenger codes' }).waitFor();
    await page.getByLabel('Number contains').fill('100124');
    await page.getByRole('button', { name: 'Filter' }).click();
    const row = page.getByRole('row', { name: /\+447700100124/ });
    await row.getByText('verification').waitFor();
    await row.getByRole('button').click();
    const detail = page.getByTestId('messenger-detail');
    await detail.getByText('never shown').waitFor();
    await detail.getByText('a verification').waitFor();
    await screenshot(page, 'desktop-project-logs-messenger-detail');

    const list = await consoleCall(page, 'GET', `/projects/${projectA}/messenger-codes?to=100124`);
    assert.equal(list.status, 200, list.text);
    const codes = (list.body as { codes: Record<string, unknown>[] }).codes;
    assert.equal(codes.length, 1);
    assert.ok(!('code' in codes[0]!), 'no code field');
    assert.ok(!Object.values(codes[0]!).includes(verificationCode), 'the code is no value of the row');
  });

  it('a viewer sees the project but can change nothing, in the pages or through the API', async () => {
    const page = await as(viewerA);
    await openProjectPage(page, projectA, 'api-keys');
    await page.getByText('Your role can view this page but not change it.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Create key' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Revoke/ }).count(), 0);
    await openProjectPage(page, projectA, 'settings');
    assert.equal(await page.getByRole('button', { name: /^Save/ }).count(), 0);
    assert.equal(
      await page
        .getByLabel(/^Code length/)
        .first()
        .isDisabled(),
      true,
    );
    await openProjectPage(page, projectA, 'sender-ids');
    assert.equal(await page.getByRole('button', { name: 'Request sender ID' }).count(), 0);

    const createKey = await consoleCall(page, 'POST', `/projects/${projectA}/api-keys`, { name: 'sneaky' });
    assert.equal(createKey.status, 403);
    const settings = await consoleCall(page, 'PATCH', `/projects/${projectA}/settings/verify`, { code_length: 8 });
    assert.equal(settings.status, 403);
    const sender = await consoleCall(page, 'POST', `/projects/${projectA}/sender-ids`, { value: 'Sneaky', site: 'x' });
    assert.equal(sender.status, 403);
    const member = await consoleCall(page, 'POST', `/projects/${projectA}/members`, {
      email: viewerA.email,
      role: 'owner',
    });
    assert.equal(member.status, 403);
    const project = await platform.admin.get<{ settings: { verify: { code_length: number } } }>(
      `/projects/${projectA}`,
    );
    assert.equal(project.body.settings.verify.code_length, 4);
  });

  it('a member of project A sees nothing of project B', async () => {
    const page = await as(developerA);
    await page.getByRole('link', { name: 'Project Alpha' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Project Beta' }).count(), 0);
    await page.goto(`/#/projects/${projectB}/overview`);
    await page.getByRole('alert').getByText('no such project').waitFor();
    for (const route of [
      `/projects/${projectB}`,
      `/projects/${projectB}/api-keys`,
      `/projects/${projectB}/verifications`,
      `/projects/${projectB}/ledger`,
    ]) {
      const answer = await consoleCall(page, 'GET', route);
      assert.equal(answer.status, 404, route);
    }
    const write = await consoleCall(page, 'POST', `/projects/${projectB}/api-keys`, { name: 'x' });
    assert.equal(write.status, 404);
    const list = await consoleCall(page, 'GET', '/projects');
    assert.deepEqual(
      (list.body as { projects: { id: string }[] }).projects.map((p) => p.id),
      [projectA],
    );
    // And the other way round: B's member does not see A.
    const other = await as(developerB);
    await other.getByRole('link', { name: 'Project Beta' }).waitFor();
    assert.equal(await other.getByRole('link', { name: 'Project Alpha' }).count(), 0);
  });

  it('refuses a state change without the CSRF token', async () => {
    const page = await as(developerA);
    const answer = await consoleCall(page, 'POST', `/projects/${projectA}/api-keys`, { name: 'csrf' }, { csrf: false });
    assert.equal(answer.status, 403);
    assert.equal((answer.body as { error: { code: string } }).error.code, 'CSRF_FAILED');
  });

  it("shows the operator the carriers' health and the fraud blocks across projects", async () => {
    const op = await as(operator);
    await op.goto('/#/operator/carriers');
    // The local platform's one carrier: the sandbox SMSC, bound.
    await op.getByRole('heading', { name: 'sandbox' }).waitFor();
    await op.getByText('ready').first().waitFor();
    await op.getByText('sms replicas answering: 1 of 1').waitFor();
    await op.goto('/#/operator/fraud-blocks');
    await op.getByText('No prefix is blocked.').waitFor();
    assert.equal(await op.getByText('not available on this platform yet').count(), 0);
  });

  it('writes a screenshot of every page at desktop and phone width', async () => {
    const pages = ['overview', 'api-keys', 'sender-ids', 'settings', 'logs', 'webhooks', 'ledger', 'members'].map(
      (tab) => ({ name: `project-${tab}`, url: `/#/projects/${projectA}/${tab}`, ready: tabName(tab) }),
    );
    const operatorPages = [
      { name: 'projects', url: '/#/projects', ready: 'All projects' },
      {
        name: 'operator-sender-id-queue',
        url: '/#/operator/sender-id-queue',
        ready: 'Sender IDs waiting for approval',
      },
      { name: 'operator-fraud-blocks', url: '/#/operator/fraud-blocks', ready: 'Fraud blocks across projects' },
      { name: 'operator-carriers', url: '/#/operator/carriers', ready: "Carriers' health" },
      { name: 'operator-people', url: '/#/operator/people', ready: 'People' },
      { name: 'account', url: '/#/account', ready: 'Your account' },
    ];
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const anonymous = await browser.newContext({ baseURL: platform.consoleUrl, viewport });
      contexts.push(anonymous);
      const signIn = await anonymous.newPage();
      await signIn.goto('/');
      await signIn.getByRole('button', { name: 'Sign in' }).waitFor();
      await screenshot(signIn, `${label}-sign-in`);

      const page = await as(operator, viewport);
      for (const shot of [...operatorPages, ...pages]) {
        await page.goto(shot.url);
        await page.getByRole('heading', { name: shot.ready, exact: true }).waitFor();
        // Every loading state settled: not even a first one is left.
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
        await screenshot(page, `${label}-${shot.name}`);
        if (shot.name !== 'project-logs') continue;
        // The SMS and messenger logs are views of the Logs page.
        for (const [view, name] of [
          ['SMS messages', 'project-logs-sms'],
          ['Messenger codes', 'project-logs-messenger'],
        ] as const) {
          await page.getByRole('button', { name: view }).click();
          await page.getByRole('heading', { level: 3, name: view }).waitFor();
          await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
          await screenshot(page, `${label}-${name}`);
        }
      }
    }
  });
});
