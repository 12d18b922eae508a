import { PlusOutlined } from '@ant-design/icons';
import type { Place } from '@sbo/contracts';
import { Button, Card, Empty, Pagination, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { formatNumber } from '../../../lib/format';
import { useMerchantProfile } from '../../../lib/use-session';
import { usePlaceList } from '../api/place-list';
import { PlaceTypeTag } from './place-type-tag';
import './places.css';

const pageSize = 20;
const detailPath = (place: Place) => `/user/place/detail?id=${place.id}`;

/** `/user/place`: the merchant's places with type, phone and how many devices stand there. */
export function PlaceListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(phoneQuery);
  const canManage = useMerchantProfile()?.permissions.includes('place.manage') ?? false;
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = usePlaceList(page, pageSize);
  const items = list.data?.items ?? [];

  const header = (
    <PageHeader
      title={t('screen.placeList')}
      extra={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/user/place/create')}>
            {t('places.action.create')}
          </Button>
        ) : null
      }
    />
  );
  if (list.isError)
    return (
      <>
        {header}
        <LoadFailed title={t('places.list.failed')} onRetry={list.refetch} />
      </>
    );

  const empty = <Empty description={t('places.list.empty')} />;
  const pager = (
    <Pagination
      current={page}
      pageSize={pageSize}
      total={list.data?.total ?? 0}
      hideOnSinglePage
      showSizeChanger={false}
      onChange={(next) => setSearch({ page: String(next) })}
    />
  );

  return (
    <>
      {header}
      {isPhone ? (
        <div className="place-cards" aria-busy={list.isFetching}>
          {list.isPending ? <Card loading /> : items.length === 0 ? <Card>{empty}</Card> : null}
          {items.map((place) => (
            <Card key={place.id} size="small" title={<Link to={detailPath(place)}>{place.title}</Link>}>
              <PlaceTypeTag type={place.type} />
              <span className="place-card-line">{place.address}</span>
              {place.servicePhone ? <span className="place-card-line">{place.servicePhone}</span> : null}
              <span className="place-card-line">
                {t('places.list.deviceCount', { count: place.deviceCount, value: formatNumber(place.deviceCount) })}
              </span>
            </Card>
          ))}
          {pager}
        </div>
      ) : (
        <Card>
          <Table<Place>
            rowKey="id"
            dataSource={items}
            loading={list.isFetching}
            locale={{ emptyText: empty }}
            pagination={false}
            columns={[
              {
                title: t('places.field.title'),
                dataIndex: 'title',
                render: (_, place) => <Link to={detailPath(place)}>{place.title}</Link>,
              },
              { title: t('places.field.address'), dataIndex: 'address' },
              {
                title: t('places.field.type'),
                dataIndex: 'type',
                render: (type: number) => <PlaceTypeTag type={type} />,
              },
              {
                title: t('places.field.servicePhone'),
                dataIndex: 'servicePhone',
                render: (phone: string) => phone || <Typography.Text type="secondary">—</Typography.Text>,
              },
              {
                title: t('places.field.deviceCount'),
                dataIndex: 'deviceCount',
                align: 'right',
                render: (count: number) => formatNumber(count),
              },
            ]}
          />
          <div className="place-pager">{pager}</div>
        </Card>
      )}
    </>
  );
}
