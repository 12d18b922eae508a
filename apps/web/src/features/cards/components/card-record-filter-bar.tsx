import { cardEntryKinds, type CardEntryKind } from '@sbo/contracts/schemas/cards';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/ui/sales-filters/filter-bar';
import { PlaceDeviceSelects } from '../../../components/ui/sales-filters/place-device-select';
import type { CardRecordFilters } from '../utils/record-filters';

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
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const hasChoices =
    filters.placeId !== undefined ||
    filters.deviceId !== undefined ||
    filters.kind !== undefined ||
    filters.keyword !== undefined;

  return (
    <FilterBar
      filters={filters}
      timeZone={timeZone}
      onChange={onChange}
      onClear={
        hasChoices
          ? () => {
              setKeyword('');
              onChange({ range: filters.range, custom: filters.custom });
            }
          : undefined
      }
    >
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
      {hide.device ? null : <PlaceDeviceSelects filters={filters} onChange={onChange} />}
    </FilterBar>
  );
}
