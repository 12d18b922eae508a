import { LogoutOutlined } from '@ant-design/icons';
import type { MerchantListItem } from '@sbo/contracts';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { returnPathAfterMerchantPick } from '../../../lib/sign-in';
import { useConfirmedLogout } from '../../../lib/use-confirmed-logout';
import { useMerchantList } from '../api/merchant-list';
import { useMerchantLogin } from '../api/merchant-login';
import { useLogout } from '../api/logout';
import { AuthPage } from './auth-page';
import { MerchantCard } from './merchant-card';

/** `/merchant-login`: the signed-in user picks which merchant to work in. */
export function MerchantLoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const merchants = useMerchantList();
  const merchantLogin = useMerchantLogin();
  const logout = useConfirmedLogout(useLogout());

  const pick = (merchant: MerchantListItem) =>
    merchantLogin.mutate(merchant.id, {
      onSuccess: () => void navigate(returnPathAfterMerchantPick(params.get('redirect')), { replace: true }),
    });
  const logoutButton = (
    <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()} aria-label={t('action.logout')}>
      <span className="label-wide">{t('action.logout')}</span>
    </Button>
  );

  return (
    <AuthPage actions={logoutButton}>
      <section className="merchant-pick" aria-labelledby="merchant-pick-title">
        <h1 id="merchant-pick-title" className="merchant-pick-title">
          {t('merchantPick.title')}
        </h1>
        <p className="merchant-pick-subtitle">{t('merchantPick.subtitle')}</p>
        {merchants.isPending ? <PageLoading /> : null}
        {merchants.isError ? (
          <div className="panel">
            <LoadFailed
              title={t('merchantPick.loadFailed')}
              description={merchants.error.message}
              onRetry={merchants.refetch}
            />
          </div>
        ) : null}
        {merchants.isSuccess && merchants.data.length === 0 ? (
          <div className="panel" data-testid="merchant-empty">
            <Empty
              description={
                <span className="coming-note">
                  <strong>{t('merchantPick.emptyTitle')}</strong>
                  <span>{t('merchantPick.emptyDescription')}</span>
                </span>
              }
            >
              {logoutButton}
            </Empty>
          </div>
        ) : null}
        {merchants.isSuccess && merchants.data.length > 0 ? (
          <ul className="merchant-grid" aria-label={t('merchantPick.listLabel')}>
            {merchants.data.map((merchant) => (
              <li key={merchant.id}>
                <MerchantCard merchant={merchant} busy={merchantLogin.isPending} onPick={pick} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </AuthPage>
  );
}
