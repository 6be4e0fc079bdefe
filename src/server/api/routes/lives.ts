import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of flash news and the event calendar. */
export const livesRoutes = new Hono<ApiEnv>();
