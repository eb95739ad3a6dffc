import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for TOTP secrets at rest, keyed from SESSION_SECRET: a copy of the table alone
 * does not let anyone compute a user's codes.
 */
export function createSecretBox(sessionSecret: string) {
  const key = createHash('sha256').update(`two-factor-secret:${sessionSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
