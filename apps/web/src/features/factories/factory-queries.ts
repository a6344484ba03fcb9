import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { quotationCalls, type FactoryProcess, type MaterialType } from '@packsmith/contracts';
import { apiCall } from '../../api/client';

export const FACTORY_PAGE_SIZE = 12;

/** The directory, page by page ("Load more"), filtered by process and material. */
export function useFactoryPages(process: FactoryProcess | null, material: MaterialType | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['factories', 'list', process, material],
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        quotationCalls.factoryList,
        { page_index: pageParam, page_size: FACTORY_PAGE_SIZE, ...(process ? { process } : {}), ...(material ? { material } : {}) },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * FACTORY_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    enabled,
  });
}

/** Factories of one city, or the nearest ones when it has none. */
export function useCitySearch(city: string) {
  return useQuery({
    queryKey: ['factories', 'city', city],
    queryFn: ({ signal }) => apiCall(quotationCalls.factorySearchCity, { city }, { signal }),
    enabled: city.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every factory, for the map and the city groups. */
export function useAllFactories() {
  return useQuery({
    queryKey: ['factories', 'all'],
    queryFn: ({ signal }) => apiCall(quotationCalls.factoryListAll, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
