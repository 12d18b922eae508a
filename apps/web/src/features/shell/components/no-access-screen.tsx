import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useMerchantProfile } from '../../../lib/use-session';

type NoAccessScreenProps = {
  /** The screen's title, already translated. */
  screen: string;
  /** Where this member's work starts (the first screen their navigation offers); none inside `/app`, whose host app has its own way back. */
  homePath?: string;
};

/**
 * A screen the member's role may not open: it says so, names the role, and offers a way back instead of
 * letting the screen fail on its first call (1104016).
 */
export function NoAccessScreen({ screen, homePath }: NoAccessScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useMerchantProfile()?.member.rbacRole;
  // A tab opened on this address has nowhere to go back to: then only the start page is offered.
  const canGoBack = window.history.length > 1;

  return (
    <Card data-testid="no-access">
      <StatusPanel
        level={1}
        status="warning"
        title={t('noAccess.title', { screen })}
        description={t('noAccess.description', { role: role ? t(`role.${role}`) : '' })}
        actions={
          <>
            {canGoBack ? (
              <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(-1)}>
                {t('action.back')}
              </Button>
            ) : null}
            {homePath ? (
              <Button type="primary" icon={<HomeOutlined aria-hidden />} onClick={() => void navigate(homePath)}>
                {t('noAccess.toStart')}
              </Button>
            ) : null}
          </>
        }
      />
    </Card>
  );
}
