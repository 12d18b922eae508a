import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageHost, type MessageHost } from '../../lib/messages';

/** Registers antd's App hooks (they follow the theme, locale and language) as the module-level message host. */
function Bridge() {
  const { modal, message, notification } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    const host: MessageHost = {
      showMessage: ({ type, title, content, cancel = false }) =>
        new Promise<boolean>((resolve) => {
          modal[type]({
            title: title ?? t(`alert.${type}`),
            content: <div className="message-dialog-content">{content}</div>,
            okText: t('alert.ok'),
            cancelText: t('alert.cancel'),
            okCancel: cancel,
            // Persistent: only its buttons close it, and Escape only when it can be cancelled.
            mask: { closable: false },
            keyboard: cancel,
            width: 'min(600px, calc(100vw - 32px))',
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      notify: (kind, type, content, durationMs) => {
        if (kind === 'toast') {
          void message.open({ type, content, duration: durationMs / 1000 });
          return;
        }
        notification[type]({ title: content, placement: 'bottom', duration: durationMs / 1000, role: 'status' });
      },
    };
    registerMessageHost(host);
    return () => registerMessageHost(null);
  }, [modal, message, notification, t]);

  return null;
}

/** Loaded on the first message; renders no element of its own. */
export function MessageHost() {
  return (
    <App component={false} message={{ maxCount: 3 }}>
      <Bridge />
    </App>
  );
}
