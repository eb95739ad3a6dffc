import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { seedUser } from '../features/auth/api/get-user.ts';
import { appConfig } from '../lib/app-config.ts';
import { queryClient } from '../lib/query-client.ts';
import { usePagePreload } from './lazy-routes.ts';
import { router } from './router.tsx';

seedUser(queryClient, appConfig.user);

export function App() {
  usePagePreload(appConfig.user);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
