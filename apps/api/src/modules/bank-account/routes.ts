import type { FastifyPluginAsync } from 'fastify';
import { bankAccountEndpoints as contract } from '@sbo/contracts/api/endpoints/bank-account';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { BankAccountService } from './service';

type Deps = { accounts: BankAccountService };

export const bankAccountRoutes: FastifyPluginAsync<Deps> = async (app, { accounts }) => {
  addEndpoint(app, contract.bankAccountList, async (request) => ({
    result: await accounts.list(requireMerchant(request)),
  }));

  addEndpoint(app, contract.bankAccountCreate, async (request) => ({
    result: await accounts.create(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.bankAccountDetail, async (request) => ({
    result: await accounts.detail(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.bankAccountUpdate, async (request) => ({
    result: await accounts.update(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.adminBankAccountList, async (request) => ({
    result: await accounts.listForAgents(request.query.verification),
  }));

  addEndpoint(app, contract.adminBankAccountVerify, async (request) => ({
    result: await accounts.verify(requireMerchant(request), request.params.id, request.body),
  }));
};
