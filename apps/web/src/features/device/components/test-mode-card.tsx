import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, InputNumber, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/messages';
import { useTestMode } from '../api/test-mode';
import { useDevicePermissions } from '../utils/permissions';
import { RemainingTime } from './remaining-time';

/** Test mode (spec section 4): positive test time on, zero off; the device is read again afterwards. */
export function TestModeCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const { update } = useDevicePermissions();
  const fieldId = useId();
  const [minutes, setMinutes] = useState<number | null>(10);
  const testMode = useTestMode(device.id);
  if (!device.features.testMode || !update) return null;

  const on = device.testTime > 0;
  const switchTo = (testTime: number) =>
    testMode.mutate(testTime, {
      onSuccess: () => toast.success(testTime > 0 ? t('devices.test.enabled') : t('devices.test.disabled')),
      onError: (error) =>
        toast.error(
          error instanceof ApiError ? `${t('devices.test.failed')} (${error.message})` : t('devices.test.failed'),
        ),
    });

  return (
    <Card title={t('devices.test.title')} className="device-card-section" data-testid="test-mode">
      <Typography.Paragraph>
        {on ? (
          <>
            <strong data-testid="test-state">{t('devices.test.on')}</strong> {t('devices.test.left')}{' '}
            <RemainingTime remainingSeconds={device.testTime} reportedAt={device.reportedAt} />
          </>
        ) : (
          <strong data-testid="test-state">{t('devices.test.off')}</strong>
        )}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('devices.test.help')}</Typography.Paragraph>
      <Space wrap>
        <label htmlFor={fieldId}>{t('devices.test.minutes')}</label>
        <InputNumber id={fieldId} min={1} max={1440} precision={0} value={minutes} onChange={setMinutes} />
        <Button
          type="primary"
          disabled={!minutes}
          loading={testMode.isPending && testMode.variables > 0}
          onClick={() => minutes && switchTo(minutes * 60)}
        >
          {on ? t('devices.test.restart') : t('devices.test.turnOn')}
        </Button>
        {on ? (
          <Button loading={testMode.isPending && testMode.variables === 0} onClick={() => switchTo(0)}>
            {t('devices.test.turnOff')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
