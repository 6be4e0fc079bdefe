import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe scan of the page. Legacy mode runs axe.run in the page (its frames included, all of them
 * same-origin here) instead of runPartial in every frame plus finishRun in a blank page of its own:
 * a third less time per scan, and the browser suite runs a few hundred of them.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);
