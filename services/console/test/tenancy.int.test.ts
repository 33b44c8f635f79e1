import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';
import { allowed, type Actor, type Permission, type ProjectRole } from '../src/domain/roles.js';
import { apiRouter } from '../src/http/app.js';
import { routesOf, type RouteOf } from '../src/http/route-list.js';
import { FORWARDS } from '../src/http/routes/project-forwards.js';
import type { ConsoleDeps } from '../src/operations/deps.js';
import { errorCode, rawRequest, type RawAnswer } from './raw-request.js';
import { enrol, nextCode, type KnownFactor } from './second-factor.js';

// Tenancy: every console /api route, read from the console's own routers (a route added later is
// covered here without a word), for every role (viewer, developer and owner of project A, an
// operator, nobody signed in), on A, on another tenant's project B, and with the paths that
// steered the console into B (backslashes, dot segments, their encodings) and parameters of the
// wrong shape, all sent raw (node:http; fetch would normalise the paths before sending). The
// outcomes asserted are those of roles.ts: allowed -> the route's answer, not allowed -> 403,
// another tenant's project -> 404, a steering path -> 400, signed out -> 401.

type Role = ProjectRole | 'operator' | 'signed out';
const ROLES: Role[] = ['viewer', 'developer', 'owner', 'operator', 'signed out'];
const PASSWORD = 'tenancy-password-1';

/** Who may call a route: anyone, anyone signed in, or the holders of a permission (roles.ts). */
type Access = 'public' | 'signed_in' | Permission;

/** The console's own routes (not forwards) and who may call them, as the routes check it. */
const OWN_ROUTES: Record<string, Access> = {
  'post /session': 'public',
  'get /session': 'signed_in',
  'delete /session': 'signed_in',
  'post /password': 'signed_in',
  'post /session/second-factor': 'public',
  'post /second-factor/enrolment': 'signed_in',
  'post /second-factor/enrolment/confirm': 'signed_in',
  'post /second-factor/disable': 'signed_in',
  'get /sso': 'public',
  'get /sso/start': 'public',
  'get /sso/callback': 'public',
  'get /projects': 'signed_in',
  'post /projects': 'projects.create',
  'get /projects/:id': 'project.read',
  'get /projects/:id/members': 'project.read',
  'post /projects/:id/members': 'members.write',
  'delete /projects/:id/members/:userId': 'members.write',
  'get /projects/:id/audit': 'audit.read',
  'get /users': 'users.manage',
  'post /users': 'users.manage',
  'get /sender-id-queue': 'sender_ids.review',
  'get /fraud-blocks': 'projects.list_all',
  'get /carriers': 'carriers.read',
};

// The routes as the console serves them; nothing here is called (the deps are never touched).
const ROUTES = routesOf(apiRouter({} as ConsoleDeps, { cookieSecure: false }));

const keyOf = (route: Pick<RouteOf, 'method' | 'path'>) => `${route.method} ${route.path}`;

function accessOf(route: RouteOf): Access {
  const forward = FORWARDS.find((f) => keyOf(f) === keyOf(route));
  const access = forward?.permission ?? OWN_ROUTES[keyOf(route)];
  if (!access) throw new Error(`${keyOf(route)}: a new route; say who may call it in OWN_ROUTES`);
  return access;
}

interface Expected {
  status: number;
  /** The error code, when the answer is a refusal. */
  code?: string;
}

interface Fixture {
  /** Path parameters besides :id, for A (called per request: one a call uses up is fresh). */
  params?: () => Promise<Record<string, string>>;
  body?: () => unknown;
  /** The answer to a role that may call the route, on A. */
  allowed: Expected;
  /** This call signs out: it gets a session of its own. */
  ownSession?: boolean;
}

let platform: TestPlatform;
let projectA: TestProject;
let projectB: TestProject;
let sidA: string;
let sidB: string;
let keyB: string;
let bystanderId: string;
const sessions = new Map<Role, { cookie: string; csrf: string }>();

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const senderValue = () => `T${hex(4)}`;

async function pendingSenderOfA(): Promise<Record<string, string>> {
  const value = senderValue();
  const asked = await platform.admin.post(`/projects/${projectA.id}/sender-ids`, { value, site: 'tenancy.example' });
  assert.equal(asked.status, 201, asked.text);
  return { value };
}

