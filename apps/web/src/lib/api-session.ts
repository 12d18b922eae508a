import { ErrorCode, signOutCodes } from '@sbo/contracts/errors';
import { describeError, type ApiError } from './api-errors';
import { clearAllSessions, clearMerchantSession, getLoginToken, getMerchantToken } from './auth-storage';
import { showMessage } from './messages';
import { navigateTo } from './navigation';

const endsLogin: ReadonlySet<number> = new Set(signOutCodes);

// Several calls fail together when a token dies; the user confirms once, and
// answers that arrive after the session was ended change nothing.
let endingSession: Promise<void> | null = null;

function endOnce(error: ApiError, sessionStillOpen: boolean, afterConfirm: () => void): Promise<void> {
  if (!endingSession && !sessionStillOpen) return Promise.resolve();
  endingSession ??= showMessage({ type: 'error', content: describeError(error) })
    .then(afterConfirm)
    .finally(() => {
      endingSession = null;
    });
  return endingSession;
}

/** user-login, remembering the page so signing in again returns to it. */
function signInAddress(): string {
  const location = globalThis.location;
  if (!location || location.pathname.startsWith('/user-login')) return '/user-login';
  return `/user-login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

function endsLoginSession(error: ApiError): boolean {
  return error.status === 401 || (error.code !== null && endsLogin.has(error.code));
}

/**
 * What happens after a failed call: a dead sign-in ends at user-login, a
 * suspended membership at merchant-login (each after the user confirms), and
 * anything else is shown unless the caller handles it.
 */
export async function handleFailure(error: ApiError, mode: 'dialog' | 'silent'): Promise<void> {
  if (endsLoginSession(error)) {
    error.shown = true;
    await endOnce(error, getLoginToken() !== null, () => {
      clearAllSessions();
      navigateTo(signInAddress());
    });
    return;
  }
  if (error.code === ErrorCode.MEMBER_SUSPENDED) {
    error.shown = true;
    await endOnce(error, getMerchantToken() !== null, () => {
      clearMerchantSession();
      navigateTo('/merchant-login');
    });
    return;
  }
  if (mode === 'dialog') {
    error.shown = true;
    void showMessage({ type: 'error', content: describeError(error) });
  }
}
