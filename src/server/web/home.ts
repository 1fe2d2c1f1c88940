import { listBrands, type Brand } from '../catalog/brands.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { listProducts, type ProductSummary } from '../catalog/products.queries.ts';
import { listPublications, type PublicationSummary } from '../content/publications.queries.ts';
import { listBanners, type Banner } from '../content/banners.queries.ts';
import { listCourses, type CourseSummary } from '../courses/courses.queries.ts';

export interface HomeData {
  banners: Banner[];
  brands: Brand[];
  newest: ProductSummary[];
  news: PublicationSummary[];
  courses: CourseSummary[];
}

/** The home page's banners, brands, newest products, latest news and upcoming courses for the country. */
export async function getHomeData(country: CountryCode): Promise<HomeData> {
  const [banners, brands, newest, news, courses] = await Promise.all([
    listBanners({ country, limit: 6, offset: 0 }),
    listBrands({ limit: 24, offset: 0 }),
    listProducts({ country, ordering: '-created_at', limit: 8, offset: 0 }),
    listPublications('news', { limit: 3, offset: 0 }),
    // The country's own courses first (Bishkek and Osh on `kg`), the neighbours' after.
    listCourses({ limit: 3, offset: 0, firstIn: country }),
  ]);
  return {
    banners: banners.items,
    brands: brands.items,
    newest: newest.items,
    news: news.items,
    courses: courses.items,
  };
}
