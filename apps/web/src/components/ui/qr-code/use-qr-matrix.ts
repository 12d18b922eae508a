import { useEffect, useState } from 'react';
import { encodeQr, type QrMatrix } from './qr-matrix';

/** The text's QR code once the encoder is loaded; null until then. */
export function useQrMatrix(text: string): QrMatrix | null {
  const [encoded, setEncoded] = useState<{ text: string; matrix: QrMatrix } | null>(null);
  useEffect(() => {
    let live = true;
    void encodeQr(text).then((matrix) => {
      if (live) setEncoded({ text, matrix });
    });
    return () => {
      live = false;
    };
  }, [text]);
  return encoded?.text === text ? encoded.matrix : null;
}
