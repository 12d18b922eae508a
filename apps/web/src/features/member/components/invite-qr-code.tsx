import { useEffect, useState } from 'react';

/** The invitation link as a QR code; the encoder is downloaded only when this screen shows. */
export function InviteQrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const code = qrcode(0, 'M');
      code.addData(text);
      code.make();
      if (live) setSvg(code.createSvgTag({ cellSize: 4, margin: 4, scalable: true }));
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className="invite-qr" aria-busy="true" style={{ width: 200, height: 200 }} />;
  return (
    <img
      className="invite-qr"
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      width={200}
      height={200}
    />
  );
}
