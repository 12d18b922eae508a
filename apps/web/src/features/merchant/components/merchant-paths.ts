import { useLocation } from 'react-router';

/** The merchant screens' addresses: under `/app` inside the mobile app, under `/user` elsewhere. */
export function useMerchantPaths() {
  const embedded = useLocation().pathname.startsWith('/app/');
  return embedded
    ? { info: '/app/merchant/info', edit: '/app/merchant/edit' }
    : { info: '/user/merchant', edit: '/user/merchant/edit' };
}
