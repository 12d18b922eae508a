import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { additiveTypes } from '@sbo/contracts';
import { Button, Form, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from './amount-input';

/** Courses of a list or yiot template: code, name, price and minutes, one row each. */
export function CourseRows({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name="courses">
      {(rows, { add, remove }, { errors }) => (
        <fieldset className="product-rows">
          <legend>{t('products.field.courses')}</legend>
          {rows.map((row, index) => (
            <div
              key={row.key}
              className="product-row"
              role="group"
              aria-label={t('products.course.n', { n: index + 1 })}
            >
              <Form.Item name={[row.name, 'course']} label={t('products.course.code')}>
                <Input maxLength={32} spellCheck={false} />
              </Form.Item>
              <Form.Item name={[row.name, 'name']} label={t('products.course.name')}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name={[row.name, 'price']} label={t('products.course.price')}>
                <AmountInput suffix={currency} />
              </Form.Item>
              <Form.Item name={[row.name, 'spentTime']} label={t('products.course.minutes')}>
                <AmountInput />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                className="product-row-remove"
                aria-label={t('products.course.remove', { n: index + 1 })}
                onClick={() => remove(row.name)}
              />
            </div>
          ))}
          <RowsErrors errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({ course: '', price: null })}>
            {t('products.course.add')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

/** Additives sold with a wash (detergent, softener, auxiliary), each at most once. */
export function AdditiveRows({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name="additives">
      {(rows, { add, remove }, { errors }) => (
        <fieldset className="product-rows">
          <legend>{t('products.field.additives')}</legend>
          {rows.map((row, index) => (
            <div
              key={row.key}
              className="product-row"
              role="group"
              aria-label={t('products.additive.n', { n: index + 1 })}
            >
              <Form.Item name={[row.name, 'type']} label={t('products.additive.type')}>
                <Select
                  aria-label={t('products.additive.type')}
                  options={additiveTypes.map((type) => ({ value: type, label: t(`products.additive.${type}`) }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'price']} label={t('products.additive.price')}>
                <AmountInput suffix={currency} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                className="product-row-remove"
                aria-label={t('products.additive.remove', { n: index + 1 })}
                onClick={() => remove(row.name)}
              />
            </div>
          ))}
          <RowsErrors errors={errors} />
          {rows.length < additiveTypes.length ? (
            <Button icon={<PlusOutlined />} onClick={() => add({ type: additiveTypes[rows.length], price: null })}>
              {t('products.additive.add')}
            </Button>
          ) : null}
        </fieldset>
      )}
    </Form.List>
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
