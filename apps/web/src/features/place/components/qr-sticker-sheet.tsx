import type { PlaceQrStickers } from '@sbo/contracts/schemas/checkout';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { checkoutLink } from '../../../lib/checkout-link';

type Machine = PlaceQrStickers['items'][number];
type Ready = Machine & { hwid: string };

const byName = (a: Machine, b: Machine) => a.name.localeCompare(b.name, undefined, { numeric: true });
const isReady = (machine: Machine): machine is Ready => machine.canTakePayment && machine.hwid !== null;

/**
 * One sticker per machine that can take a payment now, cut along the dashed lines; the others are
 * listed under it with the reason (no hardware, nothing sold by phone, pay by phone not set up).
 */
export function QrStickerSheet({
  placeTitle,
  machines,
  statusPageLink = null,
}: {
  placeTitle: string;
  machines: readonly Machine[];
  /** The place's public status page, when its owner turned it on: printed as the sheet's first sticker. */
  statusPageLink?: string | null;
}) {
  const { t } = useTranslation();
  const sorted = [...machines].sort(byName);
  const ready = sorted.filter(isReady);
  const others = sorted.filter((machine) => !isReady(machine));
  return (
    <>
      {ready.length > 0 || statusPageLink ? (
        <ul className="qr-stickers" aria-label={t('places.stickers.sheet')}>
          {statusPageLink ? (
            <li className="qr-sticker qr-sticker-status" data-testid="qr-sticker-status">
              <span className="qr-sticker-cta">{t('places.stickers.seeWhatsFree')}</span>
              <QrCode
                text={statusPageLink}
                caption={placeTitle}
                label={t('places.publicPage.qrLabel', { place: placeTitle })}
                size={168}
              />
              <span className="qr-sticker-place">{t('places.stickers.statusPage')}</span>
            </li>
          ) : null}
          {ready.map((machine) => (
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
        <Typography.Paragraph type="secondary">{t('places.stickers.noneReady')}</Typography.Paragraph>
      )}
      {others.length > 0 ? (
        <section className="qr-unbound print-hidden" data-testid="qr-no-sticker">
          <Typography.Title level={2} className="qr-unbound-title">
            {t('places.stickers.noStickerTitle', { number: others.length })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('places.stickers.noStickerNote')}</Typography.Paragraph>
          <ul className="qr-unbound-list">
            {others.map((machine) => (
              <li key={machine.id} data-reason={machine.reason ?? 'notSetUp'}>
                <strong>{machine.name}</strong>
                <span className="qr-no-sticker-reason">
                  {' '}
                  · {t(`places.stickers.reason.${machine.reason ?? 'notSetUp'}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
