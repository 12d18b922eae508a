import type { BindableDevice } from '@sbo/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/** A cloud device as the binding lists it: name, machine type in the current language, model, serial, id. */
export function DeviceSummary({ device }: { device: BindableDevice }) {
  const { t } = useTranslation();
  return (
    <span>
      <span className="binding-device-name">{device.name || device.serialNum}</span>
      <span className="binding-device-meta">
        {t('binding.deviceMeta', {
          machine: device.machine.name[currentLanguage()],
          model: device.type,
          serial: device.serialNum,
          id: device.id,
        })}
      </span>
    </span>
  );
}
