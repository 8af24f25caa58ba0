/**
 * Declares the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11, sections 3 and 4)
 * on the answers that carry them, so OpenAPI tools and generated clients know of them. They are
 * set by the auth hook (plugins/auth.ts) on every answer of a request that got past
 * authentication: the secured /v1 operations (each has a 429), every response of those except
 * the 401 (refused before anyone is known). Done on the finished
 * document rather than on the routes' response schemas, which the serializer compiles.
 * docs/api.md "Rate limits".
 */

const WHEN =
  'Present on every answer of a request that got past authentication while a limit applies to its client (docs/api.md "Rate limits").';

/** The two fields, as reusable `components.headers`. */
export const RATE_LIMIT_HEADER_COMPONENTS = {
  'RateLimit-Policy': {
    description: `The client's quota policy, e.g. \`"default";q=6000;w=60\`: \`q\` requests per window of \`w\` seconds (draft-ietf-httpapi-ratelimit-headers-11, section 3). ${WHEN}`,
    required: false,
    schema: { type: 'string', maxLength: 200, examples: ['"default";q=6000;w=60'] },
  },
  RateLimit: {
    description: `What is left of the quota, e.g. \`"default";r=5987;t=42\`: \`r\` requests left in this window, \`t\` seconds until it ends; a 429 says \`r=0\` and its Retry-After equals \`t\` (draft section 4). ${WHEN}`,
    required: false,
    schema: { type: 'string', maxLength: 200, examples: ['"default";r=5987;t=42'] },
  },
} as const;

const REFS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

type ResponseObject = { headers?: Record<string, unknown> };
type Operation = { security?: unknown[]; responses?: Record<string, ResponseObject> };

/** Adds the headers to the rate-limited operations' responses and to `components.headers`. */
export function declareRateLimitHeaders(document: Record<string, unknown>): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  let used = false;
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const operation of Object.values(item)) {
      const { security, responses } = (operation ?? {}) as Operation;
      // A public operation (the token endpoint: its 429 is the failure limit) has none.
      if (security?.length === 0 || responses?.['429'] === undefined) continue;
      for (const [status, response] of Object.entries(responses)) {
        if (status === '401') continue;
        response.headers = { ...REFS, ...(response.headers ?? {}) };
        used = true;
      }
    }
  }
  if (!used) return;
  const components = (document.components ?? {}) as Record<string, unknown>;
  components.headers = {
    ...(components.headers ?? {}),
    ...RATE_LIMIT_HEADER_COMPONENTS,
  };
  document.components = components;
}
