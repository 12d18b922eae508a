import type { NotificationSettings } from '@sbo/contracts';
import { Alert, Button, Card, Descriptions, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useLineLinkCode, useLineUnlink, usePushState, usePushToggle, useSendTest } from '../api/channels';

type TestChannel = 'push' | 'line' | 'email';

/**
 * Each channel's state with what the member can do about it here: subscribe or unsubscribe this
 * browser to app push, link or unlink a LINE account, and send themselves a test on a channel.
 */
export function ChannelPanel({ channels }: { channels: NotificationSettings['channels'] }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const clock = useMerchantClock();
  const push = usePushState();
  const togglePush = usePushToggle();
  const linkCode = useLineLinkCode();
  const unlink = useLineUnlink();
  const test = useSendTest();

  const sendTest = (channel: TestChannel) =>
    test.mutate(channel, {
      onSuccess: (result) =>
        result.error
          ? toast.error(t('notification.channelAction.testFailed', { reason: result.error }))
          : toast.success(t('notification.channelAction.testSent', { count: result.delivered })),
    });
  const testButton = (channel: TestChannel, enabled: boolean) => (
    <Button
      size="small"
      disabled={!enabled}
      loading={test.isPending && test.variables === channel}
      onClick={() => sendTest(channel)}
    >
      {t('notification.channelAction.test')}
    </Button>
  );

  const here = push.data ?? 'unsupported';
  const pushHere =
    here === 'unsupported'
      ? t('notification.channelAction.pushUnsupported')
      : here === 'denied'
        ? t('notification.channelAction.pushDenied')
        : here === 'subscribed'
          ? t('notification.channelAction.pushOn')
          : t('notification.channelAction.pushOff');
  const togglePushHere = () =>
    togglePush.mutate(here !== 'subscribed', {
      onSuccess: (state) => state === 'denied' && toast.error(t('notification.channelAction.pushDenied')),
      onError: () => toast.error(t('notification.channelAction.pushFailed')),
    });

  const lineState = !channels.lineAvailable
    ? t('notification.channelState.lineNotSetUp')
    : channels.lineProblem
      ? t(`notification.channelAction.lineProblem.${channels.lineProblem}`)
      : channels.lineLinked
        ? t('notification.channelState.lineLinked')
        : t('notification.channelState.lineNotLinked');
  const confirmUnlink = () =>
    Modal.confirm({
      title: t('notification.channelAction.unlinkTitle'),
      content: t('notification.channelAction.unlinkText'),
      okText: t('notification.channelAction.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('action.cancel'),
      onOk: () => unlink.mutateAsync().then(() => toast.success(t('notification.channelAction.unlinked'))),
    });

  return (
    <Card title={t('notification.settings.channelsTitle')} size="small" className="channel-panel">
      <Descriptions size="small" column={1} bordered layout={isPhone ? 'vertical' : 'horizontal'}>
        <Descriptions.Item label={t('notification.channel.inApp')}>
          {t('notification.channelState.inApp')}
        </Descriptions.Item>
        <Descriptions.Item label={t('notification.channel.push')}>
          <Space wrap>
            <span data-testid="push-here">{pushHere}</span>
            <Typography.Text type="secondary">
              {t('notification.channelState.push', { count: channels.pushSubscriptions })}
            </Typography.Text>
            {here === 'subscribed' || here === 'unsubscribed' ? (
              <Button size="small" loading={togglePush.isPending} onClick={togglePushHere}>
                {here === 'subscribed'
                  ? t('notification.channelAction.pushUnsubscribe')
                  : t('notification.channelAction.pushSubscribe')}
              </Button>
            ) : null}
            {testButton('push', channels.pushSubscriptions > 0)}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('notification.channel.line')}>
          <Space wrap>
            <span>{lineState}</span>
            {channels.lineAvailable && (!channels.lineLinked || channels.lineProblem) ? (
              <Button size="small" loading={linkCode.isPending} onClick={() => linkCode.mutate()}>
                {t('notification.channelAction.link')}
              </Button>
            ) : null}
            {channels.lineLinked ? (
              <Button size="small" danger onClick={confirmUnlink}>
                {t('notification.channelAction.unlink')}
              </Button>
            ) : null}
            {testButton('line', channels.lineAvailable && channels.lineLinked && !channels.lineProblem)}
          </Space>
          {linkCode.data ? (
            <Alert
              className="line-link-code"
              type="info"
              showIcon
              message={t('notification.channelAction.linkCode', { code: linkCode.data.code })}
              description={
                <>
                  {t('notification.channelAction.linkCodeHelp', { until: clock.dateTime(linkCode.data.expiresAt) })}
                  {linkCode.data.addFriendUrl ? (
                    <>
                      {' '}
                      <a href={linkCode.data.addFriendUrl} target="_blank" rel="noreferrer">
                        {t('notification.channelAction.addFriend')}
                      </a>
                    </>
                  ) : null}
                </>
              }
            />
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('notification.channel.email')}>
          <Space wrap>
            <span>{channels.emailAvailable ? channels.email : t('notification.channelState.unavailable')}</span>
            {testButton('email', channels.emailAvailable)}
          </Space>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
