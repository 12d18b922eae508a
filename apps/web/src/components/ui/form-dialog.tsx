import { Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormDialogProps<Values> = {
  open: boolean;
  title: ReactNode;
  /** The confirming button's label. */
  okText: string;
  /** More of the confirming button (`danger`...). */
  okButtonProps?: Omit<ButtonProps, 'loading'>;
  /** The submission is under way: the confirming button spins. */
  pending: boolean;
  form: FormInstance<Values>;
  /** Runs with the form's checked values; a failure leaves the dialog open (the api client has said why). */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  /** Shown above the form (what the dialog acts on, a choice that shapes the fields). */
  intro?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
};

/** A dialog holding a form: its button submits the form (checked first), Cancel closes, nothing stays behind. */
export function FormDialog<Values>({
  open,
  title,
  okText,
  okButtonProps,
  pending,
  form,
  onSubmit,
  onClose,
  intro,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ ...okButtonProps, loading: pending }}
      cancelText={t('alert.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {intro}
      <Form form={form} layout="vertical" onFinish={(values: Values) => void onSubmit(values).catch(() => undefined)}>
        {children}
      </Form>
    </Modal>
  );
}
