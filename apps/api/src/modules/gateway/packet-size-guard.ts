/**
 * Follows the MQTT framing of one connection's bytes (fixed header, remaining length, body) and
 * says when a packet announces more than `maxBytes`: the connection is closed on its first
 * chunk, before the parser (which buffers a packet whole) has kept more than that chunk.
 */
export function createPacketSizeGuard(maxBytes: number) {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let bodyLeft = 0;

  /** Feeds the next bytes read; false once a packet is too large or its length malformed. */
  return function accept(chunk: Buffer): boolean {
    let offset = 0;
    while (offset < chunk.length) {
      if (state === 'body') {
        const skipped = Math.min(bodyLeft, chunk.length - offset);
        offset += skipped;
        bodyLeft -= skipped;
        if (bodyLeft === 0) state = 'type';
        continue;
      }
      const byte = chunk[offset]!;
      offset += 1;
      if (state === 'type') {
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes += 1;
      if (length + lengthBytes + 1 > maxBytes) return false;
      if (byte & 0x80) {
        if (lengthBytes === 4) return false;
        continue;
      }
      bodyLeft = length;
      state = length === 0 ? 'type' : 'body';
    }
    return true;
  };
}
