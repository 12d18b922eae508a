import { beforeEach, describe, expect, it } from 'vitest';
import { showCommandFailure } from '../src/features/device/utils/remote-failure';
import { ApiError } from '../src/lib/api-errors';
import { installFakeUi } from './fake-ui';

let ui: ReturnType<typeof installFakeUi>;
beforeEach(() => {
  ui = installFakeUi();
});

describe('a failed device command', () => {
  it('that the device never answered says the connection timed out', () => {
    showCommandFailure(new ApiError({ code: 1702001, status: 478, text: 'Cannot get the machine status.' }));
    expect(ui.dialogs.map((dialog) => dialog.content)).toEqual([
      '1702001 - Connection timed out, check the device status.',
    ]);
  });

  it('that the device refused shows the code and its text', () => {
    showCommandFailure(new ApiError({ code: 1710001, status: 478, text: 'The device is not in standby.' }));
    expect(ui.dialogs.map((dialog) => dialog.content)).toEqual(['1710001 - The device is not in standby.']);
  });

  it('is shown once, and not at all when the client already showed it', () => {
    const error = new ApiError({ code: 1710002, status: 478, text: 'Coins cannot be dispensed right now.' });
    showCommandFailure(error);
    showCommandFailure(error);
    const shown = new ApiError({ code: 401, status: 401, text: 'expired' });
    shown.shown = true;
    showCommandFailure(shown);
    expect(ui.dialogs).toHaveLength(1);
  });
});
