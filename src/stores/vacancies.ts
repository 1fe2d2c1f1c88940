import { map } from 'nanostores';
import { getVacancy, listVacancies, type PageQuery } from '~/lib/api/services.ts';
import type { CountryCode, Vacancy } from '~/lib/api/types.ts';
import { createFetcher } from './fetch-into.ts';

export interface VacanciesState {
  vacancies: Vacancy[];
  count: number;
  vacancy: Vacancy | null;
  error: string | null;
}

export const $vacancies = map<VacanciesState>({ vacancies: [], count: 0, vacancy: null, error: null });

const fetchList = createFetcher($vacancies);
const fetchOne = createFetcher($vacancies);

export function fetchVacancies(query: PageQuery & { country?: CountryCode } = {}): Promise<void> {
  return fetchList(
    () => listVacancies(query),
    (page) => ({ vacancies: page.results, count: page.count }),
  );
}

export function fetchVacancy(id: number): Promise<void> {
  return fetchOne(
    () => getVacancy(id),
    (vacancy) => ({ vacancy }),
  );
}
