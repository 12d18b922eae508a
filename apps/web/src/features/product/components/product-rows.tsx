import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { additiveTypes } from '@sbo/contracts';
import { Button, Form, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from './amount-input';
import { currencySymbol } from '../../../lib/format';

type RowListProps = {
  /** The form list's name, and the key of its texts under `products.` (the legend, a row's name, add, remove). */
  name: 'courses' | 'additives';
  /** A new row's values, given how many rows there are; null when no more may be added. */
  newRow: (count: number) => object | null;
  /** A row's fields, by the row's name in the list. */
  fields: (row: number) => ReactNode;
};

/** A template's list of rows: a fieldset with each row named and removable, the list's errors, and "Add". */
function RowList({ name, newRow, fields }: RowListProps) {
  const { t } = useTranslation();
  const texts = name === 'courses' ? 'products.course' : 'products.additive';
  return (
    <Form.List name={name}>
      {(rows, { add, remove }, { errors }) => {
        const next = newRow(rows.length);
        return (
          <fieldset className="product-rows">
            <legend>{t(`products.field.${name}`)}</legend>
            {rows.map((row, index) => (
              <div key={row.key} className="product-row" role="group" aria-label={t(`${texts}.n`, { n: index + 1 })}>
                {fields(row.name)}
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  className="product-row-remove"
                  aria-label={t(`${texts}.remove`, { n: index + 1 })}
                  onClick={() => remove(row.name)}
                />
              </div>
            ))}
            <RowsErrors errors={errors} />
            {next ? (
              <Button icon={<PlusOutlined />} onClick={() => add(next)}>
                {t(`${texts}.add`)}
              </Button>
            ) : null}
          </fieldset>
        );
      }}
    </Form.List>
  );
}

/** Courses of a list or yiot template: code, name, price and minutes, one row each. */
export function CourseRows({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <RowList
      name="courses"
      newRow={() => ({ course: '', price: null })}
      fields={(row) => (
        <>
          <Form.Item name={[row, 'course']} label={t('products.course.code')}>
            <Input maxLength={32} spellCheck={false} />
          </Form.Item>
          <Form.Item name={[row, 'name']} label={t('products.course.name')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name={[row, 'price']} label={t('products.course.price')}>
            <AmountInput suffix={currencySymbol(currency)} />
          </Form.Item>
          <Form.Item name={[row, 'spentTime']} label={t('products.course.minutes')}>
            <AmountInput />
          </Form.Item>
        </>
      )}
    />
  );
}

/** Additives sold with a wash (detergent, softener, auxiliary), each at most once. */
export function AdditiveRows({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <RowList
      name="additives"
      newRow={(count) => (count < additiveTypes.length ? { type: additiveTypes[count], price: null } : null)}
      fields={(row) => (
        <>
          <Form.Item name={[row, 'type']} label={t('products.additive.type')}>
            <Select
              aria-label={t('products.additive.type')}
              options={additiveTypes.map((type) => ({ value: type, label: t(`products.additive.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name={[row, 'price']} label={t('products.additive.price')}>
            <AmountInput suffix={currencySymbol(currency)} />
          </Form.Item>
        </>
      )}
    />
  );
}

/** Messages about a whole list (e.g. the device version additives need), under the list. */
function RowsErrors({ errors }: { errors: ReactNode[] }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="product-rows-errors">
      {errors.map((error, index) => (
        <Typography.Text key={index} type="danger">
          {error}
        </Typography.Text>
      ))}
    </div>
  );
}
