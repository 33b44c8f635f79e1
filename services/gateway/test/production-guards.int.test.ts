import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually, startTestPlatform, type ErrorBody, type TestPlatform, type TestProject } from '@otp/test/infra';
import pg from 'pg';

// The gateway as production runs it (ALLOW_PRIVATE_CALLBACKS=false): callback URLs that would make
// us call our own network are refused at request time, and a project never outlives a failed
// trial credit. Real gateway and billing processes, real Postgres.

let platform: TestPlatform;
let project: TestProject;

function assertInvalidBody(response: { status: number; body: ErrorBody; text: string }, message: RegExp): void {
  assert.equal(response.status, 422, response.text);
  assert.equal(response.body.error.code, 'INVALID_REQUEST_BODY', response.text);
  assert.match(response.body.error.message, message);
}

async function projectsNamed(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: platform.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>('SELECT count(*) FROM gateway.projects WHERE name = $1', [
      name,
    ]);
    return Number(result.rows[0]?.count);
  } finally {
    await client.end();
  }
}

describe('gateway with the production callback policy and billing failures', () => {
  beforeAll(async () => {
    platform = await startTestPlatform({
      only: ['billing', 'gateway'],
      env: { gateway: { ALLOW_PRIVATE_CALLBACKS: 'false' } },
    });
    project = await platform.newProject({ name: 'callbacks' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  describe('callback URLs at request time', () => {
    const refused: [string, RegExp][] = [
      ['http://127.0.0.1:8080/hook', /must not point to a private, loopback or link-local address/],
      ['http://10.0.0.7/hook', /must not point to a private, loopback or link-local address/],
      ['http://169.254.169.254/latest/meta-data/', /must not point to a private, loopback or link-local address/],
      ['http://[::ffff:169.254.169.254]/', /must not point to a private, loopback or link-local address/],
      ['http://[64:ff9b::a00:1]/', /must not point to a private, loopback or link-local address/],
      ['http://localhost:3000/hook', /host resolves to a private, loopback or link-local address/],
      ['https://no-such-host.invalid/hook', /host does not resolve/],
    ];

    it('refuses private targets on a public send with 422 naming `callback`', async () => {
      for (const [callback, reason] of refused) {
        const response = await project.api.post<ErrorBody>('/messages/messenger', { to: '+447700123456', callback });
        assertInvalidBody(response, new RegExp(`^callback: ${reason.source}$`));
      }
    });

    it('refuses private targets in the admin settings PATCH with 422 naming `callback_url`', async () => {
      for (const [callback_url, reason] of refused) {
        const response = await platform.admin.patch<ErrorBody>(`/projects/${project.id}/settings/messenger`, {
          callback_url,
        });
        assertInvalidBody(response, new RegExp(`^callback_url: ${reason.source}$`));
      }
    });
  });

  describe('project creation when billing fails', () => {
    it('answers 503, leaves no project behind, and a retry creates a credited one', async () => {
      await platform.services.get('billing')?.stop();
      const failed = await platform.admin.post<ErrorBody>('/projects', { name: 'billing-down', credit: '2.00' });
      assert.equal(failed.status, 503, failed.text);
      assert.equal(failed.body.error.code, 'SERVICE_UNAVAILABLE');
      assert.equal(await projectsNamed('billing-down'), 0);

      await platform.restart('billing');
      // The operator retries until the gateway reaches billing again; every failed try is undone too.
      const retried = await eventually(
        () =>
          platform.admin.post<{ id: string; balance: string }>('/projects', { name: 'billing-down', credit: '2.00' }),
        (response) => response.status !== 503,
        { what: 'project creation once billing is back' },
      );
      assert.equal(retried.status, 201, retried.text);
      assert.equal(retried.body.balance, '3.00');
      assert.equal(await projectsNamed('billing-down'), 1);
    });
  });
});
