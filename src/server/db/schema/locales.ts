import { pgEnum } from 'drizzle-orm/pg-core';

export const contentLocale = pgEnum('content_locale', ['en', 'zh', 'zh-hk', 'ko']);
