// The NATS permission table (src/bus/permissions.ts): each part publishes only what it owns, reads
// only through its own consumers, and only the provisioner touches streams. The chart's copy
// (charts/otp/files/nats-permissions.json) must be the table: regenerate it with
// `npm run openapi:gen` when this fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { REPO_ROOT } from '../src/launcher.js';
import { PARTS } from '../src/parts.js';
import { natsServerConfig } from '../src/bus/local-nats.js';
import {
  BUS_GRANTS,
  CONSUMERS,
  EVENT_OWNERS,
  eventFromOwner,
  inboxPrefix,
  NATS_PROVISIONER,
  natsPermissions,
  natsPermissionsDocument,
  natsUserNames,
  ownerOf,
  streamOf,
  subjectMatches,
} from '../src/bus/permissions.js';
import { STREAMS, SUBJECTS } from '../src/bus/streams.js';

const granted = PARTS.flatMap((part) => {
  const grant = BUS_GRANTS[part.name];
  return grant ? [{ part: part.name, grant, permissions: natsPermissions(part.name)! }] : [];
});

describe('the NATS permission table', () => {
  it("each part publishes only subjects it owns: its events' family, its own queue, never another's", () => {
    const owners = new Map<string, string>();
    for (const { part, grant } of granted) {
      for (const subject of grant.publishes) {
        assert.ok(
          Object.values(SUBJECTS).includes(subject as never),
          `${part}: ${subject} is not a subject of streams.ts`,
        );
        assert.doesNotMatch(subject, /[*>]/, `${part}: ${subject} is a wildcard`);
        assert.ok(streamOf(subject), `${part}: ${subject} is stored by no stream`);
        assert.equal(owners.get(subject), undefined, `${subject}: published by ${owners.get(subject)} and ${part}`);
        owners.set(subject, part);
        const family = /^events\.([^.]+)\./.exec(subject)?.[1];
        if (family) {
          assert.equal(EVENT_OWNERS[family as keyof typeof EVENT_OWNERS], part, `${part} publishes ${family} events`);
        }
        assert.equal(ownerOf(subject), part);
      }
    }
    // Every subject of streams.ts has its one owner.
    for (const subject of Object.values(SUBJECTS)) assert.ok(owners.has(subject), `nobody publishes ${subject}`);
  });

  it('beyond its subjects, a part may ask JetStream only about its streams and its own consumers', () => {
    for (const { part, grant, permissions } of granted) {
      const own = grant.consumers;
      for (const subject of permissions.publish.filter((s) => s.startsWith('$JS.'))) {
        const allowed =
          subject === '$JS.API.INFO' ||
          Object.values(STREAMS).some((stream) => subject === `$JS.API.STREAM.INFO.${stream.name}`) ||
          own.some(
            ({ stream, durable, filter }) =>
              subject === `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}` ||
              subject === `$JS.API.CONSUMER.INFO.${stream}.${durable}` ||
              subject === `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}` ||
              subject === `$JS.ACK.${stream}.${durable}.>`,
          );
        assert.ok(allowed, `${part} may publish ${subject}`);
        // A stream's config can republish onto any subject: making or changing one is the provisioner's.
        assert.doesNotMatch(subject, /STREAM\.(CREATE|UPDATE|DELETE|PURGE)|CONSUMER\.DELETE/, `${part}: ${subject}`);
      }
      const other = permissions.publish.filter((s) => !s.startsWith('$JS.'));
      assert.deepEqual(other, [...grant.publishes], `${part}: no subject beyond its own`);
      assert.deepEqual(permissions.subscribe, [`${inboxPrefix(part)}.>`], `${part} subscribes to its own replies only`);
    }
  });

  it('each consumer belongs to one part, and its filter reads only what that part consumes', () => {
    const durables = Object.values(CONSUMERS).map((consumer) => `${consumer.stream}/${consumer.durable}`);
    assert.equal(new Set(durables).size, durables.length);
    for (const consumer of Object.values(CONSUMERS)) {
      const holders = granted.filter(({ grant }) => grant.consumers.includes(consumer));
      assert.equal(holders.length, 1, `${consumer.durable} is granted to ${holders.map((h) => h.part).join(', ')}`);
      const stream = Object.values(STREAMS).find((s) => s.name === consumer.stream)!;
      assert.ok(stream.subjects.some((pattern) => subjectMatches(pattern, consumer.filter.replace(/\*|>/g, 'x'))));
    }
    assert.ok(subjectMatches(CONSUMERS.verifyChannelStatus.filter, SUBJECTS.smsStatus));
    assert.ok(subjectMatches(CONSUMERS.verifyChannelStatus.filter, SUBJECTS.messengerStatus));
    assert.ok(!subjectMatches(CONSUMERS.verifyChannelStatus.filter, SUBJECTS.smsDirectStatus));
  });

  it('only the provisioner creates and updates streams, and it publishes no message', () => {
    const provisioner = natsPermissions(NATS_PROVISIONER)!;
    for (const stream of Object.values(STREAMS)) {
      assert.ok(provisioner.publish.includes(`$JS.API.STREAM.CREATE.${stream.name}`));
      assert.ok(provisioner.publish.includes(`$JS.API.STREAM.UPDATE.${stream.name}`));
    }
    assert.ok(provisioner.publish.every((subject) => subject.startsWith('$JS.API.')));
    assert.deepEqual(natsUserNames(), [...granted.map(({ part }) => part), NATS_PROVISIONER]);
    for (const part of PARTS.filter((p) => BUS_GRANTS[p.name] === null)) assert.equal(natsPermissions(part.name), null);
  });

  it("the dispatcher takes an event only on a subject its type's owner alone publishes", () => {
    assert.ok(eventFromOwner(SUBJECTS.smsStatus, 'sms.sent'));
    assert.ok(eventFromOwner(SUBJECTS.smsReceipt, 'sms.delivered'));
    assert.ok(eventFromOwner(SUBJECTS.messengerDirectStatus, 'messenger.read'));
    assert.ok(eventFromOwner(SUBJECTS.verificationFinished, 'verification.approved'));
    assert.ok(eventFromOwner(SUBJECTS.fraudBlocks, 'fraud.prefix_blocked'));
    // Another family's subject, a subject nobody owns, a type of no family.
    assert.ok(!eventFromOwner(SUBJECTS.fraudBlocks, 'sms.sent'));
    assert.ok(!eventFromOwner(SUBJECTS.smsStatus, 'verification.approved'));
    assert.ok(!eventFromOwner('events.sms.forged', 'sms.sent'));
    assert.ok(!eventFromOwner(SUBJECTS.smsOutbound, 'sms.sent'));
    for (const type of ['constructor.x', '__proto__.sent', 'toString', '', 'sms']) {
      assert.ok(!eventFromOwner(SUBJECTS.smsStatus, type), type);
    }
  });

  it("the chart's copy is the table (npm run openapi:gen writes it)", () => {
    const file = path.join(REPO_ROOT, 'charts', 'otp', 'files', 'nats-permissions.json');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), natsPermissionsDocument());
  });

  it("a local nats-server's config gives each part its permissions, quoted so `$JS` is no variable", () => {
    const config = natsServerConfig({
      port: 4222,
      storeDir: '/tmp/js',
      users: {
        sms: { user: 'sms', password: 'p1' },
        observer: { user: 'observer', password: 'p2' },
      },
    });
    assert.match(config, /\{ user: "sms", password: "p1", permissions: \{ publish: \{ allow: \["events\.sms\.status"/);
    assert.match(config, /"\$JS\.ACK\.SMS_OUTBOUND\.sms-delivery\.>"/);
    assert.match(config, /\{ user: "observer", password: "p2" \}/, 'a user without a row is unrestricted');
  });
});
