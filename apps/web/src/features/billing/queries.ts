import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { billingCalls } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { loadCurrentUser } from '../../api/current-user';
import { isSignedIn, useSessionStore } from '../../stores/session.store';

/* The billing screens' reads, through TanStack Query; every key starts with 'billing' so one
   invalidation after a payment refreshes them all. */

export const BILLING_KEY = ['billing'] as const;
export const HISTORY_PAGE_SIZE = 10;
export const INVOICE_PAGE_SIZE = 10;

/** GET /api/pay/setup: which provider takes the card (Stripe, the sandbox, or none). */
export function usePaySetup(enabled = true) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'setup'],
    queryFn: ({ signal }) => apiCall(billingCalls.setup, {}, { signal }),
    enabled,
    // A Stripe setup intent is single-use: a fresh one for each opening of the modal.
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/pay/billing: plan, renewal date and subscription of the signed-in user. */
export function useBillingOverview() {
  const signedIn = useSessionStore(isSignedIn);
  return useQuery({
    queryKey: [...BILLING_KEY, 'overview'],
    queryFn: ({ signal }) => apiCall(billingCalls.billing, {}, { signal }),
    enabled: signedIn,
  });
}

/** GET /api/credits/history, one page at a time. */
export function useCreditHistory(page: number) {
  const signedIn = useSessionStore(isSignedIn);
  return useQuery({
    queryKey: [...BILLING_KEY, 'credits', page],
    queryFn: ({ signal }) => apiCall(billingCalls.creditHistory, { page_index: page, page_size: HISTORY_PAGE_SIZE }, { signal }),
    enabled: signedIn,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/pay/invoices, one page at a time. */
export function useInvoices(page: number) {
  const signedIn = useSessionStore(isSignedIn);
  return useQuery({
    queryKey: [...BILLING_KEY, 'invoices', page],
    queryFn: ({ signal }) => apiCall(billingCalls.invoices, { page_index: page, page_size: INVOICE_PAGE_SIZE }, { signal }),
    enabled: signedIn,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/pay/upgrade/options/:type for the user's current plan. */
export function useUpgradeOptions(current: string | null) {
  return useQuery({
    queryKey: [...BILLING_KEY, 'upgrade-options', current],
    queryFn: ({ signal }) => apiCall(billingCalls.upgradeOptions, {}, { signal, params: { type: current ?? 'normal' } }),
    enabled: current !== null && current !== 'normal',
  });
}

/**
 * After anything that moves the plan or credits: the user (header badge, credit count, every gate
 * that reads it) and every billing read are fetched again.
 */
export async function refreshAccount(client: QueryClient): Promise<void> {
  await Promise.all([loadCurrentUser(), client.invalidateQueries({ queryKey: BILLING_KEY })]);
}

export function useRefreshAccount(): () => Promise<void> {
  const client = useQueryClient();
  return () => refreshAccount(client);
}
