import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../lib/pagination.ts';

/** Query fragments shared by list endpoints. */
export const pageQuery = {
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
  size: z.coerce
    .number()
    .int('must be a whole number')
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `must be one of ${PAGE_SIZES.join(', ')}`)
    .default(DEFAULT_PAGE_SIZE),
  order: z.enum(['asc', 'desc']).optional(),
};

/** Path identifiers: slugs of letters, digits, dots and dashes. */
export const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9.-]*$/i, 'is not a valid identifier');

/** Path parameters of one item: `:id` (coins, articles …) and `:name` (exchanges). */
export const idParam = z.object({ id: slug });
export const nameParam = z.object({ name: slug });
