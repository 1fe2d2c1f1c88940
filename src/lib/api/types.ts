/**
 * Wire types of the `/api/v1` answers the islands read: snake_case fields, money as decimal strings
 * (e.g. `"1250.00"`) in the currency named beside it.
 */

export type CountryCode = 'kg' | 'kz';
export type CurrencyCode = 'KGS' | 'KZT';

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Link {
  slug: string;
  name: string;
}

export interface IdLink extends Link {
  id: number;
}

export interface ProductListItem {
  id: number;
  slug: string;
  sku: string;
  name: string;
  brand: IdLink | null;
  category: IdLink;
  images: string[];
  price: string | null;
  old_price: string | null;
  currency: CurrencyCode;
  quantity: number;
  in_stock: boolean;
  is_active: boolean;
  country: CountryCode;
}

export interface ProductSpecificationValue {
  slug: string;
  name: string;
  unit: string | null;
  value: string;
}

export interface Product extends ProductListItem {
  /** Sanitised HTML. */
  description: string;
  specifications: ProductSpecificationValue[];
  breadcrumbs: Link[];
  available_in_country: boolean;
  created_at: string;
}

export type SpecificationKind = 'number' | 'text';

export interface FacetValue {
  value: string;
  count: number;
}

export interface ProductFacets {
  price: { min: string | null; max: string | null };
  brands: (IdLink & { count: number })[];
  specifications: {
    id: number;
    slug: string;
    name: string;
    unit: string | null;
    kind: SpecificationKind;
    values: FacetValue[];
  }[];
}

/** The product list answer; `facets` is present when the query has `facets=true`. */
export interface ProductList extends Paginated<ProductListItem> {
  facets?: ProductFacets;
}

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  children: CategoryNode[];
}

export interface Category extends CategoryNode {
  description: string;
  parent: Link | null;
  ancestors: Link[];
}

export interface Brand {
  id: number;
  slug: string;
  name: string;
  origin: string;
  description: string;
  logo: string | null;
}

export interface Specification {
  id: number;
  slug: string;
  name: string;
  unit: string | null;
  kind: SpecificationKind;
  is_filter: boolean;
  values: FacetValue[];
}

/** Rates as decimal strings: units of each currency per 1 KGS (so `kgs` is `"1"`). */
export interface Exchange {
  id: number;
  date: string;
  kgs: string;
  kzt: string;
  usd: string;
  rub: string;
}

export interface Contact {
  id: number;
  country: CountryCode;
  city: string;
  address: string;
  phones: string[];
  email: string;
  working_hours: string;
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  country: string | null;
}

export interface Document {
  id: number;
  slug: string;
  document_type: string;
  title: string;
  content: string;
  file: string | null;
}

/** A 400 answer: messages per field, plus `non_field_errors` for the input as a whole. */
export type ApiValidationErrorBody = { non_field_errors?: string[] } & Record<string, string[] | undefined>;

/** Every error answer other than 400. */
export interface ApiErrorBody {
  detail: string;
  code?: string;
}

/** The answer of `POST /accounts/auth/jwt/refresh/`; `refresh` is present when the server rotates it. */
export interface TokenRefreshAnswer {
  access: string;
  refresh?: string;
}

/** An account as `/accounts/auth/users/...` answers it (djoser's user serializer, email as the login). */
export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** `+` and digits, e.g. `+996555123456`. */
  phone: string;
  country: CountryCode;
  is_active: boolean;
  is_staff: boolean;
  /** ISO 8601. */
  date_joined: string;
  last_login: string | null;
}

/** `POST /accounts/auth/jwt/create/` and `jwt/refresh/` answers. */
export interface TokenPair {
  access: string;
  refresh: string;
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface RegistrationInput {
  email: string;
  password: string;
  re_password: string;
  first_name: string;
  last_name?: string;
  phone: string;
  /** Default `kg`. */
  country?: CountryCode;
}

/** The fields a person may change in their profile (`PUT`/`PATCH users/me/`); staff may also send `is_active`, `is_staff` for others. */
export interface UserUpdate {
  first_name?: string;
  last_name?: string;
  phone?: string;
  country?: CountryCode;
  is_active?: boolean;
  is_staff?: boolean;
}

/** The `{uid, token}` pair of a mailed activation or reset link. */
export interface LinkToken {
  uid: string;
  token: string;
}

export interface PasswordResetConfirmInput extends LinkToken {
  new_password: string;
  re_new_password: string;
}

export interface EmailResetConfirmInput extends LinkToken {
  new_email: string;
  re_new_email: string;
}

export interface SetPasswordInput {
  current_password: string;
  new_password: string;
  re_new_password: string;
}

export interface SetEmailInput {
  current_password: string;
  new_email: string;
  re_new_email: string;
}

export interface CurrentPasswordInput {
  current_password: string;
}
