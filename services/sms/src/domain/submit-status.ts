// What a carrier's answer to a submit_sm means for the message (SMPP 3.4 section 5.1.3): one
// table, so the worker, the logs and `last_error` agree on the class of every status.
//
// - permanent: the message can never be sent as it is (bad destination, bad sender, bad text);
//   trying again or elsewhere would be refused the same way. The message fails at once.
// - throttled: the carrier is busy (0x58 ESME_RTHROTTLED, 0x14 ESME_RMSGQFUL). Not the
//   message's fault: the bind slows down and the message waits without spending its retries.
// - temporary: anything else (system error, submit failed, unknown codes): retried with backoff,
//   and another carrier may take it.

export type SubmitClass = 'accepted' | 'permanent' | 'temporary' | 'throttled';

const NAMES: Record<number, string> = {
  0x00: 'ESME_ROK',
  0x01: 'ESME_RINVMSGLEN',
  0x02: 'ESME_RINVCMDLEN',
  0x03: 'ESME_RINVCMDID',
  0x04: 'ESME_RINVBNDSTS',
  0x05: 'ESME_RALYBND',
  0x06: 'ESME_RINVPRTFLG',
  0x07: 'ESME_RINVREGDLVFLG',
  0x08: 'ESME_RSYSERR',
  0x0a: 'ESME_RINVSRCADR',
  0x0b: 'ESME_RINVDSTADR',
  0x0c: 'ESME_RINVMSGID',
  0x0d: 'ESME_RBINDFAIL',
  0x0e: 'ESME_RINVPASWD',
  0x0f: 'ESME_RINVSYSID',
  0x14: 'ESME_RMSGQFUL',
  0x15: 'ESME_RINVSERTYP',
  0x33: 'ESME_RINVNUMDESTS',
  0x34: 'ESME_RINVDLNAME',
  0x40: 'ESME_RINVDESTFLAG',
  0x42: 'ESME_RINVSUBREP',
  0x43: 'ESME_RINVESMCLASS',
  0x44: 'ESME_RCNTSUBDL',
  0x45: 'ESME_RSUBMITFAIL',
  0x48: 'ESME_RINVSRCTON',
  0x49: 'ESME_RINVSRCNPI',
  0x50: 'ESME_RINVDSTTON',
  0x51: 'ESME_RINVDSTNPI',
  0x53: 'ESME_RINVSYSTYP',
  0x54: 'ESME_RINVREPFLAG',
  0x55: 'ESME_RINVNUMMSGS',
  0x58: 'ESME_RTHROTTLED',
  0x61: 'ESME_RINVSCHED',
  0x62: 'ESME_RINVEXPIRY',
  0x63: 'ESME_RINVDFTMSGID',
  0x64: 'ESME_RX_T_APPN',
  0x65: 'ESME_RX_P_APPN',
  0x66: 'ESME_RX_R_APPN',
  0x67: 'ESME_RQUERYFAIL',
  0xc0: 'ESME_RINVOPTPARSTREAM',
  0xc1: 'ESME_ROPTPARNOTALLWD',
  0xc2: 'ESME_RINVPARLEN',
  0xc3: 'ESME_RMISSINGOPTPARAM',
  0xc4: 'ESME_RINVOPTPARAMVAL',
  0xfe: 'ESME_RDELIVERYFAILURE',
  0xff: 'ESME_RUNKNOWNERR',
};

const THROTTLED = new Set([0x14, 0x58]);

/**
 * Refusals that name something wrong with the message itself. ESME_RX_P_APPN (0x65) is the SMSC's
 * "permanent application error"; ESME_RX_T_APPN (0x64) its temporary twin.
 */
const PERMANENT = new Set([
  0x01, 0x06, 0x07, 0x0a, 0x0b, 0x15, 0x33, 0x40, 0x42, 0x43, 0x48, 0x49, 0x50, 0x51, 0x55, 0x61, 0x62, 0x65, 0xc0,
  0xc1, 0xc2, 0xc3, 0xc4,
]);

export function classifySubmitStatus(status: number): SubmitClass {
  if (status === 0) return 'accepted';
  if (THROTTLED.has(status)) return 'throttled';
  if (PERMANENT.has(status)) return 'permanent';
  return 'temporary';
}

/** `0x000b ESME_RINVDSTADR`: how `last_error` and the logs name a carrier status. */
export function describeSubmitStatus(status: number): string {
  const hex = `0x${status.toString(16).padStart(4, '0')}`;
  const name = NAMES[status];
  return name ? `${hex} ${name}` : hex;
}

/** `0x00000058`: a status as the metrics label it, bounded to SMPP 3.4's table (any other is `other`). */
export function commandStatusLabel(status: number): string {
  return NAMES[status] ? `0x${status.toString(16).padStart(8, '0')}` : 'other';
}
