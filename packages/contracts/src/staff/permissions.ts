import { VENDOR_KIND_KEYS } from '@lantern/domain';
import { z } from 'zod';

/**
 * The named permissions a staff role is made of (issue 15; docs/decisions/016-staff-roles-and-
 * permissions.md). Deny by default: a staff member may do only what one of these grants, and every
 * admin route names the permission it needs. Adding a permission here offers it on the Roles page;
 * the owner role always holds every permission, including ones added later.
 */
export const PERMISSIONS = {
  'users.view': {
    label: 'See people',
    description: 'Search and read customer, vendor and staff accounts.',
  },
  'roles.manage': {
    label: 'Manage roles',
    description: 'Create and change staff roles and give people a staff role.',
  },
  'users.manage': {
    label: 'Manage accounts',
    description:
      'Lock and unlock accounts, sign people out everywhere and resend their verification mail.',
  },
  'vendors.manage': {
    label: 'Manage vendors',
    description: 'Give people vendor kinds and assign vendors to properties and orders.',
  },
  'properties.view': {
    label: 'See properties',
    description: "Read every property and today's property figures.",
  },
  'orders.view': {
    label: 'See orders and revenue',
    description: "Read every order, today's orders and revenue, and quotes waiting for staff.",
  },
  'orders.manage': {
    label: 'Manage orders',
    description:
      'Price quotes (which issues the invoice), cancel and complete orders, and add notes to them.',
  },
  'products.manage': {
    label: 'Manage products and prices',
    description:
      'Change product names, descriptions, prices, who may order them and where they are offered.',
  },
  'mls.manage': {
    label: 'Manage MLS boards',
    description:
      'Add and change MLSs and boards of realtors: their states, counties, fees and rules, which decide where local MLS listing is offered.',
  },
  'site.media': {
    label: 'Manage site media',
    description:
      'Upload, describe, order, publish and delete the photos the public site shows, such as the sample work on /photography.',
  },
  'vendors.prices': {
    label: 'See and set vendor prices',
    description: 'See and change what we pay vendors for each service, by default and per vendor.',
  },
  'messages.answer': {
    label: 'Answer customers',
    description: "Read every property's conversation and answer as the company.",
  },
  'activity.view': {
    label: 'Read the activity log',
    description: 'Search who changed what, when and from where.',
  },
  'email.view': {
    label: 'See mail',
    description:
      'Preview every mail template on sample values and see each mail sent: address, subject, state and delivery errors.',
  },
  'jobs.view': {
    label: 'See background jobs',
    description: 'See background work (mail, reminders, clean-ups) and the jobs that failed.',
  },
  'jobs.retry': {
    label: 'Retry failed jobs',
    description: 'Run a failed background job again, a failed mail among them.',
  },
  'crm.view': {
    label: 'See CRM sync errors',
    description: 'See which customers and orders could not be pushed to the CRM, and why.',
  },
  'crm.retry': {
    label: 'Retry CRM pushes',
    description: 'Push a customer or order to the CRM again after it failed.',
  },
  'texts.view': {
    label: 'See texts',
    description:
      'Read every text we sent and received, with its delivery status, and the numbers that asked us to stop texting them.',
  },
  'texts.manage': {
    label: 'Record text opt-outs',
    description:
      'Stop all texts to a number whose owner asked by phone, mail or in person, and undo such a stop made by mistake.',
  },
  'payments.record': {
    label: 'Record payments and refunds',
    description:
      'Record checks, bank transfers and cash against invoices, refund them, and void unpaid invoices.',
  },
  'listings.review': {
    label: 'Review MLS listings',
    description:
      'Approve submitted listings with their MLS number, send them back with reasons or refuse them with a full refund, and carry out owners’ change requests.',
  },
  'lockboxes.manage': {
    label: 'Manage lockboxes',
    description:
      'Keep the lockbox inventory, rent lockboxes out to paid orders and record their return, which refunds the deposit.',
  },
  'workorders.manage': {
    label: 'Manage work orders',
    description:
      'Create trips to properties from orders (sign posts, lockboxes, photography), schedule them, assign them to staff or field vendors and move them along.',
  },
  'documents.review': {
    label: 'Review documents',
    description:
      'Read the documents customers send for their properties and approve them, send them back with a reason or mark them not needed.',
  },
  'coupons.manage': {
    label: 'Manage coupons',
    description: 'Create coupons and change their discounts, dates and limits.',
  },
  'taxes.manage': {
    label: 'Manage tax rates',
    description: 'Set the sales tax charged on our services in each state.',
  },
  'marketing.lists': {
    label: 'See marketing lists',
    description:
      'List owners, properties and orders by place, product, date and opt-in for campaigns.',
  },
  'referrals.manage': {
    label: 'Manage referrals',
    description:
      'Record who referred whom and the fee, mark fees earned and paid, and keep referrers’ real estate licenses on file.',
  },
  'settlement.approve': {
    label: 'Approve commission disbursements',
    description:
      'Read settlement agents’ transactions, statements and signed commission disbursement authorisations, approve them (after which they never change) or send them back with a note.',
  },
  'webhooks.all': {
    label: 'Receive every property’s webhooks',
    description:
      'Register webhook endpoints that receive the events of every property, not only those one takes part in.',
  },
  'sales.import': {
    label: 'Import sales data',
    description:
      'Import files of closed sales for valuations, choosing their credit line and whether their prices may be shown to customers.',
  },
  'valuation.disclaimers': {
    label: 'Set valuation disclaimers',
    description:
      'Set the disclaimer that valuation reports carry in each state after the fixed sentence, or put a state back to our default wording.',
  },
  'site.manage': {
    label: 'Manage trust and notices',
    description:
      'Set the state notices and review ratings the public site shows in its footer on every page, and the mortgage rate of the payment estimate on listing pages.',
  },
  'syndication.manage': {
    label: 'Manage listing partners and feeds',
    description:
      'Give partners access to the RESO Web API and portals their feed addresses, revoke them, and read who fetched which listings when.',
  },
  'data.export': {
    label: 'Export lists',
    description: 'Download any list you may see as a CSV file.',
  },
} as const satisfies Record<string, { label: string; description: string }>;

