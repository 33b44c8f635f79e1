import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { DomainError, PeerUnavailable } from '../src/errors.js';
import { DOMAIN_CODE_KEY, fromServiceError } from '../src/grpc/status.js';

function failed(code: status, details: string, domainCode?: string): ServiceError {
  const metadata = new Metadata();
  if (domainCode) metadata.set(DOMAIN_CODE_KEY, domainCode);
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata });
}

describe('a failed gRPC call as the caller sees it', () => {
  it("the peer's domain code comes back as that error", () => {
    const error = fromServiceError(failed(status.FAILED_PRECONDITION, 'not enough', 'INSUFFICIENT_BALANCE'), 'Hold');
    assert.ok(error instanceof DomainError);
    assert.equal(error.code, 'INSUFFICIENT_BALANCE');
  });

  it('an unreachable or silent peer, or a stream reset under the call (a peer killed mid-request), is unavailable', () => {
    for (const [code, details] of [
      [status.UNAVAILABLE, 'Connection dropped'],
      [status.DEADLINE_EXCEEDED, 'Deadline exceeded'],
      [status.INTERNAL, 'Received RST_STREAM with code 2 triggered by internal client error: read ECONNRESET'],
      [status.INTERNAL, 'Received RST_STREAM with code 2 (Internal server error)'],
    ] as const) {
      const error = fromServiceError(failed(code, details), 'Start');
      assert.ok(error instanceof PeerUnavailable, `${code} ${details}`);
      assert.match(error.message, /^Start: /);
    }
  });

  it("any other failure stays a bug (the edge's 500)", () => {
    const error = fromServiceError(failed(status.INTERNAL, 'Failed to parse server response'), 'Start');
    assert.ok(!(error instanceof PeerUnavailable));
    assert.ok(!(error instanceof DomainError));
  });
});
