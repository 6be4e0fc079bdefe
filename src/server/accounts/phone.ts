import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in E.164 (+8613800138000), or null when it is not a valid number. Input may
 * carry spaces, dashes and brackets; it must name its country (+86 …): the site is global.
 * @example toE164('+86 138 0013 8000') // '+8613800138000'
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input || input.length > 32) return null;
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed && parsed.isValid() ? parsed.number : null;
}
