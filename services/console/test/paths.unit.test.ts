import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Router } from 'express';
import { pathParamProblem } from '../src/domain/path-params.js';
import { checkedRouter } from '../src/http/paths.js';
import { routesOf } from '../src/http/route-list.js';

// The console's path parameters: each one's shape, and the route list that proves every route's
// parameters are checked (the console refuses to start otherwise).

describe('path parameters', () => {
  const valid: Record<string, string[]> = {
    id: ['prj_0123456789abcdef01234567'],
    keyId: ['8d2f1c4e-3b7a-4e9d-a1c0-5f6e7d8c9b0a', '8D2F1C4E-3B7A-4E9D-A1C0-5F6E7D8C9B0A'],
    sid: ['VE0123456789abcdef01234567', 'VE0123456789ABCDEF01234567'],
    kind: ['verify', 'messenger', 'sms', 'fraud'],
    value: ['MyShop', 'OTP1'],
    prefix: ['44771', '+44771'],
    deliveryId: ['8d2f1c4e-3b7a-4e9d-a1c0-5f6e7d8c9b0a'],
    userId: ['8d2f1c4e-3b7a-4e9d-a1c0-5f6e7d8c9b0a'],
  };
  const steering = ['..', '.', '..\\..\\prj_0123456789abcdef01234567', '../x', 'a/b', 'a?b', 'a#b', '', ' '];
  const misplaced: Record<string, string[]> = {
    id: ['PRJ_0123456789ABCDEF01234567', 'prj_0123456789abcdef0123456', 'VE0123456789abcdef01234567'],
    keyId: ['prj_0123456789abcdef01234567', '8d2f1c4e3b7a4e9da1c05f6e7d8c9b0a'],
    sid: ['SM0123456789abcdef01234567', 'VE0123456789abcdef0123456'],
    kind: ['ip-allowlist', 'Verify', 'settings'],
    value: ['My_Shop', '123', 'TooLongSender'],
    prefix: ['+', '44a', '1234567890123456'],
    deliveryId: ['x'],
    userId: ['operator'],
  };

  for (const [name, values] of Object.entries(valid)) {
    it(`${name}: its own shape only`, () => {
      for (const value of values) assert.equal(pathParamProblem(name, value), undefined, value);
      for (const value of [...steering, ...misplaced[name]!]) {
        assert.notEqual(pathParamProblem(name, value), undefined, JSON.stringify(value));
      }
    });
  }

  it('a parameter the console does not know is refused, whatever its value', () => {
    assert.notEqual(pathParamProblem('projectId', 'prj_0123456789abcdef01234567'), undefined);
    assert.notEqual(pathParamProblem('__proto__', 'x'), undefined);
  });
});

describe('routes and their checks', () => {
  it('lists the routes of a router and of those mounted in it, with their unchecked parameters', () => {
    const checked = checkedRouter();
    checked.get('/projects/:id/api-keys', () => undefined);
    checked.delete('/projects/:id/api-keys/:keyId', () => undefined);
    checked.post('/projects/:id/things/:thingId', () => undefined);
    const plain = Router();
    plain.get('/users/:userId', () => undefined);
    plain.get('/carriers', () => undefined);
    const api = Router();
    api.use(checked);
    api.use(plain);
    assert.deepEqual(
      routesOf(api).map((r) => [r.method, r.path, r.unchecked]),
      [
        ['get', '/projects/:id/api-keys', []],
        ['delete', '/projects/:id/api-keys/:keyId', []],
        // No shape for it: unchecked even on a checked router.
        ['post', '/projects/:id/things/:thingId', ['thingId']],
        // A known name on a router without the checks.
        ['get', '/users/:userId', ['userId']],
        ['get', '/carriers', []],
      ],
    );
  });
});
