import { DatePicker, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DraftErrors, PromotionDraft } from '../utils/promotion-draft';

const wallFormat = 'YYYY-MM-DDTHH:mm';
const fieldProps = (errors: DraftErrors, key: string) =>
  errors[key] ? { validateStatus: 'error' as const, help: errors[key] } : {};
const pickerValue = (wall: string) => (wall ? dayjs(wall, wallFormat) : null);

type PromotionBasicsStepProps = {
  draft: PromotionDraft;
  errors: DraftErrors;
  timeZone: string;
  change: (next: Partial<PromotionDraft>) => void;
};

/** The promotion form's second step: the name, and when it starts and ends (wall times in the merchant's zone). */
export function PromotionBasicsStep({ draft, errors, timeZone, change }: PromotionBasicsStepProps) {
  const { t } = useTranslation();
  return (
    <div className="promotion-fields">
      <Form.Item label={t('promotions.field.name')} required {...fieldProps(errors, 'name')}>
        <Input
          value={draft.name}
          maxLength={50}
          showCount
          aria-label={t('promotions.field.name')}
          onChange={(e) => change({ name: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('promotions.field.startAt')}
        extra={t('promotions.hint.zone', { zone: timeZone })}
        required
        {...fieldProps(errors, 'startAt')}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          aria-label={t('promotions.field.startAt')}
          value={pickerValue(draft.start)}
          allowClear={false}
          onChange={(value) => change({ start: value ? value.format(wallFormat) : '' })}
        />
      </Form.Item>
      <Form.Item label={t('promotions.field.endCondition')}>
        <Radio.Group
          value={draft.endMode}
          onChange={(e) => change({ endMode: e.target.value as PromotionDraft['endMode'], end: draft.end })}
          options={[
            { value: 'never', label: t('promotions.end.never') },
            { value: 'date', label: t('promotions.end.date') },
          ]}
        />
      </Form.Item>
      {draft.endMode === 'date' ? (
        <Form.Item label={t('promotions.field.endAt')} required {...fieldProps(errors, 'endAt')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('promotions.field.endAt')}
            value={pickerValue(draft.end)}
            onChange={(value) => change({ end: value ? value.format(wallFormat) : '' })}
          />
        </Form.Item>
      ) : (
        <p className="promotion-muted">{t('promotions.hint.never')}</p>
      )}
    </div>
  );
}
