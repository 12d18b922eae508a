import type { PaymentGateway } from '@sbo/contracts/constants';

// Brand names as their owners write them; they are the same in every language.
const brandNames: Partial<Record<PaymentGateway, string>> = {
  LinePay: 'LINE Pay',
  JkoPay: 'JKO PAY',
  ApplePay: 'Apple Pay',
  GooglePay: 'Google Pay',
  PlusPay: 'PlusPay',
  TouchNGo: "Touch 'n Go eWallet",
  AliPay: 'Alipay',
};

/** How a payment method is named to a consumer. */
export const gatewayName = (gateway: PaymentGateway): string => brandNames[gateway] ?? gateway;
