import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import { currentLanguage } from '../../../lib/i18n';

/** How a payment method is named to a consumer: the contract's one name, as the back office says it too. */
export const gatewayName = (gateway: string): string => gatewayDisplayName(gateway, currentLanguage());
