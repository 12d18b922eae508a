import {
  cardGatewayOf,
  paymentGateways,
  type BusinessHours,
  type CardProgram,
  type PaymentGateway,
  type ProductTemplateInput,
} from '@sbo/contracts';
import { machineTypeByKind, type DeviceKind, type DeviceModel } from '@sbo/contracts/mqtt';
import type { Executor } from '../db/client';
import { deviceHardware, devices, placePaymentOptions, places, productTemplates } from '../db/schema';
import { demoCardPlaces, demoReaderCards } from './demo-cards';
import { deviceSecretKey, generateDeviceSecret, hashDeviceSecret, mosquittoHash } from '../lib/device-secret';

/** One simulated controller: the shape of the simulator's `--fleet` file. */
export type FleetEntry = {
  hwid: string;
  secret: string;
  kind: DeviceKind;
  model: DeviceModel;
  paidStart?: 'refuse';
  /** The machine has a card reader; simulated customers tap these card numbers. */
  cardReader?: { cards: string[] };
};

const week = (open: string, close: string) =>
  Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ open, close }]]),
  ) as BusinessHours['hours'];
const hours = (enabled: boolean, timezone: string): BusinessHours => ({
  enabled,
  timezone,
  hours: week('07:00', '23:00'),
});

const washCourses = [
  { course: 'standard', name: 'Standard', price: 6000, spentTime: 30 },
  { course: 'quick', name: 'Quick', price: 5000, spentTime: 21 },
  { course: 'heavy', name: 'Heavy', price: 8000, spentTime: 48 },
];
const templates: Record<string, ProductTemplateInput> = {
  wash: {
    name: 'Wash with additives',
    type: 'list',
    price: 6000,
    spentTime: 30,
    pulse: 1000,
    courses: [...washCourses, { course: 'bedding', name: 'Bedding', price: 9000, spentTime: 50 }],
    additives: [
      { type: 'detergent', price: 1000 },
      { type: 'softener', price: 1000 },
    ],
    notifyBeforePayment: 'Please check the pockets before washing.',
    notifyAfterPayment: '',
  },
  basicWash: {
    name: 'Basic wash',
    type: 'list',
    price: 6000,
    spentTime: 30,
    pulse: 1000,
    courses: washCourses,
    additives: [],
    notifyBeforePayment: '',
    notifyAfterPayment: '',
  },
  dry: {
    name: 'Dryer, 8 minutes a coin',
    type: 'list',
    price: 1000,
    spentTime: 8,
    dryPrice: 1000,
    dryLimit: 56,
    defaultDryTemp: 2,
    pulse: 1000,
    courses: [],
    additives: [],
    notifyBeforePayment: '',
    notifyAfterPayment: 'Thank you! Please take your laundry promptly.',
  },
  // A self-service bay runs on credit: a phone pays an amount of whole NT$10 coins from NT$20.
  bay: {
    name: 'Car wash bay, NT$10 coins',
    type: 'list',
    price: 2000,
    spentTime: 4,
    pulse: 1000,
    courses: [],
    additives: [],
    notifyBeforePayment: '',
    notifyAfterPayment: '',
  },
  water: {
    name: 'Purified water by the litre',
    type: 'unitProgressive',
    unitPrice: 200,
    unit: 'L',
    courses: [],
    additives: [],
    notifyBeforePayment: '',
    notifyAfterPayment: '',
  },
};

type DemoDevice = {
  hwid: string;
  name: string;
  kind: DeviceKind;
  model: DeviceModel;
  place: number;
  template?: string;
  /** The simulated machine refuses every paid start, so the demo shows an automatic refund. */
  paidStart?: 'refuse';
};
type DemoMerchant = {
  places: Array<{ title: string; address: string; type: number; open: boolean }>;
  /**
   * What every place accepts: cash at the machine and mobile payments. The demo sales are paid only
   * with what their place accepts (demo-sales.ts), so the payment screen lists what the records show.
   */
  gateways: PaymentGateway[];
  /** Places (by index) where each card program's cards pay at the machines: the card's gateway too. */
  cardPlaces?: Record<CardProgram, number[]>;
  devices: DemoDevice[];
  /** Cloud devices left unbound, and hardware left unbound, so binding can be tried. */
  unboundDevices: Array<Omit<DemoDevice, 'hwid'>>;
  spareHardware: Array<{ hwid: string; kind: DeviceKind; model: DeviceModel }>;
  /** The demo card numbers a card reader at this place taps (none: no card reader). */
  readerCards?: (placeIndex: number) => string[];
};

