/** Shared with the web form: Taiwan's unified business number checksum. */
export { isValidTaiwanTaxId } from '@sbo/contracts/tax-id';
