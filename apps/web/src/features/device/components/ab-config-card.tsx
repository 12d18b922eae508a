import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, Empty, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useAbConfig, useSaveAbConfig, type AbSettingValue } from '../api/ab-config';
import { abSettingMeaning, orderAbSettings } from '../utils/ab-setting-labels';
import { parseSettingValue, settingName } from '../utils/ab-settings';
import { toMajorUnits, toMinorUnits, amountStep } from '../utils/money';
import { currencySymbol } from '../../../lib/format';
import { useCurrency, useDevicePermissions } from '../utils/permissions';

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
  const names = orderAbSettings(Object.keys(settings));
  // A known setting reads in the interface language; its raw key stays on hover for a technician.
  const labelOf = (name: string) => {
    const meaning = abSettingMeaning(name);
    return meaning ? t(`devices.ab.setting.${meaning.id}`) : name;
  };
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

  const control = (name: string, value: AbSettingValue) => {
    const label = t('devices.ab.valueOf', { name: labelOf(name) });
    const unit = abSettingMeaning(name)?.unit;
    if (typeof value === 'boolean')
      return <Switch aria-label={label} checked={value} disabled={!update} onChange={(next) => change(name, next)} />;
    if (typeof value === 'number' && unit === 'money')
      return (
        <InputNumber
          aria-label={label}
          className="ab-setting-number"
          prefix={currencySymbol(currency)}
          min={0}
          step={amountStep(currency)}
          value={toMajorUnits(value, currency)}
          disabled={!update}
          onChange={(next) => next !== null && change(name, toMinorUnits(next, currency))}
        />
      );
    if (typeof value === 'number')
      return (
        <InputNumber
          aria-label={label}
          className="ab-setting-number"
          suffix={unit ? t(`devices.ab.unit.${unit}`) : undefined}
          value={value}
          disabled={!update}
          onChange={(next) => next !== null && change(name, next)}
        />
      );
    return <Input aria-label={label} value={value} disabled={!update} onChange={(e) => change(name, e.target.value)} />;
  };

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
        <dl className="ab-settings">
          {names.map((name) => (
            <div key={name} className="ab-setting">
              <dt title={name} className={abSettingMeaning(name) ? undefined : 'ab-setting-raw'}>
                {labelOf(name)}
              </dt>
              <dd>{control(name, settings[name] as AbSettingValue)}</dd>
            </div>
          ))}
        </dl>
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
