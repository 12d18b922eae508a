import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CardProgram } from '@sbo/contracts/schemas/cards';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { usePlaceOptions } from '../../../components/ui/sales-filters/filter-options';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { formatMajorAmount, parseMajorAmount } from '../../../lib/money-input';
import { useCardSettings, useUpdateCardSettings, type CardSettingsView } from '../api/card-settings';
import { maxTopUpTiers, sortedTiers, tierProblems } from '../utils/tier-rules';
import './cards.css';
import { currencySymbol } from '../../../lib/format';

type TierRow = { amount?: string; reward?: string };
type SettingsValues = {
  tiers: TierRow[];
  pointsEnabled: boolean;
  spendPerPoint: string;
  pointValue: string;
  placeIds: number[];
  virtualCards: boolean;
};

function toValues(settings: CardSettingsView): SettingsValues {
  const money = (minor: number) => formatMajorAmount(minor, settings.currency);
  return {
    tiers: settings.topUpTiers.map((tier) => ({ amount: money(tier.amount), reward: money(tier.reward) })),
    pointsEnabled: settings.pointsRule.enabled,
    spendPerPoint: money(settings.pointsRule.spendPerPoint),
    pointValue: money(settings.pointsRule.pointValue),
    placeIds: settings.placeIds,
    virtualCards: settings.virtualCards,
  };
}

/**
 * A program's settings: the top-up tiers (pay this, get that extra), the points rule, the places whose machines
 * accept the card, and whether consumers may open virtual cards. The OK card's deposit setting is the same
 * screen, its tiers first and foremost.
 */
export function CardSettingsScreen({ program }: { program: CardProgram }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const { permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const settings = useCardSettings(program);
  const title = t(program === 'ok' ? 'screen.okCardDepositSetting' : 'screen.vipCardSettings');

  if (!mayRead) return <NoPermission title={title} reason={t('cards.noPermission')} />;
  return (
    <>
      <PageHeader
        title={title}
        description={
          settings.data?.updatedAt
            ? t('cards.settings.updatedAt', { time: clock.dateTime(settings.data.updatedAt) })
            : undefined
        }
      />
      {settings.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {settings.isError ? <LoadFailed title={t('cards.settings.loadFailed')} onRetry={settings.refetch} /> : null}
      {settings.data ? (
        <SettingsForm
          key={settings.data.updatedAt ?? 'new'}
          program={program}
          settings={settings.data}
          editable={permissions.has('vipCard.settings')}
        />
      ) : null}
    </>
  );
}

function SettingsForm({
  program,
  settings,
  editable,
}: {
  program: CardProgram;
  settings: CardSettingsView;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const update = useUpdateCardSettings(program);
  const places = usePlaceOptions();
  const currency = settings.currency;
  const pointsEnabled = Form.useWatch('pointsEnabled', form) ?? settings.pointsRule.enabled;
  const money = (text: string | undefined) => parseMajorAmount(text ?? '', currency);

  const tierRule = (index: number) => ({
    validator: () => {
      const rows: TierRow[] = form.getFieldValue('tiers') ?? [];
      const problems = tierProblems(
        rows.map((row) => ({ amount: money(row?.amount) ?? undefined, reward: money(row?.reward || '0') ?? -1 })),
      );
      const problem = problems[index];
      return problem ? Promise.reject(new Error(t(`cards.settings.tierProblem.${problem}`))) : Promise.resolve();
    },
  });
  const moneyRule = (positive: boolean) => ({
    validator: (_: unknown, value?: string) => {
      const minor = money(value);
      if (minor === null || (positive && minor <= 0))
        return Promise.reject(new Error(t(positive ? 'cards.money.amountRule' : 'cards.settings.moneyRule')));
      return Promise.resolve();
    },
  });

  const save = async (values: SettingsValues) => {
    const tiers = sortedTiers(
      values.tiers.map((row) => ({ amount: money(row.amount) ?? 0, reward: money(row.reward || '0') ?? 0 })),
    );
    await update.mutateAsync({
      topUpTiers: tiers,
      pointsRule: {
        enabled: values.pointsEnabled,
        spendPerPoint: money(values.spendPerPoint) ?? settings.pointsRule.spendPerPoint,
        pointValue: money(values.pointValue) ?? settings.pointsRule.pointValue,
      },
      placeIds: values.placeIds,
      virtualCards: values.virtualCards,
    });
    toast.success(t('cards.settings.saved'));
  };

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={toValues(settings)}
      onFinish={(values) => void save(values).catch(() => undefined)}
      className="card-settings"
    >
      {editable ? null : <Alert type="info" showIcon message={t('cards.settings.readOnly')} className="card-alert" />}
      <Card title={t('cards.settings.tiers')} size="small" className="card-settings-section">
        <p className="card-muted">{t('cards.settings.tiersHint', { max: maxTopUpTiers })}</p>
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div
                  key={field.key}
                  className={index === 0 ? 'card-tier-row card-tier-row-first' : 'card-tier-row'}
                  data-testid="card-tier-row"
                >
                  <Form.Item
                    name={[field.name, 'amount']}
                    label={
                      index === 0 ? t('cards.settings.tierAmount', { currency: currencySymbol(currency) }) : undefined
                    }
                    rules={[tierRule(index)]}
                    dependencies={fields.map((other) => ['tiers', other.name, 'amount'])}
                  >
                    <Input
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={`${t('cards.settings.tierAmount', { currency: currencySymbol(currency) })} ${index + 1}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'reward']}
                    label={
                      index === 0 ? t('cards.settings.tierReward', { currency: currencySymbol(currency) }) : undefined
                    }
                  >
                    <Input
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      aria-label={`${t('cards.settings.tierReward', { currency: currencySymbol(currency) })} ${index + 1}`}
                    />
                  </Form.Item>
                  <Button
                    aria-label={t('cards.settings.removeTier', { index: index + 1 })}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(field.name)}
                    className="card-tier-remove"
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={!editable || fields.length >= maxTopUpTiers}
                onClick={() => add({ amount: '', reward: '' })}
              >
                {t('cards.settings.addTier')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title={t('cards.settings.points')} size="small" className="card-settings-section">
        <Form.Item name="pointsEnabled" label={t('cards.settings.pointsEnabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item
            name="spendPerPoint"
            label={t('cards.settings.spendPerPoint', { currency: currencySymbol(currency) })}
            rules={pointsEnabled ? [moneyRule(true)] : []}
          >
            <Input inputMode="decimal" disabled={!editable || !pointsEnabled} />
          </Form.Item>
          <Form.Item
            name="pointValue"
            label={t('cards.settings.pointValue', { currency: currencySymbol(currency) })}
            extra={t('cards.settings.pointValueHint')}
            rules={pointsEnabled ? [moneyRule(false)] : []}
          >
            <Input inputMode="decimal" disabled={!editable || !pointsEnabled} />
          </Form.Item>
        </Space>
      </Card>
      <Card title={t('cards.settings.places')} size="small" className="card-settings-section">
        <Form.Item name="placeIds" extra={t('cards.settings.placesHint')}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('cards.settings.places')}
            showSearch={{ optionFilterProp: 'label' }}
            loading={places.isLoading}
            options={places.data ?? []}
            placeholder={t('cards.settings.placesPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="virtualCards"
          label={t('cards.settings.virtualCards')}
          extra={t('cards.settings.virtualHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Card>
      {editable ? (
        <div className="card-settings-actions">
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('cards.settings.save')}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
