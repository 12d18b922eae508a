import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { EntityForm } from '../../src/components/ui/entity-form';

type Values = { title: string };

function PlaceLikeForm({
  readOnly,
  onFinish,
  onCancel,
}: {
  readOnly?: boolean;
  onFinish: (values: Values) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <EntityForm
      name="place"
      form={form}
      initialValues={{ title: 'Main street' }}
      onFinish={() => onFinish(form.getFieldsValue(true))}
      className="place-form"
      actionsClassName="place-form-actions"
      submitLabel="Save"
      onCancel={onCancel}
      readOnly={readOnly}
      extraActions={<button type="button">Delete</button>}
    >
      <Form.Item name="title" label="Title">
        <Input />
      </Form.Item>
    </EntityForm>
  );
}

describe('EntityForm', () => {
  it('shows its fields with their starting values and submits what was typed', async () => {
    const onFinish = vi.fn();
    render(<PlaceLikeForm onFinish={onFinish} onCancel={() => undefined} />);
    const title = screen.getByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Main street');
    expect(title.id).toBe('place_title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Harbour road{Enter}');
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ title: 'Harbour road' }));
  });

  it('puts the extra buttons first, then Cancel, then the submit button', async () => {
    const onCancel = vi.fn();
    const onFinish = vi.fn();
    render(<PlaceLikeForm onFinish={onFinish} onCancel={onCancel} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Delete', 'Cancel', 'Save']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('read only: the fields are disabled, Back leaves and nothing can be saved', async () => {
    const onCancel = vi.fn();
    render(<PlaceLikeForm readOnly onFinish={() => undefined} onCancel={onCancel} />);
    expect((screen.getByLabelText('Title') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    const back = screen.getByRole('button', { name: 'Back' });
    expect((back as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(back);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
