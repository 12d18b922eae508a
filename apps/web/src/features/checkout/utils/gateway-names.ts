import type { PaymentGateway } from '@sbo/contracts/constants';

// Brand names as their owners write them; they are the same in every language.
const brandNames: Readonly<Record<string, string>> = {
  LinePay: 'LINE Pay',
  JkoPay: 'JKO PAY',
  ApplePay: 'Apple Pay',
  GooglePay: 'Google Pay',
  PlusPay: 'PlusPay',
  TouchNGo: "Touch 'n Go eWallet",
  AliPay: 'Alipay',
} satisfies Partial<Record<PaymentGateway, string>>;

/** How a payment method (a gateway of the contract, or one the api names) is named to a consumer. */
export const gatewayName = (gateway: string): string => brandNames[gateway] ?? gateway;
