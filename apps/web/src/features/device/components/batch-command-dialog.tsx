import type { BatchAction, BatchItem, BatchPreview } from '@sbo/contracts';
import { Alert, Button, List, Modal, Progress, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '../../../components/ui/retry-button';
import { ApiError, errorText } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { useBatchPreview, useCommandBatch, useSendBatch } from '../api/command-batch';
import { batchCommand, selectionInput, type DeviceSelection } from '../utils/batch-actions';
import { dangerousActions } from '../utils/remote-actions';
import { DeviceStatusTag } from './device-status-tag';

type Props = {
  request: { action: BatchAction; selection: DeviceSelection } | null;
  onClose: () => void;
  onSent: () => void;
};

const itemColours: Record<BatchItem['state'], string> = {
  queued: 'default',
  notSent: 'warning',
  pending: 'processing',
  ok: 'success',
  failed: 'error',
  timeout: 'warning',
  offline: 'default',
};

function SkippedList({ skipped }: { skipped: BatchPreview['skipped'] }) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <>
      <Typography.Paragraph strong>
        {t('devices.batch.skippedTitle', { count: skipped.length, formatted: formatNumber(skipped.length) })}
      </Typography.Paragraph>
      <List
        size="small"
        className="batch-list"
        data-testid="batch-skipped"
        dataSource={skipped}
        renderItem={(machine) => (
          <List.Item className="batch-row" data-device-id={machine.deviceId}>
            <span className="batch-name">{machine.name || `#${machine.deviceId}`}</span>
            <span className="batch-reason">
              {t(`devices.unavailable.${machine.reason}`, { status: t(`devices.status.${machine.status}`) })}
            </span>
          </List.Item>
        )}
      />
    </>
  );
}

/** One command to many machines: a confirmation saying who will receive it and who cannot, then each machine's answer live. */
export function BatchCommandDialog({ request, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const preview = useBatchPreview();
  const send = useSendBatch();
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useCommandBatch(batchId);
  const { mutate: askPreview } = preview;
  const action = request?.action ?? null;
  const ask = useCallback(() => {
    if (request) askPreview({ command: batchCommand(request.action), selection: selectionInput(request.selection) });
  }, [request, askPreview]);
  useEffect(ask, [ask]);

  const actionName = action ? t(`devices.action.${action}`) : '';
  const receivers = preview.data?.receivers ?? [];
  const confirm = () =>
    action &&
    send.mutate(
      { command: batchCommand(action), deviceIds: receivers.map((machine) => machine.deviceId) },
      {
        onSuccess: (created) => {
          setBatchId(created.id);
          onSent();
        },
      },
    );

  const reset = () => {
    setBatchId(null);
    preview.reset();
    send.reset();
  };

  if (batchId) {
    const items = batch.data?.items ?? [];
    const answered = items.filter((item) => item.state !== 'queued' && item.state !== 'pending').length;
    const done = batch.data?.done ?? false;
    return (
      <Modal
        open={action !== null}
        title={t('devices.batch.progressTitle', { action: actionName })}
        onCancel={onClose}
        afterClose={reset}
        footer={<Button onClick={onClose}>{done ? t('alert.ok') : t('devices.batch.closeWhileSending')}</Button>}
        destroyOnHidden
      >
        <div data-testid="batch-progress">
          <Progress
            percent={items.length ? Math.round((answered / items.length) * 100) : 0}
            status={done ? 'normal' : 'active'}
            aria-label={t('devices.batch.answered', { answered, total: items.length })}
          />
          <Typography.Paragraph aria-live="polite">
            {done
              ? t('devices.batch.finished', { ok: items.filter((i) => i.state === 'ok').length, total: items.length })
              : t('devices.batch.answered', { answered, total: items.length })}
          </Typography.Paragraph>
          {batch.isError ? <Alert type="error" showIcon title={t('devices.batch.progressFailed')} /> : null}
          <List
            size="small"
            className="batch-list"
            loading={batch.isPending}
            dataSource={items}
            renderItem={(item) => (
              <List.Item className="batch-row" data-device-id={item.deviceId} data-state={item.state}>
                <span className="batch-name">{item.name}</span>
                <span className="batch-outcome">
                  <Tag color={itemColours[item.state]}>{t(`devices.batch.state.${item.state}`)}</Tag>
                  {item.state === 'failed' ? (
                    <span className="batch-reason">
                      {item.code} - {errorText(item.code)} · {t('devices.batch.now')}{' '}
                      <DeviceStatusTag status={item.status} />
                    </span>
                  ) : null}
                </span>
              </List.Item>
            )}
          />
          <SkippedList skipped={batch.data?.skipped ?? []} />
        </div>
      </Modal>
    );
  }

  let body;
  if (preview.isPending || preview.isIdle) body = <Spin />;
  else if (preview.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={preview.error instanceof ApiError ? preview.error.message : t('api.genericError')}
        action={<RetryButton size="small" onRetry={ask} />}
      />
    );
  else
    body = (
      <>
        <Typography.Paragraph>
          {receivers.length > 0
            ? t('devices.batch.confirmText', {
                count: receivers.length,
                formatted: formatNumber(receivers.length),
                action: actionName,
              })
            : t('devices.batch.noneCan', { action: actionName })}
        </Typography.Paragraph>
        <SkippedList skipped={preview.data.skipped} />
      </>
    );

  return (
    <Modal
      open={action !== null}
      title={t('devices.remote.confirmTitle', { action: actionName })}
      okText={t('devices.batch.sendTo', { count: receivers.length, formatted: formatNumber(receivers.length) })}
      okButtonProps={{
        disabled: receivers.length === 0,
        loading: send.isPending,
        danger: action !== null && action !== 'pushPrices' && dangerousActions.has(action),
      }}
      cancelButtonProps={{ disabled: send.isPending }}
      onOk={confirm}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
    >
      <div data-testid="batch-confirm">{body}</div>
    </Modal>
  );
}
