// Pages of the accounts flow that the route table needs. It ships with the home page, so it must not
// import @toolshop/shared/auth (that brings zod); a test keeps the values equal to the shared ones.

/** The page the provider's callback lands on inside the sign-in popup. */
export const POPUP_COMPLETE_PATH = "/auth/popup-complete";