/** What a role that may call the route gets, on project A. GETs answer 200 unless listed. */
const FIXTURES: Record<string, Fixture> = {
  // An empty body: refused before anything is counted, so the suite's address is never throttled.
  'post /session': { body: () => ({}), allowed: { status: 422, code: 'INVALID_REQUEST_BODY' } },
  'delete /session': { allowed: { status: 204 }, ownSession: true },
  // The right current password and a new one too short: the route runs, nothing changes.
  'post /password': {
    body: () => ({ current: PASSWORD, next: 'short' }),
    allowed: { status: 422, code: 'INVALID_REQUEST_BODY' },
  },
  // Empty or malformed bodies: refused before anything is counted or changed.
  'post /session/second-factor': { body: () => ({}), allowed: { status: 422, code: 'INVALID_REQUEST_BODY' } },
  // A new secret to confirm; the factor in use (the operator's) stays until one is confirmed.
  'post /second-factor/enrolment': { allowed: { status: 201 } },
  'post /second-factor/enrolment/confirm': {
    body: () => ({ code: 'x' }),
    allowed: { status: 422, code: 'INVALID_REQUEST_BODY' },
  },
  'post /second-factor/disable': {
    body: () => ({ code: 'x' }),
    allowed: { status: 422, code: 'INVALID_REQUEST_BODY' },
  },
  'get /sso/start': { allowed: { status: 404, code: 'NOT_FOUND' } },
  'get /sso/callback': { allowed: { status: 404, code: 'NOT_FOUND' } },
  'post /projects': { body: () => ({ name: 'made by the tenancy suite' }), allowed: { status: 201 } },
  'post /projects/:id/members': {
    body: () => ({ email: 'bystander@example.test', role: 'viewer' }),
    allowed: { status: 204 },
  },
  'delete /projects/:id/members/:userId': {
    params: async () => {
      const added = await call('operator', 'POST', `/projects/${projectA.id}/members`, {
        email: 'bystander@example.test',
        role: 'viewer',
      });
      assert.equal(added.status, 204, added.text);
      return { userId: bystanderId };
    },
    allowed: { status: 204 },
  },
  'post /users': {
    body: () => ({ email: `made-${hex(4)}@example.test`, password: PASSWORD }),
    allowed: { status: 201 },
  },
  'post /projects/:id/api-keys': { body: () => ({ name: 'tenancy' }), allowed: { status: 201 } },
  'delete /projects/:id/api-keys/:keyId': {
    params: async () => {
      const key = await platform.admin.post<{ id: string }>(`/projects/${projectA.id}/api-keys`, { name: 'doomed' });
      assert.equal(key.status, 201, key.text);
      return { keyId: key.body.id };
    },
    allowed: { status: 204 },
  },
  'post /projects/:id/sender-ids': {
    body: () => ({ value: senderValue(), site: 'tenancy.example' }),
    allowed: { status: 201 },
  },
  'post /projects/:id/sender-ids/:value/approve': { params: pendingSenderOfA, allowed: { status: 200 } },
  'post /projects/:id/sender-ids/:value/reject': {
    params: pendingSenderOfA,
    body: () => ({ reason: 'not this one' }),
    allowed: { status: 200 },
  },
  'patch /projects/:id/settings/:kind': {
    params: async () => ({ kind: 'verify' }),
    body: () => ({ code_length: 6 }),
    allowed: { status: 200 },
  },
  'post /projects/:id/credits': { body: () => ({ amount: '1.00' }), allowed: { status: 200 } },
  'get /projects/:id/verifications/:sid': { params: async () => ({ sid: sidA }), allowed: { status: 200 } },
  'post /projects/:id/webhook-secret': { allowed: { status: 200 } },
  'delete /projects/:id/webhook-secret/previous': { allowed: { status: 204 } },
  // No delivery with that id in A: the admin API's answer, so the console let it through.
  'post /projects/:id/webhook-deliveries/:deliveryId/replay': {
    allowed: { status: 404, code: 'DELIVERY_NOT_FOUND' },
  },
  // No block on that prefix in A: the admin API's answer (guard's NOT_FOUND).
  'delete /projects/:id/fraud/blocks/:prefix': { allowed: { status: 404, code: 'NOT_FOUND' } },
};

