/**
 * Wire types of `/api/v1` under the names the islands and stores use: aliases over `schema.gen.ts`,
 * which `npm run api:types` generates from the server's OpenAPI document. Fields are snake_case;
 * money is a decimal string (e.g. `"1250.00"`) in the currency named beside it.
 */
import type { components, operations } from './schema.gen.ts';

type Schemas = components['schemas'];
/** The JSON a 200 answer of an operation carries. */
type Answer<Id extends keyof operations> = operations[Id]['responses'] extends {
  200: { content: { 'application/json': infer T } };
}
  ? T
  : never;

export type { CountryCode, CurrencyCode } from '../../shared/countries.ts';

/** DRF's list envelope `{count, next, previous, results}`, around items of type `T`. */
export type Paginated<T> = Omit<Answer<'core_exchanges_list'>, 'results'> & { results: T[] };

export type ProductListItem = Schemas['ProductListItem'];
export type Product = Schemas['Product'];
export type ProductSuggestions = Schemas['ProductSuggestions'];
/** `{id, slug, name}` of a brand, category or breadcrumb. */
export type Link = ProductListItem['category'];
export type ProductSpecificationValue = Product['specifications'][number];
export type ProductFacets = Schemas['ProductFacets'];
/** The product list answer; `facets` is present when the query has `facets=true`. */
export type ProductList = Answer<'products_products_list'>;

export type CategoryNode = Schemas['CategoryNode'];
export type Category = Schemas['Category'];
export type Brand = Schemas['Brand'];
export type Specification = Schemas['Specification'];
export type SpecificationKind = Specification['kind'];
export type FacetValue = Specification['values'][number];

/** Rates as decimal strings: units of each currency per 1 KGS (so `kgs` is `"1"`). */
export type Exchange = Schemas['Exchange'];
export type Contact = Schemas['Contact'];
export type Banner = Schemas['Banner'];
export type Document = Schemas['Document'];

/** An article, news item or site page in a list (no body). */
export type PublicationListItem = Schemas['PublicationListItem'];
/** An article, news item or site page with its sanitised HTML `body`. */
export type Publication = Schemas['Publication'];

export type CourseCategory = Schemas['CourseCategory'];
export type CourseListItem = Schemas['CourseListItem'];
/** A course with its sanitised HTML `description`; dates are the city's calendar days. */
export type Course = Schemas['Course'];
export type CityCode = CourseListItem['city'];
/** A row of the printing price list, priced in the country's currency. */
export type PrintingPrice = Schemas['PrintingPrice'];
export type Vacancy = Schemas['Vacancy'];

/** What a public form stored: its number, what it is about, and what happens next (`detail`). */
export type VisitorRequest = Schemas['VisitorRequest'];
export type SupportRequestInput = Schemas['SupportRequest'];
export type CourseRequestInput = Schemas['CourseRequest'];
export type CourseSearchRequestInput = Schemas['CourseSearchRequest'];
export type NewsletterAnswer = Schemas['NewsletterAnswer'];
export type BackInStockAlert = Schemas['BackInStockAlert'];

/** A 400 answer: messages per field, plus `non_field_errors` for the input as a whole. */
export type ApiValidationErrorBody = Schemas['FieldErrors'];
/** Every error answer other than 400. */
export type ApiErrorBody = Schemas['ErrorDetail'];

/** An account as `/accounts/auth/users/...` answers it (djoser's user serializer, email as the login). */
export type User = Schemas['User'];
/** `POST /accounts/auth/jwt/create/` answer. */
export type TokenPair = Answer<'accounts_auth_jwt_create_create'>;
/** `POST /accounts/auth/jwt/refresh/` answer: the server rotates, so a new `refresh` comes with `access`. */
export type TokenRefreshAnswer = Answer<'accounts_auth_jwt_refresh_create'>;

/** `GET /products/comparison/`: the filter specifications of several products, side by side. */
export type ProductComparison = Schemas['ProductComparison'];
/** One of the signed-in person's delivery addresses (`/accounts/addresses/`). */
export type DeliveryAddress = Schemas['DeliveryAddress'];
export type DeliveryAddressInput = Schemas['DeliveryAddressCreate'];
export type DeliveryAddressUpdate = Schemas['PatchedDeliveryAddress'];
export type LoginCredentials = Schemas['TokenObtainPair'];
export type RegistrationInput = Schemas['UserCreate'];
/**
 * `PUT`/`PATCH users/me/` and `users/{email}/`; `is_active` counts only when staff send it, `is_staff` (and
 * `is_active` of a staff account) only from a superuser.
 */
export type UserUpdate = Schemas['UserUpdate'];
/** The `{uid, token}` pair of a mailed activation or reset link. */
export type LinkToken = Schemas['Activation'];
export type PasswordResetConfirmInput = Schemas['PasswordResetConfirm'];
export type EmailResetConfirmInput = Schemas['EmailResetConfirm'];
export type SetPasswordInput = Schemas['SetPassword'];
export type SetEmailInput = Schemas['SetEmail'];
export type CurrentPasswordInput = Schemas['CurrentPassword'];

/** An order as `/orders/...` answers it: lines as priced when ordered, money in `currency`. */
export type Order = Schemas['Order'];
export type OrderLine = Schemas['OrderLine'];
/** `POST /orders/order_create/` body: products and quantities only, never prices. */
export type OrderCreateInput = Schemas['OrderCreate'];

/** A clinic as one of its members reads it (with the member's own `role`). */
export type Clinic = Schemas['Clinic'];
export type ClinicCreateInput = Schemas['ClinicCreate'];
export type ClinicInvitation = Schemas['ClinicInvitation'];
export type ClinicInvitationInput = Schemas['ClinicInvitationCreate'];
/** A clinic's list (issue 37): `GET /clinics/{id}/lists/` gives summaries, one list carries its lines. */
export type ClinicListSummary = Schemas['ClinicListSummary'];
export type ClinicList = Schemas['ClinicList'];
export type ClinicListCreateInput = Schemas['ClinicListCreate'];
export type ClinicListUpdateInput = Schemas['PatchedClinicListUpdate'];
/** `POST /products/resolve_lines/`: a quick order's lines found and the problems, each with its line number. */
export type ResolvedLines = Schemas['ResolvedLines'];
