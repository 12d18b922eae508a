/**
 * What an AB controller's settings (`state.config`) mean, in the order of its own set-up menu: panel,
 * coin acceptor and door, then what the drum does. `money` values are integer minor units of the
 * merchant's currency; other units are shown beside the number. A key not listed here (a newer
 * controller's) is shown under its raw name.
 */
export type AbSettingUnit = 'money' | 'percent' | 'seconds' | 'minutes' | 'celsius' | 'rpm' | 'cycles';

type AbSettingMeaning = { id: string; unit?: AbSettingUnit };

const meanings: Readonly<Record<string, AbSettingMeaning>> = {
  'panel.language': { id: 'panelLanguage' },
  'panel.brightness': { id: 'panelBrightness', unit: 'percent' },
  'panel.buzzer': { id: 'panelBuzzer' },
  'coin.pulseValue': { id: 'coinPulseValue', unit: 'money' },
  'coin.maxCredit': { id: 'coinMaxCredit', unit: 'money' },
  'door.lockDelaySeconds': { id: 'doorLockDelay', unit: 'seconds' },
  childLock: { id: 'childLock' },
  'wash.maxSpinRpm': { id: 'washMaxSpin', unit: 'rpm' },
  'wash.waterLevel': { id: 'washWaterLevel' },
  'wash.rinses': { id: 'washRinses' },
  'wash.temperatureC': { id: 'washTemperature', unit: 'celsius' },
  'drumClean.everyCycles': { id: 'drumCleanEvery', unit: 'cycles' },
  'dry.maxMinutes': { id: 'dryMaxMinutes', unit: 'minutes' },
  'dry.defaultTemp': { id: 'dryDefaultHeat' },
  'dry.coolDownMinutes': { id: 'dryCoolDown', unit: 'minutes' },
  'dry.minutesPerCoin': { id: 'dryMinutesPerCoin', unit: 'minutes' },
};

const menuOrder = Object.keys(meanings);

/** The setting's text id (`devices.ab.setting.<id>`) and unit, or undefined for a key we do not know. */
export const abSettingMeaning = (name: string): AbSettingMeaning | undefined => meanings[name];

/** Known settings in the controller's menu order, then unknown ones by name. */
export function orderAbSettings(names: readonly string[]): string[] {
  const rank = (name: string) => {
    const index = menuOrder.indexOf(name);
    return index < 0 ? menuOrder.length : index;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
