/**
 * The conversion on the page, shared by the form island (which writes it as the reader types)
 * and the result panel's script (which draws it and moves the prices with the stream).
 */
import { atom } from 'nanostores';
import type { Leg } from '../model.ts';

export interface ConvertState {
  /** The amount's canonical text ("2.5"); null while the one given is refused. */
  amount: string | null;
  from: Leg;
  to: Leg;
}

/** Null until the page's script reads the server's conversion (or on a page that has none). */
export const $convert = atom<ConvertState | null>(null);
