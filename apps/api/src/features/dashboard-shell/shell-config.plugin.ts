import type { TAppConfig, TCurrentUser } from '@lantern/contracts';
import { telHref } from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readSigned, signClaims } from '../../lib/keyed-hash.ts';
import { sanitizeBannerHtml } from '../../lib/sanitize-html.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SPA shell's app-config JSON for this request (consumes the page-load flash), with the
     * signed-in user when there is one.
     */
    shellConfig(request: FastifyRequest, reply: FastifyReply, user?: TCurrentUser | null): string;
  }
  interface FastifyReply {
    /**
     * Show `html` in the dashboard's page-load error banner on the next page the browser opens
     * there (spec 2: messages under the pageLoad key). Sanitized when served.
     */
    flashPageLoad(html: string): void;
  }
}

const FLASH_COOKIE = 'lantern_flash';
const FLASH_MAX_AGE_S = 300;

/**
 * What the SPA needs to know at start that only the server knows: SITE_NAME, the investor flag,
 * the special-instruction banner, page-load errors and the map tiles. The flash lives in a signed
 * cookie, so any instance can show it and nothing is kept in one instance's memory.
 */
export default fp(
  async (app) => {
    const { siteName, supportPhone, supportTicketUrl, investorUrl, headerSpecialInstruction } =
      app.config;
    const { sessionSecret } = app.config;
    const banner = headerSpecialInstruction ? sanitizeBannerHtml(headerSpecialInstruction) : '';
    const base: TAppConfig = {
      siteName,
      supportPhone,
      supportPhoneHref: telHref(supportPhone),
      supportTicketUrl,
      ...(investorUrl ? { investorUrl } : {}),
      ...(banner ? { headerSpecialInstruction: banner } : {}),
      mapTiles: {
        url: app.config.geocoding.tileUrl,
        attribution: app.config.geocoding.tileAttribution,
      },
    };
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.publicUrl.protocol === 'https:',
      path: '/',
    };
    const readFlash = (request: FastifyRequest): string[] => {
      const raw = request.cookies[FLASH_COOKIE];
      const list = raw ? readSigned(sessionSecret, 'flash', raw, 8192) : null;
      return list ? list.filter((m): m is string => typeof m === 'string') : [];
    };

    app.decorateReply('flashPageLoad', function (this: FastifyReply, html: string) {
      const list = [...readFlash(this.request), html].slice(-5);
      this.setCookie(FLASH_COOKIE, signClaims(sessionSecret, 'flash', list), {
        ...cookieOptions,
        maxAge: FLASH_MAX_AGE_S,
      });
    });

    app.decorate(
      'shellConfig',
      (request: FastifyRequest, reply: FastifyReply, user?: TCurrentUser | null) => {
        const pageLoad = readFlash(request)
          .map(sanitizeBannerHtml)
          .filter((m) => m !== '');
        if (request.cookies[FLASH_COOKIE]) reply.clearCookie(FLASH_COOKIE, cookieOptions);
        const config: TAppConfig = {
          ...base,
          ...(pageLoad.length ? { errors: { pageLoad } } : {}),
          ...(user ? { user } : {}),
        };
        // Inside <script>: escape '<' so no value can close the element.
        return JSON.stringify(config).replaceAll('<', '\\u003c');
      },
    );
  },
  { name: 'shell-config', dependencies: ['services'] },
);
