import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '../src/errors.js';
import { logFilter } from '../src/log-filter.js';

// How every log list RPC reads its filters (verifications, SMS messages, messenger codes).

const STATUSES = ['queued', 'sent'];
const refusal = (code: string) => (error: unknown) => error instanceof DomainError && error.code === code;

describe('log filters', () => {
  it('keeps what is given, in canonical form, and pages 50 by default, at most 200', () => {
    const filter = logFilter(
      {
        project_id: 'prj_1',
        status: 'sent',
        to: '+4477',
        created_from: '2026-11-20',
        created_until: '2026-11-21T00:00:00Z',
        limit: 0,
        before_sid: 'SM0123456789ABCDEF01234567',
      },
      'SM',
      STATUSES,
    );
    assert.deepEqual(filter, {
      projectId: 'prj_1',
      status: 'sent',
      toContains: '+4477',
      createdFrom: new Date('2026-11-20T00:00:00Z'),
      createdUntil: new Date('2026-11-21T00:00:00Z'),
      beforeSid: 'SM0123456789abcdef01234567',
      limit: 50,
    });
    assert.equal(logFilter({ project_id: 'prj_1', limit: 5000 }, 'SM', STATUSES).limit, 200);
    assert.deepEqual(logFilter({ project_id: 'prj_1', limit: 10 }, 'SM', STATUSES), { projectId: 'prj_1', limit: 10 });
  });

  it('refuses an unknown status, a sid of another kind, a date that is none, a missing project', () => {
    assert.throws(
      () => logFilter({ project_id: 'p', status: 'lost', limit: 1 }, 'SM', STATUSES),
      refusal('INVALID_REQUEST_BODY'),
    );
    assert.throws(
      () => logFilter({ project_id: 'p', before_sid: 'VE0123456789abcdef01234567', limit: 1 }, 'SM', STATUSES),
      refusal('INVALID_MESSAGE_SID'),
    );
    assert.throws(
      () => logFilter({ project_id: 'p', created_from: 'yesterday', limit: 1 }, 'SM', STATUSES),
      refusal('INVALID_REQUEST_BODY'),
    );
    assert.throws(() => logFilter({ project_id: '', limit: 1 }, 'SM', STATUSES), refusal('INVALID_ARGUMENT'));
  });
});
