import { must } from '../../api/http.js';
import { useAsync, type Loaded } from '../../ui/hooks.js';
import { useApi } from '../../ui/session.js';
import type { Catalogue } from './types.js';

let cached: Promise<Catalogue> | undefined;

/**
 * The event catalogue (`GET /v1/events/types`: resources and their event types, with a sentence
 * each). It is fixed for a server's version, so it is read once per page load and shared by
 * the subscription form and the filters.
 */
export function useCatalogue(): Loaded<Catalogue> {
  const api = useApi();
  return useAsync(() => {
    cached ??= must(api.GET('/v1/events/types')).catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  }, []);
}
