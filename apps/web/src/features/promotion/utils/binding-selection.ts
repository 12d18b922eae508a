import type { PromotionBinding } from '@sbo/contracts';

type Place = PromotionBinding['places'][number];

/** The machines bound now: where the binding view starts. */
export function boundIds(binding: Pick<PromotionBinding, 'places'>): Set<number> {
  return new Set(binding.places.flatMap((place) => place.machines.filter((m) => m.bound).map((m) => m.id)));
}

/**
 * Select all of a place (or of every place): its machines that no other promotion holds. A machine
 * another promotion holds is chosen one by one, and then the api answers 1109004 naming it.
 */
export function selectAll(selected: ReadonlySet<number>, places: readonly Place[]): Set<number> {
  const next = new Set(selected);
  places.forEach((place) => place.machines.filter((m) => !m.conflict).forEach((m) => next.add(m.id)));
  return next;
}

/** Deselect all of a place (or of every place). */
export function deselectAll(selected: ReadonlySet<number>, places: readonly Place[]): Set<number> {
  const next = new Set(selected);
  places.forEach((place) => place.machines.forEach((m) => next.delete(m.id)));
  return next;
}

export function toggle(selected: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** How much of a place is chosen, for its checkbox: all, some (indeterminate) or none. */
export function placeState(selected: ReadonlySet<number>, place: Place): 'all' | 'some' | 'none' {
  const chosen = place.machines.filter((m) => selected.has(m.id)).length;
  if (chosen === 0) return 'none';
  return chosen === place.machines.length ? 'all' : 'some';
}

/** What `PUT promotion/{id}/binding` is sent: exactly the chosen machines. */
export function bindingBody(selected: ReadonlySet<number>) {
  return { deviceIds: [...selected].sort((a, b) => a - b), placeIds: [] };
}

/** The other promotion a 1109004 message names ("…another promotion: Mornings."), when it does. */
export function otherPromotionName(serverMessage: string | undefined): string | null {
  const match = /:\s*(.+?)\.?$/.exec(serverMessage ?? '');
  return match?.[1]?.trim() || null;
}
