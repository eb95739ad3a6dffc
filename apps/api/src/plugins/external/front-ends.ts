import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@lantern/contracts';
import {
  ANALYTICS_SCRIPT,
  type AnalyticsSettings,
  INVITATION_PAGE,
  PATHS,
  REFERRAL_PAGES,
} from '@lantern/domain';
import { pageRequest, pageText, type RenderedPage } from '@lantern/domain/site-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { areaPreloadTags } from '../../features/dashboard-shell/area-preloads.ts';
import { readBuildManifest } from '../../features/public-site/build-manifest.ts';
import { sendEncoded } from '../../features/public-site/page-encoding.ts';
import {
  type ExtraLocals,
  onDemandPages,
  sitePages,
  wantsHtml,
} from '../../features/public-site/site-pages.ts';
import { loadSiteRenderer } from '../../features/public-site/site-renderer.ts';
import { serveBuildFiles } from '../../lib/build-files.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONFIG_SLOT = '/*app-config*/';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One of the public site's on-demand pages, rendered for an API route with extra locals (the
     * FSBO preview's draft). Null without a built site or when Astro has no such page; the route
     * sends it as it needs to.
     */
    renderSitePage(path: string, locals: ExtraLocals): Promise<RenderedPage | null>;
  }
}

/**
 * In production the API process serves both front ends: the Astro site at / (its assets as files,
 * every page rendered in-process, those that ask to be kept) and the dashboard SPA at /dashboard,
 * /vendor and /admin (history fallback to its index.html). Hashed assets are cached for a year;
 * HTML is revalidated on every visit.
 */
export default fp(
  async (app) => {
    const { webDist, dashboardDist } = app.config;
    const hasSpa = existsSync(join(dashboardDist, 'index.html'));
    // The build's files are its assets (every page renders on demand); the stand-in sites some
    // tests build are files only. A route per file, found at start: any other path, however
    // broken, goes on to the pages. Each is sent in the form the build compressed it to.
    if (existsSync(webDist)) serveBuildFiles(app, { root: webDist, prefix: '/', cacheControl });
    const manifest = readBuildManifest(webDist);
    const pages = sitePages(app, await loadSiteRenderer(app.config.webServerEntry));
    const renderPage = onDemandPages(pages, manifest);
    app.decorate('renderSitePage', (path: string, locals: ExtraLocals) =>
      pages.render(pageRequest(path, app.config.publicUrl), locals),
    );
    app.decorate('sitePageAfterPost', (request: FastifyRequest, reply: FastifyReply) =>
      renderPage(request, reply, true),
    );
    app.setNotFoundHandler(async (request, reply) => {
      if (await renderPage(request, reply)) return reply;
      const notFoundPage =
        request.method === 'GET' && wantsHtml(request) ? await pages.ownPage('/404') : null;
      if (notFoundPage) {
        reply.code(404).type('text/html; charset=utf-8');
        await sendEncoded(request, reply, notFoundPage.body);
        return reply;
      }
      return reply.code(404).send({ message: MESSAGES.notFound });
    });
    if (!hasSpa) return;
    serveBuildFiles(app, { root: join(dashboardDist, 'spa'), prefix: '/spa/', cacheControl });
    const serveShell = shellServer(app, async () => {
      const page = await pages.ownPage('/403');
      return page && pageText(page);
    });
    // An invitation link works signed out: its page sends the person to sign in or sign up and
    // keeps the token (in the URL fragment, which a redirect here would carry to the wrong page).
    app.get(INVITATION_PAGE, { schema: { hide: true } }, serveShell('signed-out-ok'));
    // A referral invitation's page likewise (issue 24, decision 051).
    app.get(REFERRAL_PAGES.invitation, { schema: { hide: true } }, serveShell('signed-out-ok'));
    for (const [prefix, flag] of [
      ['/dashboard', undefined],
      ['/vendor', 'vendor'],
      ['/admin', 'admin'],
    ] as const) {
      app.get(prefix, { schema: { hide: true } }, serveShell(flag, prefix));
      app.get(`${prefix}/*`, { schema: { hide: true } }, serveShell(flag, prefix));
    }
  },
  {
    name: 'front-ends',
    dependencies: [
      'auth',
      'shell-config',
      'page-landing',
      'site-trust',
      'mortgage-rates',
      'mls-listing',
    ],
  },
);

