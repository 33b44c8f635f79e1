// The framing of an SMPP byte stream: every PDU starts with its command_length (4 bytes, the
// header included), so a PDU whose body cannot be read still ends where its length says and the
// next one is found (pdu-decode.ts answers it with generic_nack). Only a length no PDU can have
// leaves no way to find the next one: the session must then be reset.

/** command_length, command_id, command_status, sequence_number. */
export const HEADER_LENGTH = 16;
/** The longest PDU read: a deliver_sm or data_sm with a full message_payload (64 KiB) and its fields. */
export const MAX_PDU_LENGTH = 70_000;

/** A command_length no PDU can have: the stream cannot be resynchronised. */
export class FramingError extends Error {
  override readonly name = 'FramingError';
}

export class PduFrames {
  private buffered: Buffer = Buffer.alloc(0);

  /**
   * The complete PDUs `chunk` finishes, in order, and the FramingError that stopped the reading
   * when a length is impossible (the PDUs before it are still read).
   */
  push(chunk: Buffer): { frames: Buffer[]; error?: FramingError } {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const frames: Buffer[] = [];
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUInt32BE(0);
      if (length < HEADER_LENGTH || length > MAX_PDU_LENGTH) {
        this.buffered = Buffer.alloc(0);
        return { frames, error: new FramingError(`a PDU of ${length} bytes (command_length) cannot be read`) };
      }
      if (this.buffered.length < length) break;
      frames.push(this.buffered.subarray(0, length));
      this.buffered = this.buffered.subarray(length);
    }
    return { frames };
  }
}
