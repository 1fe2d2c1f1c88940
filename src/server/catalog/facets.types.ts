/** The filter counts of a product listing (`getFacets`), as the API and the filter islands show them. */
export interface FacetValue {
  value: string;
  count: number;
}

export interface SpecificationFacet {
  id: number;
  slug: string;
  name: string;
  unit: string | null;
  kind: 'number' | 'text';
  values: FacetValue[];
}

export interface Facets {
  price: { min: string | null; max: string | null };
  brands: { id: number; slug: string; name: string; count: number }[];
  specifications: SpecificationFacet[];
}
