// Business constants of docs/product.md section 9, shared by web and server.
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SPINNER_SIZE_PX = 60;
export const SPINNER_COLOR = "#3b82f6";
export const ACCESS_TOKEN_STORAGE_KEY = "accessToken";
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** Refresh the access token this long before it expires. */
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
/** Treat the access token as expired this long before its real expiry. */
export const TOKEN_EXPIRY_SKEW_MS = 30 * 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const QUERY_RETRIES = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;
export const QUERY_CACHE_TIME_MS = 5 * 60 * 1000;
export const SELLING_PROGRESS_PERCENTS = [0, 10, 40, 70, 100] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MIN_PASSWORD_LENGTH = 8;
