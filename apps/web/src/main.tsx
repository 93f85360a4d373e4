import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { installChunkReload } from './app/chunk-reload.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import './index.css';

const router = createBrowserRouter(routes);
installChunkReload(router);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition, so React renders it in short slices: on a slow phone the
// main thread stays free for input instead of blocking for the whole page at once.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
