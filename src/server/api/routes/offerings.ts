import { Hono } from 'hono';
import type { ApiEnv } from '../env.ts';

/** The API of ICO/IEO offerings and their ROI aggregates. */
export const offeringRoutes = new Hono<ApiEnv>();
