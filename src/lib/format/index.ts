/** Number, price, percent, time, text and pair formatting shared by server and browser. */
export * from './locale';
export * from './number';
export * from './percent';
export * from './time';
export * from './text';
export * from './pair';
export * from './remember';
export * from './dateline';
