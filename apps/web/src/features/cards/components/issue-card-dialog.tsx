import { cardLoyaltyTypes, type CardLoyaltyType, type CardProgram } from '@sbo/contracts/schemas/cards';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlaceOptions } from '../../../components/ui/sales-filters/filter-options';
import { toast } from '../../../lib/messages';
import { useCreateCard } from '../api/card-create';

type IssueValues = {
  number: string;
  loyaltyType: CardLoyaltyType;
  holderName?: string;
  holderPhone?: string;
  placeId?: number;
  activate: boolean;
};

type IssueCardDialogProps = {
  program: CardProgram;
  open: boolean;
  onClose: () => void;
  onIssued: (cardId: number) => void;
};

/** Issues a physical card: the number printed on it, its holder and where it was handed out. */
export function IssueCardDialog({ program, open, onClose, onIssued }: IssueCardDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IssueValues>();
  const places = usePlaceOptions();
  const create = useCreateCard();

  const submit = async (values: IssueValues) => {
    const phone = values.holderPhone?.replace(/[\s-]/g, '');
    const card = await create.mutateAsync({
      program,
      number: values.number.trim(),
      loyaltyType: values.loyaltyType,
      holderName: values.holderName?.trim() ?? '',
      ...(phone ? { holderPhone: phone } : {}),
      ...(values.placeId ? { placeId: values.placeId } : {}),
      activate: values.activate,
    });
    toast.success(t('cards.issue.done', { number: card.number }));
    form.resetFields();
    onIssued(card.id);
  };

  return (
    <Modal
      open={open}
      title={t('cards.issue.title')}
      okText={t('cards.issue.submit')}
      cancelText={t('alert.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<IssueValues>
        form={form}
        layout="vertical"
        initialValues={{ loyaltyType: 'storedValue', activate: true }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="number"
          label={t('cards.field.number')}
          extra={t('cards.issue.numberHint')}
          rules={[{ required: true, pattern: /^\d{6,20}$/, message: t('cards.issue.numberRule') }]}
        >
          <Input inputMode="numeric" maxLength={20} autoComplete="off" />
        </Form.Item>
        {program === 'vip' ? (
          <Form.Item name="loyaltyType" label={t('cards.field.loyaltyType')}>
            <Select options={cardLoyaltyTypes.map((type) => ({ value: type, label: t(`cards.loyalty.${type}`) }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="holderName" label={t('cards.field.holder')}>
          <Input maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="holderPhone"
          label={t('cards.field.phone')}
          extra={t('cards.issue.phoneHint')}
          rules={[{ pattern: /^\+[1-9][\d\s-]{6,18}$/, message: t('cards.issue.phoneRule') }]}
        >
          <Input inputMode="tel" maxLength={20} placeholder="+886912345678" autoComplete="off" />
        </Form.Item>
        <Form.Item name="placeId" label={t('cards.field.place')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={places.isLoading}
            options={places.data ?? []}
            placeholder={t('cards.issue.placePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="activate" valuePropName="checked">
          <Checkbox>{t('cards.issue.activate')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