const sunny: DemoMerchant = {
  places: [
    { title: 'Sunny Laundry Xinyi', address: 'No. 5, Songren Road, Xinyi, Taipei', type: 3, open: true },
    { title: 'Sunny Laundry Da-an', address: 'No. 88, Section 2, Heping East Road, Taipei', type: 3, open: false },
    { title: 'Sunny Car Wash Neihu', address: 'No. 300, Section 1, Neihu Road, Taipei', type: 2, open: true },
    { title: 'Sunny Refill Corner Songshan', address: 'No. 12, Minsheng East Road, Taipei', type: 4, open: false },
  ],
  gateways: ['offline', 'LinePay', 'JkoPay', 'TWQR'],
  cardPlaces: demoCardPlaces,
  readerCards: demoReaderCards,
  devices: [
    { hwid: 'SUNNY-W01', name: 'Washer 1', kind: 'washer', model: 'AB3', place: 0, template: 'wash' },
    { hwid: 'SUNNY-W02', name: 'Washer 2', kind: 'washer', model: 'AB2', place: 0, template: 'basicWash' },
    { hwid: 'SUNNY-W03', name: 'Washer 3', kind: 'washer', model: 'AY', place: 0, template: 'basicWash' },
    { hwid: 'SUNNY-D01', name: 'Dryer 1', kind: 'dryer', model: 'AB3', place: 0, template: 'dry' },
    { hwid: 'SUNNY-D02', name: 'Dryer 2', kind: 'dryer', model: 'AY', place: 0, template: 'dry' },
    { hwid: 'SUNNY-WD1', name: 'Washer-dryer 1', kind: 'washerDryer', model: 'AB3', place: 0, template: 'wash' },
    { hwid: 'SUNNY-MC1', name: 'Coin changer', kind: 'coinChanger', model: 'MC1', place: 0 },
    // Its payment board is faulty: a consumer who pays at it is refunded (the demo's refund).
    {
      hwid: 'SUNNY-W04',
      name: 'Washer 4',
      kind: 'washer',
      model: 'AB3',
      place: 1,
      template: 'wash',
      paidStart: 'refuse',
    },
    { hwid: 'SUNNY-D03', name: 'Dryer 3', kind: 'dryer', model: 'AB2', place: 1, template: 'dry' },
    { hwid: 'SUNNY-CW1', name: 'Car wash bay 1', kind: 'carWash', model: 'CW1', place: 2, template: 'bay' },
    { hwid: 'SUNNY-WS1', name: 'Water station', kind: 'waterStation', model: 'WS1', place: 3, template: 'water' },
    { hwid: 'SUNNY-VM1', name: 'Snack vending', kind: 'vending', model: 'VM1', place: 3 },
  ],
  unboundDevices: [
    { name: 'Washer 5 (new)', kind: 'washer', model: 'AB3', place: 1 },
    { name: 'Drinks vending (new)', kind: 'vending', model: 'VM1', place: 3 },
  ],
  spareHardware: [
    { hwid: 'SUNNY-NEW01', kind: 'washer', model: 'AB3' },
    { hwid: 'SUNNY-NEW02', kind: 'vending', model: 'VM1' },
  ],
};

const harbor: DemoMerchant = {
  places: [{ title: 'Harbor Car Wash Port Klang', address: '12 Jalan Pelabuhan, Port Klang', type: 2, open: true }],
  gateways: ['offline', 'TouchNGo', 'GrabPay', 'DuitNow'],
  devices: [
    { hwid: 'HARBOR-CW1', name: 'Bay 1', kind: 'carWash', model: 'CW1', place: 0 },
    { hwid: 'HARBOR-CW2', name: 'Bay 2', kind: 'carWash', model: 'CW1', place: 0 },
  ],
  unboundDevices: [],
  spareHardware: [],
};

