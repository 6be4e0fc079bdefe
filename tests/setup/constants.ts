/** The fixed clock the test template is seeded with. */
export const SEED_NOW = new Date('2026-11-20T12:00:00Z');
export const TEMPLATE_DB = 'coinlens_test_template';
