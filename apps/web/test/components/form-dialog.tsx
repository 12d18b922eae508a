import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from '../../src/components/ui/form-dialog';

type Values = { note: string };

function NoteDialog({ onSubmit, onClose }: { onSubmit: (values: Values) => Promise<unknown>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog<Values>
      open
      title="Reject the account"
      okText="Reject"
      okButtonProps={{ danger: true }}
      pending={false}
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      intro={<p>Daisy · 812 0012345</p>}
    >
      <Form.Item name="note" label="Note" rules={[{ required: true, message: 'Say why' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('shows what it acts on above the fields, and its button submits the checked values', async () => {
    const onSubmit = vi.fn(async (_values: Values) => undefined);
    render(<NoteDialog onSubmit={onSubmit} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reject the account' });
    expect(dialog.textContent).toContain('Daisy · 812 0012345');
    await userEvent.type(screen.getByLabelText('Note'), 'Name differs');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ note: 'Name differs' }));
  });

  it('checks the fields first: nothing is submitted while one is wrong', async () => {
    const onSubmit = vi.fn(async (_values: Values) => undefined);
    render(<NoteDialog onSubmit={onSubmit} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await screen.findByText('Say why');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays open on a failed submission, and Cancel closes it', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(() => Promise.reject(new Error('refused')));
    render(<NoteDialog onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.type(await screen.findByLabelText('Note'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
