/**
 * The error catalogue of spec section 8. Every code the server may answer with
 * lives here with a stable identifier and an English text; the web translates
 * by code (`error.<code>`), and the server throws only codes from this table.
 */
type CatalogueEntry = { code: number; id: string; en: string };

const transport = [
  { code: 400, id: 'INVALID_REQUEST', en: 'The entered information is wrong.' },
  { code: 401, id: 'CERTIFICATE_EXPIRED', en: 'Your certificate has expired. Please log in again.' },
  { code: 404, id: 'NOT_FOUND', en: 'The requested address does not exist.' },
  { code: 429, id: 'TOO_MANY_REQUESTS', en: 'Too many requests. Please wait a moment and try again.' },
  { code: 478, id: 'CONNECTION_TIMEOUT', en: 'Connection timeout.' },
] as const satisfies readonly CatalogueEntry[];

const session = [
  { code: 10001, id: 'LOGIN_REQUIRED', en: 'Sign-in failed. Please log in again.' },
  { code: 10002, id: 'CERTIFICATE_MISSING', en: 'Your certificate is missing. Please log in again.' },
  { code: 10003, id: 'CERTIFICATE_INVALID', en: 'Your certificate has expired. Please log in again.' },
  { code: 10004, id: 'LINE_ACCOUNT_UNREGISTERED', en: 'This LINE account is not registered.' },
  { code: 10005, id: 'DATA_NOT_FOUND', en: 'Data not found.' },
  { code: 10006, id: 'LINE_PERMISSION_NOT_GRANTED', en: 'LINE permission was not granted.' },
  { code: 10007, id: 'LINE_PERMISSION_DENIED', en: 'LINE permission was not granted.' },
  { code: 10008, id: 'SMS_FAILED', en: 'The SMS could not be sent.' },
  { code: 10009, id: 'SMS_TOO_FREQUENT', en: 'Please do not send SMS requests too frequently.' },
  { code: 10010, id: 'PAYMENT_FAILED', en: 'Payment failed. Please contact customer support.' },
  { code: 1101001, id: 'MERCHANT_LOGIN_REQUIRED', en: 'Please log in again.' },
  {
    code: 1101002,
    id: 'MERCHANT_CERTIFICATE_MISSING',
    en: 'Your merchant certificate is missing. Please log in again.',
  },
  {
    code: 1101003,
    id: 'MERCHANT_CERTIFICATE_EXPIRED',
    en: 'Your merchant certificate has expired. Please log in again.',
  },
  {
    code: 1101004,
    id: 'MERCHANT_CERTIFICATE_REVOKED',
    en: 'Your merchant certificate is no longer valid. Please log in again.',
  },
  { code: 1001003, id: 'SESSION_INVALID', en: 'Your sign-in session is invalid. Please log in again.' },
  { code: 1001004, id: 'SESSION_EXPIRED', en: 'Your sign-in session has expired. Please log in again.' },
  { code: 1001005, id: 'ACCOUNT_DISABLED', en: 'This account has been disabled. Please log in again.' },
] as const satisfies readonly CatalogueEntry[];

const serverErrors: CatalogueEntry[] = range(11001, 11008, (n) => ({
  id: n === 11001 ? 'SERVER_ERROR' : `SERVER_ERROR_${n}`,
  en: 'Server error. Please contact customer support.',
}));

const settlement: CatalogueEntry[] = [
  { code: 1001, id: 'CARD_SETTLEMENT_FAILED', en: 'Card settlement failed.' },
  { code: 1002, id: 'EVOUCHER_SETTLEMENT_FAILED', en: 'E-voucher settlement failed.' },
  { code: 1003, id: 'CARD_EVOUCHER_SETTLEMENT_FAILED', en: 'Card and e-voucher settlement failed.' },
];

