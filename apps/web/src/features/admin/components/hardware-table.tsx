import { Button, Card, Input, Pagination, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { showMessage } from '../../../lib/messages';
import { hardwarePageSize, useHardwareList, type HardwareListItem } from '../api/hardware-list';
import { useRotateSecret } from '../api/hardware-secrets';
import type { HardwareQuery } from '../api/keys';
import { showSecret } from './show-secret';

type BoundFilter = 'all' | 'true' | 'false';

/** Every registered controller: bound (to which merchant's device) or not, online, and a secret rotation. */
export function HardwareTable() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const [page, setPage] = useState(1);
  const [bound, setBound] = useState<BoundFilter>('all');
  const [keyword, setKeyword] = useState('');
  const query: HardwareQuery = { page, ...(bound === 'all' ? {} : { bound }), ...(keyword ? { keyword } : {}) };
  const list = useHardwareList(query);
  const rotate = useRotateSecret();

  const confirmRotation = async (hardware: HardwareListItem) => {
    const confirmed = await showMessage({
      title: t('admin.secret.rotate'),
      content: t('admin.secret.rotateConfirm', { hwid: hardware.hwid }),
      cancel: true,
    });
    if (confirmed)
      rotate.mutate(hardware.hwid, { onSuccess: (result) => void showSecret(result, 'admin.secret.rotated') });
  };

  return (
    <Card title={t('admin.hardware.list')} size="small">
      <div className="admin-filters">
        <Segmented<BoundFilter>
          aria-label={t('admin.hardware.state')}
          value={bound}
          onChange={(value) => {
            setBound(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('admin.hardware.all') },
            { value: 'true', label: t('admin.hardware.bound') },
            { value: 'false', label: t('admin.hardware.unbound') },
          ]}
        />
        <Input.Search
          allowClear
          aria-label={t('admin.hardware.search')}
          placeholder={t('admin.hardware.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </div>
      <Table<HardwareListItem>
        rowKey="hwid"
        size="small"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: list.isError ? t('admin.hardware.failed') : t('admin.hardware.empty') }}
        columns={[
          { title: t('admin.hardware.hwid'), dataIndex: 'hwid', render: (hwid: string) => <code>{hwid}</code> },
          { title: t('admin.hardware.model'), dataIndex: 'model' },
          {
            title: t('admin.hardware.state'),
            key: 'state',
            render: (_, hardware) =>
              hardware.deviceCloud ? (
                <span>
                  <Tag color="green">{t('admin.hardware.bound')}</Tag>
                  {`${hardware.deviceCloud.companyName} · ${hardware.deviceCloud.name}`}
                </span>
              ) : (
                <Tag>{t('admin.hardware.unbound')}</Tag>
              ),
          },
          {
            title: t('admin.hardware.online'),
            dataIndex: 'online',
            render: (online: boolean) =>
              online ? <Tag color="blue">{t('admin.hardware.isOnline')}</Tag> : t('admin.hardware.isOffline'),
          },
          {
            title: t('admin.hardware.createdAt'),
            dataIndex: 'createdAt',
            render: (value: string) => clock.dateTime(value),
          },
          {
            title: t('admin.hardware.actions'),
            key: 'actions',
            render: (_, hardware) => (
              <Button
                size="small"
                onClick={() => void confirmRotation(hardware)}
                aria-label={t('admin.secret.rotateFor', { hwid: hardware.hwid })}
              >
                {t('admin.secret.rotate')}
              </Button>
            ),
          },
        ]}
      />
      <Pagination
        className="admin-pager"
        current={page}
        pageSize={hardwarePageSize}
        total={list.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
    </Card>
  );
}
