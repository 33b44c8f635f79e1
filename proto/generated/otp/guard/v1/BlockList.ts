// Original file: guard.proto

import type { Block as _otp_guard_v1_Block, Block__Output as _otp_guard_v1_Block__Output } from '../../../otp/guard/v1/Block';

export interface BlockList {
  'blocks'?: (_otp_guard_v1_Block)[];
}

export interface BlockList__Output {
  'blocks': (_otp_guard_v1_Block__Output)[];
}