/** Hashed assets never change under their name; anything else is revalidated. */
function cacheControl(url: string): string {
  const hashed = url.includes('/_astro/') || url.includes('/assets/');
  return hashed ? IMMUTABLE : 'no-cache';
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a POST route with the on-demand page at the request's own address, rendered as for
     * a GET after the route's change (the listing summary's unsubscribe). False when no page of
     * the site is there.
     */
    sitePageAfterPost(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

type ShellFlag = 'vendor' | 'admin' | 'signed-out-ok';

/**
 * The dashboard SPA's index.html with this request's app config, behind the area's check, linking
 * what the area's landing page loads besides the entry (area-preloads.ts).
 */
function shellServer(app: FastifyInstance, forbiddenPage: () => Promise<string | null>) {
  const preloads = areaPreloadTags(app.config.dashboardDist);
  const shell = readFileSync(join(app.config.dashboardDist, 'index.html'), 'utf8')
    .replace(
      '<title>Dashboard</title>',
      `<title>Dashboard | ${escapeHtml(app.config.siteName)}</title>`,
    )
    .replace(
      '<!--app-config-->',
      () =>
        `<script id="app-config" type="application/json">${CONFIG_SLOT}</script>${analyticsTags(app.config.analytics)}`,
    );
  return (flag?: ShellFlag, area?: string) => {
    const page = shell.replace('</head>', () => `${preloads(area)}</head>`);
    const html = (reply: FastifyReply, config: string) =>
      reply.type('text/html; charset=utf-8').send(page.replace(CONFIG_SLOT, () => config));
    return shellHandler(app, forbiddenPage, flag, html);
  };
}

/** Who gets the shell: signed in (any area but the invitation pages), and a vendor or staff there. */
function shellHandler(
  app: FastifyInstance,
  forbiddenPage: () => Promise<string | null>,
  flag: ShellFlag | undefined,
  html: (reply: FastifyReply, config: string) => FastifyReply,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const session = await request.session();
    if (!session && flag === 'signed-out-ok') return html(reply, app.shellConfig(request, reply));
    if (!session) return reply.redirect(PATHS.login, 302);
    if (flag === 'vendor' || flag === 'admin') {
      const summary = await app.currentUser.get(session.userId);
      if (!summary?.[flag]) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send((await forbiddenPage()) ?? 'Forbidden');
      }
    }
    // Per request: the app config carries this visit's page-load errors and the signed-in
    // user (from the session cache), so the shell renders without asking (shell-config.ts).
    const user = await app.currentUser.current(session.userId);
    if (!user) return reply.redirect(PATHS.login, 302);
    // A page a link opened that cannot show what it is for: go where the person can act,
    // and the page-load banner there says why (decision 056).
    const landing = flag ? null : await app.pageLanding.redirectFor(session.userId, request.url);
    if (landing) {
      reply.flashPageLoad(landing.message);
      return reply.redirect(landing.to, 302);
    }
    const config = app.shellConfig(request, reply, user);
    reply.header('cache-control', 'private, no-cache');
    return html(reply, config);
  };
}

/** The public site's analytics adapter, in the dashboard shell too (issue 5); nothing when off. */
function analyticsTags(settings: AnalyticsSettings | null): string {
  if (!settings) return '';
  return (
    `<script>${ANALYTICS_SCRIPT}</script>` +
    `<script defer data-domain="${escapeHtml(settings.domain)}" src="${escapeHtml(settings.scriptUrl)}"></script>`
  );
}
