import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, Empty, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useAbConfig, useSaveAbConfig, type AbSettingValue } from '../api/ab-config';
import { parseSettingValue, settingName } from '../utils/ab-settings';
import { useCurrency, useDevicePermissions } from '../utils/permissions';
import { AbSettingsList } from './ab-settings-list';

/** The AB controller's settings (`admin/ab/{id}/config`): change a value or add one, then save to the machine. */
export function AbConfigCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const { update } = useDevicePermissions();
  const currency = useCurrency();
  const config = useAbConfig(device.id, device.features.abConfig);
  const save = useSaveAbConfig(device.id);
  const [changes, setChanges] = useState<Record<string, AbSettingValue>>({});
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  if (!device.features.abConfig) return null;

  const settings = { ...(config.data?.config ?? {}), ...changes };
  const names = Object.keys(settings);
  const change = (name: string, value: AbSettingValue) => setChanges((current) => ({ ...current, [name]: value }));
  const addSetting = () => {
    if (!settingName.test(newName) || newValue.trim() === '') return;
    change(newName, parseSettingValue(newValue));
    setNewName('');
    setNewValue('');
  };
  const submit = () =>
    save.mutate(changes, {
      onSuccess: () => {
        setChanges({});
        toast.success(t('devices.ab.saved'));
      },
    });

  return (
    <Card
      title={t('devices.ab.title')}
      className="device-card-section"
      data-testid="ab-config"
      loading={config.isPending}
    >
      {config.data?.reportedAt ? (
        <Typography.Paragraph type="secondary">
          {t('devices.ab.reportedAt', { time: clock.dateTime(config.data.reportedAt) })}
        </Typography.Paragraph>
      ) : null}
      {names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.ab.empty')} />
      ) : (
        <AbSettingsList settings={settings} currency={currency} editable={update} onChange={change} />
      )}
      {update ? (
        <>
          <Space wrap className="ab-add">
            <Input
              aria-label={t('devices.ab.newName')}
              placeholder={t('devices.ab.newName')}
              value={newName}
              status={newName && !settingName.test(newName) ? 'error' : undefined}
              onChange={(e) => setNewName(e.target.value)}
            />
            <Input
              aria-label={t('devices.ab.newValue')}
              placeholder={t('devices.ab.newValue')}
              value={newValue}
              onChange={(e) => setNewValue(e.target.value)}
            />
            <Button onClick={addSetting} disabled={!settingName.test(newName) || newValue.trim() === ''}>
              {t('devices.ab.add')}
            </Button>
          </Space>
          <div className="device-card-actions">
            <Button
              type="primary"
              disabled={Object.keys(changes).length === 0}
              loading={save.isPending}
              onClick={submit}
            >
              {save.isPending ? t('devices.remote.waiting') : t('devices.ab.save')}
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}
