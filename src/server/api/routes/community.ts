import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of project updates, questions and answers, social posts (notice/twitterByES). */
export const communityRoutes = new Hono<ApiEnv>();
