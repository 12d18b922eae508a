import { cardEntryKinds, type CardEntryKind } from '@sbo/contracts/schemas/cards';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceOptions, usePlaceOptions } from '../../../components/ui/sales-filters/filter-options';
import { QuickRangePicker } from '../../../components/ui/sales-filters/quick-range-picker';
import type { CardRecordFilters } from '../utils/record-filters';
import '../../../components/ui/sales-filters/sales-filters.css';

type CardRecordFilterBarProps = {
  filters: CardRecordFilters;
  timeZone: string;
  onChange: (filters: CardRecordFilters) => void;
  /** What the screen fixes (a card's history, a machine's trades and so its place) is not offered as a filter. */
  hide?: { card?: boolean; device?: boolean };
};

/** Range, entry type, card number, place and machine: they combine. */
export function CardRecordFilterBar({ filters, timeZone, onChange, hide = {} }: CardRecordFilterBarProps) {
  const { t } = useTranslation();
  const places = usePlaceOptions();
  const devices = useDeviceOptions(filters.placeId);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const hasChoices =
    filters.placeId !== undefined ||
    filters.deviceId !== undefined ||
    filters.kind !== undefined ||
    filters.keyword !== undefined;

  return (
    <search className="sales-filters" aria-label={t('sales.filter.label')}>
      <QuickRangePicker
        range={filters.range}
        custom={filters.custom}
        timeZone={timeZone}
        onChange={(range, custom) => onChange({ ...filters, range, custom })}
      />
      <Select<CardEntryKind>
        aria-label={t('cards.records.kind')}
        placeholder={t('cards.records.allKinds')}
        allowClear
        value={filters.kind}
        popupMatchSelectWidth={false}
        options={cardEntryKinds.map((kind) => ({ value: kind, label: t(`cards.kind.${kind}`) }))}
        onChange={(kind?: CardEntryKind) => onChange({ ...filters, kind })}
      />
      {hide.card ? null : (
        <Input.Search
          aria-label={t('cards.records.card')}
          placeholder={t('cards.records.cardPlaceholder')}
          allowClear
          inputMode="numeric"
          value={keyword}
          maxLength={20}
          className="card-number-filter"
          onChange={(event) => setKeyword(event.target.value.replace(/\D/g, ''))}
          onSearch={(value) => onChange({ ...filters, keyword: value.replace(/\D/g, '') || undefined })}
        />
      )}
      {hide.device ? null : (
        <Select
          aria-label={t('sales.filter.place')}
          placeholder={t('sales.filter.allPlaces')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={places.isLoading}
          value={filters.placeId}
          options={places.data ?? []}
          onChange={(placeId?: number) => onChange({ ...filters, placeId, deviceId: undefined })}
        />
      )}
      {hide.device ? null : (
        <Select
          aria-label={t('sales.filter.device')}
          placeholder={t('sales.filter.allDevices')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={devices.isLoading}
          value={filters.deviceId}
          options={devices.data ?? []}
          onChange={(deviceId?: number) => onChange({ ...filters, deviceId })}
        />
      )}
      {hasChoices ? (
        <Button
          type="link"
          onClick={() => {
            setKeyword('');
            onChange({ range: filters.range, custom: filters.custom });
          }}
        >
          {t('sales.filter.clear')}
        </Button>
      ) : null}
    </search>
  );
}
