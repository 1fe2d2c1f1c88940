import type { CountryCode } from '../../shared/countries.ts';
import type { DeliveryAddress } from './addresses.service.ts';

/** A delivery address as the API and the account page send it (snake_case). */
export function toAddressJson(row: DeliveryAddress) {
  return {
    id: row.id,
    country: row.country as CountryCode,
    city: row.city,
    address: row.address,
    last_used_at: row.lastUsedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
