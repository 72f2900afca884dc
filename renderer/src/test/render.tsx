/**
 * Rendering for the renderer's tests (jsdom): the app's providers around a component or a hook, a fresh
 * query client per test (no retries, so an error shows at once), and Testing Library's queries.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

function providers(queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    );
  };
}

export function renderWithProviders(ui: ReactElement, queryClient: QueryClient = testQueryClient()) {
  return { queryClient, ...render(ui, { wrapper: providers(queryClient) }) };
}

export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  queryClient: QueryClient = testQueryClient(),
  options: Omit<RenderHookOptions<Props>, 'wrapper'> = {},
) {
  return { queryClient, ...renderHook(hook, { ...options, wrapper: providers(queryClient) }) };
}
