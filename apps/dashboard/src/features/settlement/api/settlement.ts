import {
  SETTLEMENT_API,
  SETTLEMENT_ESIGN_VERSION,
  type TCdaRequest,
  type TSettlementTransactionCreate,
  type TSettlementTransactionUpdate,
  ZSettlementPropertiesSchema,
  ZSettlementTransactionDetailSchema,
  ZSettlementTransactionsPageSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const settlementKey = ['settlement'] as const;
const oneKey = (area: 'vendor' | 'admin', hash: string) => [...settlementKey, area, hash] as const;

export const fetchVendorSettlementPage = (query: string, signal: AbortSignal) =>
  api.get(`${SETTLEMENT_API.list}?${query}`, { schema: ZSettlementTransactionsPageSchema, signal });

export const fetchAdminSettlementPage = (query: string, signal: AbortSignal) =>
  api.get(`${SETTLEMENT_API.adminList}?${query}`, {
    schema: ZSettlementTransactionsPageSchema,
    signal,
  });

export function useSettlementProperties(area: 'vendor' | 'admin') {
  return useQuery({
    queryKey: [...settlementKey, 'properties', area],
    queryFn: ({ signal }) =>
      api.get(area === 'vendor' ? SETTLEMENT_API.properties : SETTLEMENT_API.adminProperties, {
        schema: ZSettlementPropertiesSchema,
        signal,
      }),
  });
}

/** One transaction: the vendor's (through their assignment) or, for staff, any. */
export function useSettlementTransaction(area: 'vendor' | 'admin', hash: string) {
  return useQuery({
    queryKey: oneKey(area, hash),
    queryFn: ({ signal }) =>
      api.get(area === 'vendor' ? SETTLEMENT_API.one(hash) : SETTLEMENT_API.adminOne(hash), {
        schema: ZSettlementTransactionDetailSchema,
        signal,
      }),
  });
}

function useChange<B>(area: 'vendor' | 'admin', hash: string, send: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (data) => {
      client.setQueryData(oneKey(area, hash), data);
      await client.invalidateQueries({ queryKey: settlementKey });
    },
  });
}

export function useCreateTransaction(area: 'vendor' | 'admin') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettlementTransactionCreate) =>
      api.post(area === 'vendor' ? SETTLEMENT_API.list : SETTLEMENT_API.adminList, body, {
        schema: ZSettlementTransactionDetailSchema,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: settlementKey });
    },
  });
}

export const useUpdateTransaction = (hash: string) =>
  useChange('vendor', hash, (body: TSettlementTransactionUpdate) =>
    api.request('PUT', SETTLEMENT_API.one(hash), {
      body,
      schema: ZSettlementTransactionDetailSchema,
    }),
  );

export const useSaveCda = (hash: string) =>
  useChange('vendor', hash, (body: TCdaRequest) =>
    api.request('PUT', SETTLEMENT_API.cda(hash), {
      body,
      schema: ZSettlementTransactionDetailSchema,
    }),
  );

export const useSignCda = (hash: string) =>
  useChange('vendor', hash, (_: null) =>
    api.post(
      SETTLEMENT_API.sign(hash),
      { consent: true, consentVersion: SETTLEMENT_ESIGN_VERSION },
      { schema: ZSettlementTransactionDetailSchema },
    ),
  );

export const useApproveCda = (hash: string) =>
  useChange('admin', hash, (_: null) =>
    api.post(SETTLEMENT_API.adminApprove(hash), {}, { schema: ZSettlementTransactionDetailSchema }),
  );

export const useReturnCda = (hash: string) =>
  useChange('admin', hash, (note: string) =>
    api.post(
      SETTLEMENT_API.adminReturn(hash),
      { note },
      { schema: ZSettlementTransactionDetailSchema },
    ),
  );

/** The settlement statement up as multipart/form-data (one `file` part). */
function uploadStatement(hash: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(SETTLEMENT_API.statement(hash), form, {
    schema: ZSettlementTransactionDetailSchema,
  });
}

export const useUploadStatement = (hash: string) =>
  useChange('vendor', hash, (file: File) => uploadStatement(hash, file));
