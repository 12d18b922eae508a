import type { RemoteAction, RemoteCommand } from '@sbo/contracts';
import { toMinorUnits } from './money';

/** What the confirmation dialog asks for before sending an action. */
type ActionParameter = 'none' | 'amount' | 'minutes' | 'dryTemp' | 'course' | 'optionalCourse' | 'coinCount';

export const actionParameter: Record<RemoteAction, ActionParameter> = {
  insertCoin: 'amount',
  extendDrying: 'minutes',
  resetDrumClean: 'none',
  resetPaidAmount: 'none',
  clearError: 'none',
  startCycle: 'optionalCourse',
  pauseCycle: 'none',
  resumeCycle: 'none',
  terminateCycle: 'none',
  skipStage: 'none',
  changeTemperature: 'dryTemp',
  changeCourse: 'course',
  startDrumClean: 'none',
  pauseMachine: 'none',
  resumeMachine: 'none',
  removeBubbles: 'none',
  rebootTablet: 'none',
  dispenseCoins: 'coinCount',
};

/** Groups on the remote-control panel, in the order an operator reaches for them. */
export const actionGroups: ReadonlyArray<{ key: string; actions: readonly RemoteAction[] }> = [
  { key: 'cycle', actions: ['startCycle', 'pauseCycle', 'resumeCycle', 'skipStage', 'terminateCycle'] },
  { key: 'settings', actions: ['changeCourse', 'changeTemperature', 'extendDrying', 'removeBubbles'] },
  { key: 'money', actions: ['insertCoin', 'dispenseCoins', 'resetPaidAmount'] },
  {
    key: 'machine',
    actions: ['pauseMachine', 'resumeMachine', 'clearError', 'startDrumClean', 'resetDrumClean', 'rebootTablet'],
  },
];

/** The supported actions of a device, grouped; groups with nothing supported are left out. */
export function groupActions(supported: readonly RemoteAction[]) {
  const offered = new Set(supported);
  return actionGroups
    .map((group) => ({ key: group.key, actions: group.actions.filter((action) => offered.has(action)) }))
    .filter((group) => group.actions.length > 0);
}

/** Actions that stop a customer's running cycle or take money: shown as dangerous. */
export const dangerousActions: ReadonlySet<RemoteAction> = new Set(['terminateCycle', 'pauseMachine', 'dispenseCoins']);

// Course codes of the device protocol (docs/device-protocol.md, `currentCourse`), per machine kind and model.
const washCourses = ['standard', 'quick', 'heavy', 'bedding'];
const coursesByKind: Record<string, readonly string[]> = {
  washer: washCourses,
  washerDryer: washCourses,
  dryer: ['standard', 'delicate', 'bedding'],
  carWash: ['basic', 'deluxe', 'premium'],
  waterStation: ['5L', '10L', '20L'],
};

/** Courses a machine offers for start and change of course; the basic AY controller has no bedding course. */
export function coursesOf(kind: string | null, model: string): readonly string[] {
  const courses = (kind && coursesByKind[kind]) || [];
  return model === 'AY' && kind !== 'dryer' ? courses.filter((course) => course !== 'bedding') : courses;
}

type CourseChoice = { value: string; label: string };

/**
 * The courses to offer: those of the template the machine sells (its names and prices, as the customer
 * sees them) when it has any, else the protocol's courses for the machine's kind and model.
 */
export function courseChoices(
  template: readonly { course: string; name?: string; price: number }[] | undefined,
  kind: string | null,
  model: string,
  protocolLabel: (course: string) => string,
  price: (minor: number) => string,
): CourseChoice[] {
  if (template && template.length > 0) {
    return template.map((course) => ({
      value: course.course,
      label: `${course.name?.trim() || protocolLabel(course.course)} · ${price(course.price)}`,
    }));
  }
  return coursesOf(kind, model).map((course) => ({ value: course, label: protocolLabel(course) }));
}

/** What the confirmation dialog collected for an action's parameter. */
export type ActionValues = {
  amount?: number | null;
  minutes?: number | null;
  dryTemp?: number;
  course?: string;
  coins?: number | null;
};

/** Builds the command from what the dialog collected; null while a required value is missing. */
export function toCommand(
  action: RemoteAction,
  values: ActionValues,
  currency: string,
  coinValue: number | null,
): RemoteCommand | null {
  switch (actionParameter[action]) {
    case 'amount':
      return values.amount ? { action: 'insertCoin', params: { amount: toMinorUnits(values.amount, currency) } } : null;
    case 'minutes':
      return values.minutes ? { action: 'extendDrying', params: { minutes: values.minutes } } : null;
    case 'dryTemp':
      return values.dryTemp === 1 || values.dryTemp === 2 || values.dryTemp === 3
        ? { action: 'changeTemperature', params: { dryTemp: values.dryTemp } }
        : null;
    case 'course':
      return values.course ? { action: 'changeCourse', params: { course: values.course } } : null;
    case 'optionalCourse':
      return { action: 'startCycle', params: values.course ? { course: values.course } : {} };
    case 'coinCount':
      if (!values.coins) return null;
      return coinValue
        ? { action: 'dispenseCoins', params: { amount: values.coins * coinValue } }
        : { action: 'dispenseCoins', params: { amount: toMinorUnits(values.coins, currency) } };
    default:
      return { action, params: {} } as RemoteCommand;
  }
}
