import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { meQuery } from '../api/queries';
import { ErrorView } from './ErrorView';
import { LoadingState } from './LoadingState';

/** Renders its routes for a signed-in user; otherwise the sign-in page or the reason they cannot. */
export function RequireSession() {
  const me = useQuery(meQuery);
  if (me.isPending) return <LoadingState label="Signing in…" />;
  if (me.isError) return <ErrorView error={me.error} onRetry={() => void me.refetch()} />;
  return <Outlet />;
}
