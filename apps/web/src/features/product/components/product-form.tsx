import { productTemplateTypes, units } from '@sbo/contracts';
import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../../../components/ui/entity-form';
import { currencySymbol } from '../../../lib/format';
import { AmountInput } from './amount-input';
import { AdditiveRows, CourseRows } from './product-rows';
import { fieldsByType, requiredFields, type ProductFormValues } from './product-values';
import type { useProductFormCheck } from './use-product-form-check';
import './products.css';

type ProductFormProps = {
  check: ReturnType<typeof useProductFormCheck>;
  initialValues: ProductFormValues;
  currency: string;
  submitLabel: string;
  onCancel: () => void;
  extra?: ReactNode;
  /** For a member without `product.manage`: the template is shown, nothing can be changed or saved. */
  readOnly?: boolean;
};

const dryTemps = [0, 1, 2, 3] as const;
const money = new Set(['price', 'dryPrice', 'unitPrice', 'pulse']);
const minutes = new Set(['spentTime', 'dryLimit']);

/** The template form: the fields of the chosen type, checked by the contract's rules on submit. */
export function ProductForm({
  check,
  initialValues,
  currency,
  submitLabel,
  onCancel,
  extra,
  readOnly = false,
}: ProductFormProps) {
  const { t } = useTranslation();
  const type = (Form.useWatch('type', check.form) as ProductFormValues['type'] | undefined) ?? initialValues.type;
  const used = new Set<string>(fieldsByType[type]);
  const required = requiredFields(type);
  const numberField = (name: string) =>
    used.has(name) ? (
      <Form.Item key={name} name={name} label={t(`products.field.${name}`)} required={required.has(name)}>
        <AmountInput
          suffix={money.has(name) ? currencySymbol(currency) : minutes.has(name) ? t('products.unit.MIN') : undefined}
        />
      </Form.Item>
    ) : null;

  return (
    <EntityForm
      name="product"
      form={check.form}
      initialValues={initialValues}
      onFinish={check.submit}
      readOnly={readOnly}
      className="product-form"
      actionsClassName="product-form-actions"
      wrapActions
      submitLabel={submitLabel}
      onCancel={onCancel}
      extraActions={extra}
    >
      <div className="product-grid">
        <Form.Item name="name" label={t('products.field.name')} required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('products.field.type')} required>
          <Select
            aria-label={t('products.field.type')}
            options={productTemplateTypes.map((value) => ({ value, label: t(`products.type.${value}`) }))}
          />
        </Form.Item>
        {['price', 'spentTime', 'unitPrice'].map(numberField)}
        {used.has('unit') ? (
          <Form.Item name="unit" label={t('products.field.unit')} required>
            <Select
              aria-label={t('products.field.unit')}
              options={units.map((unit) => ({ value: unit, label: t(`products.unit.${unit}`) }))}
            />
          </Form.Item>
        ) : null}
        {['dryPrice', 'dryLimit'].map(numberField)}
        {used.has('defaultDryTemp') ? (
          <Form.Item name="defaultDryTemp" label={t('products.field.defaultDryTemp')}>
            <Select
              allowClear
              aria-label={t('products.field.defaultDryTemp')}
              options={dryTemps.map((value) => ({ value, label: t(`products.dryTemp.${value}`) }))}
            />
          </Form.Item>
        ) : null}
        {used.has('courseType') ? (
          <Form.Item name="courseType" label={t('products.field.courseType')}>
            <Input maxLength={32} />
          </Form.Item>
        ) : null}
        {['pulse', 'defaultPulse'].map(numberField)}
      </div>
      {used.has('courses') ? <CourseRows currency={currency} /> : null}
      {used.has('additives') ? <AdditiveRows currency={currency} /> : null}
      <Form.Item name="notifyBeforePayment" label={t('products.field.notifyBeforePayment')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="notifyAfterPayment" label={t('products.field.notifyAfterPayment')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
    </EntityForm>
  );
}
