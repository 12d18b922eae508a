import { apiRoutes } from '@sbo/contracts/api/routes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadApiFile } from '../src/lib/api-download';
import { ApiError } from '../src/lib/api-errors';
import { installFakeUi } from './fake-ui';
import { json, useTestApi } from './test-server';

const server = useTestApi();
beforeEach(() => {
  installFakeUi();
});

describe('downloadApiFile', () => {
  it('fetches the export with the token, tz and timestamp and saves it under the server file name', async () => {
    server.answer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="transactions-2026-01-01.csv"',
      });
      response.end('a,b\n1,2\n');
    });
    // The node test environment has no DOM: a stand-in link records what the browser would save.
    const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
    await downloadApiFile(apiRoutes.transactionExport, { query: { format: 'csv', tz: 'Asia/Taipei' } }, 'fallback.csv');
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer merchant-token');
    expect(request?.url.searchParams.get('tz')).toBe('Asia/Taipei');
    expect(request?.url.searchParams.get('timestamp')).not.toBeNull();
    expect(link.download).toBe('transactions-2026-01-01.csv');
    expect(link.click).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('rejects with the business error the server answers', async () => {
    server.answer((_request, response) => json(response, 478, { code: 1103001, message: 'too long' }));
    await expect(downloadApiFile(apiRoutes.transactionExport, {}, 'x.csv')).rejects.toMatchObject({
      code: 1103001,
    } satisfies Partial<ApiError>);
  });
});
