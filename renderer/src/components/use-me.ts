import { useSuspenseQuery } from '@tanstack/react-query';
import { meQuery } from '../api/queries';
import type { Me } from '../api/types';

/** The signed-in user; only inside RequireSession, which has already loaded it. */
export function useMe(): Me {
  return useSuspenseQuery(meQuery).data;
}