const business = [
  { code: 1102003, id: 'BINDING_FAILED', en: 'Binding failed.' },
  { code: 1102004, id: 'DEVICE_NOT_FOUND', en: 'The device does not exist.' },
  { code: 1102005, id: 'DEVICE_INVALID', en: 'The device is invalid.' },
  { code: 1102006, id: 'DEVICE_UNBOUND', en: 'The device is not bound.' },
  { code: 1102007, id: 'PLACE_NOT_FOUND', en: 'The place was not found.' },
  { code: 1102008, id: 'NAME_EMPTY', en: 'The name cannot be empty.' },
  { code: 1102009, id: 'DEVICE_ALREADY_BOUND', en: 'This device is already bound.' },
  { code: 1103001, id: 'QUERY_RANGE_TOO_LONG', en: 'The query interval cannot exceed three months.' },
  { code: 1103002, id: 'CARD_TOP_UP_UNSUPPORTED', en: 'This card does not support top-up.' },
  { code: 1103003, id: 'CARD_DISABLED', en: 'This card is disabled.' },
  { code: 1104001, id: 'MERCHANT_MEMBER_NOT_FOUND', en: 'You are not a member of this merchant.' },
  { code: 1104002, id: 'NO_WITHDRAWABLE_AMOUNT', en: 'There is no withdrawable amount.' },
  { code: 1104003, id: 'BANK_ACCOUNT_INVALID', en: 'The bank account is invalid or not verified.' },
  { code: 1104004, id: 'INVITATION_CODE_INVALID', en: 'The invitation code is invalid.' },
  { code: 1104005, id: 'INVITER_NOT_FOUND', en: 'The inviter no longer exists.' },
  { code: 1104006, id: 'MEMBER_ALREADY_EXISTS', en: 'This person is already a member.' },
  {
    code: 1104007,
    id: 'DEVICE_TARGETING_NEEDS_DEVICES',
    en: 'Device targeting must be enabled with at least one assigned device.',
  },
  { code: 1104008, id: 'DEVICES_NOT_OF_MERCHANT', en: 'Some devices do not belong to this merchant.' },
  { code: 1104009, id: 'USER_OR_MERCHANT_NOT_FOUND', en: 'The user or merchant does not exist.' },
  { code: 1104010, id: 'BANK_ACCOUNT_EXISTS', en: 'This bank account already exists.' },
  { code: 1104011, id: 'ID_NUMBER_INVALID', en: 'The ID number is invalid.' },
  { code: 1104012, id: 'BANK_BOOK_NOT_OF_MERCHANT', en: 'This bank book does not belong to this merchant.' },
  { code: 1104013, id: 'CANNOT_DELETE_SELF', en: 'You cannot delete yourself.' },
  { code: 1104014, id: 'ROLE_PERMISSION_SYNC_FAILED', en: 'Role permissions could not be synchronised.' },
  { code: 1104015, id: 'MEMBER_SUSPENDED', en: 'Your membership of this merchant is suspended.' },
  { code: 1104016, id: 'PERMISSION_DENIED', en: 'Your role does not allow this action.' },
  { code: 1104017, id: 'PAYMENT_OPTION_ABNORMAL', en: 'The payment option is abnormal.' },
  { code: 1104018, id: 'MOBILE_PAYMENT_NOT_ENABLED', en: 'This merchant has not enabled mobile payment.' },
  { code: 1104019, id: 'CANNOT_CHANGE_SELF', en: 'You cannot change your own role, groups or suspension.' },
  { code: 1105001, id: 'PLACE_INVALID', en: 'The place is invalid.' },
  { code: 1105002, id: 'PLACE_HAS_DEVICES', en: 'Delete failed: devices remain at this place.' },
  { code: 1105003, id: 'PLACE_NOT_DELETABLE', en: 'This place cannot be deleted.' },
  { code: 1106001, id: 'TIME_RANGE_INVALID', en: 'The time range is invalid.' },
  { code: 1107001, id: 'TEMPLATE_NOT_FOUND', en: 'The product template does not exist.' },
  { code: 1107002, id: 'TEMPLATE_IN_USE', en: 'The product template is still used by devices.' },
  { code: 1107003, id: 'TEMPLATE_UNAVAILABLE', en: 'The product template is unavailable.' },
  { code: 1109001, id: 'PROMOTION_TEMPLATE_NOT_FOUND', en: 'The promotion template does not exist.' },
  { code: 1109002, id: 'PROMOTION_NOT_FOUND', en: 'The promotion does not exist.' },
  { code: 1109003, id: 'PROMOTION_NOT_OF_MERCHANT', en: 'This promotion does not belong to this merchant.' },
  { code: 1109004, id: 'PROMOTION_DEVICE_TIME_OVERLAP', en: "The device's binding time overlaps another promotion." },
] as const satisfies readonly CatalogueEntry[];

