/**
 * The consumer's checkout at one machine, found by its controller's hardware id: the address a machine's
 * QR sticker holds. The consumer pages (`/custom/checkout`) read `hwid` from it.
 */
export function checkoutLink(hwid: string, origin: string = window.location.origin): string {
  const url = new URL('/custom/checkout', origin);
  url.searchParams.set('hwid', hwid);
  return url.href;
}
