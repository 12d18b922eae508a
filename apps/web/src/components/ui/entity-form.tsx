import { Button, Card, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type EntityFormProps<Values> = {
  /** The form's name: its fields' ids start with it. */
  name: string;
  form: FormInstance<Values>;
  initialValues: Values;
  onFinish: () => void;
  className: string;
  /** Class of the buttons' row. */
  actionsClassName: string;
  /** Whether the buttons' row wraps on a narrow screen. */
  wrapActions?: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** Buttons shown before "Cancel". */
  extraActions?: ReactNode;
  /** Shown but not editable: no submit, and "Cancel" becomes "Back". */
  readOnly?: boolean;
  children: ReactNode;
};

/** A create-or-edit form on a card: its fields, then Cancel (or Back) and the submit button. */
export function EntityForm<Values>({
  name,
  form,
  initialValues,
  onFinish,
  className,
  actionsClassName,
  wrapActions,
  submitLabel,
  onCancel,
  extraActions,
  readOnly,
  children,
}: EntityFormProps<Values>) {
  const { t } = useTranslation();
  return (
    <Card>
      <Form
        name={name}
        form={form}
        layout="vertical"
        initialValues={initialValues as object}
        onFinish={onFinish}
        disabled={readOnly}
        className={className}
      >
        {children}
        <Space wrap={wrapActions} className={actionsClassName}>
          {extraActions}
          {/* Leaving is always possible, also from a read-only (disabled) form. */}
          <Button onClick={onCancel} disabled={readOnly === undefined ? undefined : false}>
            {readOnly ? t('action.back') : t('alert.cancel')}
          </Button>
          {readOnly ? null : (
            <Button type="primary" htmlType="submit">
              {submitLabel}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
