export { toAddressJson } from '../../accounts/address-json.ts';
export { toUserJson } from '../../accounts/user-json.ts';
import type { ProfileChanges } from '../../accounts/profile.service.ts';
import type { CountryCode } from '../../../shared/countries.ts';

export function toProfileChanges(body: {
  first_name?: string;
  last_name?: string;
  phone?: string;
  organisation?: string;
  tax_number?: string;
  country?: CountryCode;
  is_active?: boolean;
  is_staff?: boolean;
  can_exchange?: boolean;
}): ProfileChanges {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    organisation: body.organisation,
    taxNumber: body.tax_number,
    country: body.country,
    isActive: body.is_active,
    isStaff: body.is_staff,
    canExchange: body.can_exchange,
  };
}
