import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { CreateCloudDeviceCard } from './create-cloud-device-card';
import { HardwareTable } from './hardware-table';
import { PaymentCredentialsCard } from './payment-credentials-card';
import { RegisterHardwareCard } from './register-hardware-card';
import './admin.css';

/** `/admin`: the service agents' tools (role root only): controllers, their secrets, cloud devices and
 * the merchant's payment-provider credentials. */
export function AdminScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <div className="admin-forms">
        <RegisterHardwareCard />
        <CreateCloudDeviceCard />
        <PaymentCredentialsCard />
      </div>
      <HardwareTable />
    </>
  );
}
