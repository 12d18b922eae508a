import type { CardOffer, ConsumerCard } from '@sbo/contracts/schemas/cards';
import { Alert, Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCardSmsCode } from '../api/card-sms-code';
import { useOpenVirtualCard } from '../api/virtual-card-open';
import { cardRefusalOf } from '../utils/checkout-errors';
import { callingCodeFor, callingCodes, internationalPhone, type CallingCode } from '../utils/phone-number';
import { RefusalAlert } from './refusal-alert';
import { useCountdown } from './use-countdown';

// When the api refuses a code as asked too often, it allows another after a minute at the latest.
const tooFrequentWaitSeconds = 60;

type VirtualCardFormProps = { offer: CardOffer; onOpened: (card: ConsumerCard) => void };

/** The phone number, a code sent to it by SMS, and the phone's virtual card opened (or found) with it. */
export function VirtualCardForm({ offer, onOpened }: VirtualCardFormProps) {
  const { t } = useTranslation();
  const [callingCode, setCallingCode] = useState<CallingCode>(() => callingCodeFor(offer.currency));
  const [typedPhone, setTypedPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phoneInvalid, setPhoneInvalid] = useState(false);
  const send = useSendCardSmsCode();
  const open = useOpenVirtualCard();
  const countdown = useCountdown();
  const request = { placeId: offer.place.id, program: offer.program };

  const sendCode = () => {
    const phone = internationalPhone(callingCode, typedPhone);
    setPhoneInvalid(phone === null);
    if (!phone) return;
    send.mutate(
      { ...request, phone },
      {
        onSuccess: ({ retryAfterSeconds }) => {
          setSentTo(phone);
          countdown.start(retryAfterSeconds);
        },
        onError: (error) => {
          if (cardRefusalOf(error) === 'smsTooFrequent') countdown.start(tooFrequentWaitSeconds);
        },
      },
    );
  };
  const openCard = () => {
    if (sentTo && /^\d{6}$/.test(code)) open.mutate({ ...request, phone: sentTo, code }, { onSuccess: onOpened });
  };
  const waiting = countdown.secondsLeft > 0;

  return (
    <div className="card-step-form">
      <p className="checkout-merchant">{t('cardTopUp.virtual.intro')}</p>
      <label className="card-field-label" htmlFor="card-phone">
        {t('cardTopUp.virtual.phone')}
      </label>
      <Space.Compact block>
        <Select
          size="large"
          value={callingCode}
          onChange={setCallingCode}
          aria-label={t('cardTopUp.virtual.callingCode')}
          options={callingCodes.map((value) => ({ value, label: value }))}
          popupMatchSelectWidth={false}
        />
        <Input
          id="card-phone"
          size="large"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={typedPhone}
          status={phoneInvalid ? 'error' : undefined}
          onChange={(event) => setTypedPhone(event.target.value)}
          onPressEnter={sendCode}
          data-testid="card-phone-input"
        />
      </Space.Compact>
      {phoneInvalid ? <p className="card-field-error">{t('cardTopUp.virtual.phoneInvalid')}</p> : null}
      <Button size="large" block onClick={sendCode} loading={send.isPending} disabled={waiting}>
        {waiting
          ? t('cardTopUp.virtual.sendAgainIn', { seconds: countdown.secondsLeft })
          : t(sentTo ? 'cardTopUp.virtual.sendAgain' : 'cardTopUp.virtual.sendCode')}
      </Button>
      {send.isError ? <RefusalAlert error={send.error} waitSeconds={countdown.secondsLeft} /> : null}
      {sentTo ? (
        <>
          <Alert type="success" showIcon title={t('cardTopUp.virtual.sent', { phone: sentTo })} />
          <label className="card-field-label" htmlFor="card-code">
            {t('cardTopUp.virtual.code')}
          </label>
          <Input
            id="card-code"
            size="large"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            onPressEnter={openCard}
            data-testid="card-code-input"
          />
          {open.isError ? <RefusalAlert error={open.error} /> : null}
          <Button
            type="primary"
            size="large"
            block
            className="checkout-pay"
            disabled={code.length !== 6}
            loading={open.isPending}
            onClick={openCard}
          >
            {t('cardTopUp.virtual.open')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
