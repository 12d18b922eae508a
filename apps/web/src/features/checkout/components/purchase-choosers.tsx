import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { CheckoutOffer } from '@sbo/contracts/schemas/checkout';
import { Button } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyExponent, currencySymbol, formatMoney } from '../../../lib/format';
import { amountProblem } from '../utils/purchase';

type AmountOffer = Extract<CheckoutOffer, { way: 'amount' }>;
type TimeOffer = Extract<CheckoutOffer, { way: 'time' }>;

type AmountChooserProps = {
  offer: AmountOffer;
  currency: string;
  /** What the customer typed, in whole currency units as shown (e.g. "70"). */
  typed: string;
  onType: (typed: string) => void;
  disabled: boolean;
};

/** Minor units as the customer types them: "70" for NT$70 (a currency with cents takes "1.50"). */
export const typedOf = (minor: number, currency: string) => String(minor / 10 ** currencyExponent(currency));

/** A suggested amount to tap, or one typed; the limits shown under it, the problem said while it is wrong. */
export function AmountChooser({ offer, currency, typed, onType, disabled }: AmountChooserProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const money = (minor: number) => formatMoney(minor, currency);
  const problem = amountProblem(offer, currency, typed);
  return (
    <fieldset className="checkout-card checkout-amount" disabled={disabled}>
      <legend className="checkout-legend">{t('checkout.chooseAmount')}</legend>
      <div className="checkout-suggested">
        {offer.suggested.map((amount) => {
          const chosen = typed === typedOf(amount, currency);
          return (
            <button
              key={amount}
              type="button"
              className={`checkout-suggestion${chosen ? ' is-chosen' : ''}`}
              aria-pressed={chosen}
              onClick={() => onType(typedOf(amount, currency))}
            >
              {money(amount)}
            </button>
          );
        })}
      </div>
      <label className="checkout-typed" htmlFor={inputId}>
        <span>{t('checkout.typeAmount')}</span>
        <span className="checkout-typed-field">
          <span aria-hidden>{currencySymbol(currency)}</span>
          <input
            id={inputId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-invalid={typed !== '' && problem !== null}
            aria-describedby={`${inputId}-limits`}
            onChange={(event) => onType(event.target.value.trim())}
          />
        </span>
      </label>
      <p id={`${inputId}-limits`} className={`checkout-limits${typed !== '' && problem ? ' is-wrong' : ''}`}>
        {t('checkout.amountLimits', { min: money(offer.min), max: money(offer.max), step: money(offer.step) })}
      </p>
    </fieldset>
  );
}

type MinutesChooserProps = {
  offer: TimeOffer;
  currency: string;
  minutes: number;
  most: number;
  onChange: (minutes: number) => void;
  disabled: boolean;
  legend: string;
};

/** Minutes in the rate's steps with − and +, the price of them shown as they change. */
export function MinutesChooser({ offer, currency, minutes, most, onChange, disabled, legend }: MinutesChooserProps) {
  const { t } = useTranslation();
  const step = offer.stepMinutes;
  const rate = offer.free ? t('checkout.free') : formatMoney(offer.price, currency);
  return (
    <fieldset className="checkout-card checkout-minutes" disabled={disabled}>
      <legend className="checkout-legend">{legend}</legend>
      <div className="checkout-stepper">
        <Button
          size="large"
          shape="circle"
          icon={<MinusOutlined />}
          aria-label={t('checkout.fewerMinutes', { minutes: step })}
          disabled={disabled || minutes <= step}
          onClick={() => onChange(minutes - step)}
        />
        <output className="checkout-minutes-value" aria-live="polite" data-testid="checkout-minutes">
          {t('checkout.minutesValue', { minutes })}
        </output>
        <Button
          size="large"
          shape="circle"
          icon={<PlusOutlined />}
          aria-label={t('checkout.moreMinutes', { minutes: step })}
          disabled={disabled || minutes + step > most}
          onClick={() => onChange(minutes + step)}
        />
      </div>
      <p className="checkout-limits">{t('checkout.minutesRate', { price: rate, minutes: step, max: most })}</p>
    </fieldset>
  );
}
