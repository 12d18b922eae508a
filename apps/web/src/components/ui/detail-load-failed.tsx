import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from './load-failed';
import { PageHeader } from './page-header';
import { StatusPanel } from './status-panel';

type DetailLoadFailedProps = {
  /** The screen's own heading, kept while its record is missing. */
  screenTitle: string;
  /** What could not be loaded, in the screen's words. */
  title: string;
  description?: ReactNode;
  /** Where "Back" leads: the list the record was opened from. */
  backTo: string;
  /** Loads again; a screen without it offers only the way back. */
  onRetry?: () => unknown;
};

/** A detail screen whose record did not load: the screen's heading, what failed, "Try again" and "Back". */
export function DetailLoadFailed({ screenTitle, title, description, backTo, onRetry }: DetailLoadFailedProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = <Button onClick={() => void navigate(backTo)}>{t('action.back')}</Button>;
  return (
    <>
      <PageHeader title={screenTitle} />
      <Card>
        {onRetry ? (
          <LoadFailed title={title} description={description} onRetry={onRetry} extraAction={back} />
        ) : (
          <StatusPanel level={2} status="error" title={title} description={description} actions={back} />
        )}
      </Card>
    </>
  );
}