/** The product's own refusals beyond spec section 8: unused numbers at the end of each area's family. */
const ownRefusals = [
  { code: 10011, id: 'SIGN_IN_EMAIL_NOT_SHARED', en: 'The sign-in service did not share an email address.' },
  {
    code: 10012,
    id: 'SIGN_IN_SERVICE_UNREACHABLE',
    en: 'The sign-in service cannot be reached. Please try again later.',
  },
  {
    code: 10013,
    id: 'SETTING_UP',
    en: 'The back-office is being set up: it opens once its first root account is created.',
  },
  { code: 10014, id: 'PAYMENT_NOT_SET_UP', en: 'Pay by phone is not set up here.' },
  { code: 10015, id: 'LINE_NOT_SET_UP', en: 'LINE is not set up on this server.' },
  { code: 1102010, id: 'HARDWARE_ID_INVALID', en: 'The hardware id is invalid.' },
  { code: 1102011, id: 'CONTROLLER_MODEL_MISMATCH', en: 'This controller model cannot drive this machine.' },
  { code: 1102012, id: 'HARDWARE_ALREADY_REGISTERED', en: 'This hardware id is already registered.' },
  { code: 1102013, id: 'ACTION_NOT_SUPPORTED', en: 'This machine does not support this action.' },
  { code: 1102014, id: 'AB_CONFIG_ONLY', en: 'Only AB controllers have this configuration.' },
  { code: 1102015, id: 'COMMAND_REJECTED', en: 'The machine rejected this command as invalid.' },
  { code: 1102016, id: 'TOO_MANY_MACHINES', en: 'Send one command to at most 500 machines at a time.' },
  { code: 1103004, id: 'CARD_NUMBER_TAKEN', en: 'This card number is already in use.' },
  { code: 1103005, id: 'CARD_BALANCE_BELOW_ZERO', en: 'A card balance or its points cannot go below zero.' },
  { code: 1103006, id: 'CARD_NOT_ACCEPTED_HERE', en: 'This place does not accept this card.' },
  { code: 1103007, id: 'VIRTUAL_CARDS_CLOSED', en: 'Virtual cards cannot be opened here.' },
  { code: 1103008, id: 'SMS_CODE_INVALID', en: 'The code is wrong or has expired. Ask for a new one.' },
  { code: 1103009, id: 'SMS_NOT_SET_UP', en: 'Text messages are not set up on this server.' },
  { code: 1104020, id: 'MEMBER_NOT_FOUND', en: 'This member does not exist.' },
  { code: 1104021, id: 'LAST_OWNER_REQUIRED', en: 'The merchant must keep an active owner.' },
  { code: 1104022, id: 'PAYOUTS_NOT_SET_UP', en: 'Payouts are not set up on this server.' },
  { code: 1107004, id: 'PRODUCT_CHANGE_UNSUPPORTED', en: 'Only AB3, AB2 and AY machines can change product.' },
  { code: 1107005, id: 'TEMPLATE_EXCEEDS_MACHINE_LIMITS', en: 'The template exceeds what machines accept.' },
  { code: 1109005, id: 'PROMOTION_NOT_EDITABLE', en: 'An ended or stopped promotion cannot be changed.' },
  { code: 1110001, id: 'CASHBOX_TRIP_SETTLED', en: 'This trip is already settled.' },
  { code: 1110002, id: 'CASHBOX_NOTHING_COLLECTED', en: 'Record at least one collection first.' },
  {
    code: 1710003,
    id: 'DEVICE_CYCLE_RUNNING',
    en: 'A cycle is running on this machine. Try again when it has ended.',
  },
  { code: 1710004, id: 'NO_FAULT_TO_CLEAR', en: 'This machine has no fault to clear.' },
  { code: 1710005, id: 'MACHINE_NOT_RUNNING', en: 'No cycle is running on this machine.' },
] as const satisfies readonly CatalogueEntry[];

const billValidatorFaults = [
  'motor failure',
  'sensor failure',
  'checksum error',
  'bill jam',
  'bill removed during validation',
  'stacker open',
  'sensor needs cleaning',
  'bill fishing detected',
  'stacker full',
  'bill rejected',
];
const billDispenserFaults = [
  'motor failure',
  'sensor failure',
  'bill jam',
  'double bill detected',
  'cassette empty',
  'cassette missing',
  'reject box full',
  'dispense count mismatch',
  'communication error',
  'shutter failure',
];

const deviceResults = [
  { code: 1702001, id: 'MACHINE_STATUS_UNAVAILABLE', en: 'Cannot get the machine status.' },
  { code: 1702002, id: 'DEVICE_INTERNAL_ERROR', en: 'Internal device error.' },
  { code: 1710001, id: 'DEVICE_NOT_STANDBY', en: 'The device is not in standby.' },
  { code: 1710002, id: 'COIN_DISPENSE_UNAVAILABLE', en: 'Coins cannot be dispensed right now.' },
] as const satisfies readonly CatalogueEntry[];

