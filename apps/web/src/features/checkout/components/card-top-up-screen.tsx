import type { CardOffer } from '@sbo/contracts/schemas/cards';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useCardOffer } from '../api/card-offer';
import type { CardOfferSelector } from '../api/keys';
import { cardOfferSelector } from '../utils/card-top-up';
import { cardRefusalOf, isUnknownPlace } from '../utils/checkout-errors';
import { readSavedCard, forgetSavedCard, saveCard } from '../utils/saved-card';
import { CardChooser, type ChosenCard } from './card-chooser';
import { CardSummary } from './card-summary';
import { CardTopUpForm } from './card-top-up-form';
import { CheckoutRetry } from './checkout-retry';
import './checkout.css';

/** `/custom/card-top-up?placeId=|hwid=`: find or open a card, pick a top-up tier, pay at the gateway. */
export function CardTopUpScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const selector = cardOfferSelector(search);
  if (!selector)
    return (
      <StatusPanel
        status="warning"
        title={t('cardTopUp.noPlace.title')}
        description={t('cardTopUp.noPlace.description')}
      />
    );
  return <PlaceCardOffer selector={selector} />;
}

function PlaceCardOffer({ selector }: { selector: CardOfferSelector }) {
  const { t } = useTranslation();
  const offer = useCardOffer(selector);
  if (offer.isPending) return <PageLoading label={t('cardTopUp.loading')} />;
  if (offer.isError) {
    const notAccepted = cardRefusalOf(offer.error) === 'notAccepted';
    const kind = notAccepted ? 'notAccepted' : isUnknownPlace(offer.error) ? 'unknownPlace' : 'loadFailed';
    return (
      <StatusPanel
        status={kind === 'loadFailed' ? 'error' : 'warning'}
        title={t(`cardTopUp.${kind}.title`)}
        description={t(`cardTopUp.${kind}.description`)}
        actions={kind === 'loadFailed' ? <CheckoutRetry query={offer} /> : null}
      />
    );
  }
  return <CardTopUp offer={offer.data} />;
}

function CardTopUp({ offer }: { offer: CardOffer }) {
  const { t } = useTranslation();
  const [card, setCard] = useState<ChosenCard | null>(() => readSavedCard(offer.program, offer.merchantName));
  const remember = (chosen: ChosenCard) =>
    saveCard(offer.program, offer.merchantName, { number: chosen.number, virtual: chosen.virtual });
  // A virtual card is the api's answer, so it is remembered at once; a typed number once a top-up accepts it.
  const choose = (chosen: ChosenCard) => {
    if (chosen.virtual) remember(chosen);
    setCard(chosen);
  };
  const useAnother = () => {
    forgetSavedCard(offer.program, offer.merchantName);
    setCard(null);
  };
  return (
    <div className="checkout-screen">
      <section className="checkout-card checkout-machine" aria-labelledby="card-top-up-title">
        <p className="checkout-merchant">{offer.merchantName}</p>
        <h1 id="card-top-up-title" className="checkout-machine-name">
          {t(`cardTopUp.title.${offer.program}`)}
        </h1>
        <p className="checkout-place">
          <span className="checkout-place-title">{offer.place.title}</span>
        </p>
      </section>
      {!offer.paymentSetUp ? (
        // Nothing to buy: no card to find or open, no tiers, just why.
        <Alert type="warning" showIcon data-testid="top-up-not-set-up" title={t('cardTopUp.notSetUp')} />
      ) : card ? (
        <>
          <CardSummary card={card} onUseAnother={useAnother} />
          <CardTopUpForm offer={offer} cardNumber={card.number} onAccepted={() => remember(card)} />
        </>
      ) : (
        <CardChooser offer={offer} onChosen={choose} />
      )}
    </div>
  );
}
