import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The kinds of number that receive our texts: mobiles, and the plans where mobiles and fixed
 * lines share one numbering (the US, Canada). Never premium-rate, shared-cost, toll-free,
 * personal or pager numbers: texts to those cost the site money and pay someone else (SMS
 * pumping, OWASP's MFA cheat sheet).
 */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A phone number in E.164 (+8613800138000), or null when it is not a valid number a text can go
 * to. Input may carry spaces, dashes and brackets; it must name its country (+86 …): the site
 * is global.
 * @example toE164('+86 138 0013 8000') // '+8613800138000'
 * @example toE164('+44 909 879 0000') // null (premium rate)
 */
export function toE164(input: string | null | undefined): string | null {
  if (!input || input.length > 32) return null;
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed?.isValid() && TEXTABLE.has(parsed.getType() ?? '') ? parsed.number : null;
}
