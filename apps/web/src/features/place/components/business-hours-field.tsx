import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { weekdays } from '@sbo/contracts';
import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from './place-values';

const maxPeriods = 4;

/** The business-hours part of the place form: enable flag, IANA time zone, periods per weekday. */
export function BusinessHoursField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const enabled = Form.useWatch(['businessHours', 'enabled'], form) as boolean | undefined;
  const zones = useMemo(() => timeZoneOptions().map((zone) => ({ value: zone, label: zone })), []);

  return (
    <fieldset className="place-hours">
      <legend>{t('places.field.businessHours')}</legend>
      <Form.Item name={['businessHours', 'enabled']} label={t('places.hours.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name={['businessHours', 'timezone']} label={t('places.field.timezone')}>
        <Select showSearch options={zones} aria-label={t('places.field.timezone')} />
      </Form.Item>
      {enabled ? null : <Alert type="info" showIcon title={t('places.hours.allDay')} className="place-hours-note" />}
      <div hidden={!enabled}>
        {weekdays.map((day) => (
          <Form.List key={day} name={['businessHours', 'hours', day]}>
            {(periods, { add, remove }) => (
              <div className="place-hours-day" role="group" aria-label={t(`places.weekday.${day}`)}>
                <span className="place-hours-day-name">{t(`places.weekday.${day}`)}</span>
                <div className="place-hours-periods">
                  {periods.length === 0 ? <span className="place-hours-closed">{t('places.hours.closed')}</span> : null}
                  {periods.map((period, index) => (
                    // The row's Form.Item shows the errors of its two time fields ("must close after it opens").
                    <Form.Item key={period.key} className="place-hours-period">
                      <Form.Item name={[period.name, 'open']} noStyle>
                        <Input
                          type="time"
                          aria-label={t('places.hours.openAt', { day: t(`places.weekday.${day}`), n: index + 1 })}
                        />
                      </Form.Item>
                      <span aria-hidden>–</span>
                      <Form.Item name={[period.name, 'close']} noStyle>
                        <Input
                          type="time"
                          aria-label={t('places.hours.closeAt', { day: t(`places.weekday.${day}`), n: index + 1 })}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('places.hours.removePeriod')}
                        onClick={() => remove(period.name)}
                      />
                    </Form.Item>
                  ))}
                </div>
                {periods.length < maxPeriods ? (
                  <Button
                    type="link"
                    icon={<PlusOutlined />}
                    onClick={() => add({ open: '09:00', close: '18:00' })}
                    aria-label={t('places.hours.addPeriodFor', { day: t(`places.weekday.${day}`) })}
                  >
                    {t('places.hours.addPeriod')}
                  </Button>
                ) : null}
              </div>
            )}
          </Form.List>
        ))}
      </div>
    </fieldset>
  );
}
