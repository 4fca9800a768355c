import { OAuthCallback } from './OAuthCallback';

/** Route `auth/google/callback`. */
export function GoogleCallbackPage() {
  return <OAuthCallback provider="google" />;
}
