import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectCalls, quotationCalls, type CallInput, type FactoryProcess } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { useDebounced } from './useDebounced';

/** Quiet gap after the last change before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 300;

export type EstimateInput = CallInput<typeof quotationCalls.estimate>;

/** The caller's design projects, to pick the one to print. */
export function useDesignProjects(enabled: boolean) {
  return useQuery({
    queryKey: ['print', 'projects'],
    queryFn: ({ signal }) => apiCall(projectCalls.list, { type: 'design', page_index: 1, page_size: 48 }, { signal }),
    enabled,
  });
}

export function useProject(projectId: string | null) {
  return useQuery({
    queryKey: ['print', 'project', projectId],
    queryFn: ({ signal }) => apiCall(projectCalls.info, { project_id: projectId ?? '' }, { signal }),
    enabled: projectId !== null,
  });
}

export function usePrintCheck(projectId: string | null, imageUrl: string | null) {
  return useQuery({
    queryKey: ['print', 'check', projectId, imageUrl],
    queryFn: ({ signal }) => apiCall(quotationCalls.printCheck, { project_id: projectId ?? '', ...(imageUrl ? { image_url: imageUrl } : {}) }, { signal }),
    enabled: projectId !== null,
    retry: false,
  });
}

/**
 * The live quote: asked for QUOTE_DEBOUNCE_MS after the last change. Silent, because a material the
 * box cannot take answers 400 with a message the form shows in place.
 */
export function useLiveQuote(input: EstimateInput | null) {
  const settled = useDebounced(input, QUOTE_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['print', 'estimate', settled],
    queryFn: ({ signal }) => apiCall(quotationCalls.estimate, settled as EstimateInput, { signal, silent: true }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** More factories that run a process, when the quote's own shortlist is not enough. */
export function useFactoriesByProcess(process: FactoryProcess | null, enabled: boolean) {
  return useQuery({
    queryKey: ['print', 'factories', process],
    queryFn: ({ signal }) => apiCall(quotationCalls.factoryList, { page_index: 1, page_size: 30, ...(process ? { process } : {}) }, { signal }),
    enabled,
  });
}

export function useMyPrintRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['print', 'requests'],
    queryFn: ({ signal }) => apiCall(quotationCalls.printRequests, { page_index: 1, page_size: 20 }, { signal }),
    enabled,
  });
}

export function useSendPrintRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof quotationCalls.printRequest>) => apiCall(quotationCalls.printRequest, input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['print', 'requests'] }),
  });
}
