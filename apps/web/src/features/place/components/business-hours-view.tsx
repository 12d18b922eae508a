import { weekdays, type BusinessHours } from '@sbo/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Opening hours as text: not enabled means open 24 hours a day (spec section 5). */
export function BusinessHoursView({ hours }: { hours: BusinessHours }) {
  const { t } = useTranslation();
  if (!hours.enabled) return <Typography.Text>{t('places.hours.allDay')}</Typography.Text>;
  return (
    <div className="place-hours-view">
      <Typography.Text type="secondary">{t('places.hours.timezoneIs', { timezone: hours.timezone })}</Typography.Text>
      <dl>
        {weekdays.map((day) => (
          <div key={day} className="place-hours-row">
            <dt>{t(`places.weekday.${day}`)}</dt>
            <dd>
              {hours.hours[day].length === 0
                ? t('places.hours.closed')
                : hours.hours[day].map((period) => `${period.open}–${period.close}`).join(', ')}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
