import { thresholdLimits, type NotificationThresholds, type ThresholdName } from '@sbo/contracts';
import { Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/messages';
import { useSaveThresholds, useThresholds } from '../api/settings';

const names = Object.keys(thresholdLimits) as ThresholdName[];

/** The merchant's alert limits (owners and managers): when a machine counts as offline, idle, full or low. */
export function ThresholdsPanel() {
  const { t } = useTranslation();
  const thresholds = useThresholds();
  const save = useSaveThresholds();
  const [form] = Form.useForm<NotificationThresholds>();

  if (thresholds.isPending) return <Card loading />;
  if (thresholds.isError)
    return (
      <LoadFailed
        title={t('notification.thresholds.failed')}
        description={thresholds.error instanceof ApiError ? thresholds.error.message : t('api.genericError')}
        onRetry={thresholds.refetch}
      />
    );

  const submit = (values: NotificationThresholds) =>
    save.mutate(values, { onSuccess: () => toast.success(t('notification.thresholds.saved')) });

  return (
    <Card title={t('notification.thresholds.title')} size="small">
      <p className="thresholds-note">{t('notification.thresholds.note')}</p>
      <Form<NotificationThresholds>
        form={form}
        layout="vertical"
        initialValues={thresholds.data}
        onFinish={submit}
        className="thresholds-form"
        requiredMark={false}
      >
        {names.map((name) => {
          const limit = thresholdLimits[name];
          return (
            <Form.Item
              key={name}
              name={name}
              label={t(`notification.thresholds.${name}`)}
              extra={t('notification.thresholds.range', {
                min: formatNumber(limit.min),
                max: formatNumber(limit.max),
                default: formatNumber(limit.default),
              })}
              rules={[
                { required: true, message: t('notification.thresholds.required') },
                {
                  type: 'number',
                  min: limit.min,
                  max: limit.max,
                  message: t('notification.thresholds.outOfRange', {
                    min: formatNumber(limit.min),
                    max: formatNumber(limit.max),
                  }),
                },
              ]}
            >
              <InputNumber step={name === 'idleGapFactor' ? 0.5 : 1} className="threshold-input" />
            </Form.Item>
          );
        })}
        <div className="thresholds-save">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('notification.thresholds.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