const machine: CatalogueEntry[] = [
  ...billValidatorFaults.map((text, i) => ({
    code: 1303001 + i,
    id: `BILL_VALIDATOR_${snake(text)}`,
    en: `Bill validator fault: ${text}.`,
  })),
  ...billDispenserFaults.map((text, i) => ({
    code: 1304001 + i,
    id: `BILL_DISPENSER_${snake(text)}`,
    en: `Bill dispenser fault: ${text}.`,
  })),
  ...deviceResults,
];

/** Washer faults 16091006-16091089, grouped by the part that failed (spec section 8). */
const washerFaultGroups: Array<{ from: number; to: number; part: string }> = [
  { from: 16091006, to: 16091009, part: 'battery' },
  { from: 16091010, to: 16091019, part: 'temperature sensor' },
  { from: 16091020, to: 16091029, part: 'PLC' },
  { from: 16091030, to: 16091034, part: 'vibration' },
  { from: 16091035, to: 16091049, part: 'inverter' },
  { from: 16091050, to: 16091057, part: 'drain' },
  { from: 16091058, to: 16091065, part: 'door lock' },
  { from: 16091066, to: 16091071, part: 'ignition' },
  { from: 16091072, to: 16091075, part: 'negative pressure' },
  { from: 16091076, to: 16091081, part: 'thermostat' },
  { from: 16091082, to: 16091089, part: 'water level' },
];
const washer: CatalogueEntry[] = washerFaultGroups.flatMap(({ from, to, part }) =>
  range(from, to, (n) => ({
    id: `WASHER_${snake(part)}_FAULT_${n - from + 1}`,
    en: `Washer fault: ${part} (${n - from + 1}).`,
  })),
);

export const errorCatalogue: readonly CatalogueEntry[] = [
  ...transport,
  ...session,
  ...serverErrors,
  ...settlement,
  ...business,
  ...ownRefusals,
  ...machine,
  ...washer,
];

const byCode = new Map(errorCatalogue.map((entry) => [entry.code, entry]));

export const isCatalogueCode = (code: number): boolean => byCode.has(code);
export const catalogueEntry = (code: number): CatalogueEntry | undefined => byCode.get(code);

/** Codes after which the client clears both tokens and returns to user-login (spec section 8). */
export const signOutCodes = [401, 10002, 10003, 1001003, 1001004, 1001005, 1101004] as const;

/** Card reader result codes "0000"-"0018" reported by card terminals (strings: leading zeros matter). */
export const cardReaderResults: ReadonlyArray<{ code: string; id: string; en: string }> = [
  'approved',
  'rejected',
  'call the issuing bank',
  'timeout',
  'processing error',
  'communication error',
  'terminated by the user',
  'not a member card',
  'format error',
  'e-voucher limit exceeded',
  'card expired',
  'card locked',
  'no matching original transaction',
  'auto top-up is off',
  'insufficient balance',
  'multiple cards detected',
  'card not activated',
  'reader busy',
  'please tap the card again',
].map((text, i) => ({
  code: String(i).padStart(4, '0'),
  id: `CARD_READER_${snake(text)}`,
  en: `${text[0]!.toUpperCase()}${text.slice(1)}.`,
}));

/** The card-reader results the api answers a machine's card authorization with (docs/cards.md). */
export const CardReader = {
  approved: '0000',
  rejected: '0001',
  timeout: '0003',
  processingError: '0004',
  notMemberCard: '0007',
  formatError: '0008',
  locked: '0011',
  noOriginal: '0012',
  insufficientBalance: '0014',
  notActivated: '0016',
  retap: '0018',
} as const;
export type CardReaderCode = (typeof CardReader)[keyof typeof CardReader];

type NamedEntry = (
  typeof transport | typeof session | typeof business | typeof ownRefusals | typeof deviceResults
)[number];

/** Named codes the server throws, so call sites read `ErrorCode.PERMISSION_DENIED`. */
export const ErrorCode = Object.fromEntries(
  [...transport, ...session, ...business, ...ownRefusals, ...deviceResults, { code: 11001, id: 'SERVER_ERROR' }].map(
    (e) => [e.id, e.code],
  ),
) as { readonly [E in NamedEntry as E['id']]: E['code'] } & { readonly SERVER_ERROR: 11001 };
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

function range(from: number, to: number, make: (n: number) => Omit<CatalogueEntry, 'code'>): CatalogueEntry[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({ code: from + i, ...make(from + i) }));
}

function snake(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
