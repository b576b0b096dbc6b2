import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app";
import { POPUP_CHANNEL, type PopupResult } from "./popup-messages";
import { PopupBlockedError, ProviderSignInError, signInWithPopup } from "./popup-sign-in";

const SUCCESS: PopupResult = { type: "toolshop:sign-in-popup", error: null };

function stubWindowOpen(popup: { focus: () => void } | null = { focus: () => undefined }) {
  return vi.spyOn(window, "open").mockImplementation(() => popup as Window | null);
}

describe("the sign-in popup, from the login screen's side", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("opens a sized window on the server's popup route, which returns to /auth/popup-complete", () => {
    const open = stubWindowOpen();
    void signInWithPopup("github").catch(() => undefined);
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth-popup/github?callbackURL=%2Fauth%2Fpopup-complete");
    expect(name).toBe("toolshop-sign-in-github");
    expect(features).toMatch(/^popup=yes,width=500,height=640,left=\d+,top=\d+$/);
  });

  it("ignores messages from other origins and completes on its own page's message", async () => {
    stubWindowOpen();
    const done = vi.fn();
    const signingIn = signInWithPopup("google").then(done);

    window.dispatchEvent(new MessageEvent("message", { data: SUCCESS, origin: "https://evil.example" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).not.toHaveBeenCalled();

    window.dispatchEvent(new MessageEvent("message", { data: SUCCESS, origin: window.location.origin }));
    await signingIn;
    expect(done).toHaveBeenCalled();
  });

  it("also completes through the broadcast channel, for a popup cut off from its opener", async () => {
    stubWindowOpen();
    const signingIn = signInWithPopup("google");
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    channel.postMessage({ type: "toolshop:sign-in-popup", error: "access_denied" });
    channel.close();
    await expect(signingIn).rejects.toBeInstanceOf(ProviderSignInError);
    await expect(signingIn).rejects.toMatchObject({ code: "access_denied" });
  });

  it("reports a blocked popup", async () => {
    stubWindowOpen(null);
    await expect(signInWithPopup("google")).rejects.toBeInstanceOf(PopupBlockedError);
  });
});

describe("/auth/popup-complete, inside the popup", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(window, "opener");
  });

  it("tells its opener (only at this origin) and the broadcast channel how it went, then closes", async () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, "opener", { value: { postMessage }, configurable: true });
    const close = vi.spyOn(window, "close").mockImplementation(() => undefined);
    const broadcast = new Promise<unknown>((resolve) => {
      const channel = new BroadcastChannel(POPUP_CHANNEL);
      channel.onmessage = (event) => {
        channel.close();
        resolve(event.data);
      };
    });

    renderApp("/auth/popup-complete?error=access_denied");
    expect(await screen.findByRole("heading", { name: "Sign-in did not complete" })).toBeInTheDocument();
    const expected = { type: "toolshop:sign-in-popup", error: "access_denied" };
    // The page reports from an effect, just after it is on screen.
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith(expected, window.location.origin));
    expect(await broadcast).toEqual(expected);
    expect(close).toHaveBeenCalled();
  });
});
