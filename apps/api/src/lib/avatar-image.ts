import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { avatarMaxBytes, avatarSizePx } from '@sbo/contracts';
import { InvalidFields } from './app-error';

type Bitmap = { width: number; height: number; data: Uint8Array };
type AvatarImage = { contentType: 'image/png' | 'image/jpeg'; content: Buffer };

const maxSourcePixels = 40_000_000;
const isPng = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
const invalid = (message: string) => new InvalidFields([{ path: 'image', message }]);

/**
 * Checks an uploaded picture (PNG or JPEG by its bytes, at most 2 MB) and makes the stored
 * avatar: the centred square, resized to 256 px. PNG stays PNG (transparency), JPEG stays JPEG.
 */
export function makeAvatar(dataUrl: string): AvatarImage {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalid('empty image');
  if (bytes.length > avatarMaxBytes) throw invalid('image larger than 2 MB');
  const png = isPng(bytes);
  if (!png && !isJpeg(bytes)) throw invalid('only PNG and JPEG images are accepted');
  let source: Bitmap;
  try {
    source = png
      ? PNG.sync.read(bytes)
      : jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: maxSourcePixels / 1e6, maxMemoryUsageInMB: 256 });
  } catch {
    throw invalid('the image cannot be read');
  }
  if (source.width * source.height > maxSourcePixels || source.width < 1 || source.height < 1) {
    throw invalid('image dimensions out of range');
  }
  const square = resizeSquare(source, avatarSizePx);
  if (png) {
    const out = new PNG({ width: square.width, height: square.height });
    out.data = Buffer.from(square.data);
    return { contentType: 'image/png', content: PNG.sync.write(out) };
  }
  return { contentType: 'image/jpeg', content: jpeg.encode({ ...square, data: Buffer.from(square.data) }, 85).data };
}

/** Centre crop to a square, then area-average down (or nearest up) to `size` px. */
function resizeSquare(source: Bitmap, size: number): Bitmap {
  const side = Math.min(source.width, source.height);
  const left = Math.floor((source.width - side) / 2);
  const top = Math.floor((source.height - side) / 2);
  const target = Math.min(size, side);
  const scale = side / target;
  const data = new Uint8Array(target * target * 4);
  for (let y = 0; y < target; y += 1) {
    const y0 = top + Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, top + Math.floor((y + 1) * scale));
    for (let x = 0; x < target; x += 1) {
      const x0 = left + Math.floor(x * scale);
      const x1 = Math.max(x0 + 1, left + Math.floor((x + 1) * scale));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const i = (sy * source.width + sx) * 4;
          for (let c = 0; c < 4; c += 1) sum[c]! += source.data[i + c]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * target + x) * 4;
      for (let c = 0; c < 4; c += 1) data[o + c] = Math.round(sum[c]! / n);
    }
  }
  return { width: target, height: target, data };
}
