import type { BatchInput, BatchPreviewInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** `POST device-commands/preview`: who would receive the command now, and who not and why. Nothing is sent. */
export const useBatchPreview = () =>
  useMutation({
    mutationFn: (input: BatchPreviewInput) => callApi(apiRoutes.commandBatchPreview, { body: input, errors: 'silent' }),
  });

/** `POST device-commands`: sends the command to the machines; answers at once with the batch to follow. */
export function useSendBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BatchInput) => callApi(apiRoutes.commandBatchCreate, { body: input }),
    onSuccess: (batch) => queryClient.setQueryData(deviceKeys.batch(batch.id), batch),
  });
}

/** `GET device-commands/{batchId}`: each machine's answer so far, polled each second until all have answered. */
export function useCommandBatch(batchId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: deviceKeys.batch(batchId ?? ''),
    queryFn: async ({ signal }) => {
      const batch = await callApi(apiRoutes.commandBatchGet, {
        params: { batchId: batchId! },
        signal,
        errors: 'silent',
      });
      // The machines' new states show in the list as soon as the batch ends.
      if (batch.done) void queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
      return batch;
    },
    enabled: batchId !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : 1000),
  });
}
