import { CreditCardOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCardOffer } from '../api/card-offer';
import { cardTopUpAddress } from '../utils/card-top-up';

/** "Top up a member card", shown at a machine only where the place takes the merchant's member card. */
export function CardTopUpLink({ placeId }: { placeId: number }) {
  const { t } = useTranslation();
  const offer = useCardOffer({ placeId, program: 'vip' });
  if (!offer.data || offer.data.topUpTiers.length === 0) return null;
  return (
    <Link to={cardTopUpAddress(placeId)} className="checkout-card card-top-up-link" data-testid="card-top-up-link">
      <CreditCardOutlined className="card-summary-icon" aria-hidden />
      <span className="card-summary-text">
        <strong>{t('cardTopUp.link.title')}</strong>
        <span className="checkout-merchant">{t('cardTopUp.link.description')}</span>
      </span>
      <RightOutlined aria-hidden />
    </Link>
  );
}
