// The parts of the platform: the services the one image runs. This is the only list of them. The
// local run starts them (launcher.ts), the image's entrypoint accepts their names and the migration
// job migrates their schemas from it; the image installs every workspace under services/ and the
// Helm chart's `components` name the same parts (test/parts.unit.test.ts holds both to this list).
// No imports: the entrypoint reads it with a bare `node` before any service module loads.

export interface Part {
  /** Its directory under services/, the SERVICE value of its container and its chart component. */
  readonly name: string;
  /** The Postgres schema it owns, migrated before it starts; null when it keeps no data. */
  readonly schema: string | null;
}

/** In start order: a part starts after the ones it calls. */
export const PARTS = [
  { name: 'sandbox', schema: null },
  { name: 'billing', schema: 'billing' },
  { name: 'guard', schema: 'guard' },
  { name: 'sms', schema: 'sms' },
  { name: 'messenger', schema: 'messenger' },
  { name: 'verify', schema: 'verify' },
  { name: 'webhook-dispatcher', schema: 'webhooks' },
  { name: 'gateway', schema: 'gateway' },
  { name: 'console', schema: 'console' },
] as const satisfies readonly Part[];

export type PartName = (typeof PARTS)[number]['name'];
