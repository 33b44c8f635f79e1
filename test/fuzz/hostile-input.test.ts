import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import fc from 'fast-check';
import { request, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// Property-based fuzzing of every /v1 and /admin/v1 route of a real platform: hostile bodies
// (types, sizes up to 1 MB, depth, NUL, unpaired surrogates, __proto__, duplicate keys, broken
// JSON), odd headers, bad sids and ids, right and wrong credentials. The property: no answer is a
// 5xx, and no answer shows a stack trace or a source path. Seeded: FUZZ_SEED reproduces a run
// (the seed and the failing request are printed on failure); FUZZ_RUNS sets the count.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10000);

interface Route {
  method: string;
  /** Path template: `{sid}`, `{id}`, ... are filled by generated values. */
  path: string;
  api: 'public' | 'admin' | 'provider';
  /** A body of the right shape, mutated by the generator. */
  body?: Record<string, unknown>;
}

// The admin API has no OpenAPI document; its table (docs/admin.md) is spelled out here. The public
// routes come from the gateway's own OpenAPI document, so a new /v1 route is fuzzed at once.
const ADMIN_ROUTES: Route[] = [
  { method: 'POST', path: '/projects', api: 'admin', body: { name: 'fuzz', credit: '1.00' } },
  { method: 'GET', path: '/projects/{id}', api: 'admin' },
  { method: 'POST', path: '/projects/{id}/api-keys', api: 'admin', body: { name: 'k' } },
  { method: 'DELETE', path: '/projects/{id}/api-keys/{key_id}', api: 'admin' },
  { method: 'PUT', path: '/projects/{id}/ip-allowlist', api: 'admin', body: { enabled: false, cidrs: ['10.0.0.0/8'] } },
  { method: 'POST', path: '/projects/{id}/credits', api: 'admin', body: { amount: '1.00', note: 'n' } },
  { method: 'POST', path: '/projects/{id}/sender-ids', api: 'admin', body: { value: 'SHOP', site: 'shop.example' } },
  { method: 'POST', path: '/projects/{id}/sender-ids/{value}/approve', api: 'admin' },
  {
    method: 'PATCH',
    path: '/projects/{id}/settings/verify',
    api: 'admin',
    body: { code_length: 6, sms_text: 'Code {code}', callback_url: 'http://127.0.0.1:9/x', expiry_minutes: 10 },
  },
  {
    method: 'PATCH',
    path: '/projects/{id}/settings/messenger',
    api: 'admin',
    body: { enabled: true, code_length: 6, ttl_seconds: 300, callback_url: 'http://127.0.0.1:9/x' },
  },
  {
    method: 'PATCH',
    path: '/projects/{id}/settings/sms',
    api: 'admin',
    body: { enabled: true, default_sender_id: 'SHOP', callback_url: 'http://127.0.0.1:9/x' },
  },
  { method: 'GET', path: '/sms-rates', api: 'admin' },
  { method: 'GET', path: '/projects/{id}/ledger', api: 'admin' },
  { method: 'POST', path: '/projects/{id}/webhook-secret', api: 'admin' },
  { method: 'DELETE', path: '/projects/{id}/webhook-secret/previous', api: 'admin' },
  { method: 'GET', path: '/projects/{id}/webhook-deliveries', api: 'admin' },
  { method: 'POST', path: '/projects/{id}/webhook-deliveries/{delivery_id}/replay', api: 'admin' },
];

const PUBLIC_BODIES: Record<string, Record<string, unknown>> = {
  '/verifications': { to: '+447700900123', metadata: { order: 'A-1' } },
  '/verifications/{sid}/check': { code: '123456' },
  '/messages/sms': { to: '+447700900123', body: 'hello', from: 'SHOP', metadata: { n: 1 } },
  '/messages/messenger': { to: '+447700900123', metadata: { n: 1 } },
  '/messages/messenger/{sid}/verify': { code: '1234' },
};

let platform: TestPlatform;
let project: TestProject;
let target: { id: string };
let routes: Route[];

// Text that breaks naive code: NUL, unpaired surrogates (both halves), controls, RTL marks,
// emoji, very long runs, numbers as text, JSON-looking text.
const hostileText = fc.oneof(
  fc.constant('\u0000'),
  fc.constant('a\u0000b'),
  fc.constant('\uD800'),
  fc.constant('x\uDFFFy'),
  fc.constant('\u202E\u200B\uFEFF'),
  fc.constant('\u{1F600}'.repeat(70)),
  fc.constant('{"a":1}'),
  fc.constant('../../etc/passwd'),
  fc.constant("'; DROP TABLE projects; --"),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string16bits({ maxLength: 40 }),
  fc.integer({ min: 1, max: 20000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 5 }),
  fc.array(hostileText, { maxLength: 5 }),
);

/** A raw body text: what JSON.stringify never produces. */
const rawBody = fc.oneof(
  fc.integer({ min: 33, max: 6000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 33, max: 6000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constant('{"to":"+447700900123","to":"+447700900124","body":"dup"}'),
  fc.constant('{"__proto__":{"admin":true},"name":"p"}'),
  fc.constant('{"metadata":{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}}'),
  fc.constant('{"a":"\\u0000","b":"\\ud800"}'),
  fc.constant('{"name":"\\udc00"}'),
  fc.constant('{'),
  fc.constant('nul\u0000l'),
  fc.constant(''),
  fc.constant('"just a string"'),
  fc.constant('12345678901234567890123456789'),
  // Big bodies: just over the 64 KB limit, and 1 MB.
  fc.constantFrom(70 * 1024, 1024 * 1024).map((size) => JSON.stringify({ body: 'y'.repeat(size) })),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** A body: the route's own shape with one field made hostile, or something else entirely. */
function bodyFor(route: Route): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const shape = route.body ?? {};
  const keys = Object.keys(shape);
  const mutated = fc
    .record({
      key: keys.length > 0 ? fc.constantFrom(...keys, 'unknown_field') : fc.constant('unknown_field'),
      value: hostileValue,
      drop: fc.boolean(),
    })
    .map(({ key, value, drop }) => {
      const copy: Record<string, unknown> = { ...shape };
      if (drop && key in copy) delete copy[key];
      else copy[key] = value;
      return { json: copy };
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant({ json: shape }) },
    { weight: 2, arbitrary: hostileValue.map((json) => ({ json })) },
    { weight: 3, arbitrary: rawBody.map((raw) => ({ raw })) },
  );
}

const segment = fc.oneof(
  fc.constant('SM0123456789abcdef01234567'),
  fc.constant('VE0123456789abcdef01234567'),
  fc.constant('TG0123456789abcdef01234567'),
  fc.constant('%00'),
  fc.constant('%ED%A0%80'), // an unpaired surrogate, UTF-8 encoded
  fc.constant('%E0%A4%A'), // a broken escape
  fc.constant('..%2F..%2Fadmin'),
  fc.constant('x'.repeat(3000)),
  hostileText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '?'))),
);

