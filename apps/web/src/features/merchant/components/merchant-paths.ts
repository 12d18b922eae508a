import { useLocation } from 'react-router';

/** The merchant screens' addresses: under `/app` inside the mobile app, under `/user` elsewhere. */
export function useMerchantPaths() {
  const embedded = useLocation().pathname.startsWith('/app/');
  // Inside the app, the app's own bars are the only way out: no back-office action such as the merchant switch.
  return embedded
    ? { info: '/app/merchant/info', edit: '/app/merchant/edit', embedded }
    : { info: '/user/merchant', edit: '/user/merchant/edit', embedded };
}
