import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { notificationKinds, type NotificationItem, type NotificationKind } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Pagination, Select, Switch, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { showMessage, toast } from '../../../lib/messages';
import { allDevicesQuery } from '../../../lib/picker-queries';
import { useMerchantProfile } from '../../../lib/use-session';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { notificationPageSize, useNotificationList } from '../api/notification-list';
import { filterFromSearch, searchFromFilter, type NotificationFilter } from '../utils/list-filter';
import { notificationText } from './notification-text';

/** The list of the centre: newest first, filters, unread marks, open (marks read) and mark all read. */
export function NotificationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clock = useMerchantClock();
  const currency = useMerchantProfile()?.businessInfo.currency ?? 'TWD';
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const list = useNotificationList(filter);
  const devices = useQuery(allDevicesQuery());
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const apply = (next: NotificationFilter) => setSearch(searchFromFilter(next, search), { replace: true });
  const unread = list.data?.unread ?? 0;

  const open = async (item: NotificationItem) => {
    if (!item.read) await markRead.mutateAsync(item.id).catch(() => undefined);
    void navigate(item.link);
  };
  const readOne = (item: NotificationItem) =>
    markRead.mutate(item.id, { onError: () => toast.error(t('notification.markFailed')) });
  const readAll = async () => {
    const confirmed = await showMessage({
      title: t('notification.markAllRead'),
      content: t('notification.markAllConfirm', { count: unread }),
      cancel: true,
    });
    if (!confirmed) return;
    await markAll.mutateAsync();
    toast.success(t('notification.allMarked'));
  };

  const filters = (
    <div className="notification-filters">
      <Select<NotificationKind | ''>
        aria-label={t('notification.filter.kind')}
        value={filter.kind ?? ''}
        onChange={(kind) => apply({ ...filter, kind: kind || undefined, page: 1 })}
        options={[
          { value: '', label: t('notification.filter.allKinds') },
          ...notificationKinds.map((kind) => ({ value: kind, label: t(`notification.kind.${kind}`) })),
        ]}
        className="notification-filter"
      />
      <Select<number | 0>
        aria-label={t('notification.filter.device')}
        value={filter.deviceId ?? 0}
        showSearch={{ optionFilterProp: 'label' }}
        loading={devices.isPending}
        onChange={(deviceId) => apply({ ...filter, deviceId: deviceId || undefined, page: 1 })}
        options={[
          { value: 0, label: t('notification.filter.allDevices') },
          ...(devices.data?.items ?? []).map((device) => ({ value: device.id, label: device.name })),
        ]}
        className="notification-filter"
      />
      <label className="notification-unread-only">
        <Switch
          size="small"
          checked={filter.unread ?? false}
          onChange={(checked) => apply({ ...filter, unread: checked || undefined, page: 1 })}
        />
        {t('notification.filter.unreadOnly')}
      </label>
      <Button
        icon={<CheckOutlined />}
        disabled={unread === 0}
        loading={markAll.isPending}
        onClick={() => void readAll()}
        className="notification-read-all"
      >
        {t('notification.markAllRead')}
      </Button>
    </div>
  );

  if (list.isError)
    return (
      <>
        {filters}
        <LoadFailed
          title={t('notification.failed')}
          description={list.error instanceof ApiError ? list.error.message : t('api.genericError')}
          onRetry={list.refetch}
        />
      </>
    );

  const filtered = Boolean(filter.kind || filter.deviceId || filter.unread);
  return (
    <>
      {filters}
      <List<NotificationItem>
        className="notification-list"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        locale={{
          emptyText: <Empty description={filtered ? t('notification.emptyFiltered') : t('notification.empty')} />,
        }}
        renderItem={(item) => (
          <List.Item
            key={item.id}
            className={item.read ? 'notification-item' : 'notification-item notification-unread'}
            data-testid="notification-item"
            data-notification-id={item.id}
            actions={[
              item.read ? null : (
                <Button key="read" size="small" type="text" onClick={() => readOne(item)}>
                  {t('notification.markRead')}
                </Button>
              ),
            ].filter(Boolean)}
          >
            <button type="button" className="notification-open" onClick={() => void open(item)}>
              <span className="notification-head">
                {item.read ? null : (
                  <span className="notification-dot" role="img" aria-label={t('notification.unread')} />
                )}
                <Tag color={item.group === 'okMachine' ? 'purple' : 'blue'}>{t(`notification.kind.${item.kind}`)}</Tag>
                {item.critical ? <Tag color="red">{t('notification.critical')}</Tag> : null}
                <time dateTime={item.occurredAt} className="notification-time">
                  {clock.dateTime(item.occurredAt)}
                </time>
              </span>
              <Typography.Text strong={!item.read} className="notification-text">
                {notificationText(item, { t, clock, currency })}
              </Typography.Text>
              <span className="notification-meta">
                {[item.deviceName ?? item.hwid, item.placeName].filter(Boolean).join(' · ') ||
                  t('notification.noDevice')}
                <span className="notification-explain">
                  {t('notification.explain')} <RightOutlined aria-hidden />
                </span>
              </span>
            </button>
          </List.Item>
        )}
      />
      <Pagination
        className="notification-pager"
        current={filter.page}
        pageSize={notificationPageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={(page) => apply({ ...filter, page })}
      />
    </>
  );
}
