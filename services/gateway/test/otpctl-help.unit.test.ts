import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// `otpctl --help` as a person reads it in a terminal: every command listed, nothing wider than
// 100 columns (no padding to the longest usage line).

const otpctl = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'otpctl.js');

describe('otpctl --help', () => {
  it('lists every command within 100 columns', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [otpctl, '--help']);
    const lines = stdout.trimEnd().split('\n');
    for (const line of lines) assert.ok(line.length <= 100, `${line.length} columns: ${line}`);
    for (const command of [
      'projects create',
      'projects get',
      'api-keys create',
      'api-keys revoke',
      'ip-allowlist set',
      'credits add',
      'ledger',
      'sms-rates',
      'sender-ids request',
      'sender-ids approve',
      'settings sms',
      'settings messenger',
      'settings verify',
      'webhooks rotate-secret',
      'webhooks revoke-previous',
      'webhooks deliveries',
      'webhooks replay',
      'users create',
    ]) {
      assert.ok(
        lines.some((line) => line.startsWith(`  ${command} `) || line === `  ${command}`),
        `lists ${command}`,
      );
    }
  });
});
