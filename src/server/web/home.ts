import { listBrands, type Brand } from '../catalog/brands.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { listProducts, type ProductSummary } from '../catalog/products.queries.ts';
import { listBanners, type Banner } from '../core/core.queries.ts';

export interface HomeData {
  banners: Banner[];
  brands: Brand[];
  newest: ProductSummary[];
}

/** The home page's banners, brands and newest products for the country. */
export async function getHomeData(country: CountryCode): Promise<HomeData> {
  const [banners, brands, newest] = await Promise.all([
    listBanners({ country, limit: 6, offset: 0 }),
    listBrands({ limit: 24, offset: 0 }),
    listProducts({ country, ordering: '-created_at', limit: 8, offset: 0 }),
  ]);
  return { banners: banners.items, brands: brands.items, newest: newest.items };
}
