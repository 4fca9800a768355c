import { OAuthCallback } from './OAuthCallback';

/** Route `auth/x/callback`. */
export function XCallbackPage() {
  return <OAuthCallback provider="x" />;
}
