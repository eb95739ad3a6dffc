import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TResoClient, TResoClientCreate, TResoClientResource } from '@lantern/contracts';
import type { ResoClientRow } from '@lantern/db';
import type { ResoClientRepository } from './reso-clients.repository.ts';

/**
 * Partners' OAuth2 clients (issue 49): client credentials in, a short-lived bearer token out
 * (RFC 6749 §4.4). Secrets and tokens are 256 random bits kept only as their SHA-256, as the
 * personal access tokens of /api/v1 are (decision 052).
 */
export const RESO_TOKEN_TTL_SECONDS = 3600;
const CLIENT_ID_PREFIX = 'lrc_';
const SECRET_PREFIX = 'lrs_';
const TOKEN_PREFIX = 'lrt_';

/** Secrets and tokens are kept as their SHA-256 (256 random bits: no salt needed). */
export const hashResoSecret = (value: string) =>
  createHash('sha256').update(value).digest('base64url');
const sha256 = hashResoSecret;
const random = () => randomBytes(32).toString('base64url');
const newHash = () => randomBytes(12).toString('base64url');

export function toResoClient(row: ResoClientRow, createdBy: string | null = null): TResoClient {
  return {
    hash: row.hash,
    name: row.name,
    clientId: row.clientId,
    resources: row.resources as TResoClientResource[],
    rateLimitPerMinute: row.rateLimitPerMinute,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The same answer in the same time whether the client is unknown or its secret wrong. */
function secretMatches(row: ResoClientRow | undefined, secret: string): boolean {
  const given = Buffer.from(sha256(secret));
  const kept = Buffer.from(row?.secretHash ?? sha256(random()));
  return given.length === kept.length && timingSafeEqual(given, kept) && row !== undefined;
}

export function createResoClientService(repo: ResoClientRepository, now = () => Date.now()) {
  return {
    async create(input: TResoClientCreate, createdBy: number) {
      const clientSecret = `${SECRET_PREFIX}${random()}`;
      const row = await repo.insert({
        hash: newHash(),
        name: input.name,
        clientId: `${CLIENT_ID_PREFIX}${randomBytes(12).toString('base64url')}`,
        secretHash: sha256(clientSecret),
        resources: [...input.resources],
        rateLimitPerMinute: input.rateLimitPerMinute,
        createdBy,
      });
      return { row, clientSecret };
    },

    /** A token for good, unrevoked credentials; null for anything else. */
    async issueToken(clientId: string, clientSecret: string) {
      const row = await repo.byClientId(clientId);
      if (!secretMatches(row, clientSecret) || !row || row.revokedAt) return null;
      const token = `${TOKEN_PREFIX}${random()}`;
      await repo.insertToken(
        row.id,
        sha256(token),
        new Date(now() + RESO_TOKEN_TTL_SECONDS * 1000),
      );
      return { accessToken: token, expiresIn: RESO_TOKEN_TTL_SECONDS };
    },

    /** The live client a bearer token stands for. */
    async authenticate(token: string) {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return undefined;
      return repo.clientOfToken(sha256(token));
    },
  };
}
export type ResoClientService = ReturnType<typeof createResoClientService>;
