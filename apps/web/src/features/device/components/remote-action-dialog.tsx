import type { DeviceInfo, RemoteAction, RemoteCommand } from '@sbo/contracts';
import { Alert, InputNumber, Modal, Select, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { useProductCourses } from '../api/product-courses';
import { amountStep } from '../utils/money';
import { useCurrency } from '../utils/permissions';
import {
  actionParameter,
  courseChoices,
  dangerousActions,
  toCommand,
  type ActionValues,
} from '../utils/remote-actions';

type RemoteActionDialogProps = {
  device: DeviceInfo;
  action: RemoteAction | null;
  pending: boolean;
  onSend: (command: RemoteCommand) => void;
  onClose: () => void;
};

/** Confirmation naming the action and the device, with the action's parameter; stays open until the device answers. */
export function RemoteActionDialog({ device, action, pending, onSend, onClose }: RemoteActionDialogProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const fieldId = useId();
  const [values, setValues] = useState<ActionValues>({});
  const coinValue = device.coinDispenser?.coinValue ?? null;
  const command = action ? toCommand(action, values, currency, coinValue) : null;
  const parameter = action ? actionParameter[action] : 'none';
  const asksCourse = parameter === 'course' || parameter === 'optionalCourse';
  const templateCourses = useProductCourses(device.product?.id ?? null, asksCourse);
  const courseOptions = courseChoices(
    templateCourses.data,
    device.kind,
    device.model,
    (course) => t(`devices.course.${course}`, { defaultValue: course }),
    (minor) => formatMoney(minor, currency),
  );

  const field = (label: string, control: ReactNode) => (
    <div className="remote-param">
      <label htmlFor={fieldId}>{label}</label>
      {control}
    </div>
  );

  return (
    <Modal
      open={action !== null}
      title={action ? t('devices.remote.confirmTitle', { action: t(`devices.action.${action}`) }) : null}
      okText={pending ? t('devices.remote.waiting') : t('devices.remote.send')}
      okButtonProps={{
        loading: pending,
        disabled: command === null,
        danger: action ? dangerousActions.has(action) : false,
      }}
      cancelButtonProps={{ disabled: pending }}
      closable={!pending}
      mask={{ closable: !pending }}
      keyboard={!pending}
      onOk={() => command && onSend(command)}
      onCancel={onClose}
      afterClose={() => setValues({})}
      destroyOnHidden
    >
      {action ? (
        <div className="remote-dialog" data-testid="remote-dialog">
          <Typography.Paragraph>
            {t('devices.remote.confirmText', { action: t(`devices.action.${action}`), device: device.name })}
          </Typography.Paragraph>
          {parameter === 'amount'
            ? field(
                t('devices.remote.amount', { currency: currencySymbol(currency) }),
                <InputNumber
                  id={fieldId}
                  min={amountStep(currency)}
                  step={1}
                  value={values.amount}
                  onChange={(amount) => setValues({ amount })}
                  className="remote-param-input"
                />,
              )
            : null}
          {parameter === 'minutes'
            ? field(
                t('devices.remote.minutes'),
                <InputNumber
                  id={fieldId}
                  min={1}
                  max={120}
                  precision={0}
                  value={values.minutes}
                  onChange={(minutes) => setValues({ minutes })}
                  className="remote-param-input"
                />,
              )
            : null}
          {parameter === 'dryTemp'
            ? field(
                t('devices.field.dryTemp'),
                <Select
                  id={fieldId}
                  value={values.dryTemp}
                  onChange={(dryTemp: number) => setValues({ dryTemp })}
                  options={[1, 2, 3].map((value) => ({ value, label: t(`devices.dryTemp.${value}`) }))}
                  className="remote-param-input"
                />,
              )
            : null}
          {parameter === 'course' || parameter === 'optionalCourse'
            ? field(
                parameter === 'course' ? t('devices.field.course') : t('devices.remote.courseOptional'),
                <Select
                  id={fieldId}
                  allowClear={parameter === 'optionalCourse'}
                  placeholder={parameter === 'optionalCourse' ? t('devices.remote.selectedCourse') : undefined}
                  value={values.course}
                  onChange={(course?: string) => setValues({ course })}
                  loading={templateCourses.isLoading}
                  options={templateCourses.isLoading ? [] : courseOptions}
                  className="remote-param-input"
                />,
              )
            : null}
          {parameter === 'coinCount'
            ? field(
                coinValue
                  ? t('devices.remote.coinCount')
                  : t('devices.remote.amount', { currency: currencySymbol(currency) }),
                <>
                  <InputNumber
                    id={fieldId}
                    min={1}
                    precision={coinValue ? 0 : undefined}
                    value={values.coins}
                    onChange={(coins) => setValues({ coins })}
                    className="remote-param-input"
                  />
                  {coinValue && values.coins ? (
                    <Typography.Text type="secondary" className="remote-param-note">
                      {t('devices.remote.dispenseTotal', { amount: formatMoney(values.coins * coinValue, currency) })}
                    </Typography.Text>
                  ) : null}
                </>,
              )
            : null}
          {pending ? (
            <Alert
              type="info"
              showIcon
              role="status"
              title={t('devices.remote.pending', { device: device.name })}
              className="remote-pending"
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
