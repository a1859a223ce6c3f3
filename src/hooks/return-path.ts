import { useSearch } from 'wouter';
import { safeReturnPath } from '@/domain/return-path';
import { paths, RETURN_PARAM } from '@/domain/paths';

/** Where to go after login (and after signing up, then logging in): the remembered origin when it is a safe path of this app, else /. */
export function returnPathFrom(search: string): string {
  const remembered = new URLSearchParams(search).get(RETURN_PARAM);
  return safeReturnPath(remembered, [paths.login]) ?? paths.home;
}

export function useReturnPath(): string {
  return returnPathFrom(useSearch());
}
