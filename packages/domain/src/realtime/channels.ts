/** Private channels (docs/decisions/005-realtime.md): one per user, one per property. */
export type TChannel = `user.${string}` | `property.${string}`;

export const userChannel = (userHash: string): TChannel => `user.${userHash}`;
export const propertyChannel = (propertyHash: string): TChannel => `property.${propertyHash}`;

const CHANNEL = /^(user|property)\.([0-9A-Za-z]{1,64})$/;

/** Split a channel name; undefined for anything that is not one of ours. */
export function parseChannel(
  channel: string,
): { kind: 'user' | 'property'; hash: string } | undefined {
  const m = CHANNEL.exec(channel);
  if (!m?.[1] || !m[2]) return undefined;
  return { kind: m[1] as 'user' | 'property', hash: m[2] };
}
