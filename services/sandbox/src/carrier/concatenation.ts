// Concatenated SMS: the parts of one message share a reference in their UDH and arrive one
// submit_sm each; the handset (here, the inbox) shows them joined once all have arrived.

export interface PartInfo {
  reference: number;
  total: number;
  sequence: number;
}

/** Reads the concatenation information element (8-bit IEI 0x00 or 16-bit IEI 0x08), if any. */
export function concatenationInfo(elements: readonly Buffer[] | undefined): PartInfo | undefined {
  for (const element of elements ?? []) {
    if (element[0] === 0x00 && element[1] === 0x03 && element.length >= 5) {
      return { reference: element[2]!, total: element[3]!, sequence: element[4]! };
    }
    if (element[0] === 0x08 && element[1] === 0x04 && element.length >= 6) {
      return { reference: element.readUInt16BE(2), total: element[4]!, sequence: element[5]! };
    }
  }
  return undefined;
}

interface Pending {
  parts: Map<number, { text: string; id: string }>;
  total: number;
}

export interface JoinedMessage {
  text: string;
  /** Carrier ids of the parts, in order. */
  ids: string[];
}

export class PartCollector {
  private readonly pending = new Map<string, Pending>();

  /** Adds a part; returns the whole message once its last part has arrived. */
  add(key: string, info: PartInfo, text: string, id: string): JoinedMessage | undefined {
    const entry = this.pending.get(key) ?? { parts: new Map(), total: info.total };
    entry.parts.set(info.sequence, { text, id });
    this.pending.set(key, entry);
    if (entry.parts.size < entry.total) return undefined;
    this.pending.delete(key);
    const ordered = [...entry.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
    return { text: ordered.map((part) => part.text).join(''), ids: ordered.map((part) => part.id) };
  }
}
