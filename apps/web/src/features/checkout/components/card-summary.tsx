import { CreditCardOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { ChosenCard } from './card-chooser';

/** Groups of four digits, as printed on a card. */
const spacedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card being topped up (with its balance when the api told it) and a way to use another. */
export function CardSummary({ card, onUseAnother }: { card: ChosenCard; onUseAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="checkout-card card-summary" aria-label={t('cardTopUp.card.label')}>
      <CreditCardOutlined className="card-summary-icon" aria-hidden />
      <div className="card-summary-text">
        <span className="checkout-merchant">
          {t(card.virtual ? 'cardTopUp.card.virtual' : 'cardTopUp.card.physical')}
        </span>
        <strong className="card-summary-number" data-testid="card-number">
          {spacedNumber(card.number)}
        </strong>
        {card.state ? (
          <span className="checkout-merchant" data-testid="card-balance">
            {t('cardTopUp.card.balance', { amount: formatMoney(card.state.balance, card.state.currency) })}
            {card.state.point > 0 ? ` · ${t('cardTopUp.card.points', { points: formatNumber(card.state.point) })}` : ''}
          </span>
        ) : null}
      </div>
      <Button type="link" onClick={onUseAnother} className="card-summary-change">
        {t('cardTopUp.card.useAnother')}
      </Button>
    </section>
  );
}
