import { CreditCardOutlined, RightOutlined } from '@ant-design/icons';
import { cardPrograms, type CardProgram } from '@sbo/contracts/schemas/cards';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCardOffer } from '../api/card-offer';
import { cardTopUpAddress } from '../utils/card-top-up';

/** "Top up a member card" (or an OK card), shown at a machine only where the place tops that card up. */
function CardTopUpLink({ placeId, program }: { placeId: number; program: CardProgram }) {
  const { t } = useTranslation();
  const offer = useCardOffer({ placeId, program });
  if (!offer.data || offer.data.topUpTiers.length === 0 || !offer.data.paymentSetUp) return null;
  return (
    <Link
      to={cardTopUpAddress(placeId, program)}
      className="checkout-card card-top-up-link"
      data-testid={`card-top-up-link-${program}`}
    >
      <CreditCardOutlined className="card-summary-icon" aria-hidden />
      <span className="card-summary-text">
        <strong>{t(`cardTopUp.link.title.${program}`)}</strong>
        <span className="checkout-merchant">{t('cardTopUp.link.description')}</span>
      </span>
      <RightOutlined aria-hidden />
    </Link>
  );
}

/** The card programs a consumer at this machine's place can top up, each a link to its card page. */
export function CardTopUpLinks({ placeId }: { placeId: number }) {
  return cardPrograms.map((program) => <CardTopUpLink key={program} placeId={placeId} program={program} />);
}
