import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { databaseUnavailable } from '../src/db/unavailable.js';

// Shapes as node-postgres and Prisma's driver adapter raise them.
function pgError(code: string, message = 'error'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('databaseUnavailable', () => {
  it('is true for Postgres refusing, dropping or shutting down connections', () => {
    assert.equal(databaseUnavailable(pgError('53300', 'sorry, too many clients already')), true);
    assert.equal(databaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')), true);
    assert.equal(databaseUnavailable(pgError('57P03', 'the database system is starting up')), true);
    assert.equal(databaseUnavailable(pgError('08006', 'connection failure')), true);
    assert.equal(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), true);
    assert.equal(databaseUnavailable(new Error('Connection terminated unexpectedly')), true);
  });

  it('sees through Prisma and through wrapping causes', () => {
    const prisma = Object.assign(new Error('too many connections'), {
      code: 'P2037',
      meta: { driverAdapterError: { cause: { kind: 'TooManyConnections', limit: 100 } } },
    });
    assert.equal(databaseUnavailable(prisma), true);
    assert.equal(databaseUnavailable(new Error('start failed', { cause: pgError('57P01') })), true);
  });

  it('is false for what a statement got wrong, and for anything else', () => {
    assert.equal(databaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint')), false);
    assert.equal(databaseUnavailable(pgError('22P02', 'invalid input syntax for type uuid')), false);
    const prismaUnique = Object.assign(new Error('unique'), {
      code: 'P2002',
      meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } },
    });
    assert.equal(databaseUnavailable(prismaUnique), false);
    assert.equal(databaseUnavailable(new TypeError('x is undefined')), false);
    assert.equal(databaseUnavailable(undefined), false);
    assert.equal(databaseUnavailable('a string'), false);
  });
});
