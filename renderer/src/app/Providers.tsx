import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyNotifications } from '../components/LazyNotifications';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

/** Follows the system's light or dark preference until the user picks one in the header. */
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** The theme, the API cache and the notifications around the router (in the browser and in the hub's prerender). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <QueryClientProvider client={client}>
        {/* Wide enough for a failure's request id on one line beside its name and copy button. */}
        <LazyNotifications position="bottom-right" containerWidth={480} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
