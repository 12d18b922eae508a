import type { DeviceKind } from '@sbo/contracts/mqtt';
import type { CurrencyProfile } from '../currency';
import { drumCleanEvery, maxDryMinutes } from './laundry-programs';

type Config = Record<string, number | boolean | string>;

const languageOf: Record<string, string> = {
  TWD: 'zh-TW',
  HKD: 'zh-HK',
  CNY: 'zh-CN',
  THB: 'th',
  VND: 'vi',
  MYR: 'ms',
};

/**
 * The settings an AB laundry controller reports (`state.config`), as its own set-up menu holds them:
 * panel, coin acceptor and door, then what the drum can do. Other controllers keep an empty one.
 */
export function abControllerConfig(kind: DeviceKind, model: string, currency: CurrencyProfile): Config {
  if (!model.startsWith('AB')) return {};
  const config: Config = {
    'panel.language': languageOf[currency.code] ?? 'en',
    'panel.brightness': 80,
    'panel.buzzer': true,
    'coin.pulseValue': currency.coin,
    'coin.maxCredit': currency.coin * 50,
    'door.lockDelaySeconds': 5,
    childLock: false,
  };
  if (kind === 'washer' || kind === 'washerDryer') {
    Object.assign(config, {
      'wash.maxSpinRpm': model === 'AB3' ? 1200 : 1000,
      'wash.waterLevel': 'mid',
      'wash.rinses': 2,
      'wash.temperatureC': 40,
      'drumClean.everyCycles': drumCleanEvery,
    });
  }
  if (kind === 'dryer' || kind === 'washerDryer') {
    Object.assign(config, {
      'dry.maxMinutes': maxDryMinutes,
      'dry.defaultTemp': 2,
      'dry.coolDownMinutes': 3,
      'dry.minutesPerCoin': 6,
    });
  }
  return config;
}
