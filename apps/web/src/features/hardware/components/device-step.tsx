import { Button, Card, Empty, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-errors';
import { showMessage } from '../../../lib/messages';
import { useBindableList } from '../api/bindable-list';
import { useBindHardware } from '../api/bind-hardware';
import { chosenDevice, rememberChosenDevice } from './chosen-device';
import { DeviceSummary } from './device-summary';

type DeviceStepProps = {
  hwid: string;
  /** The claim code of the binding link, or '' for hardware registered for this merchant. */
  claim: string;
  model: string;
  merchantId: number;
  onBound: (deviceCloudID: number) => void;
};

/** Step two: the merchant's unbound cloud devices of the controller's model, and the confirmed binding. */
export function DeviceStep({ hwid, claim, model, merchantId, onBound }: DeviceStepProps) {
  const { t } = useTranslation();
  const list = useBindableList(hwid, merchantId, claim);
  const bind = useBindHardware(hwid, claim);
  const [choice, setChoice] = useState<number | null>(() => chosenDevice(hwid));
  const devices = list.data ?? [];
  const chosen = devices.find((device) => device.id === choice) ?? null;

  const confirmBinding = async () => {
    if (!chosen) return;
    const confirmed = await showMessage({
      title: t('binding.confirm.title'),
      content: t('binding.confirm.text', { hwid, name: chosen.name || chosen.serialNum }),
      cancel: true,
    });
    if (!confirmed) return;
    // Failures (1102003-1102009) are shown by the API client.
    await bind.mutateAsync(chosen.id).then(
      () => onBound(chosen.id),
      () => undefined,
    );
  };

  const body = () => {
    if (list.isPending) return <Skeleton active />;
    if (list.isError)
      return (
        <Typography.Paragraph type="danger" role="alert">
          {list.error instanceof ApiError ? list.error.message : t('api.genericError')}
        </Typography.Paragraph>
      );
    if (devices.length === 0) return <Empty description={t('binding.noDevices', { model })} />;
    return (
      <Radio.Group
        className="binding-devices"
        value={choice}
        aria-label={t('binding.step.device')}
        onChange={(event) => {
          const id = Number(event.target.value);
          setChoice(id);
          rememberChosenDevice(hwid, id);
        }}
      >
        {devices.map((device) => (
          <Radio key={device.id} value={device.id} className="binding-device">
            <DeviceSummary device={device} />
          </Radio>
        ))}
      </Radio.Group>
    );
  };

  return (
    <Card title={t('binding.step.device')} size="small">
      {body()}
      <div className="binding-actions">
        <Button type="primary" disabled={!chosen} onClick={() => void confirmBinding()}>
          {t('binding.bind')}
        </Button>
      </div>
    </Card>
  );
}
