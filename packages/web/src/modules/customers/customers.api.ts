import { DraftedIdsResponseSchema } from '@backhaul/shared';
import {
  type CustomerCard,
  CustomerCardSchema,
  type CustomerFormOptions,
  CustomerFormOptionsSchema,
  CustomerSaveResponseSchema,
  type CustomerServiceRates,
  type CustomerServiceRatesBody,
  CustomerServiceRatesSavedSchema,
  CustomerServiceRatesSchema,
} from '@backhaul/shared/modules/customers/customers.contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../platform/api-client';
import { type RecordApi, recordApi } from '../../platform/record/record-api';

export function useCustomerCard(id: number | null) {
  return useQuery({
    queryKey: ['customer-card', id],
    queryFn: (): Promise<CustomerCard> => api.get(`/customers/${id}`, { schema: CustomerCardSchema }),
    enabled: id !== null,
    staleTime: 0,
  });
}

const record = recordApi({ name: 'customers', routes: { remove: 'DELETE /customers/:id' } });

/**
 * The customer dialog's calls: it opens with the form's options (GET /customers) and, for an
 * edit, the card (GET /customers/:id); it saves with POST /customers/create, or /customers/update
 * keyed by division_id (001 §3).
 */
export const customerDialogApi: RecordApi<
  CustomerFormOptions & Partial<CustomerCard>,
  z.infer<typeof CustomerSaveResponseSchema>
> = {
  ...record,
  load: async (id) => {
    const [options, card] = await Promise.all([
      api.get('/customers', { schema: CustomerFormOptionsSchema }),
      id === null ? null : api.get(`/customers/${id}`, { schema: CustomerCardSchema }),
    ]);
    return { ...options, ...card };
  },
  save: (id, values) =>
    id === null
      ? api.post('/customers/create', values, { schema: CustomerSaveResponseSchema })
      : api.post(
          '/customers/update',
          { ...(values as object), division_id: id },
          { schema: CustomerSaveResponseSchema },
        ),
};

/** Drafted deletions sent after the save: exceptions (…/deleteExceptions) and files (…/deleteFail, as written). */
export const deleteCustomerDrafts = async (exceptions: number[], files: number[]) => {
  if (exceptions.length)
    await api.post('/customers/deleteExceptions', { ids: exceptions }, { schema: DraftedIdsResponseSchema });
  if (files.length) await api.post('/customers/deleteFail', { ids: files }, { schema: DraftedIdsResponseSchema });
};

/** A customer's own rates for the accounting services (GET/PUT /customers/:id/service-rates). */
export const serviceRatesKey = (id: number | null) => ['customer-service-rates', id] as const;
export function useCustomerServiceRates(id: number | null) {
  return useQuery({
    queryKey: serviceRatesKey(id),
    queryFn: (): Promise<CustomerServiceRates> =>
      api.get(`/customers/${id}/service-rates`, { schema: CustomerServiceRatesSchema }),
    enabled: id !== null,
  });
}
export const saveCustomerServiceRates = (id: number, body: CustomerServiceRatesBody) =>
  api.put(`/customers/${id}/service-rates`, body, { schema: CustomerServiceRatesSavedSchema });
