import { placeInput, type PlaceInput } from '@sbo/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../../../components/ui/entity-form';
import { clearedErrors, fieldErrors, type FieldPath } from '../../../lib/contract-form';
import { BusinessHoursField } from './business-hours-field';
import { placeTypeOptions } from './place-values';
import './places.css';

type PlaceFormProps = {
  initialValues: PlaceInput;
  submitLabel: string;
  onSubmit: (input: PlaceInput) => void;
  onCancel: () => void;
};

/** Create and edit share one form; it checks with the contract's own schema before sending. */
export function PlaceForm({ initialValues, submitLabel, onSubmit, onCancel }: PlaceFormProps) {
  const { t } = useTranslation();
  // Untyped: contract issue paths reach any depth of the business hours.
  const [form] = Form.useForm();

  const labelOf = (path: FieldPath) =>
    typeof path[0] === 'string' && path.length === 1 ? t(`places.field.${path[0]}`) : t('places.field.businessHours');

  const submit = () => {
    form.setFields(clearedErrors(form.getFieldsError()));
    const values = form.getFieldsValue(true) as PlaceInput;
    const parsed = placeInput.safeParse(values);
    if (!parsed.success) {
      // The contract's one check across fields: a period closes after it opens.
      const ownText = (_issue: unknown, path: FieldPath) =>
        path.at(-1) === 'close' ? t('places.hours.closeAfterOpen') : undefined;
      form.setFields(fieldErrors(parsed.error.issues, labelOf, { ownText }));
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <EntityForm
      name="place"
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      className="place-form"
      actionsClassName="place-form-actions"
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <Form.Item name="title" label={t('places.field.title')} required>
        <Input maxLength={100} autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label={t('places.field.type')} required>
        <Select
          aria-label={t('places.field.type')}
          options={placeTypeOptions.map((type) => ({ value: type, label: t(`places.type.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="address" label={t('places.field.address')} required>
        <Input maxLength={200} autoComplete="street-address" />
      </Form.Item>
      <Form.Item name="servicePhone" label={t('places.field.servicePhone')}>
        <Input type="tel" maxLength={30} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="description" label={t('places.field.description')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <BusinessHoursField />
    </EntityForm>
  );
}
