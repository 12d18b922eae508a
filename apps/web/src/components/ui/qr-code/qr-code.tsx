import type { CSSProperties } from 'react';
import { qrPathData, qrSide } from './qr-matrix';
import { useQrMatrix } from './use-qr-matrix';
import './qr-code.css';

type QrCodeProps = {
  /** What the code holds: a link. */
  text: string;
  /** What a screen reader says the picture is. */
  label: string;
  /** Shown under the code, e.g. the machine's name. */
  caption?: string;
  /** The most pixels a side may take; the code takes a whole number of pixels per module up to it. */
  size?: number;
};

/** A QR code drawn as SVG, black on white with its quiet zone, sharp at any zoom and in print. */
export function QrCode({ text, label, caption, size = 200 }: QrCodeProps) {
  const matrix = useQrMatrix(text);
  const side = matrix ? qrSide(matrix) : 0;
  const pixels = matrix ? Math.max(1, Math.floor(size / side)) * side : size;
  return (
    <figure className="qr-code" style={{ '--qr-size': `${pixels}px` } as CSSProperties}>
      {matrix ? (
        <svg
          role="img"
          aria-label={label}
          data-qr-text={text}
          viewBox={`0 0 ${side} ${side}`}
          width={pixels}
          height={pixels}
          shapeRendering="crispEdges"
        >
          <rect width={side} height={side} fill="#fff" />
          <path d={qrPathData(matrix)} fill="#000" />
        </svg>
      ) : (
        <div className="qr-code-pending" aria-busy="true" style={{ width: pixels, height: pixels }} />
      )}
      {caption ? <figcaption className="qr-code-caption">{caption}</figcaption> : null}
    </figure>
  );
}
