/** Taiwan's unified business number (統一編號): the rule lives in contracts, shared with the web. */
export { isValidTaiwanBusinessNumber as isValidTaiwanTaxId } from '@sbo/contracts';
