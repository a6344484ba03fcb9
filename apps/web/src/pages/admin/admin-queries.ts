import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingCalls, ideaCalls, quotationCalls, requestCalls, type CallDef, type CallInput, type DesignRequestStatus } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { PAGE_SIZE } from './admin-ui';

/*
 * The admin page's reads and changes. Every call is `silent`: a section shows its own error in place
 * (a 404 for an unknown user must not send the admin to /404, nor a 403 open a toast over the page).
 */

const KEY = 'admin';

function call<C extends CallDef>(c: C, input: CallInput<C>, signal?: AbortSignal) {
  return apiCall(c, input, { silent: true, signal });
}

/** A paged list of one admin call (page_index, page_size). */
function usePaged<
  C extends
    | typeof billingCalls.adminPromotionCodes
    | typeof billingCalls.adminRedeemCodes
    | typeof billingCalls.adminCancellations
    | typeof billingCalls.adminPaymentEvents
    | typeof billingCalls.adminActions,
>(c: C, name: string, page: number) {
  return useQuery({
    queryKey: [KEY, name, page],
    queryFn: ({ signal }) => call(c, { page_index: page, page_size: PAGE_SIZE } as CallInput<C>, signal),
    placeholderData: keepPreviousData,
  });
}

export const usePromotionCodes = (page: number) => usePaged(billingCalls.adminPromotionCodes, 'promotion-codes', page);
export const useRedeemCodes = (page: number) => usePaged(billingCalls.adminRedeemCodes, 'redeem-codes', page);
export const useCancellations = (page: number) => usePaged(billingCalls.adminCancellations, 'cancellations', page);
export const usePaymentEvents = (page: number) => usePaged(billingCalls.adminPaymentEvents, 'payment-events', page);
export const useAdminActions = (page: number) => usePaged(billingCalls.adminActions, 'actions', page);

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: [KEY, 'users', q, page],
    queryFn: ({ signal }) => call(billingCalls.adminUsers, { q, page_index: page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(userId: string | null) {
  return useQuery({
    queryKey: [KEY, 'user', userId],
    queryFn: ({ signal }) => call(billingCalls.adminUser, { user_id: userId ?? '' }, signal),
    enabled: userId !== null,
  });
}

/** A change: on success every admin list is read again (the log gained an entry too). */
function useAdminChange<C extends CallDef>(c: C) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => call(c, input),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useAdjustCredits = () => useAdminChange(billingCalls.adminAdjustCredits);
export const useGrantPlan = () => useAdminChange(billingCalls.adminGrantPlan);
export const useEndPlan = () => useAdminChange(billingCalls.adminEndPlan);
export const useCreatePromotionCode = () => useAdminChange(billingCalls.adminCreatePromotionCode);
export const useSetPromotionCodeActive = () => useAdminChange(billingCalls.adminSetPromotionCodeActive);
export const useCreateRedeemCodes = () => useAdminChange(billingCalls.adminCreateRedeemCodes);

/** Every factory (the directory is small enough to list whole; the public call serves it). */
export function useAdminFactories() {
  return useQuery({
    queryKey: [KEY, 'factories'],
    queryFn: ({ signal }) => call(quotationCalls.factoryListAll, {}, signal),
  });
}

/** Print requests answer { total, list }; the section reads them like the other paged lists. */
export function useAdminPrintRequests(page: number) {
  return useQuery({
    queryKey: [KEY, 'print-requests', page],
    queryFn: ({ signal }) => call(quotationCalls.adminPrintRequests, { page_index: page, page_size: PAGE_SIZE }, signal),
    select: (d) => ({ total: d.total, items: d.list }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateFactory = () => useAdminChange(quotationCalls.adminCreateFactory);
export const useUpdateFactory = () => useAdminChange(quotationCalls.adminUpdateFactory);
export const useDeleteFactory = () => useAdminChange(quotationCalls.adminDeleteFactory);

/** Design requests from /design-requirements, newest first, optionally of one status. */
export function useAdminDesignRequests(status: DesignRequestStatus | null, page: number) {
  return useQuery({
    queryKey: [KEY, 'design-requests', status, page],
    queryFn: ({ signal }) => call(requestCalls.adminDesignRequests, { page_index: page, page_size: PAGE_SIZE, ...(status ? { status } : {}) }, signal),
    select: (d) => ({ total: d.total, items: d.list }),
    placeholderData: keepPreviousData,
  });
}

/** Every public idea, hidden ones too, matched by brand, product or name. */
export function useAdminIdeas(keyword: string, page: number) {
  return useQuery({
    queryKey: [KEY, 'ideas', keyword, page],
    queryFn: ({ signal }) => call(ideaCalls.adminIdeas, { page_index: page, page_size: PAGE_SIZE, ...(keyword ? { keyword } : {}) }, signal),
    select: (d) => ({ total: d.total, items: d.list }),
    placeholderData: keepPreviousData,
  });
}

export const useSetDesignRequestStatus = () => useAdminChange(requestCalls.adminSetDesignRequestStatus);
export const useSetIdea = () => useAdminChange(ideaCalls.adminSetIdea);
