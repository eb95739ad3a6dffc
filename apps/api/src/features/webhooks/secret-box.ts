import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets are kept encrypted (AES-256-GCM): signing needs the secret itself, so
 * a hash would not do. The key is derived from SESSION_SECRET with HKDF, so a copy of the
 * database alone does not reveal them; changing SESSION_SECRET makes them unreadable (the
 * owner makes the endpoint again). docs/decisions/053-outbound-webhooks.md.
 */
export function createSecretBox(sessionSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', sessionSecret, 'lantern', 'webhook signing secrets v1', 32),
  );
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data) throw new Error('sealed secret is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
