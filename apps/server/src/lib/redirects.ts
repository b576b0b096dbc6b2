import { HttpError } from "./http-errors";

export const REDIRECT_REFUSED =
  "The address to return to must be a path on this site, such as /auth/popup-complete.";

// Printable ASCII only: no spaces, tabs or line breaks (browsers drop them inside URLs) and no
// look-alike Unicode slashes. Backslashes are slashes to a browser.
const PLAIN_URL = /^[\x21-\x5b\x5d-\x7e]+$/;
// A slash or backslash in disguise: a router or a proxy may decode it into a real one.
const ENCODED_SLASH = /%(2f|5c)/i;

/**
 * The Location of every redirect the server answers (issue 47): `target`, a path or an absolute URL,
 * must still be under `base` once it is normalised as a browser would (dot segments resolved, scheme
 * and host lower-cased), with no user name in it; anything else is a 400. Checking the raw string
 * and normalising after it let "/.//evil.example" through as "//evil.example".
 *
 * Answers the normalised Location: a path when `target` was one, else the absolute URL.
 */
export function checkedRedirect(target: string, base: URL): string {
  let url: URL;
  try {
    if (!PLAIN_URL.test(target)) throw new Error("not a plain URL");
    url = new URL(target, base);
  } catch {
    throw new HttpError(400, REDIRECT_REFUSED);
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  const inside =
    url.origin === base.origin &&
    url.username === "" &&
    url.password === "" &&
    url.pathname.startsWith(base.pathname) &&
    // A browser reads a Location starting with "//" as another host.
    !url.pathname.startsWith("//") &&
    !ENCODED_SLASH.test(url.pathname);
  if (!inside) throw new HttpError(400, REDIRECT_REFUSED);
  return URL.canParse(target) ? url.href : path;
}

/** The site's own base for checkedRedirect: PUBLIC_URL's origin. */
export function siteBase(publicUrl: string): URL {
  return new URL("/", publicUrl);
}
