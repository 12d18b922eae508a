import { Typography } from 'antd';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/messages';
import type { RegisteredHardware } from '../api/hardware-secrets';

/** The device secret is shown this once; the server keeps only its hash. */
export function showSecret(hardware: RegisteredHardware, titleKey: string): Promise<boolean> {
  return showMessage({
    type: 'success',
    title: i18n.t(titleKey),
    content: (
      <div className="admin-secret">
        <p>{i18n.t('admin.secret.onlyOnce', { hwid: hardware.hwid })}</p>
        <Typography.Text code copyable data-testid="device-secret">
          {hardware.secret}
        </Typography.Text>
      </div>
    ),
  });
}
