import { cleanStores, type MapStore } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listBanners } from '~/lib/api/core.ts';
import { getArticle, getNewsItem, listArticles, listNews } from '~/lib/api/seo.ts';
import { getVacancy, listVacancies } from '~/lib/api/services.ts';
import { $articles, fetchArticle, fetchArticles } from '~/stores/articles.ts';
import { $banners, fetchBanners } from '~/stores/banners.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { $news, fetchNews, fetchNewsItem } from '~/stores/news.ts';
import { $vacancies, fetchVacancies, fetchVacancy } from '~/stores/vacancies.ts';
import { deferred, page } from '../fixtures/products.ts';

vi.mock('~/lib/api/seo.ts', () => ({
  listArticles: vi.fn(),
  getArticle: vi.fn(),
  listNews: vi.fn(),
  getNewsItem: vi.fn(),
}));
vi.mock('~/lib/api/services.ts', () => ({ listVacancies: vi.fn(), getVacancy: vi.fn() }));
vi.mock('~/lib/api/core.ts', () => ({ listBanners: vi.fn() }));

interface Area {
  name: string;
  store: MapStore<any>;
  listKey: string;
  itemKey?: string;
  listCall: ReturnType<typeof vi.fn>;
  itemCall?: ReturnType<typeof vi.fn>;
  fetchList: () => Promise<void>;
  fetchOne?: () => Promise<void>;
}

// The brief's content areas: each has its own field names, the same fetch rules (brief §4).
const areas: Area[] = [
  {
    name: 'articles',
    store: $articles,
    listKey: 'articles',
    itemKey: 'article',
    listCall: vi.mocked(listArticles),
    itemCall: vi.mocked(getArticle),
    fetchList: () => fetchArticles({ page: 2 }),
    fetchOne: () => fetchArticle(7),
  },
  {
    name: 'news',
    store: $news,
    listKey: 'news',
    itemKey: 'newsItem',
    listCall: vi.mocked(listNews),
    itemCall: vi.mocked(getNewsItem),
    fetchList: () => fetchNews(),
    fetchOne: () => fetchNewsItem(7),
  },
  {
    name: 'vacancies',
    store: $vacancies,
    listKey: 'vacancies',
    itemKey: 'vacancy',
    listCall: vi.mocked(listVacancies),
    itemCall: vi.mocked(getVacancy),
    fetchList: () => fetchVacancies({ country: 'kz' }),
    fetchOne: () => fetchVacancy(7),
  },
  {
    name: 'banners',
    store: $banners,
    listKey: 'banners',
    listCall: vi.mocked(listBanners),
    fetchList: () => fetchBanners({ country: 'kg' }),
  },
];

const initial = new Map(areas.map((a) => [a.store, a.store.get()]));

afterEach(() => {
  for (const area of areas) {
    cleanStores(area.store);
    area.store.set(initial.get(area.store));
    area.listCall.mockReset();
    area.itemCall?.mockReset();
  }
});

describe.each(areas)('$name store', (area) => {
  it('starts empty with no error', () => {
    expect(area.store.get()).toMatchObject({ [area.listKey]: [], error: null });
    if (area.itemKey) expect(area.store.get()[area.itemKey]).toBeNull();
  });

  it('stores the list and clears the error when the fetch succeeds', async () => {
    area.store.setKey('error', 'earlier failure');
    area.listCall.mockResolvedValue(page([{ id: 1 }, { id: 2 }], 14));
    await area.fetchList();
    expect(area.store.get()).toMatchObject({ [area.listKey]: [{ id: 1 }, { id: 2 }], error: null });
  });

  it('stores the error text and keeps what was shown when the fetch fails', async () => {
    area.store.setKey(area.listKey, [{ id: 1 }]);
    area.listCall.mockRejectedValue(new Error('Сервер недоступен'));
    await area.fetchList();
    expect(area.store.get()).toMatchObject({ [area.listKey]: [{ id: 1 }], error: 'Сервер недоступен' });
  });

  it('ignores an answer to an older fetch', async () => {
    const slow = deferred<unknown>();
    area.listCall.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(page([{ id: 2 }]));
    const first = area.fetchList();
    await area.fetchList();
    slow.resolve(page([{ id: 1 }]));
    await first;
    expect(area.store.get()[area.listKey]).toEqual([{ id: 2 }]);
  });

  it('merges state rendered on the server on hydration', () => {
    hydrateStore(area.store, { [area.listKey]: [{ id: 9 }] });
    expect(area.store.get()).toMatchObject({ [area.listKey]: [{ id: 9 }], error: null });
  });
});

describe.each(areas.filter((area) => area.itemKey))('$name store, one item', (area) => {
  it('stores one item and clears the error', async () => {
    area.store.setKey('error', 'earlier failure');
    area.itemCall!.mockResolvedValue({ id: 7, title: 'x' });
    await area.fetchOne!();
    expect(area.itemCall).toHaveBeenCalledWith(7);
    expect(area.store.get()).toMatchObject({ [area.itemKey!]: { id: 7, title: 'x' }, error: null });
  });

  it('stores the error text when one item cannot be fetched', async () => {
    area.itemCall!.mockRejectedValue(new Error('Не найдено.'));
    await area.fetchOne!();
    expect(area.store.get()).toMatchObject({ [area.itemKey!]: null, error: 'Не найдено.' });
  });
});

describe('list queries', () => {
  it('passes the page, country and filters to the API client', async () => {
    for (const area of areas) area.listCall.mockResolvedValue(page([]));
    await fetchArticles({ page: 2 });
    await fetchVacancies({ country: 'kz' });
    await fetchBanners({ country: 'kg' });
    expect(listArticles).toHaveBeenCalledWith({ page: 2 });
    expect(listVacancies).toHaveBeenCalledWith({ country: 'kz' });
    expect(listBanners).toHaveBeenCalledWith({ country: 'kg' });
  });
});
