/** Which machine a checkout address names: `?hwid=` (the QR code on the machine) or `?deviceId=`. */
export type MachineSelector = { hwid: string } | { deviceId: number };

/** The machine a checkout page's query names, or null when it names none (read by the page and the api alike). */
export function machineSelector(search: URLSearchParams): MachineSelector | null {
  const hwid = search.get('hwid')?.trim();
  if (hwid) return hwid.length <= 64 ? { hwid } : null;
  const deviceId = Number(search.get('deviceId'));
  return Number.isInteger(deviceId) && deviceId > 0 && deviceId <= 2_147_483_647 ? { deviceId } : null;
}
