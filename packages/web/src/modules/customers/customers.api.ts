import { DraftedIdsResponseSchema } from '@backhaul/shared';
import {
  type CustomerCard,
  CustomerCardSchema,
  type CustomerFormOptions,
  CustomerFormOptionsSchema,
  CustomerFormSchema,
  CustomerSaveResponseSchema,
  type CustomerServiceRates,
  type CustomerServiceRatesBody,
  CustomerServiceRatesSavedSchema,
  CustomerServiceRatesSchema,
  EMPTY_CUSTOMER_FORM,
  FROZEN,
} from '@backhaul/shared/modules/customers/customers.contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../platform/api-client';
import { type RecordApi, recordApi } from '../../platform/record/record-api';
import { updateWith } from '../../platform/record/update-with';

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

/** The dialog's values of a loaded customer (null for a new one). */
export const customerFormOf = (d: Partial<CustomerCard>) =>
  d.customer
    ? {
        ...d.customer,
        services: d.customer.services_list,
        contacts: d.customer.contacts.map((c) => ({
          id: c.id,
          type_id: c.type_id ? String(c.type_id) : '',
          name: c.name,
          phone: c.phone ?? '',
          email: c.email ?? '',
        })),
        contacts_removed: [],
      }
    : null;

/** "Make inactive instead" of a refused delete: the customer's update with Frozen set (its inactive state). */
export const freezeCustomer = (id: number) =>
  updateWith({
    api: customerDialogApi,
    id,
    schema: CustomerFormSchema,
    empty: EMPTY_CUSTOMER_FORM,
    recordOf: customerFormOf,
    change: { frozen: FROZEN.Frozen },
  });

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