export type TPermission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as [TPermission, ...TPermission[]];
export const ZPermissionSchema = z.enum(PERMISSION_KEYS);

/** The role the former admin flag became (migration 0007); it holds every permission and cannot be edited. */
export const OWNER_ROLE = 'owner';

/**
 * The roles a new installation starts with. Staff may edit every role but owner, and add their
 * own; these lists are only the starting point (the migration inserts them).
 */
export const BUILT_IN_ROLES: ReadonlyArray<{
  key: string;
  name: string;
  description: string;
  /** Empty for the owner, who holds every permission through `isOwner`. */
  permissions: readonly TPermission[];
  isOwner: boolean;
}> = [
  {
    key: OWNER_ROLE,
    name: 'Owner',
    description: 'Everything, including roles. Cannot be edited.',
    permissions: [],
    isOwner: true,
  },
  {
    key: 'operations',
    name: 'Operations',
    description: 'Runs orders and vendors day to day.',
    permissions: [
      'users.view',
      'vendors.manage',
      'properties.view',
      'orders.view',
      'messages.answer',
      'jobs.view',
      'jobs.retry',
      'data.export',
      'payments.record',
      'listings.review',
      'referrals.manage',
      'lockboxes.manage',
      'orders.manage',
      'workorders.manage',
      'documents.review',
      'settlement.approve',
      'sales.import',
    ],
    isOwner: false,
  },
  {
    key: 'support',
    name: 'Support',
    description: 'Helps customers with their accounts, properties and orders.',
    permissions: ['users.view', 'properties.view', 'orders.view', 'messages.answer'],
    isOwner: false,
  },
  {
    key: 'compliance',
    name: 'Compliance',
    description: 'Reviews who did what for audits and complaints.',
    permissions: ['users.view', 'properties.view', 'orders.view', 'activity.view', 'data.export'],
    isOwner: false,
  },
  {
    key: 'marketing',
    name: 'Marketing',
    description: 'Reads figures and exports lists for campaigns.',
    permissions: [
      'users.view',
      'properties.view',
      'orders.view',
      'data.export',
      'coupons.manage',
      'marketing.lists',
    ],
    isOwner: false,
  },
];

/** Whether a role's permissions grant `permission`; the owner role grants everything. */
export function roleGrants(
  role: { isOwner: boolean; permissions: readonly string[] } | null | undefined,
  permission: TPermission,
): boolean {
  if (!role) return false;
  return role.isOwner || role.permissions.includes(permission);
}

export const ZVendorKindSchema = z.enum(VENDOR_KIND_KEYS);
