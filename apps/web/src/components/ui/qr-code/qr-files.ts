import { qrPathData, qrSide, type QrMatrix } from './qr-matrix';

/** Room under the code for the machine's name, in modules. */
const captionHeight = 7;
const captionFont = 3.2;
const fontFamily = 'system-ui, "Noto Sans", "Noto Sans CJK TC", "Noto Sans Thai", sans-serif';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Wide (CJK, full-width) characters take about an em, the rest about half of one. */
const emsOf = (text: string) =>
  [...text].reduce((sum, char) => sum + (/[\u1100-\uffdc]/.test(char) && !/[\u0e00-\u0e7f]/.test(char) ? 1 : 0.6), 0);

/** The font size (in modules) at which a caption fits the code's width. */
function captionSize(caption: string, side: number): number {
  return Math.min(captionFont, (side - 2) / Math.max(1, emsOf(caption)));
}

/** A standalone SVG file: the code on white with the caption (the machine's name) under it. */
export function qrSvgDocument(matrix: QrMatrix, caption: string): string {
  const side = qrSide(matrix);
  const height = side + captionHeight;
  const size = captionSize(caption, side);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${height}" width="${side * 10}" height="${height * 10}" shape-rendering="crispEdges">`,
    `<rect width="${side}" height="${height}" fill="#fff"/>`,
    `<path d="${qrPathData(matrix)}" fill="#000"/>`,
    `<text x="${side / 2}" y="${side + captionHeight / 2 - 1}" font-family='${fontFamily}' font-size="${size.toFixed(2)}" font-weight="600" text-anchor="middle" dominant-baseline="middle" fill="#000">${escapeXml(caption)}</text>`,
    '</svg>',
  ].join('');
}

/** The same picture as a PNG, about a thousand pixels wide: sharp on a printed sticker. */
export function qrPngBlob(matrix: QrMatrix, caption: string): Promise<Blob> {
  const side = qrSide(matrix);
  const scale = Math.ceil(1000 / side);
  const canvas = document.createElement('canvas');
  canvas.width = side * scale;
  canvas.height = (side + captionHeight) * scale;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  // Drawn in module units, scaled by a whole number of pixels: every module edge falls on a pixel edge.
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.fill(new Path2D(qrPathData(matrix)));
  context.setTransform(1, 0, 0, 1, 0, 0);
  let fontPx = captionFont * scale;
  context.font = `600 ${fontPx}px ${fontFamily}`;
  const room = (side - 2) * scale;
  const width = context.measureText(caption).width;
  if (width > room) {
    fontPx *= room / width;
    context.font = `600 ${fontPx}px ${fontFamily}`;
  }
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(caption, canvas.width / 2, (side + captionHeight / 2 - 1) * scale);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}
