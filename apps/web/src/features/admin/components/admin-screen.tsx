import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { CreateCloudDeviceCard } from './create-cloud-device-card';
import { HardwareTable } from './hardware-table';
import { RegisterHardwareCard } from './register-hardware-card';
import './admin.css';

/** `/admin`: the service agents' tools (role root only): controllers, their secrets and cloud devices. */
export function AdminScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <div className="admin-forms">
        <RegisterHardwareCard />
        <CreateCloudDeviceCard />
      </div>
      <HardwareTable />
    </>
  );
}
