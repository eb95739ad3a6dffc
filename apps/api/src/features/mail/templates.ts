/**
 * Every email the product sends, one import point for its callers. Each template takes its data
 * and describes its mail once (templates/, by area); `render` writes the subject, a plain-text body
 * and an HTML body from that description, escaping values for the HTML version. Only templates
 * are exported as functions here: the preview test lists every function as a template.
 */
export * from './templates/account.ts';
export * from './templates/listing-tools.ts';
export * from './templates/listings.ts';
export * from './templates/orders.ts';
export type { BrandData, MailContent } from './templates/render.ts';
export * from './templates/support.ts';
export * from './templates/transactions.ts';
export * from './templates/vendors.ts';
