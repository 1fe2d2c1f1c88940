import { DEFAULT_COUNTRY, isCountryCode } from '../../shared/countries.ts';
import type { User } from './users.queries.ts';

/** What an account shows of itself, to the API and to pages: never the password hash or the auth version. */
export type PublicUser = Pick<
  User,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'organisation'
  | 'taxNumber'
  | 'country'
  | 'isStaff'
  | 'isSuperuser'
  | 'canExchange'
  | 'isActive'
  | 'dateJoined'
  | 'lastLogin'
>;

/** The wire shape of an account (snake_case, ISO dates), as the API answers it and the islands hold it. */
export function toUserJson(user: PublicUser) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    organisation: user.organisation,
    tax_number: user.taxNumber,
    country: isCountryCode(user.country) ? user.country : DEFAULT_COUNTRY,
    is_active: user.isActive,
    is_staff: user.isStaff,
    is_superuser: user.isSuperuser,
    can_exchange: user.canExchange,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}
