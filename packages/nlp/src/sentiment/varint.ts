/**
 * Delta + LEB128 varint encoding of a non-decreasing integer sequence (each value minus the previous,
 * 7 bits per byte, high bit = more bytes follow): the compact form of ranks and indices in model files.
 */
export function encodeVarints(values: Int32Array): Buffer {
  const out: number[] = [];
  let prev = 0;
  for (const v of values) {
    let d = v - prev;
    prev = v;
    while (d >= 0x80) {
      out.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    out.push(d);
  }
  return Buffer.from(out);
}

/** Inverse of {@link encodeVarints}: the first `count` values of `buf`. */
export function decodeVarints(buf: Uint8Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let pos = 0;
  let prev = 0;
  for (let i = 0; i < count; i++) {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = buf[pos++];
      v |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    prev += v;
    out[i] = prev;
  }
  return out;
}
