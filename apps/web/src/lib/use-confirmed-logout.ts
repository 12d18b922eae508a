import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showMessage } from './messages';

type LogoutMutation = Pick<UseMutationResult<unknown, Error, void>, 'mutate'>;

/**
 * Logging out, the same wherever it is offered (header, merchant pick, `/user`, profile): ask first,
 * then run the caller's `user/logout` mutation and land on the signed-out page whatever the server said.
 */
export function useConfirmedLogout(logout: LogoutMutation): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await showMessage({
      type: 'info',
      title: t('action.logout'),
      content: t('signIn.logoutConfirm'),
      cancel: true,
    });
    if (!confirmed) return;
    logout.mutate(undefined, { onSettled: () => void navigate('/user-login?signedOut=1', { replace: true }) });
  };
}
