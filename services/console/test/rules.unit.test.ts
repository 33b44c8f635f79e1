import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { changesState, csrfTokenMatches, sameOrigin } from '../src/domain/csrf.js';
import { hashPassword, passwordMatches, passwordProblem } from '../src/domain/password.js';
import { allowed, permissionsOn, seesProject, type Actor, type ProjectRole } from '../src/domain/roles.js';
import { throttleSubjects, throttleVerdict } from '../src/domain/throttle.js';

function member(roles: Record<string, ProjectRole>, operator = false): Actor {
  return { userId: 'u1', operator, roles: new Map(Object.entries(roles)) };
}

describe('roles and permissions', () => {
  it('a viewer reads its project and changes nothing', () => {
    const viewer = member({ prj_a: 'viewer' });
    assert.equal(allowed(viewer, 'project.read', 'prj_a'), true);
    for (const write of [
      'api_keys.write',
      'settings.write',
      'sender_ids.request',
      'webhooks.write',
      'members.write',
    ] as const) {
      assert.equal(allowed(viewer, write, 'prj_a'), false, write);
    }
  });

  it('a developer works in its project but does not manage members or money', () => {
    const developer = member({ prj_a: 'developer' });
    assert.equal(allowed(developer, 'api_keys.write', 'prj_a'), true);
    assert.equal(allowed(developer, 'settings.write', 'prj_a'), true);
    assert.equal(allowed(developer, 'members.write', 'prj_a'), false);
    assert.equal(allowed(developer, 'credits.add', 'prj_a'), false);
    assert.equal(allowed(developer, 'sender_ids.review', 'prj_a'), false);
  });

  it('an owner manages members; nobody but operators approves sender IDs or adds credit', () => {
    const owner = member({ prj_a: 'owner' });
    assert.equal(allowed(owner, 'members.write', 'prj_a'), true);
    assert.equal(allowed(owner, 'sender_ids.review', 'prj_a'), false);
    assert.equal(allowed(owner, 'credits.add', 'prj_a'), false);
    assert.equal(allowed(owner, 'projects.create'), false);
  });

  it('a role on one project gives nothing on another', () => {
    const owner = member({ prj_a: 'owner' });
    assert.equal(seesProject(owner, 'prj_b'), false);
    assert.equal(allowed(owner, 'project.read', 'prj_b'), false);
    assert.deepEqual(permissionsOn(owner, 'prj_b'), []);
  });

  it('an operator may do everything on every project', () => {
    const operator = member({}, true);
    assert.equal(seesProject(operator, 'prj_z'), true);
    assert.equal(allowed(operator, 'sender_ids.review', 'prj_z'), true);
    assert.equal(allowed(operator, 'projects.create'), true);
    assert.ok(permissionsOn(operator, 'prj_z').includes('credits.add'));
  });
});

describe('CSRF', () => {
  it('only state-changing methods need the token', () => {
    assert.equal(changesState('GET'), false);
    assert.equal(changesState('head'), false);
    assert.equal(changesState('POST'), true);
    assert.equal(changesState('PATCH'), true);
    assert.equal(changesState('DELETE'), true);
  });

  it('the token must match exactly; a missing one never does', () => {
    assert.equal(csrfTokenMatches('abc123', 'abc123'), true);
    assert.equal(csrfTokenMatches('abc123', 'abc124'), false);
    assert.equal(csrfTokenMatches('abc123', undefined), false);
    assert.equal(csrfTokenMatches('abc123', ''), false);
  });

  it('a request from another origin is refused', () => {
    assert.equal(sameOrigin('http://console.example:8090', 'console.example:8090'), true);
    assert.equal(sameOrigin('https://evil.example', 'console.example:8090'), false);
    assert.equal(sameOrigin('null', 'console.example'), false);
    assert.equal(sameOrigin(undefined, 'console.example'), true);
  });
});

describe('login throttling', () => {
  const policy = { maxFailures: 3, windowMs: 60_000 };
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  const count = (attempts: number, windowStartedSecondsAgo: number) => ({
    subject: 'email:dev@example.test',
    attempts,
    windowStartedAt: ago(windowStartedSecondsAgo),
  });

  it('checks the password of every attempt up to the limit, this one included', () => {
    assert.deepEqual(throttleVerdict(count(1, 0), now, policy), { allowed: true, retryAfterSeconds: 0 });
    assert.deepEqual(throttleVerdict(count(3, 50), now, policy), { allowed: true, retryAfterSeconds: 0 });
  });

  it('refuses past the limit and says when the window ends', () => {
    const verdict = throttleVerdict(count(4, 50), now, policy);
    assert.equal(verdict.allowed, false);
    // The window opened 50 s ago: it ends in 10 s.
    assert.equal(verdict.retryAfterSeconds, 10);
    assert.equal(throttleVerdict(count(40, 60), now, policy).retryAfterSeconds, 1, 'never less than a second');
  });

  it('counts per email (any casing) and per client address', () => {
    assert.deepEqual(throttleSubjects(' Dev@Example.TEST ', '10.0.0.1'), {
      email: 'email:dev@example.test',
      address: 'ip:10.0.0.1',
    });
  });
});

describe('passwords', () => {
  it('are hashed with a salt and verified', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    assert.notEqual(first, second);
    assert.ok(first.startsWith('scrypt$'));
    assert.ok(!first.includes('correct horse'));
    assert.equal(await passwordMatches('correct horse battery', first), true);
    assert.equal(await passwordMatches('correct horse batterY', first), false);
    assert.equal(await passwordMatches('anything', 'garbage'), false);
  });

  it('must be long enough', () => {
    assert.equal(passwordProblem('short'), 'at least 10 characters');
    assert.equal(passwordProblem('long enough pass'), undefined);
  });
});
