import { Navigate, Outlet, useLocation } from 'react-router';
import { getLoginToken, getMerchantProfile, getMerchantToken } from '../../lib/auth-storage';

function useReturnAddress(): string {
  const location = useLocation();
  return encodeURIComponent(`${location.pathname}${location.search}`);
}

/**
 * Session guards read storage on each render rather than subscribing: every
 * navigation re-renders them, and a session that dies mid-page is ended by the
 * API client's 401 handling, which then navigates away itself.
 */
export function RequireSignIn() {
  const returnAddress = useReturnAddress();
  if (!getLoginToken()) return <Navigate to={`/user-login?redirect=${returnAddress}`} replace />;
  return <Outlet />;
}

/** Sign-in and a picked merchant (token and profile) are both needed. */
export function RequireMerchant() {
  const returnAddress = useReturnAddress();
  if (!getLoginToken()) return <Navigate to={`/user-login?redirect=${returnAddress}`} replace />;
  if (!getMerchantToken() || !getMerchantProfile()) {
    return <Navigate to={`/merchant-login?redirect=${returnAddress}`} replace />;
  }
  return <Outlet />;
}
