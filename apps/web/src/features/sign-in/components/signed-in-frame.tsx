import { LogoutOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useConfirmedLogout } from '../../../lib/use-confirmed-logout';
import { useLogout } from '../api/logout';
import { useSignedInUser } from '../api/signed-in-user';
import { AuthPage } from './auth-page';

/**
 * The frame of the pages a signed-in user opens before picking a merchant (an invitation): brand,
 * language, who is signed in and a "not you? sign out", so a shared browser is not used by the wrong person.
 */
export function SignedInFrame() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const logout = useConfirmedLogout(useLogout());
  const actions = (
    <>
      {user.data ? (
        <Typography.Text type="secondary" ellipsis className="auth-signed-in-as label-wide" data-testid="signed-in-as">
          {t('signIn.signedInAs', { email: user.data.email })}
        </Typography.Text>
      ) : null}
      <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()} aria-label={t('signIn.notYou')}>
        <span className="label-wide">{t('signIn.notYou')}</span>
      </Button>
    </>
  );
  return (
    <AuthPage actions={actions}>
      <Outlet />
    </AuthPage>
  );
}
