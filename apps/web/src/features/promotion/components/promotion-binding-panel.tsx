import type { Promotion } from '@sbo/contracts';
import { Alert, Button, Card, Checkbox, Empty, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { showMessage, toast } from '../../../lib/messages';
import { usePromotionBinding } from '../api/promotion-binding';
import { usePromotionBindingUpdate } from '../api/promotion-binding-update';
import {
  bindingBody,
  boundIds,
  deselectAll,
  otherPromotionName,
  placeState,
  selectAll,
  toggle,
} from '../utils/binding-selection';

type Props = { promotion: Promotion; mayChange: boolean };

/**
 * The machines a promotion applies to, by place: checkboxes with select all / deselect all per place
 * and overall; a machine another promotion of the category holds shows that promotion's name.
 */
export function PromotionBindingPanel({ promotion, mayChange }: Props) {
  const { t } = useTranslation();
  const { timeZone } = useMerchantMoney();
  const binding = usePromotionBinding(promotion.id);
  const save = usePromotionBindingUpdate(promotion.id);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    setSelected(null);
  }, [binding.dataUpdatedAt]);

  if (binding.isError && !binding.data)
    return <LoadFailed title={t('promotions.binding.loadFailed')} onRetry={binding.refetch} />;
  if (!binding.data) return <Card loading />;
  const places = binding.data.places;
  const chosen = selected ?? boundIds(binding.data);
  const saved = boundIds(binding.data);
  const dirty = chosen.size !== saved.size || [...chosen].some((id) => !saved.has(id));
  const machineCount = places.reduce((sum, place) => sum + place.machines.length, 0);

  const submit = async () => {
    setRefusal(null);
    try {
      await save.mutateAsync(bindingBody(chosen));
      toast.success(t('promotions.binding.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 1109004) {
        const other = otherPromotionName(error.serverMessage);
        setRefusal(other ? t('promotions.binding.overlapNamed', { name: other }) : error.text);
      } else if (!error.shown) void showMessage({ type: 'error', content: error.message });
    }
  };

  if (machineCount === 0)
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('promotions.binding.noMachines')} />
      </Card>
    );

  return (
    <Card data-testid="promotion-binding">
      <p className="promotion-muted">
        {t('promotions.binding.description', { count: chosen.size, total: machineCount })}
      </p>
      {mayChange ? (
        <Space wrap className="promotion-binding-all">
          <Button onClick={() => setSelected(selectAll(chosen, places))}>{t('action.selectAll')}</Button>
          <Button onClick={() => setSelected(deselectAll(chosen, places))}>{t('action.deselectAll')}</Button>
        </Space>
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={`1109004 - ${refusal}`}
          className="promotion-binding-refusal"
          data-testid="binding-refusal"
        />
      ) : null}
      <div className="promotion-binding-places">
        {places.map((place) => {
          const state = placeState(chosen, place);
          return (
            <fieldset className="promotion-rows" key={place.id ?? 'none'}>
              <legend>
                <Checkbox
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  disabled={!mayChange}
                  onChange={(e) =>
                    setSelected(e.target.checked ? selectAll(chosen, [place]) : deselectAll(chosen, [place]))
                  }
                >
                  {place.id === null ? t('promotions.binding.noPlace') : place.name}
                </Checkbox>
              </legend>
              {place.timeZone && place.timeZone !== timeZone ? (
                <p className="promotion-muted promotion-zone">
                  {t('promotions.binding.zone', { zone: place.timeZone })}
                </p>
              ) : null}
              <ul className="promotion-machines">
                {place.machines.map((machine) => (
                  <li key={machine.id}>
                    <Checkbox
                      checked={chosen.has(machine.id)}
                      disabled={!mayChange}
                      onChange={(e) => setSelected(toggle(chosen, machine.id, e.target.checked))}
                    >
                      {machine.name}
                    </Checkbox>
                    {machine.conflict ? (
                      <Tag color="orange" className="promotion-conflict">
                        {t('promotions.binding.heldBy')}{' '}
                        <Link to={`/promotion/${machine.conflict.promotionId}`}>{machine.conflict.name}</Link>
                      </Tag>
                    ) : null}
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      {mayChange ? (
        <Space wrap>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => void submit()}>
            {t('promotions.binding.save', { count: chosen.size })}
          </Button>
          {dirty ? (
            <Button onClick={() => setSelected(null)}>{t('promotions.binding.reset')}</Button>
          ) : (
            <span className="promotion-muted">{t('promotions.binding.bound', { count: saved.size })}</span>
          )}
        </Space>
      ) : null}
    </Card>
  );
}
