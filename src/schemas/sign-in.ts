/** The console's sign-in request (next-auth credentials): parsed by the form and by the credentials provider. */
import { z } from 'zod';

export const signInInput = z.object({
  // No account has an address that is not one (createOperatorInput), so a malformed one is refused unchecked.
  email: z.email().max(254),
  // Any stored password was at most 200 characters; the length rule for new ones lives in changePasswordInput.
  password: z.string().min(1).max(200),
});

/** next-auth's session cookie (`__Secure-` prefixed over https), to tell an ended session from no session. */
export const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;
/** The sign-in page's `reason` when the console sent back someone whose session no longer admits them. */
export const SESSION_ENDED = 'session_ended';