// Random like any device's: the demo fleet's secrets reach the simulator only through the fleet file.
// Registered for the merchant, as a service agent would: its spare hardware binds without a claim code.
async function registerHardware(
  tx: Executor,
  entry: { hwid: string; model: string },
  merchantId: number,
  deviceId: number | null,
) {
  const secret = generateDeviceSecret();
  await tx.insert(deviceHardware).values({
    hwid: entry.hwid,
    model: entry.model,
    merchantId,
    secretHash: hashDeviceSecret(await deviceSecretKey(tx), secret),
    brokerHash: mosquittoHash(secret),
    deviceId,
    boundAt: deviceId === null ? null : new Date(),
  });
  return secret;
}

/** A demo place's payment options: the merchant's gateways and the cards taken there, in catalogue order. */
function demoPlaceGateways(demo: Pick<DemoMerchant, 'gateways' | 'cardPlaces'>, placeIndex: number) {
  const cards = Object.entries(demo.cardPlaces ?? {}).flatMap(([program, at]) =>
    at.includes(placeIndex) ? [cardGatewayOf[program as CardProgram]] : [],
  );
  const accepted = new Set<PaymentGateway>([...demo.gateways, ...cards]);
  return paymentGateways.filter((gateway) => accepted.has(gateway));
}

async function seedMerchant(tx: Executor, merchantId: number, timezone: string, demo: DemoMerchant) {
  const placeIds: number[] = [];
  for (const [index, place] of demo.places.entries()) {
    const [row] = await tx
      .insert(places)
      .values({
        ...place,
        merchantId,
        servicePhone: '+886 2 2720 0000',
        description: '',
        businessHours: hours(place.open, timezone),
      })
      .returning({ id: places.id });
    placeIds.push(row!.id);
    await tx
      .insert(placePaymentOptions)
      .values({ merchantId, placeId: row!.id, gateways: demoPlaceGateways(demo, index) });
  }
  const templateIds = new Map<string, number>();
  const fleet: FleetEntry[] = [];
  const usedTemplates = new Set(demo.devices.flatMap((d) => (d.template ? [d.template] : [])));
  for (const key of usedTemplates) {
    const [row] = await tx
      .insert(productTemplates)
      .values({ ...templates[key]!, merchantId })
      .returning({ id: productTemplates.id });
    templateIds.set(key, row!.id);
  }
  const addDevice = async (d: Omit<DemoDevice, 'hwid'>, serial: string) => {
    const [row] = await tx
      .insert(devices)
      .values({
        merchantId,
        placeId: placeIds[d.place] ?? null,
        name: d.name,
        serialNum: serial,
        machineType: machineTypeByKind[d.kind],
        model: d.model,
        productId: d.template ? templateIds.get(d.template) : null,
      })
      .returning({ id: devices.id });
    return row!.id;
  };
  for (const device of demo.devices) {
    const id = await addDevice(device, `SN-${device.hwid}`);
    fleet.push({
      hwid: device.hwid,
      kind: device.kind,
      model: device.model,
      ...(device.paidStart ? { paidStart: device.paidStart } : {}),
      ...(demo.readerCards && device.kind !== 'coinChanger' && demo.readerCards(device.place).length > 0
        ? { cardReader: { cards: demo.readerCards(device.place) } }
        : {}),
      secret: await registerHardware(tx, device, merchantId, id),
    });
  }
  for (const [i, device] of demo.unboundDevices.entries()) await addDevice(device, `SN-NEW-${i + 1}`);
  for (const spare of demo.spareHardware)
    fleet.push({ ...spare, secret: await registerHardware(tx, spare, merchantId, null) });
  return fleet;
}

/** Places, templates, devices and registered hardware for the two demo merchants; returns the simulated fleet. */
export async function seedDemoFleet(
  tx: Executor,
  merchants: Array<{ id: number; timezone: string }>,
): Promise<FleetEntry[]> {
  const [first, second] = merchants;
  return [
    ...(first ? await seedMerchant(tx, first.id, first.timezone, sunny) : []),
    ...(second ? await seedMerchant(tx, second.id, second.timezone, harbor) : []),
  ];
}
