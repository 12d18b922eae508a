import { promotionCategories, promotionInput, type Promotion } from '@sbo/contracts';
import { Button, Card, Form, Radio, Select, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { ApiError } from '../../../lib/api-errors';
import { showMessage, toast } from '../../../lib/messages';
import { usePromotionCreate } from '../api/promotion-create';
import { usePromotionUpdate } from '../api/promotion-update';
import { usePromotionTemplateCreate } from '../api/promotion-template-create';
import { fetchPromotionTemplate } from '../api/promotion-template-detail';
import { usePromotionTemplates } from '../api/promotion-template-list';
import type { PromotionCategory } from '../utils/list-params';
import {
  checkDraft,
  draftOfPromotion,
  draftToInput,
  draftToTemplateInput,
  emptyDraft,
  errorsFromDetails,
  previewRulesOf,
  stepOfError,
  withRules,
  type DraftErrors,
  type PromotionDraft,
} from '../utils/promotion-draft';
import { PricePreview } from './price-preview';
import { PromotionBasicsStep } from './promotion-basics-step';
import { PromotionReviewStep } from './promotion-review-step';
import { RulesFields } from './rules-fields';
import './promotions.css';

/**
 * `/promotion/create`, and the edit of a pending or active promotion (`/promotion/{id}?edit`): a step
 * form (start from scratch or a template and the category; name and times; the rules with a live
 * preview of a machine's prices; review, save, and optionally keep the rules as a template).
 */
export function PromotionFormScreen({ editing }: { editing?: Promotion }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(phoneQuery);
  const { timeZone, currency: merchantCurrency } = useMerchantMoney();
  const currency = editing?.currency ?? merchantCurrency;
  const [draft, setDraft] = useState<PromotionDraft>(() =>
    editing ? draftOfPromotion(editing, timeZone) : emptyDraft('time_discount', { timeZone, now: new Date() }),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [step, setStep] = useState(editing ? 1 : 0);
  const [saveTemplate, setSaveTemplate] = useState(false);
  const [templateName, setTemplateName] = useState('');
  const templates = usePromotionTemplates(1, !editing);
  const create = usePromotionCreate();
  const update = usePromotionUpdate(editing?.id ?? 0);
  const keepTemplate = usePromotionTemplateCreate();
  const [loadingTemplate, setLoadingTemplate] = useState(false);

  const ctx = () => ({ currency, timeZone, now: new Date() });
  const change = (next: Partial<PromotionDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const kept = { ...current };
      Object.keys(next).forEach((field) => {
        for (const key of Object.keys(kept)) if (key.toLowerCase().includes(field.toLowerCase())) delete kept[key];
      });
      return kept;
    });
  };
  const pickTemplate = async (id: number | null) => {
    if (id === null) return change({ templateId: null });
    setLoadingTemplate(true);
    const picked = await fetchPromotionTemplate(id)
      .catch(() => null)
      .finally(() => setLoadingTemplate(false));
    if (!picked) return;
    setDraft((current) => ({
      ...withRules(current, picked, currency),
      templateId: id,
      name: current.name || picked.name,
    }));
  };

  const next = () => {
    const found = checkDraft(draft, step, ctx(), t);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(step + 1);
  };

  const save = async () => {
    const found = checkDraft(draft, null, ctx(), t);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return setStep(stepOfError(first));
    const input = promotionInput.parse(draftToInput(draft, ctx()));
    try {
      const saved = editing ? await update.mutateAsync(input) : await create.mutateAsync(input);
      if (saveTemplate && templateName.trim())
        await keepTemplate.mutateAsync(draftToTemplateInput(draft, templateName.trim(), currency));
      toast.success(t(editing ? 'promotions.form.updated' : 'promotions.form.created'));
      void navigate(editing ? `/promotion/${saved.id}` : `/promotion/${saved.id}?bind`);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 400 && error.details.length > 0) {
        const fromApi = errorsFromDetails(error.details, t);
        setErrors(fromApi);
        const key = Object.keys(fromApi)[0];
        if (key) setStep(stepOfError(key));
      } else if (!error.shown) void showMessage({ type: 'error', content: error.message });
    }
  };

  const steps = [
    { title: t('promotions.step.start') },
    { title: t('promotions.step.basics') },
    { title: t('promotions.step.rules') },
    { title: t('promotions.step.review') },
  ];
  const previewRules = draft.category === 'time_discount' ? previewRulesOf(draft, currency) : null;

  const body = (() => {
    if (step === 0)
      return (
        <div className="promotion-fields">
          <Form.Item label={t('promotions.field.source')}>
            <Select<number | 'scratch'>
              aria-label={t('promotions.field.source')}
              value={draft.templateId ?? 'scratch'}
              loading={templates.isLoading || loadingTemplate}
              options={[
                { value: 'scratch', label: t('promotions.form.scratch') },
                ...(templates.data?.items ?? []).map((tpl) => ({
                  value: tpl.id,
                  label: `${tpl.name} · ${t(`promotions.category.${tpl.category}`)}`,
                })),
              ]}
              onChange={(value) => void pickTemplate(value === 'scratch' ? null : value)}
            />
          </Form.Item>
          <Form.Item label={t('promotions.field.category')}>
            <Radio.Group
              className="promotion-categories"
              value={draft.category}
              disabled={draft.templateId !== null}
              onChange={(e) => change({ category: e.target.value as PromotionCategory })}
            >
              {promotionCategories.map((category) => (
                <Radio key={category} value={category}>
                  <strong>{t(`promotions.category.${category}`)}</strong>
                  <span className="promotion-muted promotion-radio-note">
                    {t(`promotions.categoryHint.${category}`)}
                  </span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </div>
      );
    if (step === 1) return <PromotionBasicsStep draft={draft} errors={errors} timeZone={timeZone} change={change} />;
    if (step === 2)
      return (
        <div className={draft.category === 'time_discount' ? 'promotion-rules-layout' : undefined}>
          <RulesFields draft={draft} errors={errors} currency={currency} change={change} />
          {draft.category === 'time_discount' ? <PricePreview rules={previewRules} currency={currency} /> : null}
        </div>
      );
    return (
      <PromotionReviewStep
        draft={draft}
        input={draftToInput(draft, ctx())}
        timeZone={timeZone}
        currency={currency}
        previewRules={previewRules}
        keepTemplate={{ checked: saveTemplate, name: templateName, onCheck: setSaveTemplate, onName: setTemplateName }}
      />
    );
  })();

  return (
    <>
      <PageHeader
        title={editing ? t('promotions.form.editTitle', { name: editing.name }) : t('screen.promotionCreate')}
      />
      <Card className="promotion-form">
        <Steps
          current={step}
          size="small"
          // On a phone: dots with the titles under them, so the form starts near the top.
          {...(isPhone ? { type: 'dot' as const, titlePlacement: 'vertical' as const, responsive: false } : {})}
          items={steps.map((s, index) => ({ ...s, disabled: index > step || (editing !== undefined && index === 0) }))}
          onChange={(index) => index < step && setStep(index)}
          className="promotion-steps"
        />
        <Form layout="vertical" component="div" className="promotion-step-body">
          {body}
        </Form>
        <Space wrap className="promotion-form-actions">
          {step > (editing ? 1 : 0) ? <Button onClick={() => setStep(step - 1)}>{t('action.back')}</Button> : null}
          <Button onClick={() => void navigate(editing ? `/promotion/${editing.id}` : '/promotion')}>
            {t('promotions.form.cancel')}
          </Button>
          {step < 3 ? (
            <Button type="primary" onClick={next}>
              {t('action.next')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={create.isPending || update.isPending}
              disabled={saveTemplate && !templateName.trim()}
              onClick={() => void save()}
            >
              {t(editing ? 'promotions.form.saveChanges' : 'promotions.form.save')}
            </Button>
          )}
        </Space>
      </Card>
    </>
  );
}

/** `/promotion/create`. */
export function PromotionCreateScreen() {
  return <PromotionFormScreen />;
}
