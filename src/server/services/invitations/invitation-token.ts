import { createHash } from 'node:crypto';
import { randomBase62 } from '@/server/ids';

/** How long a link stays usable: a week covers a weekend and a slow reply, and bounds a leaked link's life. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 43 base62 characters ≈ 256 bits: a link cannot be guessed, so it needs no throttling of its own. */
export const newInvitationToken = () => randomBase62(43);

/** Only this is stored (a fast hash suffices for a high-entropy secret, as for API keys). */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationPath = (token: string) => `/invitations/${token}`;
