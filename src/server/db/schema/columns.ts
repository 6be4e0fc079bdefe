import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Times with their zone, read as Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Prices and amounts: arbitrary precision in storage, strings in JS so nothing is rounded twice. */
export const num = (name: string) => numeric(name);
/** Binary column (drizzle has no built-in bytea). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
