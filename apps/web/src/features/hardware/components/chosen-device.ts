/**
 * The cloud device picked for a hardware id, remembered (spec section 4) so that a reload,
 * a merchant switch or a failed attempt comes back to the same choice, and kept after binding.
 */
const keyOf = (hwid: string) => `binding.chosenDevice.${hwid}`;

export function rememberChosenDevice(hwid: string, deviceCloudID: number): void {
  try {
    localStorage.setItem(keyOf(hwid), String(deviceCloudID));
  } catch {
    // Private browsing without storage: the choice is simply not remembered.
  }
}

export function chosenDevice(hwid: string): number | null {
  try {
    const id = Number(localStorage.getItem(keyOf(hwid)));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
