/** Filter choices as the listing page passes them to the island (see src/server/catalog/facets.queries.ts). */
export interface FacetsProps {
  currencyLabel: string;
  price: { min: string | null; max: string | null };
  brands: { slug: string; name: string; count: number }[];
  specifications: {
    slug: string;
    name: string;
    unit: string | null;
    values: { value: string; count: number }[];
  }[];
}

/** A brand page's category choice, with how many of the brand's products it leaves. */
export interface CategoryOption {
  slug: string;
  name: string;
  count: number;
}
