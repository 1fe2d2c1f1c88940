import { z } from '@hono/zod-openapi';
import { ACCOUNT_MESSAGES as M } from '../../accounts/accounts.messages.ts';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { countryFilter } from '../common.schemas.ts';
import { filledLine, flag } from '../fields.ts';

const country = () =>
  z.enum(COUNTRY_CODES, { error: (issue) => (issue.input === undefined ? M.required : M.countryInvalid) });

/** The account's delivery addresses (`/accounts/addresses/`), the same fields as a courier order's delivery. */

export const addressSchema = z
  .object({
    id: z.number().int(),
    country: z.enum(COUNTRY_CODES),
    city: z.string(),
    address: z.string(),
    last_used_at: z.string().openapi({
      format: 'date-time',
      description: 'The last order delivered there, or when it was saved or chosen: checkout offers the latest first.',
    }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('DeliveryAddress');

export const addressCreateBody = z
  .object({ country: country(), city: filledLine(100), address: filledLine(300) })
  .openapi('DeliveryAddressCreate');

export const addressUpdateBody = z
  .object({
    country: country().optional(),
    city: filledLine(100).optional(),
    address: filledLine(300).optional(),
    use: flag()
      .optional()
      .openapi({ description: 'true: make it the address checkout offers first (its `last_used_at` becomes now).' }),
  })
  .openapi('PatchedDeliveryAddress');

export const addressListQuery = { country: countryFilter };
