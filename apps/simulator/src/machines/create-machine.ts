import { CarWashBay } from './car-wash';
import { CoinChanger } from './coin-changer';
import { LaundryMachine } from './laundry';
import type { Machine } from './machine';
import type { MachineSetup } from './machine-types';
import { VendingMachine } from './vending';
import { WaterStation } from './water-station';

export const createMachine = (setup: MachineSetup): Machine => {
  switch (setup.kind) {
    case 'washer':
    case 'dryer':
    case 'washerDryer':
      return new LaundryMachine({ ...setup, kind: setup.kind });
    case 'carWash':
      return new CarWashBay(setup);
    case 'vending':
      return new VendingMachine(setup);
    case 'waterStation':
      return new WaterStation(setup);
    case 'coinChanger':
      return new CoinChanger(setup);
  }
};
