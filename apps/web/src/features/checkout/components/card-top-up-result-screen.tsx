import type { CardTopUpOrder } from '@sbo/contracts/schemas/cards';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderResultPage } from '../../../components/ui/order-result-page';
import { StatusPanel } from '../../../components/ui/status-panel';
import { formatMoney } from '../../../lib/format';
import { useCardTopUp } from '../api/card-top-up-order';
import { cardTopUpAddress } from '../utils/card-top-up';
import { isUnknownOrder } from '../utils/checkout-errors';
import { gatewayName } from '../utils/gateway-names';
import { useOrderResultTexts } from '../utils/order-result-texts';
import './checkout.css';

const orderIdPattern = /^[A-Za-z0-9_-]{8,64}$/;
const panelStatus = { paid: 'success', failed: 'error', cancelled: 'warning', refunded: 'warning' } as const;

/** `/custom/card-top-up-result?orderId=`: where the api sends the consumer once the gateway has answered. */
export function CardTopUpResultScreen() {
  return (
    <OrderResultPage
      idPattern={orderIdPattern}
      useOrder={useCardTopUp}
      isUnknownOrder={isUnknownOrder}
      texts={useOrderResultTexts()}
    >
      {(order) => <TopUpOutcome order={order} />}
    </OrderResultPage>
  );
}

function TopUpOutcome({ order }: { order: CardTopUpOrder }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <div className="checkout-result">
      {order.status === 'created' ? (
        <section className="checkout-card checkout-waiting" role="status" aria-live="polite">
          <Spin size="large" />
          <h1 className="status-panel-title">{t('cardTopUp.result.waiting')}</h1>
        </section>
      ) : (
        <StatusPanel
          status={panelStatus[order.status]}
          title={t(`cardTopUp.result.${order.status}.title`)}
          description={t(`cardTopUp.result.${order.status}.description`)}
        />
      )}
      <section className="checkout-card" aria-label={t('checkout.result.details')}>
        <dl className="checkout-details">
          <dt>{t('cardTopUp.result.card')}</dt>
          <dd>{order.cardNumber}</dd>
          <dt>{t('cardTopUp.result.amount')}</dt>
          <dd>
            <strong>{money(order.amount)}</strong>
          </dd>
          {order.reward > 0 ? (
            <>
              <dt>{t('cardTopUp.result.reward')}</dt>
              <dd data-testid="top-up-reward">+{money(order.reward)}</dd>
            </>
          ) : null}
          {order.balanceAfter !== null ? (
            <>
              <dt>{t('cardTopUp.result.balanceAfter')}</dt>
              <dd>
                <strong data-testid="top-up-balance">{money(order.balanceAfter)}</strong>
              </dd>
            </>
          ) : null}
          <dt>{t('checkout.result.place')}</dt>
          <dd>{order.place.title}</dd>
          <dt>{t('checkout.method')}</dt>
          <dd>{gatewayName(order.gateway)}</dd>
        </dl>
      </section>
      <Button
        type={order.status === 'paid' ? 'default' : 'primary'}
        size="large"
        block
        className="checkout-back"
        href={cardTopUpAddress(order.place.id, order.program)}
      >
        {t(order.status === 'paid' ? 'cardTopUp.result.again' : 'cardTopUp.result.tryAgain')}
      </Button>
    </div>
  );
}
