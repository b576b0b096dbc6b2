import { useQuery } from "@tanstack/react-query";
import type { SocialProvider } from "@toolshop/shared/auth";
import type { ReactNode } from "react";
import { authProvidersQueryOptions } from "../api/get-auth-providers";
import { PROVIDER_NAMES } from "../auth-errors";

interface SocialSignInButtonsProps {
  onSelect: (provider: SocialProvider) => void;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

function GitHubMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M12 .5a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2.2c-3.3.7-4-1.4-4-1.4-.6-1.4-1.3-1.8-1.3-1.8-1.1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.2 18.3 4.5 18.3 4.5c.6 1.7.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .5Z" />
    </svg>
  );
}

const MARKS: Record<SocialProvider, () => ReactNode> = { google: GoogleMark, github: GitHubMark };

const PROVIDERS = ["google", "github"] as const;

/**
 * The Google-type and GitHub-type popup sign-in buttons of docs/product.md, under an "OR" line. A provider the
 * server has no credentials for has no button (issue 12); with none at all, a development build says
 * how to configure them and a production build shows nothing. If the list cannot be loaded the
 * buttons stay usable: the popup then reports what went wrong.
 */
export function SocialSignInButtons({ onSelect }: SocialSignInButtonsProps) {
  const { data: configured, isPending } = useQuery(authProvidersQueryOptions);
  const shown = PROVIDERS.filter((provider) => configured?.[provider] !== false);
  if (shown.length === 0) {
    return import.meta.env.DEV ? (
      <p className="text-center text-sm text-base-content/80">
        Google and GitHub sign-in are not configured: set GOOGLE_CLIENT_ID/SECRET or GITHUB_CLIENT_ID/SECRET
        (see the README).
      </p>
    ) : null;
  }
  return (
    <>
      <div className="divider my-0">OR</div>
      <div className="flex flex-col gap-3">
        {shown.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <button
              key={provider}
              type="button"
              className="btn h-auto min-h-10 w-full flex-wrap py-2 btn-outline"
              disabled={isPending}
              onClick={() => onSelect(provider)}
            >
              <Mark />
              Continue with {PROVIDER_NAMES[provider]}
            </button>
          );
        })}
      </div>
    </>
  );
}
