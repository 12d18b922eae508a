import { claimCodeProblem } from '@sbo/contracts';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type ClaimCodeFormProps = { initial: string; onSubmit: (claim: string) => void };

/**
 * Hardware registered for another merchant is bound with the claim code of its binding link (or
 * label): without the right code the api answers as for unknown hardware, so the screen offers it.
 */
export function ClaimCodeForm({ initial, onSubmit }: ClaimCodeFormProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('binding.claim.title')} size="small">
      <Form
        name="claimCode"
        layout="vertical"
        className="binding-claim"
        initialValues={{ claim: initial }}
        onFinish={({ claim }: { claim: string }) => onSubmit(claim.trim())}
      >
        <Typography.Paragraph type="secondary">{t('binding.claim.hint')}</Typography.Paragraph>
        <Form.Item
          name="claim"
          label={t('binding.claim.label')}
          rules={[
            { required: true, whitespace: true, message: t('rule.required', { field: t('binding.claim.label') }) },
            {
              // The label's code has 12 characters and no 0/O or 1/I/L: a typo is said before asking the server.
              validator: (_rule, value: string | undefined) => {
                const problem = value?.trim() ? claimCodeProblem(value) : null;
                if (!problem) return Promise.resolve();
                return Promise.reject(
                  new Error(
                    problem.rule === 'excludedCharacter'
                      ? t('rule.excludedCharacter', { character: problem.character })
                      : t('rule.exactLength', { length: problem.length }),
                  ),
                );
              },
            },
          ]}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('binding.claim.submit')}
        </Button>
      </Form>
    </Card>
  );
}
