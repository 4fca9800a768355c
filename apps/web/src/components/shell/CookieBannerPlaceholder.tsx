import { useParams } from 'react-router';
import { CookieBannerView } from './CookieBanner';

/**
 * The cookie banner as the server renders it (and as index.html's static shell has it): shown until
 * the app's own {@link CookieBanner} replaces it after hydration; hidden by the stylesheet once the
 * consent is stored (`html[data-cookies="accepted"]`, set by public/boot.js), whose click handler
 * makes its Accept button work before the app runs (`data-boot-accept`).
 */
export function CookieBannerPlaceholder() {
  const { lang = 'en-US' } = useParams();
  return <CookieBannerView lang={lang} />;
}
