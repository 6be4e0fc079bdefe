import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of news, research, columnists (v2 content/page, v2 content/news, v1 page/detail, v1 page/recommend/latest). */
export const contentRoutes = new Hono<ApiEnv>();
