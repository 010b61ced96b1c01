import { dashboardHtml } from './dashboard-page.js';
import type { HttpResponse } from './http-types.js';
import { parseQuery } from './query.js';
import { errorResponse, methodNotAllowed } from './route-context.js';

/** The dashboard page: no key needed, as it holds no data (it asks for the key to open the stream). */
export const DASHBOARD_PATH = '/';

/** Only inline scripts and styles, and requests to this server: the page fetches nothing else. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

let page: string | undefined;

/** GET /: the self-contained dashboard, built once. */
export function serveDashboard(method: string, search: string): HttpResponse {
  if (method !== 'GET') return methodNotAllowed('GET');
  const params = parseQuery(search, []);
  if (!params.ok) return errorResponse(params.error);
  page ??= dashboardHtml();
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
    body: page,
  };
}
