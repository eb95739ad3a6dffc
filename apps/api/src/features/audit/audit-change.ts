/** One change a handler describes precisely: which record, and how it looked before and after. */
export interface AuditChange {
  action?: string;
  recordType: string;
  recordId: string;
  before?: unknown;
  after?: unknown;
}
