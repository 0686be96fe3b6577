import './platform/zod-csp';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './platform/api-client';
import { hasToken, initialiseSessionOnce, resetSession, setSessionEndHandler } from './platform/auth-store';
import { removeStoredTheme } from './platform/local-storage';

// The dark theme is enforced: any stored theme value is removed at start-up (000 §1).
removeStoredTheme();

// The session check starts now, beside the first screen's code and its list (its route's loader),
// not after them (issue 31); the root route waits for it as before.
if (hasToken()) void initialiseSessionOnce();
const router = createAppRouter();
const goToLogin = () => {
  if (router.state.location.pathname !== '/auth') void router.navigate('/auth', { replace: true });
};
setUnauthorizedHandler(() => {
  resetSession();
  goToLogin();
});
setSessionEndHandler(goToLogin);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
