import { useMutation, useQuery } from '@tanstack/react-query';
import { requestCalls, type DesignRequestInput } from '@packsmith/contracts';
import { apiCall } from '../../api/client';

/** The form's subjects: packaging types (grouped by category on screen), services, price points, budgets. */
export function useSubjects() {
  return useQuery({
    queryKey: ['design-request', 'subjects'],
    queryFn: ({ signal }) => apiCall(requestCalls.subjectList, {}, { signal, silent: true }),
    staleTime: 60 * 60_000,
  });
}

/** Sends the request; silent, because the form shows every refusal in place (under its field when it names one). */
export function useSendDesignRequest() {
  return useMutation({
    mutationFn: (input: DesignRequestInput) => apiCall(requestCalls.designRequest, input, { silent: true }),
  });
}
