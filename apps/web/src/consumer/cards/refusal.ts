import { ApiRefusal, errorCodes } from '../lib/api';
import { h } from '../lib/dom';
import { errorText } from '../lib/error-texts';
import type { TextKey, Translate } from '../lib/texts';

/** Why a card step was refused, in words a consumer can act on; `other` shows the catalogue text. */
export type CardRefusal =
  | 'unknownCard'
  | 'topUpUnsupported'
  | 'cardDisabled'
  | 'notAccepted'
  | 'virtualClosed'
  | 'codeInvalid'
  | 'smsFailed'
  | 'smsNotSetUp'
  | 'smsTooFrequent'
  | 'paymentFailed'
  | 'other';

export async function cardRefusalOf(error: unknown): Promise<CardRefusal> {
  if (!(error instanceof ApiRefusal) || error.code === null) return 'other';
  const codes = await errorCodes();
  const refusals: Partial<Record<number, CardRefusal>> = {
    [codes.DATA_NOT_FOUND]: 'unknownCard',
    [codes.CARD_TOP_UP_UNSUPPORTED]: 'topUpUnsupported',
    [codes.CARD_DISABLED]: 'cardDisabled',
    [codes.CARD_NOT_ACCEPTED_HERE]: 'notAccepted',
    [codes.VIRTUAL_CARDS_CLOSED]: 'virtualClosed',
    [codes.SMS_CODE_INVALID]: 'codeInvalid',
    [codes.SMS_FAILED]: 'smsFailed',
    [codes.SMS_NOT_SET_UP]: 'smsNotSetUp',
    [codes.SMS_TOO_FREQUENT]: 'smsTooFrequent',
    [codes.PAYMENT_FAILED]: 'paymentFailed',
  };
  return refusals[error.code] ?? 'other';
}

/** A refused card step: its kind and the catalogue's `code - text` for the shop's staff, in the shown language. */
export type Refused = { error: unknown; refusal: CardRefusal; text: string | null };

export const refusedOf = async (error: unknown, t: Translate): Promise<Refused> => ({
  error,
  refusal: await cardRefusalOf(error),
  text: await errorText(error, t),
});

/** The refusal in plain words, with the catalogue's `code - text` underneath. */
export function refusalNote(refused: Refused, t: Translate, waitSeconds = 0): HTMLElement {
  const title =
    refused.refusal === 'smsTooFrequent' && waitSeconds > 0
      ? t('cardTopUp.refusal.smsTooFrequentWait', { seconds: waitSeconds })
      : t(`cardTopUp.refusal.${refused.refusal}` as TextKey);
  return h(
    'div',
    { class: 'note note-error', role: 'alert' },
    h('strong', {}, title),
    refused.text ? h('p', {}, refused.text) : null,
  );
}
