import { Form, Input, Modal, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceChoice } from '../../../lib/picker-queries';
import { useDeviceChoices, usePlaceChoices } from '../api/pickers';
import { useStartTrip } from '../api/start-trip';

type StartTripDialogProps = { open: boolean; onClose: () => void; onStarted: (tripId: number) => void };
type Scope = 'places' | 'devices';
type StartValues = { placeIds?: number[]; deviceIds?: number[]; note?: string };

/** Starts a trip over whole places or chosen machines; their cash-box amounts are noted now. */
export function StartTripDialog({ open, onClose, onStarted }: StartTripDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StartValues>();
  const [scope, setScope] = useState<Scope>('places');
  const places = usePlaceChoices(open);
  const devices = useDeviceChoices(open && scope === 'devices');
  const start = useStartTrip();

  const submit = async (values: StartValues) => {
    const trip = await start.mutateAsync({
      placeIds: scope === 'places' ? (values.placeIds ?? []) : [],
      deviceIds: scope === 'devices' ? (values.deviceIds ?? []) : [],
      note: values.note?.trim() ?? '',
    });
    form.resetFields();
    onStarted(trip.id);
  };

  const field = scope === 'places' ? 'placeIds' : 'deviceIds';
  return (
    <Modal
      open={open}
      title={t('cashbox.startTitle')}
      okText={t('cashbox.start')}
      cancelText={t('alert.cancel')}
      okButtonProps={{ loading: start.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Segmented<Scope>
        block
        value={scope}
        onChange={setScope}
        options={[
          { value: 'places', label: t('cashbox.byPlace') },
          { value: 'devices', label: t('cashbox.byMachine') },
        ]}
        className="cashbox-scope"
      />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values).catch(() => undefined)}>
        <Form.Item
          key={field}
          name={field}
          label={t(scope === 'places' ? 'cashbox.places' : 'cashbox.machines')}
          rules={[{ required: true, type: 'array', min: 1, message: t('cashbox.chooseOne') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="trip-scope-select"
            loading={scope === 'places' ? places.isPending : devices.isPending}
            placeholder={t(scope === 'places' ? 'cashbox.choosePlaces' : 'cashbox.chooseMachines')}
            options={
              scope === 'places'
                ? (places.data?.items ?? []).map((place) => ({ value: place.id, label: place.title }))
                : (devices.data?.items ?? []).map(deviceChoice)
            }
          />
        </Form.Item>
        <Form.Item name="note" label={t('cashbox.note')}>
          <Input maxLength={200} placeholder={t('cashbox.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
