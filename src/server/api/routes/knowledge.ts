import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of encyclopedia, concept sectors and topics. */
export const knowledgeRoutes = new Hono<ApiEnv>();
