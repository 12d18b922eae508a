import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { getLoginToken } from '../../../lib/auth-storage';
import { returnPathAfterSignIn, startSignIn } from '../../../lib/sign-in';
import { keyringExchangeQuery } from '../api/exchange-keyring';
import { AuthPage } from './auth-page';

type Redirect = { redirect: string | null };

function SignInProblem({ title, detail, redirect }: Redirect & { title: string; detail: string }) {
  const { t } = useTranslation();
  return (
    <AuthPage>
      <div className="panel auth-card">
        <StatusPanel
          status="warning"
          title={title}
          description={detail}
          actions={
            <Button type="primary" onClick={() => startSignIn(redirect)}>
              {t('action.retry')}
            </Button>
          }
        />
      </div>
    </AuthPage>
  );
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
  return (
    <AuthPage>
      <div className="panel auth-card">
        <StatusPanel
          status="success"
          title={t('signIn.signedOutTitle')}
          description={t('signIn.signedOutDescription')}
          actions={
            <Button type="primary" onClick={() => startSignIn(redirect)}>
              {t('action.signIn')}
            </Button>
          }
        />
      </div>
    </AuthPage>
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
