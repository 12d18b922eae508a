import type { DeviceListItem } from '@sbo/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { checkoutLink } from '../../../lib/checkout-link';

type Machine = Pick<DeviceListItem, 'id' | 'name' | 'hwid'>;
type Bound = Machine & { hwid: string };

const byName = (a: Machine, b: Machine) => a.name.localeCompare(b.name, undefined, { numeric: true });

/** One sticker per machine with a controller, cut along the dashed lines; the rest are listed under it. */
export function QrStickerSheet({ placeTitle, machines }: { placeTitle: string; machines: readonly Machine[] }) {
  const { t } = useTranslation();
  const sorted = [...machines].sort(byName);
  const bound = sorted.filter((machine): machine is Bound => machine.hwid !== null);
  const unbound = sorted.filter((machine) => machine.hwid === null);
  return (
    <>
      {bound.length > 0 ? (
        <ul className="qr-stickers" aria-label={t('places.stickers.sheet')}>
          {bound.map((machine) => (
            <li key={machine.id} className="qr-sticker" data-testid="qr-sticker">
              <span className="qr-sticker-cta">{t('places.stickers.scanToPay')}</span>
              <QrCode
                text={checkoutLink(machine.hwid)}
                caption={machine.name}
                label={t('places.stickers.qrLabel', { name: machine.name })}
                size={168}
              />
              <span className="qr-sticker-place">{placeTitle}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">{t('places.stickers.noneBound')}</Typography.Paragraph>
      )}
      {unbound.length > 0 ? (
        <section className="qr-unbound print-hidden" data-testid="qr-unbound">
          <Typography.Title level={2} className="qr-unbound-title">
            {t('places.stickers.unboundTitle', { number: unbound.length })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('places.stickers.unboundNote')}</Typography.Paragraph>
          <ul className="qr-unbound-list">
            {unbound.map((machine) => (
              <li key={machine.id}>{machine.name}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
