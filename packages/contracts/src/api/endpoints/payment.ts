import { ErrorCode } from '../../errors';
import {
  credentialProviderParam,
  paymentCredentialsInput,
  paymentCredentialsState,
  sandboxDecision,
  sandboxPaymentParam,
} from '../../schemas/payment-gateway';
import {
  mobilePaymentState,
  mobilePaymentUpdate,
  paymentOptions,
  paymentOptionsUpdate,
  placeIdParam,
  placePaymentOptions,
} from '../../schemas/payment';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const agentTags = ['service agents'];
const tags = ['payments'];

export const paymentEndpoints = {
  adminPaymentCredentialsGet: endpoint(apiRoutes.adminPaymentCredentialsGet, {
    tags: agentTags,
    summary: "Whether the merchant's credentials for a payment provider are set, and the channel id (never the secret)",
    params: credentialProviderParam,
    result: paymentCredentialsState,
    refusals: [],
  }),
  adminPaymentCredentialsUpdate: endpoint(apiRoutes.adminPaymentCredentialsUpdate, {
    tags: agentTags,
    summary: "Set the merchant's channel id and secret for a payment provider (the secret is stored encrypted)",
    params: credentialProviderParam,
    body: paymentCredentialsInput,
    result: paymentCredentialsState,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  sandboxPaymentPage: endpoint(apiRoutes.sandboxPaymentPage, {
    tags,
    summary: "The sandbox provider's approve / decline page for one payment (no real money moves)",
    params: sandboxPaymentParam,
    description: 'Only while the sandbox is on (PAYMENT_SANDBOX); 404 otherwise.',
    produces: ['text/html'],
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  sandboxPaymentDecide: endpoint(apiRoutes.sandboxPaymentDecide, {
    tags,
    summary:
      "The consumer's choice on the sandbox page: signs the outcome and returns to the shop's return or cancel URL",
    description:
      'Accepts a form post (application/x-www-form-urlencoded) as well as JSON. Only while the sandbox is on (PAYMENT_SANDBOX); 404 otherwise.',
    params: sandboxPaymentParam,
    body: sandboxDecision,
    redirects: true,
    refusals: [ErrorCode.DATA_NOT_FOUND, ErrorCode.PAYMENT_FAILED],
  }),
  // what each place accepts, and the merchant's mobile payment switch
  paymentOptionList: endpoint(apiRoutes.paymentOptionList, {
    tags: ['payment'],
    summary: 'Payment gateways each place accepts, and whether mobile payment is enabled',
    result: paymentOptions,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
  paymentOptionUpdate: endpoint(apiRoutes.paymentOptionUpdate, {
    tags: ['payment'],
    summary: 'Set the payment gateways a place accepts (mobile ones need mobile payment: 1104018)',
    params: placeIdParam,
    body: paymentOptionsUpdate,
    result: placePaymentOptions,
    refusals: [ErrorCode.PLACE_INVALID, ErrorCode.MOBILE_PAYMENT_NOT_ENABLED],
  }),
  adminMobilePaymentUpdate: endpoint(apiRoutes.adminMobilePaymentUpdate, {
    tags: ['payment'],
    summary: "Service agents: turn the merchant's mobile payment on or off",
    body: mobilePaymentUpdate,
    result: mobilePaymentState,
    refusals: [ErrorCode.USER_OR_MERCHANT_NOT_FOUND],
  }),
};