function fixtureOf(route: RouteOf): Fixture {
  const fixture = FIXTURES[keyOf(route)];
  if (fixture) return fixture;
  if (route.method === 'get') return { allowed: { status: 200 } };
  throw new Error(`${keyOf(route)}: a new route that changes something; give it a fixture`);
}

/** A value of the right shape for each parameter, for calls that must be refused before using it. */
function shapedParams(target: 'A' | 'B'): Record<string, string> {
  return {
    id: target === 'A' ? projectA.id : projectB.id,
    keyId: target === 'B' ? keyB : randomUUID(),
    sid: target === 'A' ? sidA : sidB,
    kind: 'verify',
    value: 'Tenancy1',
    prefix: '44771',
    deliveryId: randomUUID(),
    userId: bystanderId,
  };
}

function pathOf(route: RouteOf, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${keyOf(route)}: no value for :${name}`);
    return value;
  });
}

function actorOf(role: Role): Actor {
  return {
    userId: role,
    operator: role === 'operator',
    roles: new Map(role === 'viewer' || role === 'developer' || role === 'owner' ? [[projectA.id, role]] : []),
  };
}

/** What `role` must get from `route` on project `target` (A: its own, unless signed out). */
function expected(route: RouteOf, role: Role, target: 'A' | 'B'): Expected {
  const access = accessOf(route);
  if (access === 'public') return fixtureOf(route).allowed;
  if (role === 'signed out') return { status: 401, code: 'UNAUTHENTICATED' };
  if (access === 'signed_in') return fixtureOf(route).allowed;
  const actor = actorOf(role);
  const projectId = route.params.includes('id') ? (target === 'A' ? projectA.id : projectB.id) : undefined;
  // Another tenant's project answers as one that does not exist, whatever the role on A.
  if (projectId !== undefined && !actor.operator && !actor.roles.has(projectId)) {
    return { status: 404, code: 'PROJECT_NOT_FOUND' };
  }
  return allowed(actor, access, projectId) ? fixtureOf(route).allowed : { status: 403, code: 'FORBIDDEN' };
}

/** Second factors the suite enrolled, by email (the operator's: operators must have one). */
const factors = new Map<string, KnownFactor>();

async function signIn(email: string): Promise<{ cookie: string; csrf: string }> {
  let opened = await rawRequest(platform.consoleUrl, 'POST', '/api/session', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const factor = factors.get(email);
  if (opened.status === 202 && factor) {
    const pendingToken = (opened.body as { pending_token: string }).pending_token;
    opened = await rawRequest(platform.consoleUrl, 'POST', '/api/session/second-factor', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pending_token: pendingToken, code: await nextCode(factor) }),
    });
  }
  assert.equal(opened.status, 201, opened.text);
  const session = {
    cookie: String(opened.headers.get('set-cookie')).split(';')[0]!,
    csrf: (opened.body as { csrf_token: string }).csrf_token,
  };
  if (email === EMAILS.operator && !factor) factors.set(email, await enrol(platform.consoleUrl, session));
  return session;
}

const EMAILS: Record<Exclude<Role, 'signed out'>, string> = {
  viewer: 'viewer-a@example.test',
  developer: 'developer-a@example.test',
  owner: 'owner-a@example.test',
  operator: 'operator@example.test',
};

/** `path` below /api, sent as written, as `role` (its cookie and CSRF token). */
async function call(
  role: Role,
  method: string,
  path: string,
  body?: unknown,
  session = sessions.get(role),
): Promise<RawAnswer> {
  return rawRequest(platform.consoleUrl, method, `/api${path}`, {
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function assertAnswer(answer: RawAnswer, want: Expected, what: string): void {
  assert.equal(answer.status, want.status, `${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  if (want.code !== undefined) assert.equal(errorCode(answer), want.code, `${what}: ${answer.text.slice(0, 300)}`);
}

/** The forms that steered the console into B from a parameter's place, and their kin. */
function steeringForms(): string[] {
  const b = projectB.id;
  return [
    `..\\..\\${b}`,
    `..\\..`,
    `..%5c..%5c${b}`,
    `..%5C..%5C${b}`,
    `%2e%2e`,
    `.%2e`,
    `..`,
    `..%2f..%2f${b}`,
    `..%2F..%2F${b}`,
    `%252e%252e%252f${b}`,
    `%255c..%255c${b}`,
    `x%00`,
  ];
}

/** Values of the wrong shape that no router would see as steering: the parameter check's alone. */
function misshapen(name: string): string[] {
  const common = ['x', '-', 'a%3Fb', 'a%23b', 'x'.repeat(12), '%20'];
  // Another kind of id in this place (a project id where a key id goes, and so on).
  const foreign = name === 'id' ? [`${projectA.id}0`, projectA.id.toUpperCase(), sidA] : [projectB.id];
  return [...common, ...foreign];
}

describe('tenancy: every console route, every role, own and foreign project, raw paths', () => {
  const snapshotsOfB: { project: unknown; keys: unknown } = { project: undefined, keys: undefined };
  /** What a tenant could change of B through the console: its settings, secrets and sender IDs. */
  const changeableOfB = async () => {
    const { body } = await platform.admin.get<Record<string, unknown>>(`/projects/${projectB.id}`);
    return {
      name: body.name,
      settings: body.settings,
      webhook_secrets: body.webhook_secrets,
      sender_ids: body.sender_ids,
    };
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    projectA = await platform.newProject({ name: 'Tenant A', credit: '5.00' });
    projectB = await platform.newProject({ name: 'Tenant B', credit: '5.00' });
    for (const [project, set] of [
      [projectA, (sid: string) => (sidA = sid)],
      [projectB, (sid: string) => (sidB = sid)],
    ] as const) {
      // Messenger only: the SMS fallback would need an approved sender ID first.
      const verify = await platform.admin.patch(`/projects/${project.id}/settings/verify`, { sms_fallback: false });
      assert.equal(verify.status, 200, verify.text);
      const started = await project.api.post<{ sid: string }>('/verifications', { to: '+447700100124' });
      assert.equal(started.status, 201, started.text);
      set(started.body.sid);
    }
    const keys = await platform.admin.get<{ api_keys: { id: string }[] }>(`/projects/${projectB.id}/api-keys`);
    keyB = keys.body.api_keys[0]!.id;

    for (const [role, email] of Object.entries({ ...EMAILS, bystander: 'bystander@example.test' })) {
      const created = await rawRequest(platform.consoleAdminUrl, 'POST', '/admin/v1/users', {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, operator: role === 'operator' }),
      });
      assert.equal(created.status, 201, created.text);
      if (role === 'bystander') bystanderId = (created.body as { id: string }).id;
    }
    sessions.set('operator', await signIn(EMAILS.operator));
    for (const role of ['viewer', 'developer', 'owner'] as const) {
      const member = await call('operator', 'POST', `/projects/${projectA.id}/members`, { email: EMAILS[role], role });
      assert.equal(member.status, 204, member.text);
      sessions.set(role, await signIn(EMAILS[role]));
    }
    snapshotsOfB.project = await changeableOfB();
    snapshotsOfB.keys = (await platform.admin.get(`/projects/${projectB.id}/api-keys`)).body;
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('finds every route of the console, the project forwards among them', () => {
    assert.ok(ROUTES.length >= FORWARDS.length + Object.keys(OWN_ROUTES).length, String(ROUTES.length));
    for (const forward of FORWARDS)
      assert.ok(
        ROUTES.some((r) => keyOf(r) === keyOf(forward)),
        keyOf(forward),
      );
    assert.deepEqual(
      ROUTES.filter((route) => route.unchecked.length > 0),
      [],
    );
  });

  for (const route of ROUTES) {
    it(`${route.method.toUpperCase()} /api${route.path}`, async () => {
      const fixture = fixtureOf(route);
      // Own project (A) and another tenant's (B), as each role.
      for (const role of ROLES) {
        // An operator sees every project: B is another tenant's only for A's members (and nobody's).
        const targets = route.params.includes('id') && role !== 'operator' ? (['A', 'B'] as const) : (['A'] as const);
        for (const target of targets) {
          const want = expected(route, role, target);
          const mayCall = want.status === fixture.allowed.status && want.code === fixture.allowed.code;
          // A call a role may make on A uses up what its fixture made; every other one gets shapes only.
          const params = {
            ...shapedParams(target),
            ...(mayCall && target === 'A' && fixture.params ? await fixture.params() : {}),
          };
          const session = fixture.ownSession && role !== 'signed out' ? await signIn(EMAILS[role]) : sessions.get(role);
          const answer = await call(role, route.method.toUpperCase(), pathOf(route, params), fixture.body?.(), session);
          assertAnswer(answer, want, `${role} on ${target}`);
        }
      }
      // A steering path in every parameter's place (or after the path), refused as sent: 400; and a
      // parameter of the wrong shape, refused before any role check (400), after the session (401).
      const refusals: { role: Role; path: string; want: Expected }[] = [];
      for (const place of route.params.length > 0 ? route.params : ['(end)']) {
        for (const form of steeringForms()) {
          const path =
            place === '(end)' ? `${route.path}/${form}` : pathOf(route, { ...shapedParams('A'), [place]: form });
          for (const role of ROLES) refusals.push({ role, path, want: { status: 400, code: 'INVALID_PATH' } });
        }
      }
      for (const place of route.params) {
        for (const value of misshapen(place)) {
          const path = pathOf(route, { ...shapedParams('A'), [place]: value });
          for (const role of ROLES) {
            const want =
              role === 'signed out'
                ? { status: 401, code: 'UNAUTHENTICATED' }
                : { status: 400, code: 'INVALID_ARGUMENT' };
            refusals.push({ role, path, want });
          }
        }
      }
      // Refused before they touch anything, so they may all go at once.
      const answers = await Promise.all(
        refusals.map(({ role, path }) => call(role, route.method.toUpperCase(), path, fixture.body?.())),
      );
      refusals.forEach(({ role, path, want }, n) => assertAnswer(answers[n]!, want, `${role} ${path}`));
    });
  }

  describe('the attacks that once crossed tenants, by name', () => {
    it("a viewer of A cannot read B's admin view, webhook secrets included, through A's verification path", async () => {
      for (const path of [
        `/projects/${projectA.id}/verifications/..\\..\\${projectB.id}`,
        `/projects/${projectA.id}/verifications/..\\..`,
      ]) {
        const answer = await call('viewer', 'GET', path);
        assertAnswer(answer, { status: 400, code: 'INVALID_PATH' }, path);
        assert.doesNotMatch(answer.text, new RegExp(`${projectB.id}|webhook_secrets|"projects"`));
      }
    });

    it("a developer of A cannot change B's settings nor revoke B's key through A's paths", async () => {
      const settings = await call(
        'developer',
        'PATCH',
        `/projects/${projectA.id}/settings/..\\..\\${projectB.id}\\settings\\verify`,
        { code_length: 8 },
      );
      assertAnswer(settings, { status: 400, code: 'INVALID_PATH' }, 'settings');
      const revoke = await call(
        'developer',
        'DELETE',
        `/projects/${projectA.id}/api-keys/..%2f..%2f${projectB.id}%2fapi-keys%2f${keyB}`,
      );
      assertAnswer(revoke, { status: 400, code: 'INVALID_PATH' }, 'revoke');
    });

    it('a member sees only its own projects; a viewer never sees the signing secrets', async () => {
      const list = await call('viewer', 'GET', '/projects');
      assert.deepEqual(
        (list.body as { projects: { id: string }[] }).projects.map((p) => p.id),
        [projectA.id],
      );
      const project = await call('viewer', 'GET', `/projects/${projectA.id}`);
      assert.equal((project.body as { webhook_secrets: unknown }).webhook_secrets, null);
    });
  });

  it('after all of the above, B is as it was: its settings, secrets, keys and members', async () => {
    assert.deepEqual(await changeableOfB(), snapshotsOfB.project);
    assert.deepEqual((await platform.admin.get(`/projects/${projectB.id}/api-keys`)).body, snapshotsOfB.keys);
    const members = await call('operator', 'GET', `/projects/${projectB.id}/members`);
    assert.deepEqual((members.body as { members: unknown[] }).members, []);
  });
});
