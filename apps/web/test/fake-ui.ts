import { registerMessageHost, type MessageOptions } from '../src/lib/messages';
import { registerNavigator } from '../src/lib/navigation';

/** Stands in for the mounted UI: records dialogs and navigations; every dialog is confirmed. */
export function installFakeUi() {
  const dialogs: MessageOptions[] = [];
  const navigations: string[] = [];
  registerMessageHost({
    showMessage: async (options) => {
      dialogs.push(options);
      return true;
    },
    notify: () => undefined,
  });
  registerNavigator((path) => navigations.push(path));
  return { dialogs, navigations };
}
