/** Which machine a checkout address names: `?hwid=` (the QR code on the machine) or `?deviceId=`. */
export type MachineSelector = { hwid: string } | { deviceId: number };

/** The machine a checkout page's query names, or null when it names none (read by the page and the api alike). */
export function machineSelector(search: URLSearchParams): MachineSelector | null {
  const hwid = search.get('hwid')?.trim();
  if (hwid) return hwid.length <= 64 ? { hwid } : null;
  const deviceId = Number(search.get('deviceId'));
  return Number.isInteger(deviceId) && deviceId > 0 && deviceId <= 2_147_483_647 ? { deviceId } : null;
}

/** The card programs by name (kept free of the schemas: the consumer entry imports this file). */
export const cardProgramNames = ['vip', 'ok'] as const;

/** Which place a card page names, and which card: `?placeId=` or `?hwid=` (a machine there), `?program=ok`. */
export type CardOfferSelector = ({ placeId: number } | { hwid: string }) & {
  program: (typeof cardProgramNames)[number];
};

/**
 * Which place a card page is for: `?placeId=` or `?hwid=` (a machine's QR code there), and which program
 * (`?program=ok` for the OK card; the member card otherwise). Null when the address names no place.
 */
export function cardOfferSelector(search: URLSearchParams): CardOfferSelector | null {
  const requested = search.get('program');
  const program = cardProgramNames.find((known) => known === requested) ?? 'vip';
  const hwid = search.get('hwid')?.trim();
  if (hwid) return hwid.length <= 64 ? { hwid, program } : null;
  const placeId = Number(search.get('placeId'));
  return Number.isInteger(placeId) && placeId > 0 && placeId <= 2_147_483_647 ? { placeId, program } : null;
}
