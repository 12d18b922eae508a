import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { currentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/messages';
import { useConfirmedLogout } from '../../../lib/use-confirmed-logout';
import { useMerchantProfile } from '../../../lib/use-session';
import { useSaveProfile, useSignOut, useUserProfile } from '../api/profile';
import { AvatarUpload } from './avatar-upload';
import './profile.css';

/** `/user/profile`: nickname, picture, language, the role here, and sign-out. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const merchant = useMerchantProfile();
  const profile = useUserProfile();
  const save = useSaveProfile();
  const logout = useConfirmedLogout(useSignOut());

  if (profile.isPending) return <PageLoading />;
  if (profile.isError) {
    return (
      <Card>
        <LoadFailed
          title={t('profile.loadFailed')}
          description={profile.error.message}
          level={1}
          onRetry={profile.refetch}
        />
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={t('screen.profile')}
        extra={
          <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()}>
            {t('action.logout')}
          </Button>
        }
      />
      <div className="profile-sections">
        <Card title={t('profile.picture')}>
          <AvatarUpload avatar={profile.data.avatar} />
        </Card>
        <Card title={t('profile.details')}>
          <Descriptions column={1} size="small" className="profile-facts">
            <Descriptions.Item label={t('profile.email')}>{profile.data.email}</Descriptions.Item>
            {merchant ? (
              <Descriptions.Item label={t('profile.role')}>
                {t(`role.${merchant.member.rbacRole}`)} · {merchant.businessInfo.companyName}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Form
            layout="vertical"
            initialValues={{ nickName: profile.data.nickName }}
            onFinish={(values: { nickName: string }) =>
              save.mutate(
                { profile: { nickName: values.nickName, locale: currentLanguage() } },
                { onSuccess: () => toast.success(t('profile.saved')) },
              )
            }
          >
            <Form.Item
              name="nickName"
              label={t('profile.nickName')}
              rules={[{ required: true, whitespace: true, message: t('profile.nickNameRequired') }]}
            >
              <Input maxLength={40} autoComplete="nickname" />
            </Form.Item>
            <Form.Item label={t('profile.language')} extra={t('profile.languageHelp')}>
              <LanguageSelect className="profile-language" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Form>
        </Card>
      </div>
    </>
  );
}
