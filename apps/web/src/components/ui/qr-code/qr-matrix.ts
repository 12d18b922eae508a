/** A QR code's modules, row by row; `true` is a dark module. */
export type QrMatrix = readonly (readonly boolean[])[];

/** Light modules around the code that scanners need to find it (the standard asks for four). */
export const quietZone = 4;

/**
 * Encodes a text (a link) as a QR code with medium error correction, which survives a scuffed sticker.
 * The encoder is downloaded with the first code a screen shows, never with the first screen.
 */
export async function encodeQr(text: string): Promise<QrMatrix> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => code.isDark(row, col)));
}

/** Modules per side with the quiet zone on both sides. */
export const qrSide = (matrix: QrMatrix) => matrix.length + 2 * quietZone;

/**
 * The dark modules as one SVG path in module units, quiet zone included: each run of dark modules in a row
 * is one rectangle, so the path stays short and edges meet without hairline gaps.
 */
export function qrPathData(matrix: QrMatrix): string {
  const parts: string[] = [];
  matrix.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      const runEnds = start >= 0 && (!dark || x === row.length - 1);
      if (!runEnds) return;
      const end = dark ? x + 1 : x;
      parts.push(`M${start + quietZone} ${y + quietZone}h${end - start}v1h-${end - start}z`);
      start = -1;
    });
  });
  return parts.join('');
}
