import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of announcements and notices (notice/*, exchange/list4content, announcements). */
export const noticeRoutes = new Hono<ApiEnv>();
