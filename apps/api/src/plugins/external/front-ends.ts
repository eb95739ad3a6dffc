import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  INVITATION_PAGE,
  MESSAGES,
  REFERRAL_PAGES,
  type SiteLocals,
  SOCIAL_PATHS,
} from '@lantern/contracts';
import { ANALYTICS_SCRIPT, type AnalyticsSettings, PATHS } from '@lantern/domain';
import { pageRequest, type RenderedPage } from '@lantern/domain/site-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readBuildManifest } from '../../features/public-site/localize-site.ts';
import { CSP_HEADER, withPageScripts } from '../../features/public-site/page-csp.ts';
import { createSiteData } from '../../features/public-site/site-data.ts';
import { loadSiteRenderer, type SiteRenderer } from '../../features/public-site/site-renderer.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONFIG_SLOT = '/*app-config*/';
const SOCIAL_CALLBACK_FILE = `${SOCIAL_PATHS.callbackPage}.html`;

/** What an API route hands a page of the site besides the site's data. */
type ExtraLocals = Omit<SiteLocals, 'site'>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One of the public site's on-demand pages, rendered for an API route with extra locals (the
     * FSBO preview's draft), the reply's CSP already allowing the page's inline scripts. Null
     * without a built site or when Astro has no such page; the route sends it as it needs to.
     */
    renderSitePage(
      path: string,
      reply: FastifyReply,
      locals: ExtraLocals,
    ): Promise<RenderedPage | null>;
  }
}

/**
 * In production the API process serves both front ends: the prerendered Astro site at / and the
 * dashboard SPA at /dashboard, /vendor and /admin (history fallback to its index.html).
 * Hashed assets are cached for a year; HTML is revalidated on every visit.
 */
export default fp(
  async (app) => {
    const { webDist, dashboardDist } = app.config;
    // The home page renders on demand (no index.html): the designed 404 page marks a built site,
    // and index.html the stand-in sites some tests build.
    const hasWeb = ['404.html', 'index.html'].some((file) => existsSync(join(webDist, file)));
    const hasSpa = existsSync(join(dashboardDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        extensions: ['html'],
        redirect: false,
        cacheControl: false,
        setHeaders,
      });
    }
    const page = (file: string) => {
      const path = join(webDist, file);
      return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    };
    const notFoundPage = page('404.html');
    const render = siteRenderer(app, await loadSiteRenderer(app.config.webServerEntry));
    const renderPage = onDemandPages(app, render);
    app.decorate('renderSitePage', (path: string, reply: FastifyReply, locals: ExtraLocals) =>
      render(pageRequest(path, app.config.publicUrl), reply, locals),
    );
    app.decorate('sitePageAfterPost', (request: FastifyRequest, reply: FastifyReply) =>
      renderPage(request, reply, true),
    );
    app.setNotFoundHandler(async (request, reply) => {
      if (await renderPage(request, reply)) return reply;
      if (request.method === 'GET' && wantsHtml(request) && notFoundPage) {
        return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage);
      }
      return reply.code(404).send({ message: MESSAGES.notFound });
    });
    if (!hasSpa) return;
    await app.register(fastifyStatic, {
      root: join(dashboardDist, 'spa'),
      prefix: '/spa/',
      decorateReply: false,
      cacheControl: false,
      setHeaders,
    });
    const serveShell = shellServer(app, page('403.html'));
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
      app.get(prefix, { schema: { hide: true } }, serveShell(flag));
      app.get(`${prefix}/*`, { schema: { hide: true } }, serveShell(flag));
    }
  },
  { name: 'front-ends', dependencies: ['auth', 'shell-config', 'page-landing'] },
);

function setHeaders(reply: FastifyReply, path: string) {
  const hashed = path.includes('/_astro/') || path.includes('/assets/');
  reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  // The sign-in popup's landing page reaches its opener after a provider's page (without
  // this policy) was in the same window; any other policy would cut the two apart.
  if (path.endsWith(SOCIAL_CALLBACK_FILE))
    reply.header('cross-origin-opener-policy', 'unsafe-none');
}

/**
 * Renders a page of the site with Astro, given the site's data and any extra locals, and widens
 * the reply's CSP for the page's inline scripts. Null when Astro has no page for the request.
 */
function siteRenderer(app: FastifyInstance, renderer: SiteRenderer | null) {
  const site = createSiteData(app);
  const known = new Set(readBuildManifest(app.config.webDist)?.scriptHashes ?? []);
  return async (
    raw: FastifyRequest['raw'],
    reply: FastifyReply,
    extra: ExtraLocals = {},
  ): Promise<RenderedPage | null> => {
    if (!renderer) return null;
    const page = await renderer(raw, { ...extra, site });
    if (!page) return null;
    if (page.status >= 500) throw new Error(`The public site could not render ${raw.url}`);
    const policy = reply.raw.getHeader(CSP_HEADER);
    if (typeof policy === 'string')
      reply.raw.setHeader(CSP_HEADER, withPageScripts(policy, page.body, known));
    return page;
  };
}

/**
 * The public site's pages that render on demand: a path no file and no route answered goes to
 * Astro (docs/decisions/077-one-rendering-technology.md). True when Astro had a page for it.
 */
function onDemandPages(app: FastifyInstance, render: ReturnType<typeof siteRenderer>) {
  const manifest = readBuildManifest(app.config.webDist);
  const pages = (manifest?.onDemandPages ?? []).map((source) => new RegExp(source));
  return async (request: FastifyRequest, reply: FastifyReply, afterPost = false) => {
    if (!afterPost && request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?', 1)[0] ?? '';
    // The API's own paths are never pages, whatever the catch-all page's pattern says.
    if (path.startsWith('/api/') || !pages.some((pattern) => pattern.test(path))) return false;
    // After a POST route did its work, the page at its address is read as by a GET: Astro never
    // sees the POST (nor its body, which the route has read).
    const raw = afterPost ? Object.create(request.raw, { method: { value: 'GET' } }) : request.raw;
    const page = await render(raw, reply);
    if (!page) return false;
    // The catch-all page answers every path it has no page for with the site's 404 page; a
    // client that does not want HTML gets the JSON answer as before.
    if (page.status === 404 && !wantsHtml(request)) return false;
    // Rendered from the database on each visit: a price or a listing changed shows at once.
    // A page may ask for less (no-store where its address holds a credential).
    reply.code(page.status).header('cache-control', 'no-cache').headers(page.headers);
    if (String(page.headers['content-type'] ?? '').startsWith('text/html'))
      reply.type('text/html; charset=utf-8');
    await reply.send(page.body);
    return true;
  };
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

/** The dashboard SPA's index.html with this request's app config, behind the area's check. */
function shellServer(app: FastifyInstance, forbiddenPage: string | undefined) {
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
  const html = (reply: FastifyReply, config: string) =>
    reply.type('text/html; charset=utf-8').send(shell.replace(CONFIG_SLOT, () => config));
  return (flag?: ShellFlag) => async (request: FastifyRequest, reply: FastifyReply) => {
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
          .send(forbiddenPage ?? 'Forbidden');
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

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
