import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBankAccount,
  bankAccount,
  bankAccountInput,
  bankAccountUpdate,
  bankAccountVerification,
  bankAccountVerificationInput,
  envelope,
  idParam,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { BankAccountService } from './service';

type Deps = { accounts: BankAccountService };
const tags = ['wallet'];

export const bankAccountRoutes: FastifyPluginAsyncZod<Deps> = async (app, { accounts }) => {
  app.get('/bankbook/list', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: {
      tags,
      summary: "The merchant's bank accounts, the default first",
      response: { 200: envelope(z.array(bankAccount)) },
    },
    handler: async (request) => ({ result: await accounts.list(requireMerchant(request)) }),
  });

  app.post('/bankbook', {
    config: { access: { token: 'merchant', permission: 'bankbook.manage' } },
    schema: {
      tags,
      summary: 'Add a bank account (verifying until a service agent checks it); 1104010 exists, 1104011 bad ID number',
      body: bankAccountInput,
      response: { 200: envelope(bankAccount) },
    },
    handler: async (request) => ({ result: await accounts.create(requireMerchant(request), request.body) }),
  });

  app.get('/bankbook/:id', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: {
      tags,
      summary: 'One bank account; 1104012 when another merchant holds it',
      params: idParam,
      response: { 200: envelope(bankAccount) },
    },
    handler: async (request) => ({ result: await accounts.detail(requireMerchant(request), request.params.id) }),
  });

  app.put('/bankbook/:id', {
    config: { access: { token: 'merchant', permission: 'bankbook.manage' } },
    schema: {
      tags,
      summary:
        'Edit a bank account (no holderIdNumber: keep it); changing the bank, number, holder or ID number needs verification again',
      params: idParam,
      body: bankAccountUpdate,
      response: { 200: envelope(bankAccount) },
    },
    handler: async (request) => ({
      result: await accounts.update(requireMerchant(request), request.params.id, request.body),
    }),
  });

  const agents = { token: 'merchant', permission: 'wallet.read', rootOnly: true } as const;
  app.get('/admin/bankbook', {
    config: { access: agents },
    schema: {
      tags: ['service agents'],
      summary: "Every merchant's bank accounts, those awaiting verification first",
      querystring: z.object({ verification: z.enum(bankAccountVerification).optional() }),
      response: { 200: envelope(z.array(adminBankAccount)) },
    },
    handler: async (request) => ({ result: await accounts.listForAgents(request.query.verification) }),
  });

  app.put('/admin/bankbook/:id/verification', {
    config: { access: agents },
    schema: {
      tags: ['service agents'],
      summary: 'Mark a bank account verified or failed, with a note for the merchant',
      params: idParam,
      body: bankAccountVerificationInput,
      response: { 200: envelope(adminBankAccount) },
    },
    handler: async (request) => ({
      result: await accounts.verify(requireMerchant(request), request.params.id, request.body),
    }),
  });
};
