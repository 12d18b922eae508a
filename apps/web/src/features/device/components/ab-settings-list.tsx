import { Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../../lib/format';
import type { AbSettingValue } from '../api/ab-config';
import { abSettingMeaning, orderAbSettings } from '../utils/ab-setting-labels';
import { amountStep, toMajorUnits, toMinorUnits } from '../utils/money';

type AbSettingsListProps = {
  settings: Record<string, AbSettingValue>;
  /** The merchant's currency: money settings are its minor units. */
  currency: string;
  editable: boolean;
  onChange: (name: string, value: AbSettingValue) => void;
};

/**
 * A controller's settings as people read them: a known setting by its name in the interface language,
 * with its unit, money in the merchant's currency, and the raw key on hover for a technician; a key
 * this screen does not know under its raw name.
 */
export function AbSettingsList({ settings, currency, editable, onChange }: AbSettingsListProps) {
  const { t } = useTranslation();
  const labelOf = (name: string) => {
    const meaning = abSettingMeaning(name);
    return meaning ? t(`devices.ab.setting.${meaning.id}`) : name;
  };

  const control = (name: string, value: AbSettingValue) => {
    const label = t('devices.ab.valueOf', { name: labelOf(name) });
    const unit = abSettingMeaning(name)?.unit;
    if (typeof value === 'boolean')
      return (
        <Switch aria-label={label} checked={value} disabled={!editable} onChange={(next) => onChange(name, next)} />
      );
    if (typeof value === 'number' && unit === 'money')
      return (
        <InputNumber
          aria-label={label}
          className="ab-setting-number"
          prefix={currencySymbol(currency)}
          min={0}
          step={amountStep(currency)}
          value={toMajorUnits(value, currency)}
          disabled={!editable}
          onChange={(next) => next !== null && onChange(name, toMinorUnits(next, currency))}
        />
      );
    if (typeof value === 'number')
      return (
        <InputNumber
          aria-label={label}
          className="ab-setting-number"
          suffix={unit ? t(`devices.ab.unit.${unit}`) : undefined}
          value={value}
          disabled={!editable}
          onChange={(next) => next !== null && onChange(name, next)}
        />
      );
    return (
      <Input aria-label={label} value={value} disabled={!editable} onChange={(e) => onChange(name, e.target.value)} />
    );
  };

  return (
    <dl className="ab-settings">
      {orderAbSettings(Object.keys(settings)).map((name) => (
        <div key={name} className="ab-setting">
          <dt title={name} className={abSettingMeaning(name) ? undefined : 'ab-setting-raw'}>
            {labelOf(name)}
          </dt>
          <dd>{control(name, settings[name] as AbSettingValue)}</dd>
        </div>
      ))}
    </dl>
  );
}
