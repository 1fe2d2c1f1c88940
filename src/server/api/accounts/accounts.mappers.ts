import type { ProfileChanges } from '../../accounts/users.service.ts';
import type { User } from '../../accounts/users.queries.ts';
import type { CountryCode } from '../../catalog/countries.ts';

/** The wire shape of an account: never the password hash or the internal auth version. */
export function toUserJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    country: user.country,
    is_active: user.isActive,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

export function toProfileChanges(body: {
  first_name?: string;
  last_name?: string;
  phone?: string;
  country?: CountryCode;
  is_active?: boolean;
  is_staff?: boolean;
}): ProfileChanges {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    country: body.country,
    isActive: body.is_active,
    isStaff: body.is_staff,
  };
}
