import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import fc from 'fast-check';
import { encodedPath, requestPathProblem } from '../src/net/request-path.js';

describe('requestPathProblem', () => {
  const refused = [
    '/api/projects/prj_a/verifications/..\\..\\prj_b',
    '/api/projects/prj_a/verifications/..%5c..%5cprj_b',
    '/api/projects/prj_a/verifications/..%5C..%5Cprj_b',
    '/api/projects/prj_a/../prj_b/settings/sms',
    '/api/projects/prj_a/./api-keys',
    '/api/projects/prj_a/%2e%2e/prj_b',
    '/api/projects/prj_a/%2E%2E/prj_b',
    '/api/projects/prj_a/.%2e/prj_b',
    '/api/projects/prj_a/%252e%252e/prj_b',
    '/api/projects/prj_a%2f..%2fprj_b/ledger',
    '/api/projects/prj_a%2F..%2Fprj_b/ledger',
    '/api/projects/prj_a%00/ledger',
    '/api/projects//ledger',
    '//evil.example/api',
    '/api/projects/%zz/ledger',
    'api/projects',
    'http://console.example/api/projects/prj_a/..%5cprj_b',
    'http://console.example\\..\\api',
  ];
  for (const path of refused) {
    it(`refuses ${path}`, () => {
      assert.notEqual(requestPathProblem(path), undefined);
    });
  }

  const accepted = [
    '/',
    '/api/projects/prj_0123456789abcdef01234567/ledger',
    '/api/projects/prj_0123456789abcdef01234567/ledger/',
    '/v1/verifications/VE0123456789abcdef01234567/check',
    '/api/projects/prj_a/ledger?cursor=../..\\x&limit=2',
    '/api/projects/prj_a/sender-ids/My%20Shop/approve',
    '/assets/index-abc.123.js',
    'http://console.example/api/projects/prj_a/ledger?x=1',
    'http://console.example',
    '*',
  ];
  for (const path of accepted) {
    it(`accepts ${path}`, () => {
      assert.equal(requestPathProblem(path), undefined);
    });
  }
});

describe('encodedPath', () => {
  it('keeps every value inside its own segment, whatever it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }), (segments) => {
        fc.pre(segments.every((segment) => segment !== '.' && segment !== '..'));
        const path = encodedPath(...segments);
        assert.deepEqual(path.slice(1).split('/').map(decodeURIComponent), segments);
      }),
    );
  });

  it('refuses to build a dot or empty segment', () => {
    assert.throws(() => encodedPath('projects', '..'));
    assert.throws(() => encodedPath('projects', ''));
  });
});
