import { promotionInput } from '@sbo/contracts';
import { Checkbox, Descriptions, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { draftToInput, previewRulesOf, PromotionDraft } from '../utils/promotion-draft';
import { instantOfWallTime } from '../utils/zoned-time';
import { PricePreview } from './price-preview';
import { rulesLines } from './promotion-labels';

type PromotionReviewStepProps = {
  draft: PromotionDraft;
  /** What would be sent: the draft as the contract's input. */
  input: ReturnType<typeof draftToInput>;
  timeZone: string;
  currency: string;
  previewRules: ReturnType<typeof previewRulesOf> | null;
  /** "Also keep the rules as a template", and the template's name. */
  keepTemplate: { checked: boolean; name: string; onCheck: (checked: boolean) => void; onName: (name: string) => void };
};

/** The promotion form's last step: everything as it will be saved, and the choice to keep the rules as a template. */
export function PromotionReviewStep({
  draft,
  input,
  timeZone,
  currency,
  previewRules,
  keepTemplate,
}: PromotionReviewStepProps) {
  const { t } = useTranslation();
  const parsed = promotionInput.safeParse(input);
  const startAt = instantOfWallTime(draft.start, timeZone);
  const endAt = draft.endMode === 'date' ? instantOfWallTime(draft.end, timeZone) : null;
  return (
    <div className={draft.category === 'time_discount' ? 'promotion-rules-layout' : undefined}>
      <div>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'name', label: t('promotions.field.name'), children: draft.name },
            {
              key: 'category',
              label: t('promotions.field.category'),
              children: t(`promotions.category.${draft.category}`),
            },
            {
              key: 'start',
              label: t('promotions.field.startAt'),
              children: startAt ? formatDateTime(startAt, undefined, timeZone) : '-',
            },
            {
              key: 'end',
              label: t('promotions.field.endAt'),
              children: endAt ? formatDateTime(endAt, undefined, timeZone) : t('promotions.never'),
            },
            {
              key: 'rules',
              label: t('promotions.field.rules'),
              children: parsed.success ? (
                <span className="promotion-template-lines">
                  {rulesLines(
                    t,
                    {
                      timeDiscount: null,
                      spendingBonus: null,
                      depositRewardAmount: null,
                      depositRewardFeedback: null,
                      ...parsed.data,
                    },
                    currency,
                  ).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </span>
              ) : (
                '-'
              ),
            },
          ]}
        />
        <div className="promotion-keep-template">
          <Checkbox checked={keepTemplate.checked} onChange={(e) => keepTemplate.onCheck(e.target.checked)}>
            {t('promotions.form.alsoTemplate')}
          </Checkbox>
          {keepTemplate.checked ? (
            <Input
              value={keepTemplate.name}
              maxLength={50}
              placeholder={t('promotions.templates.name')}
              aria-label={t('promotions.templates.name')}
              onChange={(e) => keepTemplate.onName(e.target.value)}
            />
          ) : null}
        </div>
      </div>
      {draft.category === 'time_discount' ? <PricePreview rules={previewRules} currency={currency} /> : null}
    </div>
  );
}
