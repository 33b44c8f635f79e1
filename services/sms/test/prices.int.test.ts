import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  cents,
  eventually,
  ledgerOf,
  netCents,
  startTestPlatform,
  type TestPlatform,
  type TestProject,
} from '@otp/test/infra';

// The SMS service prices its sends from Billing's rate card, kept in the process and checked by
// version at most a second old (instead of a Billing.Quote per send). What a user sees: a send
// costs what Billing's card says, and a card Billing changed (a restart with a new file) prices
// the sends of a running SMS service a moment later, holds and charges included.

const VODAFONE = '+447700123456'; // Vodafone UK in the shipped card: 5 cents a segment

let platform: TestPlatform;
let project: TestProject;
let dir: string;
let card: string;

async function send(): Promise<{ sid: string; cost: string }> {
  const sent = await project.api.post<{ sid: string; cost: string }>('/messages/sms', {
    to: VODAFONE,
    body: 'price check',
    from: 'Prices',
  });
  assert.equal(sent.status, 201, sent.text);
  return sent.body;
}

describe('SMS prices from the rate card Billing ships (kept, checked by version)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rate-card-'));
    card = path.join(dir, 'sms-rates.json');
    copyFileSync(new URL('../../billing/data/sms-rates.json', import.meta.url), card);
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: { billing: { RATE_CARD_PATH: card } },
    });
    project = await platform.newProject({ credit: '9.00' });
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Prices', site: 'shop.example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Prices/approve`);
  });
  afterAll(async () => {
    await platform?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a new rate card on Billing prices a running SMS service's sends within moments", async () => {
    const before = await send();
    assert.equal(before.cost, '0.05');

    // The operator ships a new price for Vodafone UK and restarts Billing; the SMS service runs on.
    const shipped = JSON.parse(readFileSync(card, 'utf8')) as { rates: { network: string; price_cents: number }[] };
    for (const rate of shipped.rates) if (rate.network === 'Vodafone UK') rate.price_cents = 8;
    writeFileSync(card, JSON.stringify(shipped));
    const smsPid = platform.services.get('sms')!.process.pid;
    await platform.restart('billing');
    const listed = await platform.admin.get<{ rates: { network: string; price: string }[] }>('/sms-rates');
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.rates.find((rate) => rate.network === 'Vodafone UK')?.price, '0.08');

    const after = await eventually(send, (sent) => sent.cost !== '0.05', {
      timeoutMs: 5000,
      intervalMs: 200,
      what: 'a send priced from the new card',
    });
    assert.equal(after.cost, '0.08');
    assert.equal(platform.services.get('sms')!.process.pid, smsPid, 'the SMS service was not restarted');

    // The hold and the charge follow the new price: the ledger nets to the cost the API shows.
    await eventually(
      async () => netCents(await ledgerOf(platform.admin, project.id), [after.sid]),
      (net) => net === -cents(after.cost),
      { what: `${after.sid} charged its cost` },
    );
  });
});
