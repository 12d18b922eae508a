import type { WalletSummary } from '@sbo/contracts';
import { Descriptions, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/messages';
import { useWithdraw } from '../api/withdraw';

type WithdrawDialogProps = { summary: WalletSummary; idempotencyKey: string | null; onClose: () => void };

/**
 * The confirmation of a withdrawal: what reaches which account. The key is made when the dialog
 * opens and kept for retries of this withdrawal, so a lost answer never pays out twice.
 */
export function WithdrawDialog({ summary, idempotencyKey, onClose }: WithdrawDialogProps) {
  const { t } = useTranslation();
  const withdraw = useWithdraw();
  const [failed, setFailed] = useState(false);
  const money = (value: number) => formatMoney(value, summary.currency);
  const account = summary.bankAccount;

  const confirm = async () => {
    if (!idempotencyKey) return;
    try {
      await withdraw.mutateAsync(idempotencyKey);
      setFailed(false);
      toast.success(t('wallet.withdrawStarted'));
      onClose();
    } catch {
      // The client has shown the error; the same key stays for a retry.
      setFailed(true);
    }
  };

  return (
    <Modal
      open={idempotencyKey !== null}
      title={t('wallet.confirmTitle')}
      okText={failed ? t('action.retry') : t('wallet.withdraw')}
      okButtonProps={{ loading: withdraw.isPending }}
      cancelText={t('alert.cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => setFailed(false)}
    >
      <p>{t('wallet.confirmText')}</p>
      <Descriptions column={1} size="small" bordered data-testid="withdraw-confirm">
        <Descriptions.Item label={t('wallet.withdrawable')}>{money(summary.withdrawable)}</Descriptions.Item>
        <Descriptions.Item label={t('wallet.withdrawFee')}>− {money(summary.withdrawFee)}</Descriptions.Item>
        <Descriptions.Item label={t('wallet.totalAmount')}>
          <strong>{money(summary.totalAmount)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('wallet.toAccount')}>
          {account ? `${account.bankName} (${account.bankCode}) ${account.accountNumber} · ${account.holder}` : '—'}
        </Descriptions.Item>
      </Descriptions>
      {summary.payoutProvider?.sandbox ? <p className="wallet-sandbox-note">{t('wallet.sandboxConfirm')}</p> : null}
    </Modal>
  );
}
