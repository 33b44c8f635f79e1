import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { request, startTestPlatform, type TestPlatform } from '@otp/test/infra';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// The OpenAPI documents as a client generator reads them, from the running platform: paths relative
// to the server's base_url, an operationId on every operation, request examples the API itself
// accepts (each is sent, with the path ids filled from what the earlier examples created), and
// answers that match the documented schema (checked with Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).

interface Operation {
  operationId?: string;
  requestBody?: { required?: boolean; content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
}
interface Document {
  servers: { url: string; variables: { base_url: { default: string } } }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: { schemas: Record<string, unknown> };
}

let platform: TestPlatform;

/** Every operation of a document, as [method, path, operation]. */
function operations(document: Document): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => [method, path, operation] as [string, string, Operation]),
  );
}

function exampleOf(operation: Operation): unknown {
  return operation.requestBody?.content['application/json']?.example;
}

/** A validator of answers against `document`'s schemas (its $refs resolved within it). */
function answerChecker(document: Document, name: string) {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: name });
  return (method: string, path: string, status: number, body: unknown): void => {
    const pointer = ['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema']
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const validate = ajv.compile({ $ref: `${name}#/${pointer}` });
    assert.ok(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`);
  };
}

/** Sends `operation`'s example to `base` with `{name}` path parameters from `ids`; answers the parsed body. */
async function send(
  base: string,
  token: string,
  check: ReturnType<typeof answerChecker>,
  [method, path, operation]: [string, string, Operation],
  ids: Record<string, string>,
) {
  const url = base + path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `missing-${name}`);
  const body = exampleOf(operation);
  const response = await request<Record<string, unknown>>(method.toUpperCase(), url, {
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body }),
  });
  assert.ok(
    response.status >= 200 && response.status < 300,
    `${operation.operationId} example: ${response.status} ${response.text}`,
  );
  if (response.status !== 204) check(method, path, response.status, response.body);
  return response.body;
}

describe('the OpenAPI documents', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  async function documentOf(url: string): Promise<Document> {
    const response = await request<Document>('GET', url);
    assert.equal(response.status, 200, response.text);
    return response.body;
  }

  it('public: every operation named, bodies required with examples the API accepts', async () => {
    const document = await documentOf(`${platform.publicUrls[0]}/v1/openapi.json`);
    assert.equal(document.servers[0]!.url, '{base_url}');
    assert.equal(document.servers[0]!.variables.base_url.default, 'http://127.0.0.1:8080/v1');
    const all = operations(document);
    assert.deepEqual(all.map(([, , op]) => op.operationId).sort(), [
      'checkVerification',
      'getMessengerCode',
      'getProject',
      'getSms',
      'getVerification',
      'sendMessengerCode',
      'sendSms',
      'startVerification',
      'verifyMessengerCode',
    ]);
    for (const [method, path, operation] of all) {
      assert.ok(!path.startsWith('/v1'), `${path} is relative to base_url`);
      if (method === 'post') {
        assert.equal(operation.requestBody?.required, true, `${operation.operationId}: body required`);
        assert.ok(exampleOf(operation) !== undefined, `${operation.operationId}: an example`);
      }
    }
    for (const type of ['verification.approved', 'sms.delivered', 'sms.undelivered', 'fraud.prefix_blocked']) {
      assert.ok(Object.keys(document.webhooks ?? {}).includes(type), `${type} in webhooks`);
    }
    assert.ok(Object.keys(document.webhooks ?? {}).includes('fraud.prefix_unblocked'));

    // The demo project's shape (npm start): the examples use its sender ID.
    const project = await platform.newProject({ credit: '10.00' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'OTPDemo', site: 'demo.example' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/OTPDemo/approve`);
    await platform.admin.patch(`/projects/${project.id}/settings/sms`, { default_sender_id: 'OTPDemo' });
    const byId = Object.fromEntries(all.map((entry) => [entry[2].operationId!, entry]));
    const base = `${platform.publicUrls[0]}/v1`;
    const check = answerChecker(document, 'public.json');
    const run = (id: string, ids: Record<string, string> = {}) => send(base, project.key, check, byId[id]!, ids);

    const verification = await run('startVerification');
    await run('getVerification', { sid: String(verification.sid) });
    await run('checkVerification', { sid: String(verification.sid) });
    const sms = await run('sendSms');
    await run('getSms', { sid: String(sms.sid) });
    const code = await run('sendMessengerCode');
    await run('getMessengerCode', { sid: String(code.sid) });
    const result = await run('verifyMessengerCode', { sid: String(code.sid) });
    assert.equal(result.verification_status, 'code_valid', 'the example checks the example code');
    await run('getProject');
  });

  it('admin: served without the token, every operation named, examples the API accepts', async () => {
    const document = await documentOf(`${platform.adminUrls[0]}/admin/v1/openapi.json`);
    assert.equal(document.servers[0]!.variables.base_url.default, 'http://127.0.0.1:8081/admin/v1');
    const all = operations(document);
    for (const [method, , operation] of all) {
      assert.ok(operation.operationId, `${method}: an operationId`);
      if (operation.requestBody) assert.ok(exampleOf(operation) !== undefined, `${operation.operationId}: an example`);
    }
    const byId = Object.fromEntries(all.map((entry) => [entry[2].operationId!, entry]));
    const base = `${platform.adminUrls[0]}/admin/v1`;
    const check = answerChecker(document, 'admin.json');
    const run = (id: string, ids: Record<string, string> = {}) => send(base, 'test-admin-token', check, byId[id]!, ids);

    const project = await run('createProject');
    const id = String(project.id);
    const key = await run('createApiKey', { id });
    await run('listProjects');
    await run('listApiKeys', { id });
    await run('getAdminProject', { id });
    const sender = await run('requestSenderId', { id });
    await run('approveSenderId', { id, value: String(sender.value) });
    const other = await request('POST', `${base}/projects/${id}/sender-ids`, {
      headers: { authorization: 'Bearer test-admin-token' },
      body: { value: 'OtherShop', site: 'other.example.com' },
    });
    assert.equal(other.status, 201, other.text);
    await run('rejectSenderId', { id, value: 'OtherShop' });
    await run('updateSmsSettings', { id });
    await run('getFraudSettings', { id });
    await run('updateFraudSettings', { id });

    // The project's own traffic, through /v1 with the key just created (before the IP allowlist
    // example turns the allowlist on): one verification for the logs, and a burst of sequential
    // numbers that makes the pumping detector block +44771.
    const api = (path: string, body: unknown) =>
      request<Record<string, unknown>>('POST', `${platform.publicUrls[0]}/v1${path}`, {
        headers: { authorization: `Bearer ${String(key.key)}` },
        body,
      });
    const started = await api('/verifications', { to: '+447700123456' });
    assert.equal(started.status, 201, started.text);
    for (let n = 0; n < 4; n++) {
      const sent = await api('/messages/messenger', { to: `+44771090060${n}` });
      assert.equal(sent.status, 201, sent.text);
    }
    const refused = await api('/messages/messenger', { to: '+447710900604' });
    assert.equal(refused.status, 403, refused.text);
    await run('setIpAllowlist', { id });
    await run('addCredit', { id });
    await run('listLedger', { id });
    await run('listSmsRates');
    await run('listCarriers');
    await run('updateMessengerSettings', { id });
    await run('updateVerifySettings', { id });
    await run('listAdminVerifications', { id });
    await run('getAdminVerification', { id, sid: String(started.body.sid) });
    await run('getDailyStats', { id });
    const sms = await run('listAdminSmsMessages', { id });
    assert.ok(Array.isArray(sms.messages), 'a page of SMS messages');
    const codes = await run('listAdminMessengerCodes', { id });
    assert.ok((codes.codes as unknown[]).length >= 4, 'the burst of messenger codes is listed');
    const blocks = await run('listFraudBlocks', { id });
    assert.deepEqual(
      (blocks.blocks as { prefix: string }[]).map((block) => block.prefix),
      ['+44771'],
      'the burst blocked its prefix',
    );
    await run('liftFraudBlock', { id, prefix: '+44771' });

    await run('rotateWebhookSecret', { id });
    await run('revokePreviousWebhookSecrets', { id });
    await run('listWebhookDeliveries', { id });
    await run('revokeApiKey', { id, key_id: String(key.id) });
    const sent = [
      ...['createProject', 'createApiKey', 'listProjects', 'listApiKeys', 'getAdminProject', 'setIpAllowlist'],
      ...['addCredit', 'listLedger', 'listSmsRates', 'listCarriers', 'requestSenderId', 'approveSenderId'],
      ...['rejectSenderId', 'updateSmsSettings', 'updateMessengerSettings', 'updateVerifySettings'],
      ...['getFraudSettings', 'updateFraudSettings', 'listAdminVerifications', 'getAdminVerification'],
      ...['listAdminSmsMessages', 'listAdminMessengerCodes'],
      ...['getDailyStats', 'listFraudBlocks', 'liftFraudBlock', 'rotateWebhookSecret', 'listWebhookDeliveries'],
      ...['revokePreviousWebhookSecrets', 'revokeApiKey'],
    ];
    // A replay needs a delivery to exist; the webhook suites replay real ones.
    const unsent = Object.keys(byId).filter((name) => !sent.includes(name));
    assert.deepEqual(unsent, ['replayWebhookDelivery']);
  });
});
