/** The seller session's cookie and lifetime: shared by the pages that open it and the calls it authorises. */
export const SELLER_SESSION_COOKIE = 'seller_session';
/** A seller session ends after this long without a request. */
export const SELLER_SESSION_IDLE_MS = 30 * 60_000;
/** A seller session ends this long after it opened, however busy: the cookie's Max-Age, and retention's cut-off. */
export const SELLER_SESSION_MAX_MS = 24 * 3_600_000;
