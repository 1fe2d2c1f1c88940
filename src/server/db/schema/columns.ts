import { customType } from 'drizzle-orm/pg-core';

/** Binary data: a Buffer whichever driver reads it (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
