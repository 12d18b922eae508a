import type { DeviceInfo } from '@sbo/contracts';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { QrDownloads } from '../../../components/ui/qr-code/qr-downloads';
import { checkoutLink } from '../../../lib/checkout-link';
import { useDevicePayable } from '../api/device-payable';

/**
 * Where consumers pay at this machine: its checkout link to copy and its QR code to print or save, offered
 * only while the machine can take a payment (the sticker sheet's rule); otherwise the reason why not.
 */
export function CheckoutLinkCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const payable = useDevicePayable(device);
  const title = t('devices.checkout.title');
  const note = (text: string, testId?: string) => (
    <Card title={title} className="device-card-section" data-testid="device-checkout">
      <Typography.Paragraph type="secondary" className="device-checkout-unbound" data-testid={testId}>
        {text}
      </Typography.Paragraph>
    </Card>
  );
  if (!device.hwid) return note(t('devices.checkout.unbound'));
  if (!device.place) return note(t('devices.checkout.noPlace'), 'device-checkout-reason');
  if (payable.isPending) return <Card title={title} className="device-card-section" loading />;
  if (!payable.data?.canTakePayment)
    return note(
      t('devices.checkout.cannotPay', {
        reason: t(`places.stickers.reason.${payable.data?.reason ?? 'notSetUp'}`),
      }),
      'device-checkout-reason',
    );

  const link = checkoutLink(device.hwid);
  return (
    <Card title={title} className="device-card-section" data-testid="device-checkout">
      <div className="device-checkout">
        <QrCode
          text={link}
          caption={device.name}
          label={t('devices.checkout.qrLabel', { name: device.name })}
          size={180}
        />
        <div className="device-checkout-text">
          <Typography.Paragraph type="secondary">{t('devices.checkout.note')}</Typography.Paragraph>
          <CopyLinkField
            id="device-checkout-link"
            link={link}
            labelClassName="device-checkout-label"
            texts={{
              label: t('devices.checkout.link'),
              copy: t('devices.checkout.copy'),
              copied: t('devices.checkout.copied'),
              copyFailed: t('devices.checkout.copyFailed'),
            }}
            data-testid="device-checkout-link"
          />
          <QrDownloads text={link} caption={device.name} fileName={`${device.name}-qr`} />
        </div>
      </div>
    </Card>
  );
}
