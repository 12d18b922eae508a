/**
 * An invitation's code is a key to the merchant: once the accept page has read it from the address
 * (`/invite-accept?inviteCode=`), it leaves the address bar and the browser's history list. It stays only in
 * the state of that one history entry, so reloading the page (or coming Back to it) still shows the invitation.
 */
type EntryState = { usr?: unknown } & Record<string, unknown>;

function entryState(): EntryState | null {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as EntryState) : null;
}

function codeInEntry(): string {
  const usr = entryState()?.usr;
  const code = typeof usr === 'object' && usr !== null ? (usr as { inviteCode?: unknown }).inviteCode : undefined;
  return typeof code === 'string' ? code : '';
}

/**
 * The code of an invitation page: from its address, else (the same page reloaded after the code left the
 * address) from its history entry. `url` is the address being opened.
 */
export function pendingInviteCode(url: URL): string {
  const fromAddress = url.searchParams.get('inviteCode')?.trim();
  if (fromAddress) return fromAddress;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return samePage ? codeInEntry() : '';
}

/** Takes the code out of the address; this history entry keeps it (see above). */
export function takeInviteCodeFromAddress(code: string): void {
  const url = new URL(window.location.href);
  if (!code || !url.searchParams.has('inviteCode')) return;
  url.searchParams.delete('inviteCode');
  const state = entryState() ?? {};
  const usr = typeof state.usr === 'object' && state.usr !== null ? state.usr : {};
  // The router's own parts of the entry (its key and index) stay, so Back and Forward keep working.
  window.history.replaceState(
    { ...state, usr: { ...usr, inviteCode: code } },
    '',
    `${url.pathname}${url.search}${url.hash}`,
  );
}
