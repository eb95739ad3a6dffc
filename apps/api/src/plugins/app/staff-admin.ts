import fp from 'fastify-plugin';
import {
  type AdminProductRepository,
  createAdminProductRepository,
} from '../../repositories/admin-products.ts';
import {
  type AdminPropertyRepository,
  createAdminPropertyRepository,
} from '../../repositories/admin-properties.ts';
import {
  type AdminSummaryRepository,
  createAdminSummaryRepository,
} from '../../repositories/admin-summary.ts';
import {
  type AdminUserRepository,
  createAdminUserRepository,
} from '../../repositories/admin-users.ts';
import {
  createMailOutboxRepository,
  type MailOutboxRepository,
} from '../../repositories/mail-outbox.ts';
import { createMarketingListRepository } from '../../repositories/marketing-lists.ts';
import { createReferralInvitationRepository } from '../../repositories/referral-invitations.ts';
import { createReferralRepository } from '../../repositories/referrals.ts';
import {
  createReportFiguresRepository,
  type ReportFiguresRepository,
} from '../../repositories/report-figures.ts';
import { createVendorRepository, type VendorRepository } from '../../repositories/vendors.ts';
import { mailBrand } from '../../services/mail/brand.ts';
import { createMailPreviews, type MailPreviews } from '../../services/mail/previews.ts';
import {
  createMarketingLists,
  type MarketingLists,
} from '../../services/marketing/marketing-lists.ts';
import { createReferralService, type ReferralService } from '../../services/referrals/referrals.ts';
import {
  createVendorReferralService,
  type VendorReferralService,
} from '../../services/referrals/vendor-referrals.ts';
import { createReportService, type ReportService } from '../../services/reports/reports.ts';
import { createPeopleService, type PeopleService } from '../../services/staff/people.ts';
import { createRoleService, type RoleService } from '../../services/staff/roles.ts';

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
