/** Number, price, percent, text and pair formatting shared by server and browser; dates are in ./time and ./relative. */
export * from './locale';
export * from './number';
export * from './percent';
export * from './text';
export * from './pair';
export * from './remember';
export * from './dateline';
