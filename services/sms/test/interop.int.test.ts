import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { freePort } from '@otp/platform/launcher';
import { eventually, startTestPlatform, type TestPlatform, type TestProject } from '@otp/test/infra';

// Interoperability with a third-party SMSC: Debian's Net::SMPP (libnet-smpp-perl) plays the
// carrier (test/interop/smsc.pl). It refuses binds that do not say SMPP 3.4 and decodes each UCS-2
// part strictly, as Perl's Encode does.

interface SmscEvent {
  event: string;
  interface_version?: number;
  data_coding?: number;
  well_formed?: boolean;
  total?: number | null;
  sequence?: number | null;
  units?: number;
}

let platform: TestPlatform;
let project: TestProject;
let smsc: ChildProcess;
const events: SmscEvent[] = [];

describe('interoperability with a Net::SMPP SMSC', () => {
  beforeAll(async () => {
    const port = await freePort();
    const script = fileURLToPath(new URL('./interop/smsc.pl', import.meta.url));
    smsc = spawn('perl', [script, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      smsc.once('exit', (code) => reject(new Error(`perl SMSC exited with ${code}: is libnet-smpp-perl installed?`)));
      createInterface({ input: smsc.stdout! }).on('line', (line) => {
        const event = JSON.parse(line) as SmscEvent;
        events.push(event);
        if (event.event === 'ready') resolve();
      });
    });
    const file = path.join(tmpdir(), `carriers-interop-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        carriers: [{ name: 'perl', host: '127.0.0.1', port, system_id: 'otp', password: 'x' }],
        routes: [{ carriers: [{ carrier: 'perl', cost: '0.001' }] }],
      }),
    );
    platform = await startTestPlatform({
      only: ['sandbox', 'billing', 'sms', 'gateway'],
      env: { sms: { SMS_CARRIERS_FILE: file } },
    });
    project = await platform.newProject();
    await platform.admin.post(`/projects/${project.id}/sender-ids`, { value: 'Interop', site: 'example.com' });
    await platform.admin.post(`/projects/${project.id}/sender-ids/Interop/approve`);
  });
  afterAll(async () => {
    await platform?.stop();
    smsc?.kill('SIGTERM');
  });

  it('binds as SMPP 3.4 and hands over 40 emoji as parts each valid UTF-16 on its own', async () => {
    const sent = await project.api.post<{ sid: string; sms_segments: number }>('/messages/sms', {
      to: '+447700123456',
      body: '\u{1F600}'.repeat(40),
      from: 'Interop',
    });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.body.sms_segments, 2);
    const final = await eventually(
      () => project.api.get<{ status: string; carrier: string | null }>(`/messages/sms/${sent.body.sid}`),
      (r) => r.body.status === 'sent' || r.body.status === 'failed',
      { what: 'the message to reach the Perl SMSC' },
    );
    assert.equal(final.body.status, 'sent');
    assert.equal(final.body.carrier, 'perl');
    assert.ok(events.some((e) => e.event === 'bind' && e.interface_version === 0x34));
    const parts = events.filter((e) => e.event === 'submit');
    assert.equal(parts.length, 2);
    for (const part of parts) {
      assert.equal(part.data_coding, 8);
      assert.equal(part.well_formed, true, `part ${part.sequence} decodes strictly`);
      assert.equal(part.total, 2);
    }
    assert.deepEqual(
      parts.map((p) => p.units),
      [66, 14],
    );
  });
});
