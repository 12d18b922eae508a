import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardNumberDigits, isCardNumber } from '../utils/card-top-up';

/** The number printed on the card, 6 to 20 digits; spaces and dashes as on the card are fine. */
export function PhysicalCardForm({ onChosen }: { onChosen: (number: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      className="card-step-form"
      onFinish={({ number }: { number: string }) => onChosen(cardNumberDigits(number))}
    >
      <Form.Item
        name="number"
        label={t('cardTopUp.physical.number')}
        extra={t('cardTopUp.physical.hint')}
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              isCardNumber(cardNumberDigits(value ?? ''))
                ? Promise.resolve()
                : Promise.reject(new Error(t('cardTopUp.physical.invalid'))),
          },
        ]}
      >
        <Input size="large" inputMode="numeric" autoComplete="off" maxLength={30} data-testid="card-number-input" />
      </Form.Item>
      <Button type="primary" size="large" block htmlType="submit" className="checkout-pay">
        {t('cardTopUp.physical.continue')}
      </Button>
    </Form>
  );
}
