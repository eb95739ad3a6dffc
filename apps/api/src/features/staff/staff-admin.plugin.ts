import fp from 'fastify-plugin';
import {
  type AdminProductRepository,
  createAdminProductRepository,
} from '../catalogue/admin-products.repository.ts';
import { mailBrand } from '../mail/brand.ts';
import {
  createMailOutboxRepository,
  type MailOutboxRepository,
} from '../mail/mail-outbox.repository.ts';
import { createMailPreviews, type MailPreviews } from '../mail/previews.ts';
import {
  type AdminPropertyRepository,
  createAdminPropertyRepository,
} from '../properties/admin-properties.repository.ts';
import { createReferralInvitationRepository } from '../referrals/referral-invitations.repository.ts';
import { createReferralRepository } from '../referrals/referrals.repository.ts';
import { createReferralService, type ReferralService } from '../referrals/referrals.ts';
import {
  createVendorReferralService,
  type VendorReferralService,
} from '../referrals/vendor-referrals.ts';
import {
  type AdminSummaryRepository,
  createAdminSummaryRepository,
} from './admin-summary.repository.ts';
import { type AdminUserRepository, createAdminUserRepository } from './admin-users.repository.ts';
import { createMarketingLists, type MarketingLists } from './marketing/marketing-lists.ts';
import { createMarketingListRepository } from './marketing-lists.repository.ts';
import { createPeopleService, type PeopleService } from './people.ts';
import {
  createReportFiguresRepository,
  type ReportFiguresRepository,
} from './report-figures.repository.ts';
import { createReportService, type ReportService } from './reports/reports.ts';
import { createRoleService, type RoleService } from './roles.ts';
import { createVendorRepository, type VendorRepository } from './vendors.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    adminUsers: AdminUserRepository;
    adminProperties: AdminPropertyRepository;
    adminProducts: AdminProductRepository;
    adminSummary: AdminSummaryRepository;
    vendors: VendorRepository;
    /** The mail jobs as Email management lists them: address and subject, never a body. */
    mailOutbox: MailOutboxRepository;
    /** Every mail template rendered on sample values (docs/decisions/026-email-management.md). */
    mailPreviews: MailPreviews;
    roleService: RoleService;
    people: PeopleService;
    /** The sums behind Admin → Reports, by month and product (app.reports fills the gaps). */
    reportFigures: ReportFiguresRepository;
    /** Revenue and orders by product and month (docs/decisions/029-reports.md). */
    reports: ReportService;
    /** Owners, properties and orders for campaigns (issue 23; opt-ins decide the exports). */
    marketingLists: MarketingLists;
    /** Who referred whom and the fee; referrers' licenses (issue 23, decision 035). */
    referrals: ReferralService;
    /** A referrer's own invitations, referred people's progress and fees (issue 24, decision 051). */
    vendorReferrals: VendorReferralService;
  }
}

/** The staff and vendor areas' repositories and rules (issue 15). */
export default fp(
  async (app) => {
    const adminUsers = createAdminUserRepository(app.db);
    const vendors = createVendorRepository(app.db);
    app.decorate('adminUsers', adminUsers);
    app.decorate('adminProperties', createAdminPropertyRepository(app.db));
    app.decorate('adminProducts', createAdminProductRepository(app.db));
    app.decorate('adminSummary', createAdminSummaryRepository(app.db));
    app.decorate('vendors', vendors);
    app.decorate('mailOutbox', createMailOutboxRepository(app.db));
    app.decorate('mailPreviews', createMailPreviews(mailBrand(app.config)));
    const reportFigures = createReportFiguresRepository(app.db);
    app.decorate('reportFigures', reportFigures);
    app.decorate(
      'reports',
      createReportService({ figures: reportFigures, zone: app.config.businessTimeZone }),
    );
    app.decorate(
      'marketingLists',
      createMarketingLists(createMarketingListRepository(app.db, app.config.businessTimeZone)),
    );
    const referralRepo = createReferralRepository(app.db);
    const referrals = createReferralService({
      repo: referralRepo,
      zone: app.config.businessTimeZone,
    });
    app.decorate('referrals', referrals);
    app.decorate(
      'vendorReferrals',
      createVendorReferralService({
        invitations: createReferralInvitationRepository(app.db),
        referralRepo,
        referrals,
        users: app.users,
        outbox: app.outbox,
        brand: mailBrand(app.config),
      }),
    );
    app.decorate('roleService', createRoleService({ roles: app.staffRoles, access: app.access }));
    app.decorate(
      'people',
      createPeopleService({
        adminUsers,
        roles: app.staffRoles,
        vendors,
        properties: app.properties,
        currentUser: app.currentUser,
        sessions: app.sessions,
        emailVerification: app.emailVerification,
      }),
    );
  },
  {
    name: 'staff-admin',
    dependencies: ['services', 'access', 'property-data', 'account-lifecycle', 'public-site'],
  },
);
