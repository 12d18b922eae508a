import { productTemplateInput, type ProductTemplateInput } from '@sbo/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-errors';
import { clearedErrors, fieldErrors, issuesFromDetails, type FieldPath } from '../../../lib/contract-form';
import { formatMoney, formatNumber } from '../../../lib/format';
import { showMessage } from '../../../lib/messages';
import { isMoneyPath, toTemplateInput, type ProductFormValues } from './product-values';

const courseLabels: Record<string, string> = { course: 'code', spentTime: 'minutes' };

/**
 * The template form's checks: the contract's own schema before sending (every spec message at
 * once, on its field), then the server's field details (device version) after.
 */
export function useProductFormCheck(
  currency: string,
  exponent: number,
  save: (input: ProductTemplateInput) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const [form] = Form.useForm();

  const labelOf = (path: FieldPath) => {
    const field = path.filter((part): part is string => typeof part === 'string');
    const last = field[field.length - 1] ?? 'name';
    if (field[0] === 'courses' && field.length > 1) return t(`products.course.${courseLabels[last] ?? last}`);
    if (field[0] === 'additives' && field.length > 1) return t(`products.additive.${last}`);
    return t(`products.field.${last}`);
  };
  const formatValue = (path: FieldPath, value: number) =>
    isMoneyPath(path) ? formatMoney(value, currency) : formatNumber(value);
  const ownTexts: Record<string, string> = {
    'duplicate course': t('products.rule.duplicateCourse'),
    'duplicate additive': t('products.rule.duplicateAdditive'),
  };
  const showIssues = (issues: Parameters<typeof fieldErrors>[0]) =>
    form.setFields(fieldErrors(issues, labelOf, { formatValue, ownText: (issue) => ownTexts[issue.message] }));

  const submit = async () => {
    form.setFields(clearedErrors(form.getFieldsError()));
    const input = toTemplateInput(form.getFieldsValue(true) as ProductFormValues, exponent);
    const parsed = productTemplateInput.safeParse(input);
    if (!parsed.success) return showIssues(parsed.error.issues);
    try {
      await save(parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const details = error.details.map((d) => ({ ...d, path: d.path.replace(/^body\.?/, '') }));
      if (error.status === 400 && details.length > 0) showIssues(issuesFromDetails(details));
      else if (!error.shown) void showMessage({ type: 'error', content: error.message });
    }
  };

  return { form, submit };
}
