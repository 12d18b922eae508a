import { placeTypes, weekdays, type BusinessHours, type Place, type PlaceInput } from '@sbo/contracts';
import { merchantTimeZone } from '../../../lib/time-zone';

export const placeTypeOptions = Object.values(placeTypes);

/** Every IANA zone the browser knows, with the merchant's own first. */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = merchantTimeZone();
  return [own, ...zones.filter((zone) => zone !== own)];
}

const workingDay = () => [{ open: '09:00', close: '18:00' }];

/** A new place's hours are on the merchant's clock until the place names another zone. */
export function emptyPlace(): PlaceInput {
  const hours = Object.fromEntries(weekdays.map((day) => [day, workingDay()])) as BusinessHours['hours'];
  return {
    title: '',
    address: '',
    type: placeTypes.laundry,
    servicePhone: '',
    description: '',
    businessHours: { enabled: false, timezone: merchantTimeZone(), hours },
  };
}

/** The editable part of a stored place. */
export function toPlaceInput(place: Place): PlaceInput {
  const { title, address, type, servicePhone, description, businessHours } = place;
  return { title, address, type, servicePhone, description, businessHours };
}

/** `?id=` of the detail and edit addresses; anything but a positive whole number is no place. */
export function placeIdFrom(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
