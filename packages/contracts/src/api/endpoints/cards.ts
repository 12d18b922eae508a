import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  card,
  cardAdjustment,
  cardChangeResult,
  cardCreate,
  cardEntryExportQuery,
  cardEntryPage,
  cardEntryQuery,
  cardListQuery,
  cardOffer,
  cardOfferQuery,
  cardProgramQuery,
  cardSettings,
  cardSettingsInput,
  cardStatistics,
  cardStatisticsQuery,
  cardStatusChange,
  cardTopUpByStaff,
  cardTopUpCreate,
  cardTopUpOrder,
  consumerCard,
  okCardAdjustBalance,
  okCardDetailQuery,
  okCardIssued,
  okCardMachines,
  okCardRangeQuery,
  okCardRevenue,
  smsCodeRequest,
  smsCodeSent,
  topUpOrderParam,
  virtualCardOpen,
} from '../../schemas/cards';
import { idParam, requestContextQuery } from '../../schemas/common';
import { page } from '../../schemas/pagination';
import { checkoutOrderStarted } from '../../schemas/checkout';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['cards'];
const okTags = ['okcard'];
const consumerTags = ['checkout'];
const rangeRefusals = [ErrorCode.TIME_RANGE_INVALID, ErrorCode.QUERY_RANGE_TOO_LONG] as const;
/** Money-moving card calls take an Idempotency-Key: a repeat answers the first result and changes nothing. */
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(128) });
/** What a manual money change on a card may be refused with. */
const changeRefusals = [
  ErrorCode.DATA_NOT_FOUND,
  ErrorCode.CARD_TOP_UP_UNSUPPORTED,
  ErrorCode.CARD_DISABLED,
  ErrorCode.CARD_BALANCE_BELOW_ZERO,
] as const;

