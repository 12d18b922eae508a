import type { CardProgram } from '@sbo/contracts/schemas/cards';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { DetailLoadFailed } from '../../../components/ui/detail-load-failed';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { confirmThen } from '../../../lib/confirm-then';
import { useCardDetail } from '../api/card-detail';
import { useCardSettings } from '../api/card-settings';
import { useCardStatus } from '../api/card-status';
import { cardPaths, readCardId } from '../utils/card-paths';
import { CardMoneyDialog, type MoneyDialogKind } from './card-money-dialog';
import { CardRecords } from './card-record-screen';
import { CardTags } from './card-tags';
import './cards.css';

/** One card: its figures, activate or cancel, top up or correct by hand, and its history. */
export function CardDetailScreen({ program }: { program: CardProgram }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const cardId = readCardId(params);
  // An address without a card (or with a malformed id) says so, with the way back to the list.
  if (cardId === null)
    return (
      <DetailLoadFailed
        screenTitle={t(program === 'ok' ? 'screen.okCardDetail' : 'screen.vipCardDetail')}
        title={t('cards.detail.noCard')}
        description={t('cards.detail.noCardHint')}
        backTo={cardPaths(program, pathname).list}
      />
    );
  return <CardDetail key={cardId} program={program} cardId={cardId} />;
}

function CardDetail({ program, cardId }: { program: CardProgram; cardId: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const mayManage = permissions.has('vipCard.manage');
  const mayAdjust = permissions.has('vipCard.adjust');
  const detail = useCardDetail(program, mayRead ? cardId : null);
  const settings = useCardSettings(program);
  const status = useCardStatus(cardId);
  const [dialog, setDialog] = useState<MoneyDialogKind | null>(null);
  const paths = cardPaths(program, pathname);
  const screenTitle = t(program === 'ok' ? 'screen.okCardDetail' : 'screen.vipCardDetail');

  if (!mayRead) return <NoPermission title={screenTitle} reason={t('cards.noPermission')} />;
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return (
      <DetailLoadFailed
        screenTitle={screenTitle}
        title={t('cards.detail.loadFailed')}
        description={detail.error.message}
        onRetry={detail.refetch}
        backTo={paths.list}
      />
    );

  const card = detail.data;
  const confirmStatus = async (next: 'active' | 'cancelled') => {
    const question = {
      title: t(next === 'active' ? 'cards.detail.activateTitle' : 'cards.detail.cancelTitle'),
      content: t(next === 'active' ? 'cards.detail.activateConfirm' : 'cards.detail.cancelConfirm', {
        number: card.number,
        balance: formatMoney(card.balance, card.currency),
      }),
    };
    const done = t(next === 'active' ? 'cards.detail.activated' : 'cards.detail.cancelled');
    await confirmThen(question, () => status.mutateAsync(next), done);
  };
  const cancelled = card.status === 'cancelled';
  const canTopUp = card.loyaltyType === 'storedValue' && card.status === 'active';
  const actions = (
    <Space wrap>
      {mayAdjust && canTopUp ? (
        <Button type="primary" onClick={() => setDialog('topUp')}>
          {t('cards.detail.topUp')}
        </Button>
      ) : null}
      {mayAdjust && !cancelled ? (
        <Button onClick={() => setDialog('adjust')}>
          {t(program === 'ok' ? 'cards.detail.adjustBalance' : 'cards.detail.adjust')}
        </Button>
      ) : null}
      {mayManage && card.status === 'inactive' ? (
        <Button onClick={() => void confirmStatus('active').catch(() => undefined)} loading={status.isPending}>
          {t('cards.detail.activate')}
        </Button>
      ) : null}
      {mayManage && !cancelled ? (
        <Button
          danger
          onClick={() => void confirmStatus('cancelled').catch(() => undefined)}
          loading={status.isPending}
        >
          {t('cards.detail.cancel')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <>
      <PageHeader
        title={t('cards.detail.title', { number: card.number })}
        description={
          <CardTags card={card} statusTestId="card-status">
            <Tag>{t(`cards.loyalty.${card.loyaltyType}`)}</Tag>
          </CardTags>
        }
        extra={actions}
      />
      <dl className="card-summary card-detail-figures" data-testid="card-figures">
        {(
          [
            ['balance', formatMoney(card.balance, card.currency)],
            ['deposit', formatMoney(card.deposit, card.currency)],
            ['reward', formatMoney(card.reward, card.currency)],
            ['spent', formatMoney(card.spent, card.currency)],
            ['points', formatNumber(card.point)],
          ] as const
        )
          .filter(([key]) => program === 'vip' || key !== 'points')
          .map(([key, value]) => (
            <div key={key} className={key === 'balance' ? 'card-summary-item card-summary-main' : 'card-summary-item'}>
              <dt>{t(`cards.field.${key}`)}</dt>
              <dd data-testid={`card-${key}`}>{value}</dd>
            </div>
          ))}
      </dl>
      <Card size="small" className="card-detail-info">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('cards.field.holder')}>{card.holderName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('cards.field.phone')}>{card.holderPhone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('cards.field.place')}>{card.place?.name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('cards.field.createdAt')}>
            {formatDateTime(card.createdAt, undefined, timeZone)}
          </Descriptions.Item>
          <Descriptions.Item label={t('cards.field.lastTradeAt')}>
            {card.lastTradeAt ? formatDateTime(card.lastTradeAt, undefined, timeZone) : t('cards.list.noSpend')}
          </Descriptions.Item>
        </Descriptions>
        {cancelled ? <p className="card-muted">{t('cards.detail.cancelledNote')}</p> : null}
      </Card>
      <CardRecords program={program} cardId={card.id} title={t('cards.detail.history')} />
      {dialog ? (
        <CardMoneyDialog
          kind={dialog}
          program={program}
          cardId={card.id}
          currency={card.currency}
          tiers={settings.data?.topUpTiers ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
