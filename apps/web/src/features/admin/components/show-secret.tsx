import { Typography } from 'antd';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/messages';
import type { RegisteredHardware } from '../api/hardware-secrets';

/** The binding link of the controller's QR code: the binding screen reads the claim code from it. */
const bindingLink = (hwid: string, claimCode: string) =>
  `${window.location.origin}/device/binding/${encodeURIComponent(hwid)}?claim=${encodeURIComponent(claimCode)}`;

/**
 * The device secret is shown this once; the server keeps only its hash. So are, for new hardware,
 * the claim code and binding link that let the merchant who receives it bind it.
 */
export function showSecret(
  hardware: Pick<RegisteredHardware, 'hwid' | 'secret'> & { claimCode?: string },
  titleKey: string,
): Promise<boolean> {
  return showMessage({
    type: 'success',
    title: i18n.t(titleKey),
    content: (
      <div className="admin-secret">
        <p>{i18n.t('admin.secret.onlyOnce', { hwid: hardware.hwid })}</p>
        <Typography.Text code copyable data-testid="device-secret">
          {hardware.secret}
        </Typography.Text>
        {hardware.claimCode ? (
          <>
            <p>{i18n.t('admin.claim.onlyOnce')}</p>
            <p>
              {i18n.t('admin.claim.code')}:{' '}
              <Typography.Text code copyable data-testid="claim-code">
                {hardware.claimCode}
              </Typography.Text>
            </p>
            <p>
              {i18n.t('admin.claim.link')}:{' '}
              <Typography.Text copyable data-testid="binding-link">
                {bindingLink(hardware.hwid, hardware.claimCode)}
              </Typography.Text>
            </p>
          </>
        ) : null}
      </div>
    ),
  });
}
