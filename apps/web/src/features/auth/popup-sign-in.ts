import type { SocialProvider } from "@toolshop/shared/auth";
import { isPopupResult, POPUP_CHANNEL, type PopupResult, popupStartUrl } from "./popup-messages";

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;

/** The browser refused to open the window (a pop-up blocker). */
export class PopupBlockedError extends Error {
  override name = "PopupBlockedError";
}

/** The provider's sign-in came back with an error code. */
export class ProviderSignInError extends Error {
  override name = "ProviderSignInError";
  constructor(readonly code: string) {
    super(`Provider sign-in failed: ${code}`);
  }
}

/** A newer popup replaced this one; nothing to report. */
export class PopupSupersededError extends Error {
  override name = "PopupSupersededError";
}

let stopWaiting: (() => void) | null = null;

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Opens the provider's sign-in in a popup window and resolves once it reports success from
 * /auth/popup-complete (the identity session cookie is then set). Must be called straight from a
 * click, before any await, or the browser blocks the window.
 */
export function signInWithPopup(provider: SocialProvider): Promise<void> {
  stopWaiting?.();
  const popup = window.open(popupStartUrl(provider), `toolshop-sign-in-${provider}`, popupFeatures());
  if (!popup) {
    return Promise.reject(
      new PopupBlockedError("Allow pop-ups for this site to sign in with this provider."),
    );
  }
  popup.focus();

  return new Promise<void>((resolve, reject) => {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    const finish = (result: PopupResult) => {
      cleanup();
      if (result.error) reject(new ProviderSignInError(result.error));
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own page in the popup may report, never the provider's site or anyone else.
      if (event.origin !== window.location.origin || !isPopupResult(event.data)) return;
      finish(event.data);
    };
    const onChannelMessage = (event: MessageEvent) => {
      if (isPopupResult(event.data)) finish(event.data);
    };
    const cleanup = () => {
      window.removeEventListener("message", onMessage);
      channel.close();
      stopWaiting = null;
    };
    stopWaiting = () => {
      cleanup();
      reject(new PopupSupersededError("Another sign-in window was opened."));
    };
    window.addEventListener("message", onMessage);
    channel.addEventListener("message", onChannelMessage);
  });
}
