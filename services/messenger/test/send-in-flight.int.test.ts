import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createGrpcClient, isDomainError, type PromiseClient } from '@otp/platform';
import { loadMessengerProto, type MessengerClient } from '@otp/proto';
import {
  eventually,
  ledgerOf,
  netCents,
  startTestPlatform,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// A request key repeated while the first send is still running (a caller's retry after a timeout,
// or Verify's recovery pass rolling a start forward, possibly on another replica). The first send
// is held at the provider's send-ability check by a gate between the messenger service and the
// sandbox provider, so the repeat arrives exactly while the code is `sending` and not yet charged.

const UK = '+447700123456'; // sandbox: delivered
const FEE = 2;

let platform: TestPlatform;
let project: TestProject;
let messenger: PromiseClient<MessengerClient>;
let impatient: PromiseClient<MessengerClient>;
let gate: Server;

/** Send-ability checks waiting at the gate, each let through by calling it. */
const held: (() => void)[] = [];
let gateClosed = true;

async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (gateClosed && req.url?.endsWith('/checkSendAbility')) {
    await new Promise<void>((resolve) => held.push(resolve));
  }
  const answer = await fetch(`http://127.0.0.1:${platform.ports.sandboxHttp}/messenger-api${req.url ?? ''}`, {
    method: req.method ?? 'POST',
    headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
    body: Buffer.concat(chunks),
  });
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
}

function sendRequest(requestKey: string) {
  return { project_id: project.id, to: UK, metadata_json: '{}', purpose: 'verify', request_key: requestKey };
}

describe('messenger: a request key repeated while its first send is running', () => {
  beforeAll(async () => {
    gate = createServer((req, res) => {
      forward(req, res).catch(() => res.writeHead(502).end());
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'messenger', 'gateway'],
      env: { messenger: { MESSENGER_API_URL: gateUrl } },
    });
    project = await platform.newProject({ credit: '9.00' });
    const proto = loadMessengerProto().otp.messenger.v1.Messenger;
    messenger = createGrpcClient(proto, `127.0.0.1:${platform.ports.messenger}`, 15000);
    impatient = createGrpcClient(proto, `127.0.0.1:${platform.ports.messenger}`, 500);
  });
  afterAll(async () => {
    gateClosed = false;
    for (const release of held.splice(0)) release();
    messenger?.close();
    impatient?.close();
    await platform?.stop();
    await new Promise<void>((resolve) => gate.close(() => resolve()));
  });

  it('the repeat never answers a code still sending: it answers the finished send, charged, or "in use"', async () => {
    const first = messenger.Send(sendRequest('verify-1'));
    await eventually(
      async () => held.length,
      (n) => n === 1,
      { what: 'the first send waiting at the send-ability check' },
    );

    // A repeat that cannot outwait the first send learns that it is still running, not its cost.
    await assert.rejects(impatient.Send(sendRequest('verify-1')), (error: unknown) => {
      assert.ok(isDomainError(error), String(error));
      assert.equal(error.code, 'IDEMPOTENCY_KEY_IN_USE');
      return true;
    });

    // One that can gets the code as the first send leaves it: sent and charged.
    const repeat = messenger.Send(sendRequest('verify-1'));
    held.shift()!();
    const [original, repeated] = await Promise.all([first, repeat]);
    assert.equal(repeated.sid, original.sid);
    assert.equal(original.status, 'sent');
    assert.deepEqual([repeated.status, repeated.cost_cents], [original.status, FEE]);
    assert.equal(netCents(await ledgerOf(platform.admin, project.id), [original.sid]), -FEE, 'charged once');
  });
});
