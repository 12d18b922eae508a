import { DeleteOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, List, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { formatDate } from '../../../lib/format';
import { showMessage, toast } from '../../../lib/messages';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { usePromotionTemplateDelete } from '../api/promotion-template-delete';
import { templatePageSize, usePromotionTemplates } from '../api/promotion-template-list';
import { rulesLines } from './promotion-labels';

type Props = { open: boolean; onClose: () => void; mayManage: boolean };

/** The saved promotion templates: their rules in words; delete (after confirmation) for `promotion.manage`. */
export function PromotionTemplatesDrawer({ open, onClose, mayManage }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const { timeZone, currency } = useMerchantMoney();
  const [page, setPage] = useState(1);
  const templates = usePromotionTemplates(page, open);
  const remove = usePromotionTemplateDelete();

  const confirmDelete = async (id: number, name: string) => {
    const confirmed = await showMessage({
      type: 'info',
      title: t('promotions.templates.deleteTitle'),
      content: t('promotions.templates.deleteConfirm', { name }),
      cancel: true,
    });
    if (!confirmed) return;
    await remove.mutateAsync(id);
    toast.success(t('promotions.templates.deleted'));
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('promotions.templates.title')}
      size={isPhone ? '100%' : 480}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('promotions.templates.description')}</Typography.Paragraph>
      <List
        loading={templates.isLoading}
        dataSource={templates.data?.items ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('promotions.templates.empty')} />,
        }}
        renderItem={(template) => (
          <List.Item
            actions={
              mayManage
                ? [
                    <Button
                      key="delete"
                      danger
                      type="text"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('promotions.templates.delete', { name: template.name })}
                      onClick={() => void confirmDelete(template.id, template.name)}
                    />,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={template.name}
              description={
                <span className="promotion-template-lines">
                  <span>
                    {t(`promotions.category.${template.category}`)} ·{' '}
                    {formatDate(template.createdAt, undefined, timeZone)}
                  </span>
                  {rulesLines(t, template, currency).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </span>
              }
            />
          </List.Item>
        )}
      />
      {(templates.data?.total ?? 0) > templatePageSize ? (
        <Pagination
          simple
          current={page}
          pageSize={templatePageSize}
          total={templates.data?.total ?? 0}
          onChange={setPage}
        />
      ) : null}
    </Drawer>
  );
}
