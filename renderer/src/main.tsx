import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { ThemeRoot } from './app/ThemeRoot';
import { AppToaster } from './components/toasts';
import { UnsavedChangesProvider } from './components/unsaved';
import { i18n, i18nReady } from './i18n';
import { LanguageRoot } from './i18n/LanguageRoot';
import { SessionProvider } from './session/SessionProvider';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers are final; only flaky networks and 5xx deserve another try.
      retry: (count, error) => {
        const status = (error as { response?: { status?: number } }).response?.status ?? 0;
        return count < 2 && (status === 0 || status >= 500);
      },
    },
  },
});

// A data router, for its blocker (leaving a form with unsaved changes asks first; components/unsaved.tsx): one
// catch-all route whose element is the app, which keeps declaring its own <Routes>.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <ThemeRoot>
        <SessionProvider>
          <LanguageRoot>
            <UnsavedChangesProvider>
              <App />
            </UnsavedChangesProvider>
            <AppToaster />
          </LanguageRoot>
        </SessionProvider>
      </ThemeRoot>
    ),
  },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first screen's texts (a small chunk in the starting language) come first; until then index.html shows its
// loading state.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <JotaiProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </JotaiProvider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
