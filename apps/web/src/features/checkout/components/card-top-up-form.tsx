import type { CardOffer } from '@sbo/contracts/schemas/cards';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateCardTopUp } from '../api/card-top-up-create';
import { sortedTiers, tierValue } from '../utils/card-top-up';
import { gatewayName } from '../utils/gateway-names';
import { ChoiceList } from './choice-list';
import { PayButton, PayForm, PayTotal } from './pay-form';
import { RefusalAlert } from './refusal-alert';
import { useRequestId } from './use-request-id';

type CardTopUpFormProps = {
  offer: CardOffer;
  cardNumber: string;
  /** The api took the card for a top-up: it exists and may be topped up here. */
  onAccepted: () => void;
};

/** The place's top-up tiers (pay 500, get 550), the payment methods, and the way to the gateway. */
export function CardTopUpForm({ offer, cardNumber, onAccepted }: CardTopUpFormProps) {
  const { t } = useTranslation();
  const tiers = sortedTiers(offer.topUpTiers);
  const [amount, setAmount] = useState<number | null>(tiers.length === 1 ? tiers[0]!.amount : null);
  const [gateway, setGateway] = useState<string | null>(offer.gateways.length === 1 ? offer.gateways[0]! : null);
  const clientRequestId = useRequestId(`${cardNumber}|${amount}|${gateway}`);
  const create = useCreateCardTopUp();
  const money = (minor: number) => formatMoney(minor, offer.currency);
  const tier = tiers.find((item) => item.amount === amount);

  if (tiers.length === 0) return <Alert type="warning" showIcon title={t('cardTopUp.noTiers')} />;
  if (!offer.paymentSetUp) return <Alert type="warning" showIcon title={t('cardTopUp.notSetUp')} />;

  const pay = () => {
    if (!tier || !gateway) return;
    create.mutate(
      {
        placeId: offer.place.id,
        program: offer.program,
        cardNumber,
        amount: tier.amount,
        gateway,
        clientRequestId,
        lang: currentLanguage(),
      },
      {
        onSuccess: ({ redirectUrl }) => {
          onAccepted();
          window.location.assign(redirectUrl);
        },
      },
    );
  };
  // After a success the browser is on its way to the gateway: the button stays busy until it leaves.
  const leaving = create.isPending || create.isSuccess;

  return (
    <PayForm onPay={pay}>
      <ChoiceList
        name="tier"
        className="card-tiers"
        legend={t('cardTopUp.tier.legend')}
        value={amount === null ? null : String(amount)}
        onChange={(value) => setAmount(Number(value))}
        disabled={leaving}
        choices={tiers.map((item) => ({
          value: String(item.amount),
          label: t('cardTopUp.tier.pay', { amount: money(item.amount) }),
          note: item.reward > 0 ? t('cardTopUp.tier.reward', { amount: money(item.reward) }) : undefined,
          detail: item.promotion
            ? t('cardTopUp.tier.promotion', { amount: money(item.promotion.reward), name: item.promotion.name })
            : undefined,
          extra: t('cardTopUp.tier.get', { amount: money(tierValue(item)) }),
        }))}
      />
      {offer.pointsRule.enabled ? (
        <p className="checkout-live-note">{t('cardTopUp.points', { amount: money(offer.pointsRule.spendPerPoint) })}</p>
      ) : null}
      <ChoiceList
        name="gateway"
        legend={t('checkout.method')}
        value={gateway}
        onChange={setGateway}
        disabled={leaving}
        choices={offer.gateways.map((item) => ({ value: item, label: gatewayName(item) }))}
      />
      <PayTotal label={t('cardTopUp.cardGets')} amount={tier ? money(tierValue(tier)) : '—'} testId="card-gets" />
      {create.isError ? <RefusalAlert error={create.error} /> : null}
      <PayButton ready={Boolean(tier && gateway)} leaving={leaving}>
        {tier && gateway ? t('checkout.pay', { amount: money(tier.amount) }) : t('cardTopUp.chooseFirst')}
      </PayButton>
    </PayForm>
  );
}
