/**
 * Every record of a short list (categories, brands, specifications, course categories) for a select,
 * read page after page: the API gives at most 100 a page, and a shop may have more brands than that.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';

const PAGE = 100;

export function useAllRecords<T extends RaRecord>(resource: string): T[] | undefined {
  const dataProvider = useDataProvider();
  const { data } = useQuery({
    queryKey: [resource, 'all'],
    queryFn: async ({ signal }) => {
      const all: T[] = [];
      for (let page = 1; ; page += 1) {
        const { data: items, total } = await dataProvider.getList<T>(resource, {
          pagination: { page, perPage: PAGE },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
          signal,
        });
        all.push(...items);
        if (items.length < PAGE || all.length >= (total ?? 0)) return all;
      }
    },
  });
  return data;
}