export const cardsEndpoints = {
  vipCardList: endpoint(apiRoutes.vipCardList, {
    tags,
    summary:
      'Cards of a program: search by number, holder or phone; sort by open date, last spend, balance, reward, points',
    query: cardListQuery,
    result: page(card).extend({ currency: z.string() }),
    refusals: [],
  }),
  vipCardCreate: endpoint(apiRoutes.vipCardCreate, {
    tags,
    summary: 'Issue a physical card (its number is printed on it)',
    body: cardCreate,
    result: card,
    refusals: [ErrorCode.CARD_NUMBER_TAKEN, ErrorCode.PLACE_NOT_FOUND],
  }),
  vipCardRecordList: endpoint(apiRoutes.vipCardRecordList, {
    tags,
    summary: 'Card ledger entries, newest first, with totals of the whole filtered set',
    description: 'Filters combine. Days are read in `tz`: at most three months (1103001), from <= to (1106001).',
    query: cardEntryQuery.extend(requestContextQuery.shape),
    result: cardEntryPage,
    refusals: rangeRefusals,
  }),
  vipCardRecordExport: endpoint(apiRoutes.vipCardRecordExport, {
    tags,
    summary: 'The filtered card ledger entries as a CSV file (same filters and limits as the list)',
    query: cardEntryExportQuery.extend(requestContextQuery.shape),
    produces: ['text/csv'],
    refusals: rangeRefusals,
  }),
  vipCardStatistics: endpoint(apiRoutes.vipCardStatistics, {
    tags,
    summary: 'Cards issued and active, deposits, rewards, spend and the outstanding balance (liability) by day',
    query: cardStatisticsQuery.extend(requestContextQuery.shape),
    result: cardStatistics,
    refusals: rangeRefusals,
  }),
  vipCardSettingsGet: endpoint(apiRoutes.vipCardSettingsGet, {
    tags,
    summary: "A program's top-up tiers, points rule, accepting places and whether virtual cards may be opened",
    query: cardProgramQuery,
    result: cardSettings,
    refusals: [],
  }),
  vipCardSettingsUpdate: endpoint(apiRoutes.vipCardSettingsUpdate, {
    tags,
    summary: "Change a program's settings (audited)",
    query: cardProgramQuery,
    body: cardSettingsInput,
    result: cardSettings,
    refusals: [ErrorCode.PLACE_NOT_FOUND],
  }),
  vipCardDetail: endpoint(apiRoutes.vipCardDetail, {
    tags,
    summary: 'One card with its totals (its history is the record list filtered by `cardId`)',
    params: idParam,
    result: card,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  vipCardStatus: endpoint(apiRoutes.vipCardStatus, {
    tags,
    summary: 'Activate or cancel a card (audited). A cancelled card pays nowhere and cannot come back',
    params: idParam,
    body: cardStatusChange,
    result: card,
    refusals: [ErrorCode.DATA_NOT_FOUND, ErrorCode.CARD_DISABLED],
  }),
  vipCardTopUp: endpoint(apiRoutes.vipCardTopUp, {
    tags,
    summary: 'Top up a card by hand (paid at the counter), with the reward of its tier; idempotent and audited',
    params: idParam,
    headers: idempotencyHeaders,
    body: cardTopUpByStaff,
    result: cardChangeResult,
    refusals: changeRefusals,
  }),
  vipCardAdjust: endpoint(apiRoutes.vipCardAdjust, {
    tags,
    summary: "Correct a card's balance and/or points with a reason; idempotent and audited",
    params: idParam,
    headers: idempotencyHeaders,
    body: cardAdjustment,
    result: cardChangeResult,
    refusals: changeRefusals,
  }),
  okcardIssued: endpoint(apiRoutes.okcardIssued, {
    tags: okTags,
    summary: 'OK cards issued and active, and their outstanding balance',
    query: okCardRangeQuery.extend(requestContextQuery.shape),
    result: okCardIssued,
    refusals: rangeRefusals,
  }),
  okcardRevenue: endpoint(apiRoutes.okcardRevenue, {
    tags: okTags,
    summary: 'OK card deposits and spend at machines over a range, by day',
    query: okCardRangeQuery.extend(requestContextQuery.shape),
    result: okCardRevenue,
    refusals: rangeRefusals,
  }),
  okcardList: endpoint(apiRoutes.okcardList, {
    tags: okTags,
    summary: 'OK cards (the card list with program `ok`)',
    query: cardListQuery.omit({ program: true }),
    result: page(card).extend({ currency: z.string() }),
    refusals: [],
  }),
  okcardDetail: endpoint(apiRoutes.okcardDetail, {
    tags: okTags,
    summary: 'One OK card',
    query: okCardDetailQuery,
    result: card,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  okcardAdjustBalance: endpoint(apiRoutes.okcardAdjustBalance, {
    tags: okTags,
    summary: "Correct an OK card's balance with a reason; idempotent and audited",
    headers: idempotencyHeaders,
    body: okCardAdjustBalance,
    result: cardChangeResult,
    refusals: changeRefusals,
  }),
  okcardMachineState: endpoint(apiRoutes.okcardMachineState, {
    tags: okTags,
    summary: 'The machines that take the OK card, with their state and card trades today',
    query: requestContextQuery.partial(),
    result: okCardMachines,
    refusals: [],
  }),
  cardOffer: endpoint(apiRoutes.cardOffer, {
    tags: consumerTags,
    summary: "A place's card offer to a consumer: top-up tiers, points rule, payment methods, virtual cards",
    description: 'By place id or by the hardware id of a machine there (its QR code). Public.',
    query: cardOfferQuery,
    result: cardOffer,
    refusals: [ErrorCode.PLACE_NOT_FOUND, ErrorCode.CARD_NOT_ACCEPTED_HERE],
  }),
  cardSmsCode: endpoint(apiRoutes.cardSmsCode, {
    tags: consumerTags,
    summary: 'Send a one-time code to a phone, to open (or find) its virtual card',
    description:
      '10009 when asked again within a minute or more than five times an hour; 10008 when the SMS provider fails; 1103009 when the server has no SMS provider.',
    body: smsCodeRequest,
    result: smsCodeSent,
    refusals: [
      ErrorCode.PLACE_NOT_FOUND,
      ErrorCode.VIRTUAL_CARDS_CLOSED,
      ErrorCode.SMS_FAILED,
      ErrorCode.SMS_TOO_FREQUENT,
      ErrorCode.SMS_NOT_SET_UP,
    ],
  }),
  virtualCardOpen: endpoint(apiRoutes.virtualCardOpen, {
    tags: consumerTags,
    summary: "Open the phone's virtual card with the code sent to it (or answer the one it already has)",
    body: virtualCardOpen,
    result: consumerCard,
    refusals: [ErrorCode.PLACE_NOT_FOUND, ErrorCode.VIRTUAL_CARDS_CLOSED, ErrorCode.SMS_CODE_INVALID],
  }),
  cardTopUpCreate: endpoint(apiRoutes.cardTopUpCreate, {
    tags: consumerTags,
    summary: "Top up a card at one of the place's tiers: makes the order and answers the gateway's page",
    description: "Idempotent per `clientRequestId`. The reward is the tier's, never the browser's.",
    body: cardTopUpCreate,
    result: checkoutOrderStarted,
    refusals: [
      ErrorCode.PLACE_NOT_FOUND,
      ErrorCode.DATA_NOT_FOUND,
      ErrorCode.CARD_TOP_UP_UNSUPPORTED,
      ErrorCode.CARD_DISABLED,
      ErrorCode.CARD_NOT_ACCEPTED_HERE,
      ErrorCode.PAYMENT_NOT_SET_UP,
      ErrorCode.PAYMENT_FAILED,
    ],
  }),
  cardTopUpGet: endpoint(apiRoutes.cardTopUpGet, {
    tags: consumerTags,
    summary: 'A top-up order as the consumer follows it',
    params: topUpOrderParam,
    result: cardTopUpOrder,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  cardTopUpReturn: endpoint(apiRoutes.cardTopUpReturn, {
    tags: consumerTags,
    summary: 'Where the gateway sends the consumer back after a top-up: confirms, credits once, redirects',
    params: topUpOrderParam,
    query: z.looseObject({
      paymentId: z.string().max(2048).optional(),
      orderId: z.string().max(2048).optional(),
      outcome: z.string().max(2048).optional(),
      amount: z.string().max(2048).optional(),
      currency: z.string().max(2048).optional(),
      signature: z.string().max(2048).optional(),
      transactionId: z.string().max(2048).optional(),
      cancelled: z.string().max(2048).optional(),
    }),
    redirects: true,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
};
