import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const walletEndpoints = {};
