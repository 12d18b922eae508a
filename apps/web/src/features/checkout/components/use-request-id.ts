import { useState } from 'react';

/**
 * One `clientRequestId` per intended payment on this screen: a double tap or a retry of the same choice
 * sends the same id (the api answers the same order), while another course or method is another order.
 */
export function useRequestId(choice: string): string {
  const [ids] = useState(() => new Map<string, string>());
  let id = ids.get(choice);
  if (!id) {
    id = crypto.randomUUID();
    ids.set(choice, id);
  }
  return id;
}
