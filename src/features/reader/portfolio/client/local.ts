/**
 * A visitor's portfolio, kept in this browser (localStorage): the transactions as typed, each
 * with its own id so the merge at sign-in (`portfolio/merge`) adds each once, however often it
 * is sent. Unreadable storage reads as empty; nothing here reaches the server but the merge.
 */
import { isInputError, parseTx, type TxInput } from '../input.ts';

const KEY = 'coinlens.portfolio.v1';
/** The signed-in reader's last chosen portfolio (its id), shared by the portfolio page and the coin page's dialog. */
export const SELECTED = 'coinlens.portfolio.selected';
export type LocalTx = Omit<TxInput, 'clientId'> & { clientId: string };

export function readLocal(): LocalTx[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    // Entries are checked again: storage is the visitor's to edit.
    return raw.flatMap((r) => {
      const tx = parseTx(r);
      return isInputError(tx) || !tx.clientId ? [] : [tx as LocalTx];
    });
  } catch {
    return [];
  }
}

export function writeLocal(list: readonly LocalTx[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full quota: the list lives for this page only.
  }
}

export const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
