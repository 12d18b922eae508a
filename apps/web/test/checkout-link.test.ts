import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrSvgDocument } from '../src/components/ui/qr-code/qr-files';
import { encodeQr, qrPathData, qrSide, quietZone } from '../src/components/ui/qr-code/qr-matrix';
import { checkoutLink } from '../src/lib/checkout-link';

describe('checkoutLink', () => {
  it("points at the consumer checkout with the machine's hardware id", () => {
    expect(checkoutLink('HW-0001', 'https://shop.example.com')).toBe(
      'https://shop.example.com/custom/checkout?hwid=HW-0001',
    );
  });

  it('encodes a hardware id that would otherwise break the address', () => {
    const link = checkoutLink('a&b=c #1', 'https://shop.example.com');
    expect(new URL(link).searchParams.get('hwid')).toBe('a&b=c #1');
    expect(new URL(link).searchParams.getAll('b')).toEqual([]);
  });

  it("uses the page's own origin by default, so each deployment links to itself", () => {
    vi.stubGlobal('window', { location: { origin: 'https://backoffice.example.org' } });
    expect(checkoutLink('HW-9')).toBe('https://backoffice.example.org/custom/checkout?hwid=HW-9');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });
});

describe('QR drawing', () => {
  it('draws each run of dark modules as one rectangle inside the quiet zone', () => {
    const matrix = [
      [true, true, false],
      [false, true, true],
      [true, false, true],
    ];
    const at = (x: number, y: number, length: number) => `M${x + quietZone} ${y + quietZone}h${length}v1h-${length}z`;
    expect(qrPathData(matrix)).toBe([at(0, 0, 2), at(1, 1, 2), at(0, 2, 1), at(2, 2, 1)].join(''));
    expect(qrSide(matrix)).toBe(3 + 2 * quietZone);
  });

  it('encodes a checkout link as a square code with its finder patterns', async () => {
    const matrix = await encodeQr(checkoutLink('HW-0001', 'https://shop.example.com'));
    expect(matrix.every((row) => row.length === matrix.length)).toBe(true);
    // A finder pattern's dark outer ring starts each of three corners.
    expect(matrix[0]?.slice(0, 7)).toEqual(Array(7).fill(true));
    expect(matrix[0]?.slice(-7)).toEqual(Array(7).fill(true));
    expect(matrix.at(-1)?.slice(0, 7)).toEqual(Array(7).fill(true));
  });

  it("writes the machine's name under the code in the SVG file, escaped", () => {
    const svg = qrSvgDocument([[true]], 'Washer <1> & "Dryer"');
    expect(svg).toContain('Washer &#60;1&#62; &#38; &#34;Dryer&#34;</text>');
    expect(svg).not.toContain('<1>');
  });
});
