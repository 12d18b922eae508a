import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { RetryButton } from '../../../components/ui/retry-button';
import { StatusPanel } from '../../../components/ui/status-panel';
import { getLoginToken } from '../../../lib/auth-storage';
import { returnPathAfterSignIn, startSignIn } from '../../../lib/sign-in';
import { keyringExchangeQuery } from '../api/exchange-keyring';
import { AuthPage } from './auth-page';

type Redirect = { redirect: string | null };
type SignInPanelProps = { status: 'success' | 'warning'; title: string; detail: string; action: ReactNode };

/** A sign-in page's one panel: what happened and the one thing to do next. */
function SignInPanel({ status, title, detail, action }: SignInPanelProps) {
  return (
    <AuthPage>
      <div className="panel auth-card">
        <StatusPanel status={status} title={title} description={detail} actions={action} />
      </div>
    </AuthPage>
  );
}

function SignInProblem({ title, detail, redirect }: Redirect & { title: string; detail: string }) {
  const action = <RetryButton primary onRetry={() => startSignIn(redirect)} />;
  return <SignInPanel status="warning" title={title} detail={detail} action={action} />;
}

function KeyringExchange({ keyring, redirect }: Redirect & { keyring: string }) {
  const { t } = useTranslation();
  const exchange = useQuery(keyringExchangeQuery(keyring));
  if (exchange.isSuccess) return <Navigate to={returnPathAfterSignIn(redirect)} replace />;
  if (exchange.isError) {
    return <SignInProblem title={t('signIn.failedTitle')} detail={exchange.error.message} redirect={redirect} />;
  }
  return <PageLoading label={t('signIn.exchanging')} />;
}

function RedirectToSignIn({ redirect }: Redirect) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice; leave the page only once.
    if (started.current) return;
    started.current = true;
    startSignIn(redirect);
  }, [redirect]);
  return <PageLoading label={t('signIn.redirecting')} />;
}

function SignedOut({ redirect }: Redirect) {
  const { t } = useTranslation();
  const action = (
    <Button type="primary" onClick={() => startSignIn(redirect)}>
      {t('action.signIn')}
    </Button>
  );
  return (
    <SignInPanel
      status="success"
      title={t('signIn.signedOutTitle')}
      detail={t('signIn.signedOutDescription')}
      action={action}
    />
  );
}

/**
 * `/user-login`: back from the sign-in service with a keyring, exchange it;
 * already signed in, go on; after an explicit logout, wait for the user (else
 * the sign-in service's own session would sign them straight back in);
 * otherwise leave for the sign-in service.
 */
export function UserLoginScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const keyring = params.get('keyring');
  const error = params.get('error');

  if (keyring) return <KeyringExchange keyring={keyring} redirect={redirect} />;
  if (getLoginToken()) return <Navigate to="/dashboard" replace />;
  if (error) {
    const detail = t('signIn.failedDescription', { reason: error });
    return <SignInProblem title={t('signIn.failedTitle')} detail={detail} redirect={redirect} />;
  }
  if (params.has('signedOut')) return <SignedOut redirect={redirect} />;
  return <RedirectToSignIn redirect={redirect} />;
}
