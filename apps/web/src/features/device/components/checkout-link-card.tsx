import type { DeviceInfo } from '@sbo/contracts';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { QrDownloads } from '../../../components/ui/qr-code/qr-downloads';
import { checkoutLink } from '../../../lib/checkout-link';

/** Where consumers pay at this machine: its checkout link to copy and its QR code to print or save. */
export function CheckoutLinkCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const title = t('devices.checkout.title');
  if (!device.hwid)
    return (
      <Card title={title} className="device-card-section" data-testid="device-checkout">
        <Typography.Paragraph type="secondary" className="device-checkout-unbound">
          {t('devices.checkout.unbound')}
        </Typography.Paragraph>
      </Card>
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
