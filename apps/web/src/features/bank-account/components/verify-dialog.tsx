import type { BankAccount } from '@sbo/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../lib/messages';
import { useVerifyBankbook, type VerificationDecision } from '../api/agent-bankbooks';

type VerifyDialogProps = {
  account: BankAccount | null;
  decision: VerificationDecision['verification'];
  onClose: () => void;
};

/** A service agent's decision on an account, with a note (required when rejecting). */
export function VerifyDialog({ account, decision, onClose }: VerifyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const verify = useVerifyBankbook();
  const rejecting = decision === 'verifyFailed';

  const submit = async ({ note }: { note: string }) => {
    if (!account) return;
    await verify.mutateAsync({ id: account.id, decision: { verification: decision, note: note?.trim() ?? '' } });
    toast.success(t('bankbook.agent.done'));
    form.resetFields();
    onClose();
  };

  return (
    <FormDialog
      open={account !== null}
      title={t(rejecting ? 'bankbook.agent.failTitle' : 'bankbook.agent.verifyTitle', {
        bank: account?.bankName,
        account: account?.accountNumber,
      })}
      okText={t(rejecting ? 'bankbook.agent.fail' : 'bankbook.agent.verify')}
      okButtonProps={{ danger: rejecting }}
      pending={verify.isPending}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      intro={
        account ? (
          <p>
            {account.holder} · {account.bankCode} {account.accountNumber}
          </p>
        ) : null
      }
    >
      <Form.Item
        name="note"
        label={t('bankbook.agent.note')}
        rules={[{ required: rejecting, whitespace: true, message: t('bankbook.agent.noteRequired') }]}
      >
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
