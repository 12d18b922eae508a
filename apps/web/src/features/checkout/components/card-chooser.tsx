import type { CardOffer, ConsumerCard } from '@sbo/contracts/schemas/cards';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedCard } from '../utils/saved-card';
import { PhysicalCardForm } from './physical-card-form';
import { VirtualCardForm } from './virtual-card-form';

/** The card to top up; `state` is what the api told of it (a virtual card's balance), if anything. */
export type ChosenCard = SavedCard & { state?: ConsumerCard };

type CardChooserProps = { offer: CardOffer; onChosen: (card: ChosenCard) => void };

/** A printed card's number, or the phone's virtual card found (or opened) with a code sent by SMS. */
export function CardChooser({ offer, onChosen }: CardChooserProps) {
  const { t } = useTranslation();
  const [way, setWay] = useState<'physical' | 'virtual'>('physical');
  return (
    <section className="checkout-card card-chooser" aria-labelledby="card-chooser-title">
      <h2 id="card-chooser-title" className="checkout-legend">
        {t('cardTopUp.choose.title')}
      </h2>
      {offer.virtualCards ? (
        <Segmented
          block
          size="large"
          value={way}
          onChange={(value: 'physical' | 'virtual') => setWay(value)}
          options={[
            { value: 'physical', label: t('cardTopUp.choose.physical') },
            { value: 'virtual', label: t('cardTopUp.choose.virtual') },
          ]}
        />
      ) : null}
      {way === 'physical' ? (
        <PhysicalCardForm onChosen={(number) => onChosen({ number, virtual: false })} />
      ) : (
        <VirtualCardForm
          offer={offer}
          onOpened={(card) => onChosen({ number: card.number, virtual: true, state: card })}
        />
      )}
    </section>
  );
}
