// Where things are on the shop's one origin, and the identity messages the web shows as they come:
// shared by the server and the web app without zod, so the home page's code can import them.

/** Every call of the shop's own API goes under this path. */
export const API_BASE_PATH = "/api";
/** Better Auth, the self-hosted identity service, answers under this path. */
export const IDENTITY_BASE_PATH = "/api/auth";
/** The server's route that sends a sign-in popup to a provider, then back to POPUP_COMPLETE_PATH. */
export const POPUP_START_PATH = "/api/auth-popup";
/** The web page a popup sign-in ends on (it reports to its opener and closes). */
export const POPUP_COMPLETE_PATH = "/auth/popup-complete";
/** The next page's cursor of a paged list whose body is the page (a JSON array). */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
/** The 429 answer's message on sign-in, sign-up, reset requests and token issuance. */
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts, try again in a minute";
