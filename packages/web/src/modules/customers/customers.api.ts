import {
  type CustomerCard,
  CustomerCardSchema,
  type CustomerFormOptions,
  CustomerFormOptionsSchema,
  GetCustomersResponseSchema,
  type Option,
} from '@backhaul/shared/modules/customers/customers.contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api-client';

/**
 * The customer filter list for any screen: 'All' (id 0) first unless `all` is false, then the
 * customers the caller may see (a customer user: its own only).
 */
export function useCustomerOptions(opts: { all?: boolean; enabled?: boolean } = {}) {
  const all = opts.all ?? true;
  return useQuery({
    queryKey: ['getCustomers', all],
    queryFn: async (): Promise<Option[]> =>
      (await api.post('/getCustomers', { all }, { schema: GetCustomersResponseSchema, background: true })).customers,
    staleTime: 60_000,
    enabled: opts.enabled ?? true,
  });
}

export function useCustomerCard(id: number | null) {
  return useQuery({
    queryKey: ['customer-card', id],
    queryFn: (): Promise<CustomerCard> => api.get(`/customers/${id}`, { schema: CustomerCardSchema }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useCustomerFormOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['customer-form-options'],
    queryFn: (): Promise<CustomerFormOptions> => api.get('/customers', { schema: CustomerFormOptionsSchema }),
    enabled,
    staleTime: 60_000,
  });
}
