import { type Profile, UserResponseSchema } from '@backhaul/shared/modules/session/session.contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const CURRENT_USER_KEY = ['session', 'user'] as const;

/** The signed-in user's profile (POST /user), shared by the header, Profile and Account. */
export function useCurrentUser() {
  return useQuery<Profile>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => (await api.post('/user', {}, { schema: UserResponseSchema })).user,
    staleTime: 60_000,
  });
}
