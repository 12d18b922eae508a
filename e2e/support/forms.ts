import type { Locator, Page } from 'playwright-core';

/** Picks an option of an antd Select found by its accessible name (within `scope`, e.g. one card). */
export async function chooseOption(
  page: Page,
  selectName: string | RegExp,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  // A dropdown of the pick before, still closing, would take this click as "close" and none would open.
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
  await scope.getByRole('combobox', { name: selectName }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** The newest message dialog (antd confirm modal): confirmations and error texts. */
export function messageDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm:not(.ant-zoom-leave)').last();
}

/** Answers the newest dialog with OK and waits until that dialog has gone. */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = messageDialog(page);
  await dialog.getByRole('button', { name: 'OK' }).waitFor();
  const handle = await dialog.elementHandle();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await handle?.waitForElementState('hidden');
}
