import type { DeviceKind, ProductPrices } from '@sbo/contracts/mqtt';
import type { StagePlan, WashStage } from './cycle-runner';

export type LaundryKind = Extract<DeviceKind, 'washer' | 'dryer' | 'washerDryer'>;
type Minutes = ReadonlyArray<readonly [WashStage, number]>;
type WashCourse = { coins: number; stages: Minutes; weight: number };

/** Wash programs per controller. AB2 has no third rinse; AY is a basic controller with one rinse. */
// prettier-ignore
const washCourses: Record<string, Record<string, WashCourse>> = {
  AB3: {
    standard: { coins: 6, weight: 50, stages: [['main', 12], ['rinsing1', 6], ['rinsing2', 6], ['spin', 6]] },
    quick: { coins: 5, weight: 25, stages: [['main', 8], ['rinsing1', 5], ['spin', 5]] },
    heavy: { coins: 8, weight: 15, stages: [['main', 18], ['rinsing1', 7], ['rinsing2', 7], ['rinsing3', 7], ['spin', 8]] },
    bedding: { coins: 9, weight: 10, stages: [['main', 15], ['rinsing1', 8], ['rinsing2', 8], ['rinsing3', 6], ['spin', 9]] },
  },
  AB2: {
    standard: { coins: 6, weight: 50, stages: [['main', 12], ['rinsing1', 6], ['rinsing2', 6], ['spin', 6]] },
    quick: { coins: 5, weight: 25, stages: [['main', 8], ['rinsing1', 5], ['spin', 5]] },
    heavy: { coins: 8, weight: 15, stages: [['main', 18], ['rinsing1', 8], ['rinsing2', 8], ['spin', 8]] },
    bedding: { coins: 9, weight: 10, stages: [['main', 15], ['rinsing1', 9], ['rinsing2', 9], ['spin', 9]] },
  },
  AY: {
    standard: { coins: 6, weight: 60, stages: [['main', 12], ['rinsing1', 8], ['spin', 6]] },
    quick: { coins: 5, weight: 30, stages: [['main', 8], ['rinsing1', 5], ['spin', 5]] },
    heavy: { coins: 8, weight: 10, stages: [['main', 18], ['rinsing1', 8], ['spin', 8]] },
  },
};

/** Dryer programs: the customer buys minutes; `delicate` always dries low. */
const dryCourses = { standard: { weight: 70 }, delicate: { weight: 20 }, bedding: { weight: 10 } } as const;
export const dryMinutesPerCoin = 8;
export const maxDryMinutes = 60;
/** AB controllers end a dry with a cool-down; AY stops the heater and unlocks. */
const coolMinutes = (model: string) => (model === 'AY' ? 0 : 3);
export const drumCleanPlan: StagePlan = toPlan([
  ['main', 8],
  ['rinsing1', 5],
  ['rinsing2', 5],
  ['spin', 4],
]);
export const drumCleanEvery = 40;

export const hasDrying = (kind: LaundryKind): boolean => kind !== 'washer';
export const hasWashing = (kind: LaundryKind): boolean => kind !== 'dryer';

export const coursesOf = (kind: LaundryKind, model: string): Array<readonly [string, number]> =>
  hasWashing(kind)
    ? Object.entries(washCourses[model] ?? washCourses.AB3!).map(([code, c]) => [code, c.weight] as const)
    : Object.entries(dryCourses).map(([code, c]) => [code, c.weight] as const);

/** Stages of one cycle: washing (if any), then drying and cooling (if any). */
export const planFor = (kind: LaundryKind, model: string, course: string, dryMinutes: number): StagePlan => {
  const wash = hasWashing(kind) ? ((washCourses[model] ?? washCourses.AB3!)[course]?.stages ?? []) : [];
  const cool = coolMinutes(model);
  const dry: Minutes = hasDrying(kind) ? [['dry', dryMinutes], ...(cool > 0 ? [['cool', cool] as const] : [])] : [];
  return toPlan([...wash, ...dry]);
};

/** Stages after washing, used when extending a dry after the cycle ended. */
export const dryPlan = (model: string, dryMinutes: number): StagePlan => {
  const cool = coolMinutes(model);
  return toPlan([['dry', dryMinutes], ...(cool > 0 ? [['cool', cool] as const] : [])]);
};

/** Price of a cycle from the pushed product template, else the built-in coin prices. */
export const priceFor = (
  kind: LaundryKind,
  model: string,
  course: string,
  dryMinutes: number,
  coin: number,
  prices: ProductPrices | null,
): number => {
  const builtIn = (washCourses[model] ?? washCourses.AB3!)[course]?.coins ?? 6;
  const washPrice = hasWashing(kind)
    ? (prices?.courses?.find((c) => c.course === course)?.price ?? prices?.price ?? builtIn * coin)
    : 0;
  const unitMinutes = prices?.spentTime ?? dryMinutesPerCoin;
  const unitPrice = prices?.dryPrice ?? (kind === 'dryer' ? prices?.price : undefined) ?? coin;
  const dryPrice = hasDrying(kind) ? Math.ceil(dryMinutes / unitMinutes) * unitPrice : 0;
  return washPrice + dryPrice;
};

export const isCourse = (kind: LaundryKind, model: string, course: string): boolean =>
  coursesOf(kind, model).some(([code]) => code === course);

function toPlan(minutes: Minutes): StagePlan {
  return minutes.map(([stage, m]) => ({ stage, seconds: m * 60 }));
}
