import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  checkoutMachine,
  checkoutMachineQuery,
  checkoutOrder,
  checkoutOrderCreate,
  checkoutOrderStarted,
  placeQrStickers,
  publicOrderParam,
} from '../../schemas/checkout';
import { idParam } from '../../schemas/common';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['checkout'];

const callbackValue = z.string().max(2048).optional();
/** What gateways send back (the sandbox's signed outcome, LINE Pay's transaction id); others are kept too. */
const checkoutReturnQuery = z.looseObject({
  paymentId: callbackValue,
  orderId: callbackValue,
  outcome: callbackValue,
  amount: callbackValue,
  currency: callbackValue,
  signature: callbackValue,
  transactionId: callbackValue,
  cancelled: callbackValue.describe('1 when the consumer came back through the cancel address'),
});

export const checkoutEndpoints = {
  checkoutMachine: endpoint(apiRoutes.checkoutMachine, {
    tags,
    summary: 'A machine as a consumer at it sees it: state, courses and prices, payment methods',
    description: 'By hardware id (the QR code on the machine) or device id. Public.',
    query: checkoutMachineQuery,
    result: checkoutMachine,
    refusals: [ErrorCode.DEVICE_NOT_FOUND],
  }),
  checkoutOrderCreate: endpoint(apiRoutes.checkoutOrderCreate, {
    tags,
    summary: "Start paying for a purchase: makes the order and answers the gateway's page to go to",
    description:
      'Idempotent per `clientRequestId`. The purchase (a course, an amount, minutes or a product) is priced by the server at the machine’s prices now (a happy hour’s while one is on); an amount, minutes or product the machine does not sell is refused (400). The machine must be free, or for a top-up a running dryer. A free cycle is recorded under `free`.',
    body: checkoutOrderCreate,
    result: checkoutOrderStarted,
    refusals: [
      ErrorCode.DEVICE_NOT_FOUND,
      ErrorCode.MACHINE_STATUS_UNAVAILABLE,
      ErrorCode.DEVICE_NOT_STANDBY,
      ErrorCode.PAYMENT_NOT_SET_UP,
      ErrorCode.PAYMENT_FAILED,
    ],
  }),
  checkoutOrderGet: endpoint(apiRoutes.checkoutOrderGet, {
    tags,
    summary: 'An order as the consumer follows it: paid, machine credited, cycle started, or what went wrong',
    params: publicOrderParam,
    result: checkoutOrder,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  checkoutReturn: endpoint(apiRoutes.checkoutReturn, {
    tags,
    summary: 'Where the gateway sends the consumer back: confirms the payment, then redirects to the result page',
    description:
      "The gateway's confirmation is checked (signature, amount, currency) and processed once; then 302 to `/custom/checkout-result` or `/fn/checkout-result`.",
    params: publicOrderParam,
    query: checkoutReturnQuery,
    redirects: true,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  placeQrStickers: endpoint(apiRoutes.placeQrStickers, {
    tags: ['place'],
    summary: 'The machines at a place for its QR sticker sheet: which can take a payment now, and why not',
    description:
      'A machine gets a sticker only when it has a controller, its template sells courses over the phone and its place has a payment method that can take payment (provider credentials, or the sandbox while it is on).',
    params: idParam,
    result: placeQrStickers,
    refusals: [ErrorCode.PLACE_NOT_FOUND],
  }),
};
