import { CopyOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { QrDownloads } from '../../../components/ui/qr-code/qr-downloads';
import { checkoutLink } from '../../../lib/checkout-link';
import { toast } from '../../../lib/messages';

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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('devices.checkout.copied'));
    } catch {
      toast.error(t('devices.checkout.copyFailed'));
    }
  };
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
          <label htmlFor="device-checkout-link" className="device-checkout-label">
            {t('devices.checkout.link')}
          </label>
          <Space.Compact block>
            <Input
              id="device-checkout-link"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              data-testid="device-checkout-link"
            />
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('devices.checkout.copy')}
            </Button>
          </Space.Compact>
          <QrDownloads text={link} caption={device.name} fileName={`${device.name}-qr`} />
        </div>
      </div>
    </Card>
  );
}
