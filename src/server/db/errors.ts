/** A second Coinlens server tried to use a data directory that a running one holds. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}
