import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastHost } from "../components/toast-host";

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide providers: the query cache and the toasts. */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