const headerText = fc.stringMatching(/^[\x20-\x7E]{0,300}$/);

interface Case {
  route: Route;
  method: string;
  params: string[];
  auth: 'right' | 'wrong' | 'none';
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  body: { json?: unknown; raw?: string };
  query: string;
}

function caseArbitrary(): fc.Arbitrary<Case> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
      ),
      params: fc.array(segment, { minLength: 3, maxLength: 3 }),
      auth: fc.constantFrom('right', 'right', 'right', 'wrong', 'none'),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            undefined,
            'text/plain',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'application/x-www-form-urlencoded',
            'application/merge-patch+json',
            '*/*',
          ),
        },
        { weight: 1, arbitrary: headerText },
      ),
      idempotencyKey: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: headerText },
        { weight: 1, arbitrary: fc.constant('k'.repeat(256)) },
      ),
      body: bodyFor(route),
      query: fc.constantFrom('', '?limit=5', '?limit=-1', '?limit=abc&before=zzz', '?x=%00', '?limit=99999999999999'),
    }),
  );
}

function urlOf(c: Case): string {
  let index = 0;
  const realIdChance = c.params[2]!.length % 3 !== 0; // most admin cases hit the real project
  const path = c.route.path.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    if (name === 'id' && realIdChance) return target.id;
    return c.params[index++ % c.params.length]!;
  });
  const base =
    c.route.api === 'public'
      ? `${platform.publicUrl}/v1`
      : c.route.api === 'admin'
        ? `${platform.adminUrl}/admin/v1`
        : platform.publicUrl;
  return `${base}${path}${c.query}`;
}

function headersOf(c: Case): Record<string, string> {
  const headers: Record<string, string> = {};
  const right = c.route.api === 'admin' ? 'test-admin-token' : project.key;
  if (c.auth === 'right') headers.authorization = `Bearer ${right}`;
  if (c.auth === 'wrong') headers.authorization = `Bearer ${right.slice(0, -2)}zz`;
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (c.idempotencyKey !== undefined) headers['idempotency-key'] = c.idempotencyKey;
  return headers;
}

const STACK_TRACE = /\n\s+at\s|\bat\s.+\(.+:\d+:\d+\)|\/work\/|node_modules|\.ts:\d+|\.js:\d+/;

describe('hostile input never gets a 5xx or a stack trace (property-based, real platform)', () => {
  beforeAll(async () => {
    platform = await startTestPlatform();
    project = await platform.newProject({ credit: '500.00' });
    const created = await platform.admin.post<{ id: string }>('/projects', { name: 'fuzz target' });
    target = created.body;
    for (const p of [project.id, target.id]) {
      await platform.admin.post(`/projects/${p}/sender-ids`, { value: 'SHOP', site: 'shop.example' });
      await platform.admin.post(`/projects/${p}/sender-ids/SHOP/approve`);
    }
    const document = await platform.anonymous.get<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
    assert.equal(document.status, 200, document.text);
    const publicRoutes: Route[] = Object.entries(document.body.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => {
          const body = PUBLIC_BODIES[path];
          return { method: method.toUpperCase(), path, api: 'public' as const, ...(body ? { body } : {}) };
        }),
    );
    assert.ok(publicRoutes.length >= 8, `the OpenAPI document lists the public routes (${publicRoutes.length})`);
    routes = [
      ...publicRoutes,
      ...ADMIN_ROUTES,
      { method: 'POST', path: '/provider/messenger/reports', api: 'provider', body: { request_id: 'r', status: 'x' } },
      { method: 'GET', path: '/v1/{sid}/{sid}', api: 'provider' },
    ];
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it(`${RUNS} generated requests (seed ${SEED})`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(caseArbitrary(), async (c) => {
        const method = c.method;
        const carriesBody = !['GET', 'HEAD'].includes(method);
        const options = {
          headers: headersOf(c),
          ...(carriesBody
            ? c.body.raw !== undefined
              ? { rawBody: c.body.raw }
              : c.body.json !== undefined
                ? { body: c.body.json }
                : {}
            : {}),
        };
        const response = await request(method, urlOf(c), options);
        sent += 1;
        const where = `${method} ${urlOf(c).slice(0, 200)} -> ${response.status} ${response.text.slice(0, 300)}`;
        assert.ok(response.status < 500, `a 5xx: ${where}`);
        assert.ok(!STACK_TRACE.test(response.text), `a stack trace or source path: ${where}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    assert.equal(sent, RUNS, 'every generated request was sent');
  });
});
